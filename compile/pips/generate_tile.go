package pips

import (
	"errors"
	"fmt"
	"strings"
)

// A tiler searches for a tiling of the board by pieces of the allowed
// shapes: the first free cell in reading order must be the first cell of
// some piece, so each step tries every turn of every shape there, in an
// order shuffled from the seed, and backtracks when none fits.
//
// A search that takes a wrong turn early on a large board can spend
// millions of steps below it, so the search starts over, in another
// order, each time it has tried twice as many placements as the time
// before (restartFirst at first). A search that ends within its limit has
// tried every way, so finding no tiling then proves there is none.
type tiler struct {
	gen     *generator
	orients []orient
	free    []bool
	// fillable says which areas pieces of the allowed sizes cover exactly;
	// an area of free cells cut off from the rest must be one.
	fillable []bool
	// twelve is set for 12x5, where each of the twelve pentominoes goes in
	// once in either hand; used marks the letters placed.
	twelve bool
	used   [256]bool
	mark   []int // flood fill's marks, by step
	stamp  int
	steps  int // placements tried by this search
	total  int // and by all, against the budget
	limit  int
	tiles  []tile
}

// restartFirst is the placements the first search of a tiler may try.
const restartFirst = 1 << 14

// errRestart stops a search that reached its limit.
var errRestart = errors.New("pips: tiling starts over")

// tile tiles the board, or says why it cannot.
func (gen *generator) tile() error {
	n := len(gen.b.points)
	shapes := gen.c.Pieces.Shapes
	t := &tiler{gen: gen, orients: orients(shapes), free: make([]bool, n), mark: make([]int, n)}
	if gen.c.Pieces.Twelve {
		if n != 60 {
			return fmt.Errorf("%w: 12x5 places the twelve pentominoes, 60 cells, and the board has %d", ErrArea, n)
		}
		t.twelve = true
		t.fillable = make([]bool, n+1)
		for a := 0; a <= n; a += 5 {
			t.fillable[a] = true
		}
	} else {
		sz := sizes(shapes)
		t.fillable = sums(sz, n)
		if !t.fillable[n] {
			return fmt.Errorf("%w: the board has %d cells, and pieces of %s cells (%s) cannot add up to that", ErrArea, n, orList(sz), strings.Join(shapes, ","))
		}
	}
	for t.limit = restartFirst; ; t.limit *= 2 {
		for i := range t.free {
			t.free[i] = true
		}
		t.used, t.tiles, t.steps = [256]bool{}, nil, 0
		ok, err := t.search(0)
		switch {
		case errors.Is(err, errRestart):
			continue
		case err != nil:
			return err
		case !ok:
			return fmt.Errorf("%w: the search tried every placement of %s from the upper-left corner (%d tried)", ErrNoTiling, strings.Join(shapes, ","), t.steps)
		}
		gen.tiles = t.tiles
		return nil
	}
}

// search tiles the free cells from cell from on, reporting whether it
// could.
func (t *tiler) search(from int) (bool, error) {
	g := t.gen.b
	for from < len(t.free) && !t.free[from] {
		from++
	}
	if from == len(t.free) {
		return true, nil
	}
	taken := func(c int) bool { return !t.free[c] }
	var fits []tile
	for i := range t.orients {
		o := &t.orients[i]
		if t.twelve && t.used[o.shape[1]] {
			continue
		}
		if cells := g.fit(o, o.first, from, taken); cells != nil {
			fits = append(fits, tile{o, cells})
		}
	}
	t.gen.r.Shuffle(len(fits), func(i, j int) { fits[i], fits[j] = fits[j], fits[i] })
	for _, f := range fits {
		if err := t.gen.step(&t.total, "tiling the board"); err != nil {
			return false, err
		}
		if t.steps++; t.steps > t.limit {
			return false, errRestart
		}
		t.place(f, false)
		if t.separable() {
			ok, err := t.search(from + 1)
			if ok || err != nil {
				return ok, err
			}
		}
		t.place(f, true)
	}
	return false, nil
}

// place puts a tile on the board, or takes it off.
func (t *tiler) place(f tile, off bool) {
	for _, c := range f.cells {
		t.free[c] = off
	}
	t.used[f.o.shape[1]] = !off
	if off {
		t.tiles = t.tiles[:len(t.tiles)-1]
	} else {
		t.tiles = append(t.tiles, f)
	}
}

// separable reports whether every area of free cells cut off from the
// others has a size that pieces can fill: most dead ends show at once.
func (t *tiler) separable() bool {
	t.stamp++
	var stack []int
	for start, free := range t.free {
		if !free || t.mark[start] == t.stamp {
			continue
		}
		size := 0
		stack = append(stack[:0], start)
		t.mark[start] = t.stamp
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			for _, n := range t.gen.b.neighbours(c) {
				if t.free[n] && t.mark[n] != t.stamp {
					t.mark[n] = t.stamp
					stack = append(stack, n)
				}
			}
		}
		if !t.fillable[size] {
			return false
		}
	}
	return true
}

// step counts a placement a search tries against the budget, and looks at
// the context now and then.
func (gen *generator) step(steps *int, what string) error {
	*steps++
	if *steps > gen.opts.Budget {
		return fmt.Errorf("%w: gave up %s after %d placements without an answer either way", ErrBudget, what, gen.opts.Budget)
	}
	if *steps%4096 == 0 {
		return gen.ctx.Err()
	}
	return nil
}

// orList writes numbers as "3, 4 or 5".
func orList(ns []int) string {
	s := fmt.Sprint(ns[0])
	for i, n := range ns[1:] {
		sep := ", "
		if i == len(ns)-2 {
			sep = " or "
		}
		s += sep + fmt.Sprint(n)
	}
	return s
}
