package sudoku

import (
	"fmt"
	"strings"

	"github.com/polyspec/polyspec/spec"
)

// FromSpec compiles a spec of kind "sudoku". Errors name the spec file and
// the key at fault.
func FromSpec(s *spec.Spec) (*Puzzle, error) {
	givens, err := grid(s.Givens)
	if err != nil {
		return nil, &spec.Error{Pos: s.Givens.Pos, Msg: "givens: " + err.Error()}
	}
	n := len(givens)
	var blocks []string
	if s.Blocks.Set {
		if blocks, err = labels(s.Blocks, n); err != nil {
			return nil, &spec.Error{Pos: s.Blocks.Pos, Msg: "blocks: " + err.Error()}
		}
	}
	var extra [][]int
	for i, g := range s.Groups {
		groups, err := extraGroups(g, n)
		if err != nil {
			return nil, &spec.Error{Pos: g.Pos, Msg: fmt.Sprintf("groups[%d]: %v", i, err)}
		}
		extra = append(extra, groups...)
	}
	lay, err := NewLayout(n, blocks, extra)
	if err != nil {
		// The groups are checked above, so the blocks are at fault, or
		// the size of the grid when it has no drawing of blocks.
		if s.Blocks.Set {
			return nil, &spec.Error{Pos: s.Blocks.Pos, Msg: "blocks: " + err.Error()}
		}
		return nil, &spec.Error{Pos: s.Givens.Pos, Msg: "givens: " + err.Error()}
	}
	var digits []int
	for i, row := range givens {
		for j, r := range []rune(row) {
			d := strings.IndexRune(Symbols[:n], r) + 1
			if d == 0 && r != '.' {
				// Any other symbol is refused, not read as a blank, which
				// would solve another puzzle than the one written.
				return nil, &spec.Error{Pos: s.Givens.Pos, Msg: fmt.Sprintf("givens: row %d, column %d: %q is no digit of a grid of side %d (expected %s, or '.' for a blank)", i+1, j+1, r, n, Symbols[:n])}
			}
			digits = append(digits, d)
		}
	}
	pz, err := lay.Compile(digits)
	if err != nil {
		return nil, &spec.Error{Pos: s.Givens.Pos, Msg: "givens: " + err.Error()}
	}
	return pz, nil
}

// grid reads rows of givens: spaces and the separators '|', '-' and '+'
// are dropped, and so are rows of nothing else. The grid must be square.
func grid(v spec.Value[[]string]) ([]string, error) {
	var rows []string
	for _, r := range v.V {
		r = strings.Map(func(c rune) rune {
			if strings.ContainsRune(" \t|-+", c) {
				return -1
			}
			return c
		}, r)
		if r != "" {
			rows = append(rows, strings.ReplaceAll(r, "0", "."))
		}
	}
	for i, r := range rows {
		if len([]rune(r)) != len(rows) {
			return nil, fmt.Errorf("row %d has %d cells, expected %d (one per row: the grid is square)", i+1, len([]rune(r)), len(rows))
		}
	}
	return rows, nil
}

// labels reads a drawing of n rows of n labels, spaces dropped, into one
// label per cell.
func labels(v spec.Value[[]string], n int) ([]string, error) {
	var out []string
	rows := 0
	for _, r := range v.V {
		r = strings.ReplaceAll(strings.ReplaceAll(r, " ", ""), "\t", "")
		if r == "" {
			continue
		}
		rows++
		if len([]rune(r)) != n {
			return nil, fmt.Errorf("row %d has %d labels, expected %d", rows, len([]rune(r)), n)
		}
		for _, c := range r {
			out = append(out, string(c))
		}
	}
	if rows != n {
		return nil, fmt.Errorf("%d rows, expected %d", rows, n)
	}
	return out, nil
}

// extraGroups reads one value of the groups key: "diagonals", or a drawing
// of labels with '.' for cells in no group.
func extraGroups(v spec.Value[[]string], n int) ([][]int, error) {
	if len(v.V) == 1 && strings.TrimSpace(v.V[0]) == "diagonals" {
		var down, up []int
		for i := range n {
			down = append(down, i*n+i)
			up = append(up, i*n+n-1-i)
		}
		return [][]int{down, up}, nil
	}
	cells, err := labels(v, n)
	if err != nil {
		return nil, fmt.Errorf("expected \"diagonals\" or a drawing of labels: %v", err)
	}
	out := byLabel(cells, ".")
	return out, sizesOK(out, cells, "group", n)
}
