package pipsart_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/emit/pipsart"
	"github.com/polyspec/polyspec/grammar"
)

// TestBoardAsTheGeneratorDrawsIt draws the game of the Polypips data's
// 8x8_minus4.txt and compares it with the picture the generator wrote.
func TestBoardAsTheGeneratorDrawsIt(t *testing.T) {
	rows := []string{" ###### ", "########", "########", "########", "########", "########", "########", " ###### "}
	constraints := []string{
		"Exactly 4 {(3, 6)}",
		"MoreThan 9 {(4, 0),(5, 0),(6, 0)}",
		"AllSame Some(2) {(7, 1)}",
		"Exactly 9 {(3, 4),(3, 5),(4, 5),(4, 6)}",
		"MoreThan 1 {(6, 4)}",
		"AllSame Some(1) {(0, 4),(0, 5),(1, 5),(2, 5),(0, 6)}",
		"LessThan 25 {(2, 2),(3, 2),(0, 3),(1, 3),(2, 3)}",
	}
	want := `    ┌───────────┬───────────┐
    │ ∅         │>9         │
┌───┘           └───────────┼───┐
│                           │=2 │
│       ┌───────┐           └───┤
│       │<25    │               │
├───────┘   ┌───┘               │
│           │                   │
├───┬───────┼───┐       ┌───┐   │
│=1 │ ∅     │ 9 │       │>1 │   │
│   └───────┤   └───┐   └───┘   │
│           │       │           │
│   ┌───────┼───┐   │           │
│   │       │ 4 │   │           │
└───┤       └───┴───┘       ┌───┘
    │                       │
    └───────────────────────┘
`
	var cells []grammar.Point
	for y, row := range rows {
		for x, c := range row {
			if c == '#' {
				cells = append(cells, grammar.Point{Col: x, Row: y})
			}
		}
	}
	var regions []pipsart.Region
	for _, line := range constraints {
		c, err := grammar.ParseConstraint(line)
		if err != nil {
			t.Fatal(err)
		}
		r := pipsart.Region{Label: c.Rule.Label()}
		for _, cell := range c.Cells {
			r.Cells = append(r.Cells, cell.Point())
		}
		regions = append(regions, r)
	}
	if got := pipsart.Board(cells, regions).Draw(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestLongLabelsAreCut(t *testing.T) {
	cells := []grammar.Point{{Col: 0, Row: 0}}
	got := pipsart.Board(cells, []pipsart.Region{{Cells: cells, Label: "1000"}}).Draw()
	if !strings.Contains(got, "│10…│") {
		t.Errorf("got\n%s", got)
	}
}

func ExampleBoard() {
	// A 3×2 board: a sum on the left column, a free area elsewhere.
	var cells []grammar.Point
	for y := range 2 {
		for x := range 3 {
			cells = append(cells, grammar.Point{Col: x, Row: y})
		}
	}
	left := pipsart.Region{Cells: []grammar.Point{{Col: 0, Row: 0}, {Col: 0, Row: 1}}, Label: "12"}
	fmt.Print(pipsart.Board(cells, []pipsart.Region{left}).Draw())
	// Output:
	// ┌───┬───────┐
	// │12 │ ∅     │
	// │   │       │
	// │   │       │
	// └───┴───────┘
}

func ExampleSolution() {
	pieces := [][]grammar.Cell{
		{{Point: grammar.Point{Col: 0, Row: 0}, Pips: 6}, {Point: grammar.Point{Col: 0, Row: 1}, Pips: 6}},
		{{Point: grammar.Point{Col: 1, Row: 0}, Pips: 1}, {Point: grammar.Point{Col: 2, Row: 0}, Pips: 2}},
		{{Point: grammar.Point{Col: 1, Row: 1}, Pips: 3}, {Point: grammar.Point{Col: 2, Row: 1}, Pips: 0}},
	}
	fmt.Print(pipsart.Solution(pieces).Draw())
	// Output:
	// ┌───┬───────┐
	// │ 6 │ 1   2 │
	// │   ├───────┤
	// │ 6 │ 3   0 │
	// └───┴───────┘
}
