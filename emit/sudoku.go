package emit

import (
	"io"
	"strings"
)

// SudokuSVG draws a Sudoku grid: rows gives each row's symbols separated
// by spaces, top row first, '.' for a blank cell, and block the block of
// each cell, row by row; thick lines part the blocks, as printed grids do.
// given holds the puzzle's givens, row by row (0 for a blank): the givens
// are drawn bold and black, the digits found in blue, as puzzle books and
// apps tell them apart; a nil given draws every digit as a given.
func SudokuSVG(w io.Writer, rows []string, block []int, given []int) error {
	n := len(rows)
	// A margin of half the thick line keeps the outer border whole.
	s := newSVG(float64(n)+0.1, float64(n)+0.1)
	s.printf(`<g transform="translate(1.2 1.2)">`)
	s.printf(`<rect width="%s" height="%s" fill="#ffffff"/>`, num(float64(n)*svgUnit), num(float64(n)*svgUnit))
	line := func(x0, y0, x1, y1 int, width float64) {
		s.printf(`<path d="M%s %s L%s %s" stroke="#222222" stroke-width="%s" stroke-linecap="square"/>`,
			num(float64(x0)*svgUnit), num(float64(y0)*svgUnit), num(float64(x1)*svgUnit), num(float64(y1)*svgUnit), num(width))
	}
	// Each cell draws its right and lower edges, thick where a block ends.
	edge := func(c, d int) float64 {
		if d < 0 || block[c] != block[d] {
			return 2.4
		}
		return 0.6
	}
	for y, row := range rows {
		for x, sym := range strings.Fields(row) {
			c := y*n + x
			right, down := -1, -1
			if x+1 < n {
				right = c + 1
			}
			if y+1 < n {
				down = c + n
			}
			line(x+1, y, x+1, y+1, edge(c, right))
			line(x, y+1, x+1, y+1, edge(c, down))
			if sym == "." {
				continue
			}
			look := `fill="#222222" font-weight="bold"`
			if given != nil && given[c] == 0 {
				look = `fill="#2a6fbb" class="found"`
			}
			s.printf(`<text x="%s" y="%s" font-family="sans-serif" font-size="%s" %s text-anchor="middle" dominant-baseline="central">%s</text>`,
				num((float64(x)+0.5)*svgUnit), num((float64(y)+0.5)*svgUnit), num(0.6*svgUnit), look, escape(sym))
		}
	}
	line(0, 0, n, 0, 2.4)
	line(0, 0, 0, n, 2.4)
	s.close("g")
	return s.end(w)
}
