package pips

import (
	"fmt"
	"iter"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/polyspec/polyspec/grammar"
)

// BoardNames lists the named boards besides WxH rectangles, for help texts.
var BoardNames = []string{"8x8-hole", "8x8-corners"}

// maxSide bounds the sides of a named rectangle: a generated game is for
// people to solve, and a typo should not ask for a board of a million
// cells.
const maxSide = 64

// boardSize matches a rectangle's name, such as 6x10.
var boardSize = regexp.MustCompile(`^([0-9]+)x([0-9]+)$`)

// NamedBoard returns a board by name: "WxH", a rectangle W cells wide and H
// high (6x10, 8x8); "8x8-hole", the 8×8 square less its centre 2×2; and
// "8x8-corners", the 8×8 square less its four corner cells (60 cells, for
// the twelve pentominoes). Cells are in reading order.
func NamedBoard(name string) ([]grammar.Point, error) {
	square := func(skip func(p grammar.Point) bool) []grammar.Point {
		var out []grammar.Point
		for p := range rectangle(8, 8) {
			if !skip(p) {
				out = append(out, p)
			}
		}
		return out
	}
	switch name {
	case "8x8-hole":
		return square(func(p grammar.Point) bool { return (p.Col == 3 || p.Col == 4) && (p.Row == 3 || p.Row == 4) }), nil
	case "8x8-corners":
		return square(func(p grammar.Point) bool { return (p.Col == 0 || p.Col == 7) && (p.Row == 0 || p.Row == 7) }), nil
	}
	if m := boardSize.FindStringSubmatch(name); m != nil {
		w, werr := strconv.Atoi(m[1])
		h, herr := strconv.Atoi(m[2])
		if werr == nil && herr == nil && w >= 1 && h >= 1 && w <= maxSide && h <= maxSide {
			return slices.Collect(rectangle(w, h)), nil
		}
	}
	return nil, errorAt(lexer.Position{Line: 1, Column: 1}, "expected a board name: WxH with sides from 1 to %d (such as 6x10), %s; found %q", maxSide, strings.Join(BoardNames, " or "), name)
}

// rectangle yields the cells of a w×h rectangle in reading order.
func rectangle(w, h int) iter.Seq[grammar.Point] {
	return func(yield func(grammar.Point) bool) {
		for row := range h {
			for col := range w {
				if !yield(grammar.Point{Col: col, Row: row}) {
					return
				}
			}
		}
	}
}

// boardArt draws a board as the board: section writes it, '#' for a cell
// and ' ' for none, without trailing spaces. A row without cells is a row
// of '.', since a blank line would end the section.
func boardArt(cells []grammar.Point) string {
	rows, width := 0, 0
	for _, c := range cells {
		rows, width = max(rows, c.Row+1), max(width, c.Col+1)
	}
	lines := make([][]byte, rows)
	for i := range lines {
		lines[i] = []byte(strings.Repeat(" ", width))
	}
	for _, c := range cells {
		lines[c.Row][c.Col] = '#'
	}
	var b strings.Builder
	for _, l := range lines {
		s := strings.TrimRight(string(l), " ")
		if s == "" {
			s = strings.Repeat(".", width)
		}
		fmt.Fprintln(&b, s)
	}
	return b.String()
}
