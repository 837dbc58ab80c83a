package puzzler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/polyspec/polyspec/compile"
)

// parked returns the indexes of the pieces that touch no other piece: Polyform
// Puzzler parks a piece the puzzle leaves out beside the board.
func parked(l compile.Lattice, pieces []piece) []int {
	owner := map[compile.Cell]int{}
	for i, p := range pieces {
		for _, c := range p.cells {
			owner[c] = i
		}
	}
	var out []int
	for i, p := range pieces {
		if len(pieces) < 2 || p.cells == nil {
			continue
		}
		touches := false
		for _, c := range p.cells {
			for _, n := range l.Neighbours(c) {
				if j, ok := owner[n]; ok && j != i {
					touches = true
				}
			}
		}
		if !touches {
			out = append(out, i)
		}
	}
	return out
}

// crossing reports whether two pieces cross, claiming the same corner of a
// grid point: a puzzle whose own solution does that allows it.
func crossing(l compile.Lattice, pieces []piece) bool {
	owner := map[string]int{}
	for i, p := range pieces {
		for _, c := range l.Claims(p.cells) {
			if j, ok := owner[c]; ok && j != i {
				return true
			}
			owner[c] = i
		}
	}
	return false
}

// tubeWidth returns the girth of a square board whose left and right edges
// join, or 0: some piece is in two parts on the plane but whole once x
// wraps around the board's width.
func tubeWidth(l compile.Lattice, board []compile.Cell, pieces []piece) int {
	if !l.Squares() {
		return 0
	}
	w := 0
	for _, c := range board {
		if c[0] < 0 {
			return 0
		}
		w = max(w, c[0]+1)
	}
	wrap := func(c compile.Cell) compile.Cell {
		c[0] = (c[0] + w) % w
		return c
	}
	split := false
	for _, p := range pieces {
		if p.cells == nil {
			continue
		}
		if !connected(l, p.cells, nil) {
			if !connected(l, p.cells, wrap) {
				return 0
			}
			split = true
		}
	}
	if split {
		return w
	}
	return 0
}

// transpose swaps the x and y of square cells.
func transpose(cells []compile.Cell) []compile.Cell {
	out := make([]compile.Cell, len(cells))
	for i, c := range cells {
		out[i] = compile.Cell{c[1], c[0], c[2]}
	}
	return out
}

// transposed swaps x and y in pieces, shapes included.
func transposed(pieces []piece) []piece {
	out := slices.Clone(pieces)
	for i, p := range out {
		if p.cells != nil {
			out[i].cells = transpose(p.cells)
		}
		out[i].shape = transpose(p.shape)
		slices.SortFunc(out[i].shape, func(a, b compile.Cell) int { return slices.Compare(a[:], b[:]) })
	}
	return out
}

// unwrap returns the shape of a piece on a tube of girth w: its cells as
// one piece on the plane, some of them moved once around the tube. On a
// narrow tube more than one shape can cover the same cells (an N pentomino
// wrapped around a girth of 3 covers a U's cells), so the shape like the
// library's piece of that name wins; else the first found.
func unwrap(l compile.Lattice, p piece, w int) []compile.Cell {
	want, named := compile.LibraryFor(l).Lookup(p.name)
	var first []compile.Cell
	out := make([]compile.Cell, len(p.cells))
	for moved := range 1 << len(p.cells) { // pieces are small
		for i, c := range p.cells {
			out[i] = c
			if moved&(1<<i) != 0 {
				out[i][0] += w
			}
		}
		if !connected(l, out, nil) {
			continue
		}
		shape, _ := l.Normalize(out)
		if named && congruent(l, want.Cells, shape, false) {
			return shape
		}
		if first == nil {
			first = shape
		}
	}
	if first == nil { // wound round more than once: the check will say
		first, _ = l.Normalize(p.cells)
	}
	return first
}

// art draws a square board as rows of '#' cells and '.' holes, top row
// first, when the bottom row is y = 0, no cell is left of x = 0 (a
// drawing cannot shift a board up or left) and the drawing has at most
// maxArea positions; ok is false otherwise. A drawing's holes count as
// cells against --max-cells (compile.BoardCost), and a few cells far
// apart would draw a box of millions of rows: such a board is written
// as its cells.
func art(board []compile.Cell, maxArea int) (rows []string, ok bool) {
	if len(board) == 0 {
		return nil, false
	}
	lo, hi := board[0], board[0]
	for _, c := range board {
		for k := range 2 {
			lo[k], hi[k] = min(lo[k], c[k]), max(hi[k], c[k])
		}
	}
	// Coordinates are within ±record.MaxCoord, so the product cannot wrap.
	if lo[0] < 0 || lo[1] != 0 || (hi[0]+1)*(hi[1]+1) > maxArea {
		return nil, false
	}
	on := map[compile.Cell]bool{}
	for _, c := range board {
		on[c] = true
	}
	for y := hi[1]; y >= 0; y-- {
		var b strings.Builder
		for x := 0; x <= hi[0]; x++ {
			if on[compile.Cell{x, y, 0}] {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		rows = append(rows, strings.TrimRight(b.String(), "."))
	}
	return rows, true
}

// cellsText writes cells as a spec's cells string: sorted, eight to a line.
func cellsText(l compile.Lattice, cells []compile.Cell) string {
	cells = slices.Clone(cells)
	slices.SortFunc(cells, func(a, b compile.Cell) int { return slices.Compare(a[:], b[:]) })
	var b strings.Builder
	for i, c := range cells {
		switch {
		case i > 0 && i%8 == 0:
			b.WriteByte('\n')
		case i > 0:
			b.WriteByte(' ')
		}
		b.WriteString(compile.CellName(c, l))
	}
	return b.String()
}

// shapeText writes a defined shape's cells on one line.
func shapeText(l compile.Lattice, cells []compile.Cell) string {
	return strings.ReplaceAll(cellsText(l, cells), "\n", " ")
}

// checkBoard rejects a board with two pieces on one cell.
func checkBoard(path string, line int, pieces []piece) error {
	seen := map[compile.Cell]string{}
	for _, p := range pieces {
		for _, c := range p.cells {
			if other, ok := seen[c]; ok {
				return fmt.Errorf("%s:%d: pieces %s and %s both cover %v", path, line, other, p.name, c)
			}
			seen[c] = p.name
		}
	}
	return nil
}
