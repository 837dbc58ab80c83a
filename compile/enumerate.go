package compile

import (
	"context"
	"fmt"
	"slices"
)

// Enumerate lists every polyform of order n on a lattice, free (up to the
// motions a piece may make) or one-sided (up to rotation), each in its
// canonical orientation, in a stable order. Pieces with holes are included.
func Enumerate(l Lattice, n int, oneSided bool) ([][]Cell, error) {
	levels, err := EnumerateUpTo(l, n, oneSided)
	if err != nil {
		return nil, err
	}
	return levels[n-1], nil
}

// EnumerateUpTo lists the polyforms of every order from 1 to n, as
// Enumerate does: element k holds those of order k+1.
//
// It grows the forms of each order from those of the order below by one
// neighbouring cell: every connected shape has a cell whose removal leaves
// it connected (a leaf of a spanning tree), so this misses none.
func EnumerateUpTo(l Lattice, n int, oneSided bool) ([][][]Cell, error) {
	return enumerate(context.Background(), l, n, oneSided, 0, true)
}

// EnumerateContext is Enumerate, stopped when ctx is done, and with an
// error instead of a level of more than maxForms polyforms (0: no limit),
// whose memory grows about fourfold with each order.
func EnumerateContext(ctx context.Context, l Lattice, n int, oneSided bool, maxForms int) ([][]Cell, error) {
	levels, err := enumerate(ctx, l, n, oneSided, maxForms, false)
	if err != nil {
		return nil, err
	}
	return levels[0], nil
}

// enumerate returns the levels of orders 1 to n when keepAll is set, and
// otherwise only that of order n, so that the memory a run holds is the
// level it grows and the one it grows from, which maxForms bounds.
func enumerate(ctx context.Context, l Lattice, n int, oneSided bool, maxForms int, keepAll bool) ([][][]Cell, error) {
	if n < 1 {
		return nil, fmt.Errorf("the order must be at least 1, not %d", n)
	}
	if oneSided && !l.Flips() {
		return nil, fmt.Errorf("the %s lattice never turns pieces over, so one-sided counts are the free ones", l.Name())
	}
	motions := PieceMotions(l, oneSided)
	// Start from a cell of every kind: a lone segment or triangle may be
	// of any direction or orientation, and canonical forms merge them.
	var level [][]Cell
	seen := map[string]bool{}
	for _, m := range l.Motions() {
		cells, _ := l.Normalize([]Cell{m.Apply(Cell{})})
		add(&level, seen, canonical(l, motions, cells))
	}
	levels := [][][]Cell{level}
	for order := 2; order <= n; order++ {
		var next [][]Cell
		seen = map[string]bool{}
		for i, shape := range level {
			if i%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				if maxForms > 0 && len(next) > maxForms {
					return nil, &LimitError{What: "forms", Limit: maxForms, Of: fmt.Sprintf("order %d", order)}
				}
			}
			for _, c := range shape {
				for _, nb := range l.Neighbours(c) {
					if slices.Contains(shape, nb) {
						continue
					}
					add(&next, seen, canonical(l, motions, append(slices.Clone(shape), nb)))
				}
			}
		}
		if maxForms > 0 && len(next) > maxForms {
			return nil, &LimitError{What: "forms", Limit: maxForms, Of: fmt.Sprintf("order %d", order)}
		}
		level = next
		if keepAll {
			levels = append(levels, level)
		} else {
			levels[0] = level
		}
	}
	for _, lv := range levels {
		slices.SortFunc(lv, func(a, b []Cell) int { return slices.CompareFunc(a, b, compareCells) })
	}
	return levels, nil
}

func add(list *[][]Cell, seen map[string]bool, shape []Cell) {
	if k := shapeKey(shape); !seen[k] {
		seen[k] = true
		*list = append(*list, shape)
	}
}

// canonical is the least normalized image of a shape under the motions.
func canonical(l Lattice, motions []Motion, cells []Cell) []Cell {
	var best []Cell
	for _, m := range motions {
		img := Transform(l, m, cells)
		if best == nil || slices.CompareFunc(img, best, compareCells) < 0 {
			best = img
		}
	}
	return best
}

// shapeKey is a normalized shape as a map key.
func shapeKey(cells []Cell) string {
	b := make([]byte, 0, 3*len(cells))
	for _, c := range cells {
		for _, v := range c {
			b = append(b, byte(v)) // shapes are normalized, and small
		}
	}
	return string(b)
}
