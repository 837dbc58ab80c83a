package compile

import (
	"slices"
	"testing"
)

// TestNumbering checks that a numbering finds every board cell's place in
// the board and no other cell, and that a stencil laid anywhere agrees
// with finding its cells one by one: on a dense board (the array), a
// sparse one (the map) and a tube.
func TestNumbering(t *testing.T) {
	rect := func(w, h int) []Cell {
		var b []Cell
		for x := range w {
			for y := range h {
				b = append(b, Cell{x, y, 0})
			}
		}
		return b
	}
	for _, c := range []struct {
		name   string
		board  []Cell
		wrap   int
		sparse bool
	}{
		{"5x4 with a hole", slices.DeleteFunc(rect(5, 4), func(c Cell) bool { return c == Cell{2, 1, 0} }), 0, false},
		{"far apart", []Cell{{0, 0, 0}, {1, 0, 0}, {100, 100, 0}, {100, 101, 0}}, 0, true},
		{"tube 4x3", rect(4, 3), 4, false},
	} {
		slices.SortFunc(c.board, compareCells)
		nb := newNumbering(c.board, c.wrap)
		if got := nb.sparse != nil; got != c.sparse {
			t.Errorf("%s: sparse %v, want %v", c.name, got, c.sparse)
		}
		for i, cell := range c.board {
			if got := nb.find(cell); got != int32(i) {
				t.Errorf("%s: find(%v) = %d, want %d", c.name, cell, got, i)
			}
		}
		on := func(cell Cell) int32 {
			if c.wrap > 0 {
				cell[0] = mod(cell[0], c.wrap)
			}
			return int32(slices.Index(c.board, cell))
		}
		shape := []Cell{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {-1, 2, 0}}
		st := nb.stencil(shape)
		for x := -3; x < 8; x++ {
			for y := -3; y < 6; y++ {
				b := Cell{x, y, 0}
				if got, want := nb.find(b), on(b); got != want {
					t.Errorf("%s: find(%v) = %d, want %d", c.name, b, got, want)
				}
				var want []int32
				fits := true
				for _, d := range shape {
					k := on(plus(b, d))
					fits = fits && k >= 0
					want = append(want, k)
				}
				got, ok := nb.lay(&st, b, nil)
				if ok != fits || ok && !slices.Equal(got, want) {
					t.Errorf("%s: lay at %v = %v, %v; want %v, %v", c.name, b, got, ok, want, fits)
				}
			}
		}
	}
}
