package boxart

import (
	"strings"
	"testing"

	"github.com/polyspec/polyspec/grammar"
)

// piece returns a grid of one owner from rows of labels, "." marking a place
// outside and " " a cell without a label, so that tests can be written as
// pictures.
func piece(rows ...string) Grid {
	g := Grid{}
	for r, row := range rows {
		for c, ch := range []rune(row) {
			switch ch {
			case '.':
			case ' ':
				g[grammar.Point{Col: c, Row: r}] = Cell{}
			default:
				g[grammar.Point{Col: c, Row: r}] = Cell{Label: string(ch)}
			}
		}
	}
	return g
}

func TestDraw(t *testing.T) {
	tests := []struct {
		name string
		grid Grid
		want string
	}{
		{"empty", Grid{}, ""},
		{"one cell", Grid{{Col: 0, Row: 0}: {Label: "7"}}, `
┌───┐
│ 7 │
└───┘
`},
		// The Polypips document's picture of 5F+:12345.
		{"5F+", piece(".12", "34.", ".5."), `
    ┌───────┐
    │ 1   2 │
┌───┘   ┌───┘
│ 3   4 │
└───┐   │
    │ 5 │
    └───┘
`},
		{"owners side by side", Grid{{Col: 0, Row: 0}: {Owner: 1, Label: "1"}, {Col: 1, Row: 0}: {Owner: 2, Label: "2"}}, `
┌───┬───┐
│ 1 │ 2 │
└───┴───┘
`},
		{"owners one above the other", Grid{{Col: 0, Row: 0}: {Owner: 1}, {Col: 0, Row: 1}: {Owner: 2}}, `
┌───┐
│   │
├───┤
│   │
└───┘
`},
		{"four owners", Grid{{Col: 0, Row: 0}: {Owner: 1}, {Col: 1, Row: 0}: {Owner: 2}, {Col: 0, Row: 1}: {Owner: 3}, {Col: 1, Row: 1}: {Owner: 4}}, `
┌───┬───┐
│   │   │
├───┼───┤
│   │   │
└───┴───┘
`},
		{"three owners", Grid{{Col: 0, Row: 0}: {Owner: 1}, {Col: 1, Row: 0}: {Owner: 1}, {Col: 0, Row: 1}: {Owner: 2}, {Col: 1, Row: 1}: {Owner: 3}}, `
┌───────┐
│       │
├───┬───┤
│   │   │
└───┴───┘
`},
		{"hole", piece("   ", " . ", "   "), `
┌───────────┐
│           │
│   ┌───┐   │
│   │   │   │
│   └───┘   │
│           │
└───────────┘
`},
		{"touching at a corner", piece("a.", ".b"), `
┌───┐
│ a │
└───┼───┐
    │ b │
    └───┘
`},
		// Owner 0 is an owner like any other: a blank cell of owner 0 is
		// not outside.
		{"owner 0 beside owner 1", Grid{{Col: 0, Row: 0}: {}, {Col: 1, Row: 0}: {Owner: 1}}, `
┌───┬───┐
│   │   │
└───┴───┘
`},
		// The picture starts at the least column and row, wherever they
		// are, and the labels of 0 to 3 characters are placed alike.
		{"offset and labels", Grid{
			{Col: -3, Row: 5}: {Owner: 1, Label: ""}, {Col: -2, Row: 5}: {Owner: 2, Label: "5"},
			{Col: -1, Row: 5}: {Owner: 3, Label: "12"}, {Col: 0, Row: 5}: {Owner: 4, Label: ">19"}}, `
┌───┬───┬───┬───┐
│   │ 5 │ 12│>19│
└───┴───┴───┴───┘
`},
		{"gap between cells", Grid{{Col: 0, Row: 0}: {Label: "1"}, {Col: 2, Row: 0}: {Label: "2"}}, `
┌───┐   ┌───┐
│ 1 │   │ 2 │
└───┘   └───┘
`},
	}
	for _, tt := range tests {
		want := strings.TrimPrefix(tt.want, "\n")
		if got := tt.grid.Draw(); got != want {
			t.Errorf("%s: Draw() =\n%s\nwant\n%s", tt.name, got, want)
		}
	}
}

func TestCompact(t *testing.T) {
	tests := []struct {
		name string
		grid Grid
		want string
	}{
		{"empty", Grid{}, ""},
		{"5Z-", piece(".21", ".3.", "54."), " 21\n 3\n54\n"},
		{"trailing places trimmed", piece("1..", "23.", ".45"), "1\n23\n 45\n"},
		{"blank labels", Grid{{Col: 0, Row: 0}: {}, {Col: 1, Row: 0}: {}, {Col: 1, Row: 1}: {Label: "x"}}, "\n x\n"},
	}
	for _, tt := range tests {
		if got := tt.grid.Compact(); got != tt.want {
			t.Errorf("%s: Compact() = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestLabelTooWide(t *testing.T) {
	tests := []struct {
		name  string
		label string
		draw  func(Grid) string
		want  string
	}{
		{"Draw", "1234", Grid.Draw, `boxart: label "1234" at column 2, row 3 is wider than 3`},
		{"Compact", "12", Grid.Compact, `boxart: label "12" at column 2, row 3 is wider than 1`},
	}
	for _, tt := range tests {
		func() {
			defer func() {
				if got := recover(); got != tt.want {
					t.Errorf("%s panicked with %v, want %q", tt.name, got, tt.want)
				}
			}()
			tt.draw(Grid{{Col: 2, Row: 3}: {Label: tt.label}})
		}()
	}
}

// TestNoSingleArm checks the claim the corners table relies on: around any
// corner, walls never meet as a single arm, whatever the owners.
func TestNoSingleArm(t *testing.T) {
	// Each of the four places is outside (-1) or owned by 0, 1, 2 or 3.
	for n := range 5 * 5 * 5 * 5 {
		g := Grid{}
		for i, p := range []grammar.Point{{Col: 0, Row: 0}, {Col: 1, Row: 0}, {Col: 0, Row: 1}, {Col: 1, Row: 1}} {
			if owner := n/pow5(i)%5 - 1; owner >= 0 {
				g[p] = Cell{Owner: owner}
			}
		}
		switch c := g.corner(1, 1); c {
		case '╵', '╷', '╴', '╶':
			t.Fatalf("grid %v has a corner %q", g, c)
		}
	}
}

func pow5(i int) int {
	p := 1
	for range i {
		p *= 5
	}
	return p
}
