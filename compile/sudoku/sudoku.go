// Package sudoku reduces Sudoku to exact cover, as Polyform Puzzler's FAQ
// describes ("How are Sudoku puzzles solved?"), so that the same backends
// that place polyforms fill grids.
//
// A grid of side n has n groups of each kind, rows, columns and blocks
// (the usual boxes, or any shapes of n cells for jigsaw Sudoku), plus any
// extra groups, such as the diagonals. The items are one per cell (it holds
// one digit) and one per group and digit (the group holds the digit once);
// each option puts one digit in one cell. Givens are settled before the
// search: their cells, and their digits in their groups, are no items, and
// a blank cell has an option for each digit no given in its groups rules
// out.
//
// A Layout holds what all puzzles of one shape share, so that solving many
// puzzles builds it once.
//
// Start reading at NewLayout (this file); FromSpec (fromspec.go) reads a
// spec of kind "sudoku", List (list.go) a file of many puzzles, and
// generate.go and rate.go make and rate puzzles.
package sudoku

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/cover"
)

// Symbols are the digits of grids up to 25×25, in order: 1 to 9, then
// letters.
const Symbols = "123456789ABCDEFGHIJKLMNOP"

// A Layout is the cells and groups of a grid of side N. Cells are numbered
// row by row from the top left.
type Layout struct {
	N      int
	groups [][]int // the cells of each group
	// kinds names each group in item names: its kind's letter and number.
	kinds []string
	// ofCell lists the groups of each cell.
	ofCell [][]int
	// items names the items: one per cell, then one per group and digit,
	// named as the FAQ names them ("0,0", "1r0", "1c0", "1b0").
	items []string
}

// NewLayout makes the layout of a grid of side n. blocks gives each cell's
// block label, row by row; nil asks for the usual boxes, which need n to
// be a square. extra are further groups of n cells each.
func NewLayout(n int, blocks []string, extra [][]int) (*Layout, error) {
	if n < 1 || n > len(Symbols) {
		return nil, fmt.Errorf("a grid of side %d: expected 1 to %d", n, len(Symbols))
	}
	lay := &Layout{N: n, ofCell: make([][]int, n*n)}
	for i := range n {
		var row, col []int
		for j := range n {
			row = append(row, i*n+j)
			col = append(col, j*n+i)
		}
		lay.add("r"+strconv.Itoa(i), row)
		lay.add("c"+strconv.Itoa(i), col)
	}
	boxes, err := blockGroups(n, blocks)
	if err != nil {
		return nil, err
	}
	for i, b := range boxes {
		lay.add("b"+strconv.Itoa(i), b)
	}
	for i, g := range extra {
		if len(g) != n {
			return nil, fmt.Errorf("extra group %d has %d cells, expected %d", i+1, len(g), n)
		}
		lay.add("g"+strconv.Itoa(i), g)
	}
	for c := range n * n {
		lay.items = append(lay.items, cellName(c, n))
	}
	for _, kind := range lay.kinds {
		for d := range n {
			lay.items = append(lay.items, string(Symbols[d])+kind)
		}
	}
	return lay, nil
}

func (lay *Layout) add(kind string, cells []int) {
	g := len(lay.groups)
	lay.groups = append(lay.groups, cells)
	lay.kinds = append(lay.kinds, kind)
	for _, c := range cells {
		lay.ofCell[c] = append(lay.ofCell[c], g)
	}
}

// blockGroups returns the blocks: the usual boxes, or those labels draw.
func blockGroups(n int, labels []string) ([][]int, error) {
	if labels == nil {
		k := 1
		for k*k < n {
			k++
		}
		if k*k != n {
			return nil, fmt.Errorf("a grid of side %d has no usual boxes: draw its blocks", n)
		}
		boxes := make([][]int, n)
		for c := range n * n {
			r, col := c/n, c%n
			b := r/k*k + col/k
			boxes[b] = append(boxes[b], c)
		}
		return boxes, nil
	}
	boxes := byLabel(labels, "")
	if len(boxes) != n {
		return nil, fmt.Errorf("%d blocks drawn, expected %d", len(boxes), n)
	}
	return boxes, sizesOK(boxes, labels, "block", n)
}

// byLabel gathers the cells by label, in order of first appearance, leaving
// out cells labelled skip.
func byLabel(labels []string, skip string) [][]int {
	index := map[string]int{}
	var groups [][]int
	for c, l := range labels {
		if l == skip {
			continue
		}
		i, ok := index[l]
		if !ok {
			i = len(groups)
			index[l] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], c)
	}
	return groups
}

// sizesOK checks that each group has n cells; what names a group in the
// message, which names the first short or long group by its label.
func sizesOK(groups [][]int, labels []string, what string, n int) error {
	for _, g := range groups {
		if len(g) != n {
			return fmt.Errorf("%s %s has %d cells, expected %d", what, labels[g[0]], len(g), n)
		}
	}
	return nil
}

// A Puzzle is one grid compiled to exact cover: option i puts digit
// Digits[i] (1 to N) in cell Cells[i].
type Puzzle struct {
	Layout  *Layout
	Givens  []int // per cell, 0 for a blank
	Problem *cover.Problem
	Cells   []int
	Digits  []int
}

// Check checks a grid's givens as Compile does, without building its
// problem.
func (lay *Layout) Check(givens []int) error {
	_, err := lay.taken(givens)
	return err
}

// taken checks a grid's givens and returns, at g*n+d-1, the cell of group
// g that is given digit d, plus 1.
func (lay *Layout) taken(givens []int) ([]int, error) {
	n := lay.N
	if len(givens) != n*n {
		return nil, fmt.Errorf("%d givens for a grid of %d cells", len(givens), n*n)
	}
	taken := make([]int, len(lay.groups)*n)
	for c, d := range givens {
		if d < 0 || d > n {
			return nil, fmt.Errorf("cell %s: digit %d, expected 1 to %d", cellName(c, n), d, n)
		}
		if d == 0 {
			continue
		}
		for _, g := range lay.ofCell[c] {
			if other := taken[g*n+d-1]; other != 0 {
				return nil, fmt.Errorf("cells %s and %s are both given %c", cellName(other-1, n), cellName(c, n), Symbols[d-1])
			}
			taken[g*n+d-1] = c + 1
		}
	}
	return taken, nil
}

// Compile builds the exact-cover problem of a grid's givens (0 for a
// blank). Givens that clash, two alike in a group, are an error naming
// both cells.
func (lay *Layout) Compile(givens []int) (*Puzzle, error) {
	n := lay.N
	taken, err := lay.taken(givens)
	if err != nil {
		return nil, err
	}
	pz := &Puzzle{Layout: lay, Givens: givens, Problem: cover.NewProblem()}
	p := pz.Problem
	// A given fills its cell and its digit in each of its groups before
	// the search starts, so neither becomes an item: fewer items to scan
	// at every node, and no search nodes spent placing the givens.
	item := make([]int32, len(lay.items))
	for i, name := range lay.items {
		if i < n*n && givens[i] != 0 || i >= n*n && taken[i-n*n] != 0 {
			item[i] = -1
			continue
		}
		item[i] = int32(p.AddPrimary(name))
	}
	entries := make([]cover.Entry, 0, 5)
	for c, given := range givens {
		if given != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			if lay.ruledOut(taken, c, d) {
				continue
			}
			entries = append(entries[:0], cover.Entry{Item: item[c]})
			for _, g := range lay.ofCell[c] {
				entries = append(entries, cover.Entry{Item: item[n*n+g*n+d-1]})
			}
			p.AddOption(entries)
			pz.Cells = append(pz.Cells, c)
			pz.Digits = append(pz.Digits, d)
		}
	}
	return pz, nil
}

// ruledOut reports whether a given in one of the cell's groups is d.
func (lay *Layout) ruledOut(taken []int, c, d int) bool {
	for _, g := range lay.ofCell[c] {
		if taken[g*lay.N+d-1] != 0 {
			return true
		}
	}
	return false
}

// cellName is a cell's item name, "x,y" with y counted from the top row,
// as the FAQ names its columns.
func cellName(c, n int) string { return strconv.Itoa(c%n) + "," + strconv.Itoa(c/n) }

// Grid fills in the givens with a solution's options.
func (pz *Puzzle) Grid(solution []int) []int {
	grid := append([]int(nil), pz.Givens...)
	for _, o := range solution {
		grid[pz.Cells[o]] = pz.Digits[o]
	}
	return grid
}

// Format writes a grid as rows of symbols separated by spaces, '.' for a
// blank, every row ending in "\n".
func Format(n int, grid []int) string {
	var b strings.Builder
	for c, d := range grid {
		if c%n != 0 {
			b.WriteByte(' ')
		}
		if d == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte(Symbols[d-1])
		}
		if c%n == n-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Blocks returns the block of each cell, numbered from 0, for a picture.
func (lay *Layout) Blocks() []int {
	out := make([]int, lay.N*lay.N)
	for g, cells := range lay.groups {
		if strings.HasPrefix(lay.kinds[g], "b") {
			for _, c := range cells {
				out[c], _ = strconv.Atoi(lay.kinds[g][1:])
			}
		}
	}
	return out
}
