package pips

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// greedyAttempts is how many times placeRegions lays regions greedily
// before it searches: a greedy pass that paints itself into a corner
// usually succeeds on another try.
const greedyAttempts = 30

// placeRegions lays non-overlapping regions of the constraint shapes on
// the board until they cover the share of its cells that the configuration
// asks for. It picks cells at random and puts a shape over each, chosen as
// the constraint-selection says, so that regions spread over the board.
// When repeated greedy passes fall short, an exhaustive search (within the
// budget) finds an arrangement or proves there is none.
func (gen *generator) placeRegions() error {
	sel := gen.c.Constraints
	n := len(gen.b.points)
	if sel == nil {
		return nil
	}
	target := int(math.Ceil(gen.c.Coverage*float64(n) - 1e-9))
	if target <= 0 {
		return nil
	}
	shapes := strings.Join(sel.Shapes, ",")
	reach := sums(sizes(sel.Shapes), n)
	if !slices.Contains(reach[target:], true) {
		return fmt.Errorf("%w: coverage %g of %d cells needs regions covering %d to %d cells, and regions of %s cells (%s) cannot add up to any of those",
			ErrCoverage, gen.c.Coverage, n, target, n, orList(sizes(sel.Shapes)), shapes)
	}
	turns := orients(sel.Shapes)
	for range greedyAttempts {
		if regions := gen.greedyRegions(turns, target); regions != nil {
			gen.regions = regions
			return nil
		}
	}
	regions, err := gen.packRegions(turns, target)
	if err != nil {
		return err
	}
	if regions == nil {
		return fmt.Errorf("%w: no arrangement of %s covers %d of the board's %d cells (coverage %g)", ErrCoverage, shapes, target, n, gen.c.Coverage)
	}
	gen.regions = regions
	return nil
}

// greedyRegions visits the cells in random order and lays a region over
// each cell still free where some shape fits, until the regions cover
// target cells; nil if they fall short. A cell where nothing fits stays
// free, as nothing will fit there later either.
func (gen *generator) greedyRegions(turns []orient, target int) []*genRegion {
	owner := slices.Repeat([]int{-1}, len(gen.b.points))
	taken := func(c int) bool { return owner[c] >= 0 }
	var regions []*genRegion
	covered := 0
	for _, at := range gen.r.Perm(len(owner)) {
		if covered >= target {
			break
		}
		if owner[at] >= 0 {
			continue
		}
		for _, shape := range gen.shapeOrder() {
			var fits [][]int
			for i := range turns {
				if turns[i].shape != shape {
					continue
				}
				for k := range turns[i].cells {
					if cells := gen.b.fit(&turns[i], k, at, taken); cells != nil {
						fits = append(fits, cells)
					}
				}
			}
			if len(fits) == 0 {
				continue
			}
			cells := slices.Sorted(slices.Values(fits[gen.r.IntN(len(fits))]))
			for _, c := range cells {
				owner[c] = len(regions)
			}
			regions = append(regions, &genRegion{cells: cells})
			covered += len(cells)
			break
		}
	}
	if covered < target {
		return nil
	}
	return regions
}

// shapeOrder returns the constraint shapes in the order to try them at a
// cell: drawn one by one without replacement, each draw as the
// constraint-selection says (uniform-all: every shape alike; uniform-size:
// a size first, then a shape of it), so that the first shape that fits
// has the chances the configuration asks for.
func (gen *generator) shapeOrder() []string {
	left := slices.Clone(gen.c.Constraints.Shapes)
	out := make([]string, 0, len(left))
	for len(left) > 0 {
		pool := left
		if gen.c.Selection == "uniform-size" {
			sz := sizes(left)
			size := byte('0' + sz[gen.r.IntN(len(sz))])
			pool = nil
			for _, s := range left {
				if s[0] == size {
					pool = append(pool, s)
				}
			}
		}
		pick := pool[gen.r.IntN(len(pool))]
		out = append(out, pick)
		left = slices.DeleteFunc(left, func(s string) bool { return s == pick })
	}
	return out
}

// packRegions searches for regions covering at least target cells: each
// cell in reading order is either the first cell of a region, tried in an
// order shuffled from the seed, or left free. It returns nil when no
// arrangement exists, and an error when the budget runs out first.
func (gen *generator) packRegions(turns []orient, target int) ([]*genRegion, error) {
	n := len(gen.b.points)
	owned := make([]bool, n)
	taken := func(c int) bool { return owned[c] }
	var regions []*genRegion
	steps := 0
	var search func(from, covered int) (bool, error)
	search = func(from, covered int) (bool, error) {
		if covered >= target {
			return true, nil
		}
		for from < n && owned[from] {
			from++
		}
		open := 0 // cells from here on that a region could still take
		for c := from; c < n; c++ {
			if !owned[c] {
				open++
			}
		}
		if covered+open < target {
			return false, nil
		}
		var fits [][]int
		for i := range turns {
			if cells := gen.b.fit(&turns[i], turns[i].first, from, taken); cells != nil {
				fits = append(fits, cells)
			}
		}
		gen.r.Shuffle(len(fits), func(i, j int) { fits[i], fits[j] = fits[j], fits[i] })
		fits = append(fits, nil) // leave the cell free
		for _, cells := range fits {
			if err := gen.step(&steps, "laying constraint regions"); err != nil {
				return false, err
			}
			owned[from] = true // a free cell is decided too
			for _, c := range cells {
				owned[c] = true
			}
			if cells != nil {
				regions = append(regions, &genRegion{cells: slices.Sorted(slices.Values(cells))})
			}
			ok, err := search(from+1, covered+len(cells))
			if ok || err != nil {
				return ok, err
			}
			if cells != nil {
				regions = regions[:len(regions)-1]
			}
			for _, c := range cells {
				owned[c] = false
			}
			owned[from] = false
		}
		return false, nil
	}
	ok, err := search(0, 0)
	if err != nil || !ok {
		return nil, err
	}
	return regions, nil
}
