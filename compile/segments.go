package compile

import (
	"fmt"
	"slices"
)

// A vertex is a grid point of a segment lattice: x, y and a class, for
// grids whose points are not all alike (the hexagonal grid has two).
type vertex [3]int

// A ray is a segment leaving a grid point, with its direction as a slot:
// slot k is at k × 360°/slots.
type ray struct {
	slot int
	cell Cell
}

// segmentGeometry is what a lattice of unit segments adds to its grid: how
// segments meet at grid points.
type segmentGeometry struct {
	slots  int
	encode func(Cell) point
	decode func(point) Cell
	ends   func(Cell) []vertex
	// rays lists the segments at a point counterclockwise, from the
	// smallest slot.
	rays func(vertex) []ray
}

// segmentGrid makes g a lattice of unit segments, in as many directions
// as half its slots: two segments touch when they share an end point.
func segmentGrid(g *grid, s *segmentGeometry) *grid {
	g.dims, g.kinds, g.flips = 3, true, true
	g.encode, g.decode, g.segments = s.encode, s.decode, s
	g.neighbours = func(c Cell) []Cell {
		var out []Cell
		for _, v := range s.ends(c) {
			for _, r := range s.rays(v) {
				if r.cell != c {
					out = append(out, r.cell)
				}
			}
		}
		return out
	}
	return g.build()
}

// claims keeps pieces from crossing. Around each grid point a piece
// touches, it claims every slot of each corner between two of its
// consecutive segments that is wider than the grid's narrowest corner and
// at most a straight line, both segments included. A piece that crosses
// another's path at a point must put a segment inside such a corner of the
// other, and so claims a slot the other claims; pieces that only touch
// claim none in common. On the square grid that forbids two pieces running
// straight through one point; on the triangular grid it also forbids a
// piece bending through a point where another runs straight or bends the
// other way; on the hexagonal grid, where three segments meet at 120°,
// nothing can cross and nothing is claimed.
//
// The slots name the rule; a puzzle's items are fewer (see crossings).
func (s *segmentGeometry) claims(cells []Cell) []string {
	var names []string
	for _, u := range s.uses(cells) {
		for k := range s.slots {
			if u.claim&(1<<k) != 0 {
				names = append(names, fmt.Sprintf("%d,%d,%di", u.v[0], u.v[1], k))
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// A pointUse is what a piece does at one of its grid points: the slots of
// its own segments there and the slots it claims (see claims), as masks
// with bit k for slot k.
type pointUse struct {
	v          vertex
	own, claim uint32
}

// uses lists the grid points where a piece placed on cells claims some
// slot, in the order its cells reach them.
func (s *segmentGeometry) uses(cells []Cell) []pointUse {
	var out []pointUse
	seen := map[vertex]bool{}
	for _, c := range cells {
		for _, v := range s.ends(c) {
			if seen[v] {
				continue
			}
			seen[v] = true
			rays := s.rays(v)
			var own []int
			for _, r := range rays {
				if slices.Contains(cells, r.cell) {
					own = append(own, r.slot)
				}
			}
			u := pointUse{v: v}
			narrowest := s.slots / len(rays)
			for i, a := range own {
				u.own |= 1 << a
				if len(own) < 2 {
					break
				}
				gap := mod(own[(i+1)%len(own)]-a, s.slots)
				if gap <= narrowest || 2*gap > s.slots {
					continue
				}
				for k := a; k <= a+gap; k++ {
					u.claim |= 1 << mod(k, s.slots)
				}
			}
			if u.claim != 0 {
				out = append(out, u)
			}
		}
	}
	return out
}

// crossings returns the secondary items that keep pieces placed on the
// given cell lists from crossing, by name, and the items of each
// placement, in increasing order.
//
// A slot per corner (claims) says the rule, but costs an item per slot, up
// to six at a point a piece runs straight through, most of them telling
// the search what the others already do. Two placements must share an item
// here exactly when they claim a common slot at some point and do not
// already exclude each other by a segment they share there. So, point by
// point, the ways pieces use the point (pairs of own and claimed slots)
// are joined by the conflicts between them, and each item is a group of
// uses that pairwise conflict or share a segment, grown greedily until
// every conflict lies in some group. On the square grid that is one item
// per point, taken only by pieces running straight through it, and only
// at points where both directions can run straight; a point where no two
// uses conflict has none.
func (s *segmentGeometry) crossings(n int, placement func(int) []Cell) (names []string, items [][]int32) {
	type use struct{ own, claim uint32 }
	type at struct {
		v   vertex
		use int
	}
	uses := map[vertex][]use{} // the distinct uses of each point, in order of first placement
	var points []vertex
	byPlacement := make([][]at, n)
	for i := range n {
		for _, u := range s.uses(placement(i)) {
			list := uses[u.v]
			if list == nil {
				points = append(points, u.v)
			}
			k := slices.Index(list, use{u.own, u.claim})
			if k < 0 {
				k = len(list)
				uses[u.v] = append(list, use{u.own, u.claim})
			}
			byPlacement[i] = append(byPlacement[i], at{u.v, k})
		}
	}
	slices.SortFunc(points, func(a, b vertex) int { return slices.Compare(a[:], b[:]) })
	groups := map[vertex][][]int32{} // item numbers of each use of a point
	for _, v := range points {
		list := uses[v]
		g := make([][]int32, len(list))
		for k, members := range conflictGroups(len(list), func(a, b int) (need, may bool) {
			claim := list[a].claim&list[b].claim != 0
			share := list[a].own&list[b].own != 0
			return claim && !share, claim || share
		}) {
			item := int32(len(names))
			names = append(names, fmt.Sprintf("%d,%d,%di%d", v[0], v[1], v[2], k))
			for _, m := range members {
				g[m] = append(g[m], item)
			}
		}
		groups[v] = g
	}
	items = make([][]int32, n)
	for i, list := range byPlacement {
		for _, a := range list {
			items[i] = append(items[i], groups[a.v][a.use]...)
		}
		slices.Sort(items[i])
	}
	return names, items
}

// conflictGroups covers the conflicts among n things with groups: need
// says whether a and b must be in a common group, may whether they can be.
// Each group starts from the first conflict no group covers yet and takes
// in, one at a time, the thing that may join every member and covers the
// most conflicts with them not yet covered, until none covers one more.
func conflictGroups(n int, pair func(a, b int) (need, may bool)) [][]int {
	need := make([][]bool, n)
	may := make([][]bool, n)
	for a := range n {
		need[a], may[a] = make([]bool, n), make([]bool, n)
		for b := range n {
			if a != b {
				need[a][b], may[a][b] = pair(a, b)
			} else {
				may[a][b] = true
			}
		}
	}
	var groups [][]int
	for a := range n {
		for b := a + 1; b < n; b++ {
			if !need[a][b] {
				continue
			}
			group := []int{a, b}
			for {
				best, gain := -1, 0
				for x := range n {
					g := 0
					for _, m := range group {
						if !may[x][m] || x == m {
							g = -1
							break
						}
						if need[x][m] {
							g++
						}
					}
					if g > gain {
						best, gain = x, g
					}
				}
				if best < 0 {
					break
				}
				group = append(group, best)
			}
			for _, x := range group {
				for _, y := range group {
					need[x][y] = false
				}
			}
			slices.Sort(group)
			groups = append(groups, group)
		}
	}
	return groups
}

// welded reports whether three or more of a piece's own segments meet at
// one of its points, as in the "welded" polystick puzzles.
func (s *segmentGeometry) welded(cells []Cell) bool {
	meet := map[vertex]int{}
	for _, c := range cells {
		for _, v := range s.ends(c) {
			if meet[v]++; meet[v] >= 3 {
				return true
			}
		}
	}
	return false
}
