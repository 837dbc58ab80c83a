package emit

import (
	"cmp"
	"slices"
)

// An edge is a directed side of a tile, from one corner to the next
// counter-clockwise.
type edge struct{ from, to node }

func compareNodes(a, b node) int {
	return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
}

func compareEdges(a, b edge) int {
	return cmp.Or(compareNodes(a.from, b.from), compareNodes(a.to, b.to))
}

// boundary returns the sides of a set of distinct tiles that no two of
// them share, each directed counter-clockwise around the tiles, sorted: the
// outline of a piece, holes included. Two neighbouring tiles run their
// common side in opposite directions, which is how it is recognised.
func boundary(tiles [][]node) []edge {
	sides := map[edge]bool{}
	for _, t := range tiles {
		for i, a := range t {
			e := edge{a, t[(i+1)%len(t)]}
			if back := (edge{e.to, e.from}); sides[back] {
				delete(sides, back)
				continue
			}
			sides[e] = true
		}
	}
	out := make([]edge, 0, len(sides))
	for e := range sides {
		out = append(out, e)
	}
	slices.SortFunc(out, compareEdges)
	return out
}

// rings joins boundary edges into closed rings, leaving out the corners
// where a ring runs straight on. Every corner of a boundary has as many
// edges in as out, so following unused edges can only stop where it began.
func rings(edges []edge) [][]node {
	next := map[node][]edge{}
	for _, e := range edges {
		next[e.from] = append(next[e.from], e)
	}
	used := map[edge]bool{}
	var out [][]node
	for _, start := range edges {
		if used[start] {
			continue
		}
		var ring []node
		for e, ok := start, true; ok; e, ok = firstUnused(next[e.to], used) {
			used[e] = true
			ring = append(ring, e.from)
		}
		out = append(out, straighten(ring))
	}
	return out
}

func firstUnused(es []edge, used map[edge]bool) (edge, bool) {
	for _, e := range es {
		if !used[e] {
			return e, true
		}
	}
	return edge{}, false
}

// straighten drops the corners of a ring where it does not turn.
func straighten(ring []node) []node {
	var out []node
	n := len(ring)
	for i, b := range ring {
		a, c := ring[(i+n-1)%n], ring[(i+1)%n]
		u, v := node{b[0] - a[0], b[1] - a[1]}, node{c[0] - b[0], c[1] - b[1]}
		if u[0]*v[1]-u[1]*v[0] != 0 || u[0]*v[0]+u[1]*v[1] < 0 {
			out = append(out, b)
		}
	}
	return out
}
