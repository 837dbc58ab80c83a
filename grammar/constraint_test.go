package grammar

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

func TestParseConstraintValid(t *testing.T) {
	tests := []struct {
		src   string
		rule  string
		cells []Point
		pos   []lexer.Position
	}{
		{"Exactly 4 {(3, 6)}", "4", []Point{{3, 6}}, []lexer.Position{pos(11, 1, 12)}},
		{"MoreThan 9 {(4, 0),(5, 0),(6, 0)}", ">9", []Point{{4, 0}, {5, 0}, {6, 0}}, nil},
		{"AllSame Some(2) {(7, 1)}", "=2", []Point{{7, 1}}, nil},
		{"AllDifferent {} {(0,0), (1,0)}", "≠", []Point{{0, 0}, {1, 0}}, []lexer.Position{pos(17, 1, 18), pos(24, 1, 25)}},
		{"AllDifferent {3} {(0,0)}", "AllDifferent {3}", []Point{{0, 0}}, nil},
		{"  <25 {(2, 2)}", "<25", []Point{{2, 2}}, nil},
		{"∅ {(0, 1)}", "∅", []Point{{0, 1}}, []lexer.Position{pos(5, 1, 4)}},
	}
	for _, tt := range tests {
		c, err := ParseConstraint(tt.src)
		if err != nil {
			t.Errorf("ParseConstraint(%q): %v", tt.src, err)
			continue
		}
		var cells []Point
		var at []lexer.Position
		for _, cell := range c.Cells {
			cells = append(cells, cell.Point())
			at = append(at, cell.Pos)
		}
		if c.Rule.String() != tt.rule || !slices.Equal(cells, tt.cells) {
			t.Errorf("ParseConstraint(%q) = %s %v, want %s %v", tt.src, c.Rule, cells, tt.rule, tt.cells)
		}
		if tt.pos != nil && !slices.Equal(at, tt.pos) {
			t.Errorf("ParseConstraint(%q) cells at %v, want %v", tt.src, at, tt.pos)
		}
		if want := positionOf(tt.src, len(tt.src)-len(strings.TrimLeft(tt.src, " "))); c.Pos != want {
			t.Errorf("ParseConstraint(%q) at %#v, want %#v", tt.src, c.Pos, want)
		}
	}
}

func TestParseConstraintInvalid(t *testing.T) {
	tests := []struct {
		src     string
		wantPos lexer.Position
		wantMsg string
	}{
		{"<3", pos(2, 1, 3), `expected "{" and the region's cells, as in {(0, 1), (1, 1)}; found the end of the line`},
		{"< {(1,2)}", pos(2, 1, 3), `expected a number after "<"; found "{"`},
		{"Nearly 3 {(1,2)}", pos(0, 1, 1), testForms + `"Nearly"`},
		{"<3 {", pos(4, 1, 5), `expected a cell such as (0, 1), or "}"; found the end of the line`},
		{"<3 {(", pos(5, 1, 6), `expected the cell's x; found the end of the line`},
		{"<3 {(1 2)}", pos(7, 1, 8), `expected ","; found "2"`},
		{"<3 {(1,", pos(7, 1, 8), `expected the cell's y; found the end of the line`},
		{"<3 {(1,2", pos(8, 1, 9), `expected ")"; found the end of the line`},
		{"<3 {(1,2)", pos(9, 1, 10), `expected "," and another cell, or "}"; found the end of the line`},
		{"<3 {(1,2),}", pos(10, 1, 11), `expected a cell such as (0, 1); found "}"`},
		{"<3 {(1,2)} x", pos(11, 1, 12), `expected the end of the line; found "x"`},
		{"<3 {(1,2),(1,2)}", pos(10, 1, 11), `expected each cell once; found (1, 2) again`},
		{"<3 {}", pos(4, 1, 5), `expected at least one cell between "{" and "}"; found none`},
		{"=4 {(0,0),(01,2)}", pos(11, 1, 12), `expected a number without a leading 0; found "01"`},
	}
	for _, tt := range tests {
		c, err := ParseConstraint(tt.src)
		var perr *Error
		if !errors.As(err, &perr) {
			t.Errorf("ParseConstraint(%q) = %v, %v; want an *Error", tt.src, c, err)
			continue
		}
		if perr.Pos != tt.wantPos || perr.Msg != tt.wantMsg {
			t.Errorf("ParseConstraint(%q) error at %#v: %s\nwant at %#v: %s", tt.src, perr.Pos, perr.Msg, tt.wantPos, tt.wantMsg)
		}
	}
}

func FuzzParseConstraint(f *testing.F) {
	for _, s := range []string{"Exactly 4 {(3, 6)}", "AllDifferent {} {(0,0),(1,0)}", "<3 {", "{(1,2)}", "}{", "≠ {(0, 0)}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		c, err := ParseConstraint(src)
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("ParseConstraint(%q) error %v is a %T", src, err, err)
			}
			if want := positionOf(src, perr.Pos.Offset); perr.Pos != want {
				t.Fatalf("ParseConstraint(%q) error at %#v, but its offset is at %#v", src, perr.Pos, want)
			}
			return
		}
		if len(c.Cells) == 0 {
			t.Fatalf("ParseConstraint(%q) has no cells", src)
		}
	})
}

func TestPolypipsSelection(t *testing.T) {
	tests := []struct {
		src    string
		want   string
		twelve bool
	}{
		{"none", "", false},
		{"any", strings.Join(ShapeNames(), " "), false},
		{"3*", "3I 3L", false},
		{"4L", "4L+ 4L-", false},
		{"4L+, 3L", "3L 4L+", false},
		{"4*,X", "4I 4L+ 4L- 4O 4T 4S+ 4S- 5X", false},
		{"5*, -F, -5L-", "5I 5L+ 5N+ 5N- 5P+ 5P- 5T 5U 5V 5W 5X 5Y+ 5Y- 5Z+ 5Z-", false},
		{"12", "1o 2I", false},
		{"12x5", "5F+ 5F- 5I 5L+ 5L- 5N+ 5N- 5P+ 5P- 5T 5U 5V 5W 5X 5Y+ 5Y- 5Z+ 5Z-", true},
	}
	for _, tt := range tests {
		set, err := ParsePieceSet(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		sel, err := set.Polypips()
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		if got := strings.Join(sel.Shapes, " "); got != tt.want || sel.Twelve != tt.twelve {
			t.Errorf("%q = %q (twelve %v), want %q (%v)", tt.src, got, sel.Twelve, tt.want, tt.twelve)
		}
	}
}

func TestPolypipsSelectionInvalid(t *testing.T) {
	tests := []struct {
		src     string
		wantPos lexer.Position
		wantMsg string
	}{
		{"6*", pos(0, 1, 1), "expected an order from 1* to 5*, as Polypips shapes have 1 to 5 cells; found 6"},
		{"4*, 16", pos(4, 1, 5), "expected an order from 1* to 5*, as Polypips shapes have 1 to 5 cells; found 6"},
		{"4*, Q", pos(4, 1, 5), `expected a pentomino letter (F, I, L, N, P, T, U, V, W, X, Y or Z) or a shape such as 4L+; found "Q"`},
		{"L*2", pos(0, 1, 1), "expected no copies in a selection rule; found L*2"},
		{"12x4", pos(0, 1, 1), "expected 12x5, the one tally of Polypips shapes; found 12x4"},
		{"4*, 12x5", pos(4, 1, 5), "expected 12x5 alone, as it names exactly the twelve pentominoes; found other terms with it"},
	}
	for _, tt := range tests {
		set, err := ParsePieceSet(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		_, err = set.Polypips()
		var perr *Error
		if !errors.As(err, &perr) || perr.Pos != tt.wantPos || perr.Msg != tt.wantMsg {
			t.Errorf("%q: error %v, want at %v: %s", tt.src, err, tt.wantPos, tt.wantMsg)
		}
	}
}
