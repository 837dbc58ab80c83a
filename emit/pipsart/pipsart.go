// Package pipsart draws Pips and Polypips games as box-drawing text with
// emit/boxart, in the style of the Polypips document: a board with its
// regions outlined and labelled, pieces with their pips, and solutions.
//
// It knows nothing of how games are read or solved: callers pass cells,
// regions with their labels, and pieces with their pips.
package pipsart

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/polyspec/polyspec/emit/boxart"
	"github.com/polyspec/polyspec/grammar"
)

// A Region is an area of a board and the label of its rule, such as "12",
// "<5" or "≠".
type Region struct {
	Cells []grammar.Point
	Label string
}

// Free is the label of an area of cells in no region.
const Free = "∅"

// Board draws a board's cells with each region outlined and its label in
// its first cell (in reading order). Cells in no region form free areas,
// outlined together, each connected area labelled Free.
func Board(cells []grammar.Point, regions []Region) boxart.Grid {
	g := boxart.Grid{}
	for _, c := range cells {
		g[c] = boxart.Cell{Owner: -1}
	}
	for i, r := range regions {
		for _, c := range r.Cells {
			g[c] = boxart.Cell{Owner: i}
		}
		label(g, r.Cells, r.Label)
	}
	seen := map[grammar.Point]bool{}
	for _, c := range sorted(cells) {
		if g[c].Owner == -1 && !seen[c] {
			label(g, area(g, c, seen), Free)
		}
	}
	return g
}

// Piece draws a piece's cells with their pips.
func Piece(cells []grammar.Cell) boxart.Grid {
	return Solution([][]grammar.Cell{cells})
}

// Solution draws pieces on a board, each outlined, with their pips.
func Solution(pieces [][]grammar.Cell) boxart.Grid {
	g := boxart.Grid{}
	for i, p := range pieces {
		for _, c := range p {
			g[c.Point] = boxart.Cell{Owner: i, Label: strconv.Itoa(c.Pips)}
		}
	}
	return g
}

// label puts text in the first of cells in reading order. A label of two
// characters is written from the cell's left, as ">9 " rather than boxart's
// centred " >9", as the document's pictures show it; one longer than three
// is cut short.
func label(g boxart.Grid, cells []grammar.Point, text string) {
	switch n := utf8.RuneCountInString(text); {
	case n == 2:
		text += " "
	case n > 3:
		text = string([]rune(text)[:2]) + "…"
	}
	first := sorted(cells)[0]
	c := g[first]
	c.Label = text
	g[first] = c
}

// area returns the free cells connected to start, marking them seen.
func area(g boxart.Grid, start grammar.Point, seen map[grammar.Point]bool) []grammar.Point {
	out := []grammar.Point{start}
	seen[start] = true
	for i := 0; i < len(out); i++ {
		c := out[i]
		for _, n := range []grammar.Point{{Col: c.Col + 1, Row: c.Row}, {Col: c.Col - 1, Row: c.Row}, {Col: c.Col, Row: c.Row + 1}, {Col: c.Col, Row: c.Row - 1}} {
			if cell, ok := g[n]; ok && cell.Owner == -1 && !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// sorted returns points in reading order: by row, then column.
func sorted(points []grammar.Point) []grammar.Point {
	return slices.SortedFunc(slices.Values(points), grammar.Point.Compare)
}
