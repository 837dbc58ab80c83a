package cover

import (
	"math/bits"
	"slices"
)

// sweepOrder returns the order in which the sweep covers p's primaries:
// p.Order, or for a problem without one, an order it derives from the
// options alone (see deriveOrder). Where p has no Order its searches go
// without one (compile.scans says why bits does not pay on segments), so
// the derived order is the sweep's only and changes no other backend's
// choice.
func sweepOrder(p *Problem) []int {
	if p.Order != nil {
		return p.Order
	}
	return deriveOrder(p)
}

// deriveOrder orders the primaries of p so that those an option covers
// lie close together: the reverse Cuthill–McKee order of the graph that
// joins two primaries when an option covers both, which keeps the
// sweep's frontier short. A board's cells are joined by the pieces
// placed on them; but a piece's own item is joined to every cell it can
// cover and would tie the whole board into one knot, so first it looks
// for labels: a set of primaries no two of which an option covers and of
// which every option covers exactly one (the pieces of a tiling, each
// placed once). Those it leaves out of the order, as compile leaves the
// pieces out of Problem.Order, so that the sweep covers them last and
// inclusion–exclusion may take them as its pieces. It returns nil for a
// problem of more than maxBitsItems items, which the sweep refuses.
//
// The secondaries (the crossing points of a board of segments) need no
// place in the order: the sweep keeps each in its states for as long as
// an option still to come covers it. Any order gives the same count; the
// order decides only how many states the sweep holds: on the 8×8
// dominoes 1,776 over all levels against 3,360 in the board's scan
// order, on the 3×20 and 6×10 pentominoes (all solutions) 1.1 and 2.6
// times the scan order's.
func deriveOrder(p *Problem) []int {
	if len(p.Items) > maxBitsItems {
		return nil
	}
	var prim []int // primaries by position
	pos := make([]int, len(p.Items))
	for i, it := range p.Items {
		pos[i] = -1
		if !it.Secondary {
			pos[i] = len(prim)
			prim = append(prim, i)
		}
	}
	n := len(prim)
	if n == 0 {
		return []int{}
	}
	// joined[a] has the primaries an option covers with primary a.
	joined := make([][8]uint64, n)
	var own []int
	for o := range p.NumOptions() {
		own = own[:0]
		for _, e := range p.Option(o) {
			if k := pos[e.Item]; k >= 0 {
				own = append(own, k)
			}
		}
		for _, a := range own {
			for _, b := range own {
				joined[a][b/64] |= 1 << (b % 64)
			}
		}
	}
	label := findLabels(p, pos, joined)
	// The graph of the other primaries.
	var deg []int
	for a := range n {
		d := 0
		if label[a/64]&(1<<(a%64)) == 0 {
			for w := range 8 {
				d += bits.OnesCount64(joined[a][w] &^ label[w])
			}
		}
		deg = append(deg, d)
	}
	neighbours := func(a int) []int {
		var out []int
		for w := range 8 {
			for x := joined[a][w] &^ label[w]; x != 0; x &= x - 1 {
				if b := w*64 + bits.TrailingZeros64(x); b != a {
					out = append(out, b)
				}
			}
		}
		// Cuthill–McKee visits the neighbours of lowest degree first.
		slices.SortStableFunc(out, func(x, y int) int { return deg[x] - deg[y] })
		return out
	}
	seen := label // the labels are never visited
	var cm []int
	// bfs visits from start the primaries it reaches that mark does not
	// have, in Cuthill–McKee order, adds them to mark, and returns them
	// and the depth of the last.
	depth := make([]int, n)
	bfs := func(start int, mark *[8]uint64) ([]int, int) {
		out := []int{start}
		mark[start/64] |= 1 << (start % 64)
		depth[start] = 0
		for k := 0; k < len(out); k++ {
			for _, b := range neighbours(out[k]) {
				if mark[b/64]&(1<<(b%64)) == 0 {
					mark[b/64] |= 1 << (b % 64)
					depth[b] = depth[out[k]] + 1
					out = append(out, b)
				}
			}
		}
		return out, depth[out[len(out)-1]]
	}
	for a := range n {
		if seen[a/64]&(1<<(a%64)) != 0 {
			continue
		}
		// A pseudo-peripheral start: the far end of a search from a,
		// taken again from there while that reaches farther.
		start, reach := a, -1
		for range 4 {
			mark := seen
			visited, d := bfs(start, &mark)
			if d <= reach {
				break
			}
			start, reach = visited[len(visited)-1], d
		}
		visited, _ := bfs(start, &seen)
		cm = append(cm, visited...)
	}
	slices.Reverse(cm)
	order := make([]int, len(cm))
	for k, a := range cm {
		order[k] = prim[a]
	}
	return order
}

// findLabels returns, as a mask of primaries by position, a set of
// primaries that no option covers two of and of which every option
// covers exactly one (see deriveOrder), or the empty mask. It tries, for
// each primary of the first option in turn, the set that greedily adds
// to it, in item order, every primary that no option covers with one
// already in it.
func findLabels(p *Problem, pos []int, joined [][8]uint64) [8]uint64 {
	var none [8]uint64
	if p.NumOptions() == 0 {
		return none
	}
	for _, first := range p.Option(0) {
		x := pos[first.Item]
		if x < 0 {
			continue
		}
		var set [8]uint64
		set[x/64] |= 1 << (x % 64)
		blocked := joined[x] // which has x
		for a := range joined {
			if blocked[a/64]&(1<<(a%64)) != 0 {
				continue
			}
			set[a/64] |= 1 << (a % 64)
			for w := range 8 {
				blocked[w] |= joined[a][w]
			}
		}
		if coversOnce(p, pos, set) && reachesMost(joined, set) {
			return set
		}
	}
	return none
}

// reachesMost reports whether the labels of set are joined, on the mean,
// to half the other primaries or more, as a piece is to the cells it can
// cover. It tells the pieces from the other sets of which every option
// covers one: on a board of dominoes without piece items, the cells of
// one colour, each joined to its few neighbours, whose order would keep
// half the board in the sweep's states.
func reachesMost(joined [][8]uint64, set [8]uint64) bool {
	labels, reach := 0, 0
	for a := range joined {
		if set[a/64]&(1<<(a%64)) != 0 {
			labels++
			for w := range 8 {
				reach += bits.OnesCount64(joined[a][w] &^ set[w])
			}
		}
	}
	return 2*reach >= labels*(len(joined)-labels)
}

// coversOnce reports whether every option covers exactly one primary of
// set, and set has more than one.
func coversOnce(p *Problem, pos []int, set [8]uint64) bool {
	size := 0
	for _, w := range set {
		size += bits.OnesCount64(w)
	}
	if size < 2 {
		return false
	}
	for o := range p.NumOptions() {
		k := 0
		for _, e := range p.Option(o) {
			if a := pos[e.Item]; a >= 0 && set[a/64]&(1<<(a%64)) != 0 {
				k++
			}
		}
		if k != 1 {
			return false
		}
	}
	return true
}
