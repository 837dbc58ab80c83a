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
func (s *segmentGeometry) claims(cells []Cell) []string {
	var names []string
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
			narrowest := s.slots / len(rays)
			for i, a := range own {
				if len(own) < 2 {
					break
				}
				gap := mod(own[(i+1)%len(own)]-a, s.slots)
				if gap <= narrowest || 2*gap > s.slots {
					continue
				}
				for k := a; k <= a+gap; k++ {
					names = append(names, fmt.Sprintf("%d,%d,%di", v[0], v[1], mod(k, s.slots)))
				}
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
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
