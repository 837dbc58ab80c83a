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
	// The labels by position.
	var label [8]uint64
	for i, l := range labelsOf(p) {
		if l {
			label[pos[i]/64] |= 1 << (pos[i] % 64)
		}
	}
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
