package compile

import "slices"

// A colouring gives each cell of a lattice one of n colours. Every
// solution covers each board cell once, so the colour counts of its
// placements add up to the board's: that is the balance a piece set
// must strike, and what pruneByBalance checks.
type colouring struct {
	n  int
	of func(Cell) int
}

// maxColours bounds colouring.n, for the fixed-size sums below.
const maxColours = 4

// Each lattice lists colourings that every motion and translation of the
// lattice maps onto themselves up to a renaming of the colours: the
// checkerboard of squares and cubes, the three-colouring of hexagons, the
// up and down triangles, the directions of segments, and for sticks the
// direction with the parity of the row or column. Because a symmetry of
// the board only renames colours, it maps a placement the balance rules
// out onto one it rules out too, and pruning keeps the board's symmetries.

// kind colours a cell by the kind its third coordinate names.
func kind(c Cell) int { return c[2] }

// maxBalanceSums bounds the sums a colouring's check keeps per step; a
// colouring that needs more is skipped, which only loses pruning.
const maxBalanceSums = 1 << 15

// maxBalanceWork bounds the sums a colouring's check tries over all its
// steps, checked before each step starts: the steps are one per piece
// copy, so without it 10,000 monominoes on a 100×100 board took 10 s and
// 1.6 GB here. A check that would pass it is skipped, which only loses
// pruning.
const maxBalanceWork = 1 << 24

// A balanceSum is a colour count, with the number of pieces left out in
// its last place. Its counts are int32: a board of 10,000 cells fits
// int16, but --max-cells 0 lets one have more than 32,767 cells of a
// colour, which an int16 wrapped, ruling out every placement.
type balanceSum [maxColours + 1]int32

// pruneByBalance drops the placements that no solution can use because
// the colours of the pieces could then not add up to the board's, under
// one of the lattice's colourings; among them the ways to leave out a
// piece whose absence the board's balance rules out, which is how only
// H, J, L, N and Y may be left out of the 6×6 tetrasticks. It never drops
// a placement of a solution, so no count changes.
func (pz *Puzzle) pruneByBalance() {
	for _, col := range pz.Lattice.colourings() {
		keep, ok := pz.balanced(col)
		if !ok {
			continue
		}
		pz.keepPlacements(keep)
	}
}

// balanced reports which placements some choice of a colour count per
// piece copy, each that of a placement of its piece (or none, for a copy
// left out), can use while the counts add up to the board's and exactly
// Omit copies are left out. ok is false when the sums grow too many to
// follow.
func (pz *Puzzle) balanced(col colouring) (keep []bool, ok bool) {
	colour := make([]int8, len(pz.Board))
	var board balanceSum
	for i, c := range pz.Board {
		colour[i] = int8(col.of(c))
		board[colour[i]]++
	}
	board[maxColours] = int32(pz.Options.Omit)
	// The counts each piece's placements give, the way to leave it out
	// as the count that adds one to the last place; class[i] is placement
	// i's among its piece's.
	ly := &pz.layout
	counts := make([][]balanceSum, len(pz.Pieces))
	class := make([]int32, ly.len())
	for i := range class {
		var v balanceSum
		if ly.orient[i] < 0 {
			v[maxColours] = 1
		}
		for _, c := range ly.cellsOf(i) {
			v[colour[c]]++
		}
		p := ly.piece[i]
		k := slices.Index(counts[p], v)
		if k < 0 {
			k = len(counts[p])
			counts[p] = append(counts[p], v)
		}
		class[i] = int32(k)
	}
	// One step per piece copy; the first copy of each piece is where its
	// placements are tested, as the copies are interchangeable.
	var steps []int
	first := make([]int, len(pz.Pieces))
	for pi, p := range pz.Pieces {
		first[pi] = len(steps)
		for range p.Hi {
			steps = append(steps, pi)
		}
	}
	within := func(s balanceSum) bool {
		for k := range s {
			if s[k] > board[k] {
				return false
			}
		}
		return true
	}
	work := 0
	grow := func(from map[balanceSum]bool, pi int) (map[balanceSum]bool, bool) {
		if work += len(from) * len(counts[pi]); work > maxBalanceWork {
			return nil, false
		}
		to := map[balanceSum]bool{}
		for s := range from {
			for _, v := range counts[pi] {
				if t := s.plus(v); within(t) {
					to[t] = true
				}
			}
		}
		return to, len(to) <= maxBalanceSums
	}
	// prefix[i] holds the sums of the steps before i, suffix[i] those of
	// the steps from i on.
	prefix := make([]map[balanceSum]bool, len(steps)+1)
	suffix := make([]map[balanceSum]bool, len(steps)+1)
	prefix[0] = map[balanceSum]bool{{}: true}
	suffix[len(steps)] = map[balanceSum]bool{{}: true}
	for i, pi := range steps {
		if prefix[i+1], ok = grow(prefix[i], pi); !ok {
			return nil, false
		}
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if suffix[i], ok = grow(suffix[i+1], steps[i]); !ok {
			return nil, false
		}
	}
	// usable[p][k] says whether counts[p][k] can be used: one look-up
	// per placement in a slice, not in a map of counts (0.03 s of
	// crystal-1's build).
	usable := make([][]bool, len(pz.Pieces))
	for pi := range pz.Pieces {
		usable[pi] = make([]bool, len(counts[pi]))
		j := first[pi]
		for k, v := range counts[pi] {
			for s := range prefix[j] {
				if suffix[j+1][board.minus(s).minus(v)] {
					usable[pi][k] = true
					break
				}
			}
		}
	}
	keep = make([]bool, ly.len())
	for i, p := range ly.piece {
		keep[i] = usable[p][class[i]]
	}
	return keep, true
}

func (a balanceSum) plus(b balanceSum) balanceSum {
	for k := range a {
		a[k] += b[k]
	}
	return a
}

func (a balanceSum) minus(b balanceSum) balanceSum {
	for k := range a {
		a[k] -= b[k]
	}
	return a
}
