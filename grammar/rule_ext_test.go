package grammar_test

import (
	"context"
	"slices"
	"testing"

	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/grammar"
)

// TestModRule solves games whose constraints use "%N", a rule type that
// only rule_mod_test.go defines: the compiler and the backends take it
// without a change. The board is 2×2 with dominoes 2I:01 and 2I:23, and
// "%N" is on the top row. Of the 16 placements, the 8 with both dominoes
// across put 1 or 5 there (4 each); the 8 with both upright put 0+2, 0+3,
// 1+2 or 1+3 (2 each).
func TestModRule(t *testing.T) {
	tests := []struct {
		rule string
		want int64
	}{
		{"", 16},
		{"%1", 16},
		{"%2", 4}, // 2 and 4
		{"%3", 4}, // 3, twice over
		{"%5", 4},
		{"%7", 0},
	}
	for _, tt := range tests {
		text := "board:\n##\n##\n\npieces: 2I:01,2I:23\n\nconstraints:\n"
		if tt.rule != "" {
			text += tt.rule + " {(0, 0), (1, 0)}\n"
		}
		g, err := pips.ReadGame("mod.txt", []byte(text))
		if err != nil {
			t.Fatalf("%s: %v", tt.rule, err)
		}
		c, err := pips.Compile(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		var found int64
		st, err := c.Solve(context.Background(), "", func(sol []pips.Placement) bool {
			found++
			top := 0
			for _, p := range sol {
				for _, cell := range p.Cells {
					if cell.Row == 0 {
						top += cell.Pips
					}
				}
			}
			if tt.rule != "" && !g.Regions[0].Rule.Check([]int{top}) {
				t.Errorf("%s: a solution has %d in the top row", tt.rule, top)
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		count, err := c.Solve(context.Background(), "", nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions != tt.want || count.Solutions != tt.want || found != tt.want {
			t.Errorf("%q: %d solutions (%d counted), want %d", tt.rule, st.Solutions, count.Solutions, tt.want)
		}
	}
	r, err := grammar.ParseRule("%3")
	if err != nil || r.Label() != "%3" {
		t.Errorf("ParseRule(%%3) = %v, %v", r, err)
	}
}

// TestParityRule solves games whose constraints use "^", a rule type with
// its own exact-cover encoding that only rule_parity_test.go defines, with
// the dlx backend, which refuses any rule left to a search: the compiler
// takes the rule's items without a change. Its solutions are exactly those
// of the game without the rule whose region meets it.
func TestParityRule(t *testing.T) {
	const game = "board:\n###\n###\n\npieces: 2I:01,2I:23,2I:45\n\nconstraints:\n"
	solve := func(text string) [][]pips.Placement {
		t.Helper()
		g, err := pips.ReadGame("parity.txt", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		c, err := pips.Compile(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		var sols [][]pips.Placement
		if _, err := c.Solve(context.Background(), "dlx", func(sol []pips.Placement) bool {
			sols = append(sols, sol)
			return true
		}); err != nil {
			t.Fatal(err)
		}
		return sols
	}
	region := []grammar.Point{{Col: 0, Row: 0}, {Col: 1, Row: 0}, {Col: 1, Row: 1}}
	rule, err := grammar.ParseRule("^")
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	all := solve(game)
	for _, sol := range all {
		var values []int
		for _, p := range sol {
			for _, c := range p.Cells {
				if slices.Contains(region, c.Point) {
					values = append(values, c.Pips)
				}
			}
		}
		if rule.Check(values) {
			want++
		}
	}
	got := solve(game + "^ {(0, 0), (1, 0), (1, 1)}\n")
	if len(got) != want || want == 0 || want == len(all) {
		t.Errorf("%d solutions with ^, want %d of the %d without it", len(got), want, len(all))
	}
}
