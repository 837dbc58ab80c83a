// Package boxart draws grids of square cells as box-drawing text: each cell
// three characters wide with its label centred, and a wall wherever two
// neighbouring cells have different owners or a cell meets the outside.
//
// It knows nothing of pieces or puzzles. A caller says who owns each cell —
// a piece, a region of a board — and what it shows, and gets the outlines:
//
//	    ┌───────┐
//	    │ 1   2 │
//	┌───┘   ┌───┘
//	│ 3   4 │
//	└───┐   │
//	    │ 5 │
//	    └───┘
package boxart

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/polyspec/polyspec/grammar"
)

// A Cell is what one place of a grid holds.
type Cell struct {
	// Owner groups cells: neighbouring cells with the same owner share
	// their space without a wall. Any int is an owner, 0 included.
	Owner int
	// Label is the text shown in the cell, at most 3 characters for Draw
	// and at most 1 for Compact; "" leaves the cell blank.
	Label string
}

// A Grid is a set of cells by place. Places not in the grid are outside:
// nothing is drawn there, and a wall separates them from any cell.
type Grid map[grammar.Point]Cell

// labelWidth is the width of a cell's interior in Draw.
const labelWidth = 3

// Draw returns the grid as box-drawing text, one line per row of cells and
// one per row of walls, each ending in a newline and without trailing
// spaces. The picture starts at the grid's least column and row; an empty
// grid draws as "". A label wider than 3 characters (counted in runes) is a
// programming error, and Draw panics.
func (g Grid) Draw() string {
	if len(g) == 0 {
		return ""
	}
	low, high := g.bounds()
	var b strings.Builder
	for row := low.Row; row <= high.Row+1; row++ {
		// The walls above this row of cells; below the last row, the
		// bottom walls.
		var line strings.Builder
		for col := low.Col; col <= high.Col+1; col++ {
			line.WriteRune(g.corner(col, row))
			if col <= high.Col {
				line.WriteString(g.edge(grammar.Point{Col: col, Row: row - 1}, grammar.Point{Col: col, Row: row}, "───", "   "))
			}
		}
		writeLine(&b, line.String())
		if row > high.Row {
			break
		}
		line.Reset()
		for col := low.Col; col <= high.Col+1; col++ {
			line.WriteString(g.edge(grammar.Point{Col: col - 1, Row: row}, grammar.Point{Col: col, Row: row}, "│", " "))
			if col <= high.Col {
				line.WriteString(centre(g.label(grammar.Point{Col: col, Row: row}, labelWidth)))
			}
		}
		writeLine(&b, line.String())
	}
	return b.String()
}

// Compact returns the grid as one character per cell: its label, or a space
// for a cell without one and for a place outside the grid. Lines are as in
// Draw. A label of more than one rune is a programming error, and Compact
// panics.
func (g Grid) Compact() string {
	if len(g) == 0 {
		return ""
	}
	low, high := g.bounds()
	var b strings.Builder
	for row := low.Row; row <= high.Row; row++ {
		var line strings.Builder
		for col := low.Col; col <= high.Col; col++ {
			line.WriteString(pad(g.label(grammar.Point{Col: col, Row: row}, 1), 0, 1))
		}
		writeLine(&b, line.String())
	}
	return b.String()
}

// bounds returns the least and the greatest column and row of a non-empty
// grid.
func (g Grid) bounds() (low, high grammar.Point) {
	first := true
	for p := range g {
		if first {
			low, high, first = p, p, false
			continue
		}
		low = grammar.Point{Col: min(low.Col, p.Col), Row: min(low.Row, p.Row)}
		high = grammar.Point{Col: max(high.Col, p.Col), Row: max(high.Row, p.Row)}
	}
	return low, high
}

// wall reports whether a wall separates the places p and q: one is a cell
// and the other is not, or both are cells of different owners.
func (g Grid) wall(p, q grammar.Point) bool {
	a, inA := g[p]
	b, inB := g[q]
	return inA != inB || inA && a.Owner != b.Owner
}

// edge returns wall if a wall separates p and q, and open otherwise.
func (g Grid) edge(p, q grammar.Point, wall, open string) string {
	if g.wall(p, q) {
		return wall
	}
	return open
}

// The arms of a corner, as bits of an index into corners.
const (
	up = 1 << iota
	down
	left
	right
)

// corners is the character for each set of arms. A single arm cannot occur
// (if three of the four places around a corner agree pairwise, so does the
// fourth pair), but the table stays total with the half-line characters.
var corners = [16]rune{
	0:                        ' ',
	up:                       '╵',
	down:                     '╷',
	left:                     '╴',
	right:                    '╶',
	up | down:                '│',
	left | right:             '─',
	down | right:             '┌',
	down | left:              '┐',
	up | right:               '└',
	up | left:                '┘',
	up | down | right:        '├',
	up | down | left:         '┤',
	down | left | right:      '┬',
	up | left | right:        '┴',
	up | down | left | right: '┼',
}

// corner returns the character where the walls of the four places around
// the top-left corner of (col, row) meet.
func (g Grid) corner(col, row int) rune {
	nw, ne := grammar.Point{Col: col - 1, Row: row - 1}, grammar.Point{Col: col, Row: row - 1}
	sw, se := grammar.Point{Col: col - 1, Row: row}, grammar.Point{Col: col, Row: row}
	arms := 0
	for _, a := range []struct {
		p, q grammar.Point
		arm  int
	}{{nw, ne, up}, {sw, se, down}, {nw, sw, left}, {ne, se, right}} {
		if g.wall(a.p, a.q) {
			arms |= a.arm
		}
	}
	return corners[arms]
}

// label returns the label at p, checking that it fits in width.
func (g Grid) label(p grammar.Point, width int) string {
	l := g[p].Label
	if utf8.RuneCountInString(l) > width {
		panic(fmt.Sprintf("boxart: label %q at column %d, row %d is wider than %d", l, p.Col, p.Row, width))
	}
	return l
}

// centre pads a label to the cell width. An odd space goes to the left, so
// that every label but a three-character one starts where a one-character
// label does, one space in from the wall.
func centre(label string) string {
	n := utf8.RuneCountInString(label)
	return pad(label, (labelWidth-n+1)/2, labelWidth)
}

// pad puts before spaces ahead of s and fills it with spaces to width.
func pad(s string, before, width int) string {
	n := utf8.RuneCountInString(s)
	return strings.Repeat(" ", before) + s + strings.Repeat(" ", width-before-n)
}

func writeLine(b *strings.Builder, line string) {
	b.WriteString(strings.TrimRight(line, " "))
	b.WriteByte('\n')
}
