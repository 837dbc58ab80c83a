package emit

import (
	"fmt"
	"math"
)

// A vec is a point of a picture's plane, or of space, in units of a cell's
// edge, with y up.
type vec struct{ X, Y, Z float64 }

func (a vec) add(b vec) vec             { return vec{a.X + b.X, a.Y + b.Y, a.Z + b.Z} }
func (a vec) sub(b vec) vec             { return vec{a.X - b.X, a.Y - b.Y, a.Z - b.Z} }
func (a vec) scale(k float64) vec       { return vec{a.X * k, a.Y * k, a.Z * k} }
func (a vec) length() float64           { return math.Sqrt(a.X*a.X + a.Y*a.Y + a.Z*a.Z) }
func (a vec) lerp(b vec, t float64) vec { return a.add(b.sub(a).scale(t)) }
func (a vec) dot(b vec) float64         { return a.X*b.X + a.Y*b.Y + a.Z*b.Z }
func (a vec) cross(b vec) vec {
	return vec{a.Y*b.Z - a.Z*b.Y, a.Z*b.X - a.X*b.Z, a.X*b.Y - a.Y*b.X}
}

// A node is a corner of the lattice in whole coordinates of the lattice's
// basis, so that the corners two cells share compare equal exactly.
type node [2]int

// A form is how a family's cells are drawn.
type form int

const (
	tileForm    form = iota // polygons: squares, triangles, hexagons
	segmentForm             // line segments of a grid
	cubeForm                // unit cubes
)

// A geometry places one lattice's cells in the plane, following the
// coordinates of Polyform Puzzler's FAQ. Every picture and model of a
// family is built from it.
type geometry struct {
	form form
	// basis is where the nodes (1, 0) and (0, 1) lie.
	basis [2]vec
	// corners gives a tile's corners counter-clockwise, a segment's two
	// ends, or the square under a cube in the x-y plane (the cube is that
	// square raised from z to z+1).
	corners func(c [3]int) []node
	// kinds is how many values a cell's third coordinate takes (its
	// orientation), 0 for the cubic lattice, where it is a place.
	kinds int
}

// Two bases: the square grid, and axes 60° apart for triangles and
// hexagons.
var (
	squareBasis   = [2]vec{{X: 1}, {Y: 1}}
	triangleBasis = [2]vec{{X: 1}, {X: 0.5, Y: math.Sqrt(3) / 2}}
)

// lookupGeometry finds a lattice's geometry and checks that the pieces'
// cells belong to it, so that drawing needs no checks.
func lookupGeometry(lattice string, pieces []Placed) (geometry, error) {
	l, ok := lookupLattice(lattice)
	if !ok {
		return geometry{}, fmt.Errorf("emit: no pictures for the %q lattice", lattice)
	}
	g := l.geometry
	for _, p := range pieces {
		for _, c := range p.Cells {
			if g.kinds > 0 && (c[2] < 0 || c[2] >= g.kinds) {
				return g, fmt.Errorf("emit: piece %s: cell %d,%d,%d is not on the %s lattice", p.Name, c[0], c[1], c[2], lattice)
			}
		}
	}
	return g, nil
}

// point is where a node lies in the plane.
func (g geometry) point(n node) vec {
	return g.basis[0].scale(float64(n[0])).add(g.basis[1].scale(float64(n[1])))
}

func square(c [3]int) []node {
	x, y := c[0], c[1]
	return []node{{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}}
}

// triangle: (x, y, 0) points up, with corners (x, y), (x+1, y), (x, y+1);
// (x, y, 1) points down, with corners (x+1, y), (x+1, y+1), (x, y+1).
func triangle(c [3]int) []node {
	x, y := c[0], c[1]
	if c[2] == 0 {
		return []node{{x, y}, {x + 1, y}, {x, y + 1}}
	}
	return []node{{x + 1, y}, {x + 1, y + 1}, {x, y + 1}}
}

// hexCorners are a flat-topped hexagon's corners around its centre, in the
// triangle basis with the hexagon's edge as unit.
var hexCorners = [6]node{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

// hexagon: the centre of hexagon (x, y) lies at x·(e0+e60) + y·(2e60−e0):
// the y axis is vertical and the x axis slopes up at 30°, as the FAQ draws
// polyhexes, and hexagons sit on a flat edge.
func hexagon(c [3]int) []node {
	cx, cy := c[0]-c[1], c[0]+2*c[1]
	out := make([]node, len(hexCorners))
	for i, d := range hexCorners {
		out[i] = node{cx + d[0], cy + d[1]}
	}
	return out
}

// stick: (x, y, 0) runs right from (x, y), (x, y, 1) up.
func stick(c [3]int) []node {
	x, y := c[0], c[1]
	return []node{{x, y}, {x + 1 - c[2], y + c[2]}}
}

// trigSteps are the polytrig directions 0°, 60° and 120°.
var trigSteps = [3]node{{1, 0}, {0, 1}, {-1, 1}}

func trig(c [3]int) []node {
	d := trigSteps[c[2]]
	return []node{{c[0], c[1]}, {c[0] + d[0], c[1] + d[1]}}
}

// twigSteps are the polytwig directions 0°, 120° and 240°.
var twigSteps = [3]node{{1, 0}, {-1, 1}, {0, -1}}

// twig: segment (x, y, z) starts at the lower left corner of polyhex
// (x, y), which lies one e60 below the hexagon's centre.
func twig(c [3]int) []node {
	x, y := c[0]-c[1], c[0]+2*c[1]-1
	d := twigSteps[c[2]]
	return []node{{x, y}, {x + d[0], y + d[1]}}
}
