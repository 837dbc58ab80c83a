package compile

// The seven lattices of Polyform Puzzler. Each is a grid: an embedding of
// its cells as points, the point group acting on those points, and which
// cells touch.

var (
	rotate90  = matrix{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}
	mirrorX   = matrix{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	rotateX90 = matrix{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}
	// On axes 60° apart, (x, y) turns to (-y, x+y), and swapping the axes
	// is a reflection.
	rotate60 = matrix{{0, -1, 0}, {1, 1, 0}, {0, 0, 1}}
	swapXY   = matrix{{0, 1, 0}, {1, 0, 0}, {0, 0, 1}}

	squareGroup = group(rotate90, mirrorX)
	hexGroup    = group(rotate60, swapXY)

	// The symmetries a rule may name: on square axes all five that keep
	// a rectangle or a square; on axes 60° apart only the half-turn,
	// since which reflection is "left-right" depends on the drawing.
	halfTurn      = matrix{{-1, 0, 0}, {0, -1, 0}, {0, 0, 1}}
	squareNamed   = map[string]matrix{"half-turn": halfTurn, "left-right": mirrorX, "top-bottom": {{1, 0, 0}, {0, -1, 0}, {0, 0, 1}}, "diagonal": swapXY, "anti-diagonal": {{0, -1, 0}, {-1, 0, 0}, {0, 0, 1}}}
	hexagonsNamed = map[string]matrix{"half-turn": halfTurn}
)

func asPoint(c Cell) point { return point(c) }
func asCell(p point) Cell  { return Cell(p) }

// squareLattice holds polyominoes.
var squareLattice = (&grid{
	name: "square", dims: 2, flips: true, squares: true, deadRegions: true,
	family: "ominoes", picture: NamesPicture,
	colours: []colouring{{2, func(c Cell) int { return mod(c[0]+c[1], 2) }}},
	encode:  asPoint, decode: asCell, group: squareGroup, named: squareNamed,
	neighbours: func(c Cell) []Cell {
		return []Cell{{c[0] + 1, c[1], 0}, {c[0] - 1, c[1], 0}, {c[0], c[1] + 1, 0}, {c[0], c[1] - 1, 0}}
	},
	corners: func(c Cell) []Cell { return box(c, 2) },
}).build()

// box lists the cells that share at least a corner with c on square
// (dims 2) or cubic (dims 3) axes.
func box(c Cell, dims int) []Cell {
	var out []Cell
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			for dz := -1; dz <= 1; dz++ {
				if dz != 0 && dims < 3 || dx == 0 && dy == 0 && dz == 0 {
					continue
				}
				out = append(out, Cell{c[0] + dx, c[1] + dy, c[2] + dz})
			}
		}
	}
	return out
}

// cubicLattice holds polycubes: 24 rotations move pieces, and the 24
// reflections only boards.
var cubicLattice = (&grid{
	name: "cubic", dims: 3, flips: false, deadRegionsFirst: true,
	family: "cubes", picture: NamesPicture,
	colours: []colouring{{2, func(c Cell) int { return mod(c[0]+c[1]+c[2], 2) }}},
	encode:  asPoint, decode: asCell, group: group(rotate90, rotateX90, mirrorX),
	neighbours: func(c Cell) []Cell {
		var out []Cell
		for k := range 3 {
			for _, d := range []int{1, -1} {
				n := c
				n[k] += d
				out = append(out, n)
			}
		}
		return out
	},
	corners: func(c Cell) []Cell { return box(c, 3) },
}).build()

// hexLattice holds polyhexes, on axes 60° apart.
var hexLattice = (&grid{
	name: "hex", dims: 2, flips: true,
	family: "hexes", picture: SlantedPicture,
	colours: []colouring{{3, func(c Cell) int { return mod(c[0]-c[1], 3) }}},
	encode:  asPoint, decode: asCell, group: hexGroup, named: hexagonsNamed,
	neighbours: func(c Cell) []Cell {
		x, y := c[0], c[1]
		return []Cell{{x + 1, y, 0}, {x - 1, y, 0}, {x, y + 1, 0}, {x, y - 1, 0}, {x + 1, y - 1, 0}, {x - 1, y + 1, 0}}
	},
}).build()

// iamondLattice holds polyiamonds: triangle (x, y, 0) points up, with
// corners (x, y), (x+1, y), (x, y+1) on axes 60° apart; (x, y, 1) points
// down, with corners (x+1, y), (x, y+1), (x+1, y+1). A triangle is
// embedded as three times its centroid.
var iamondLattice = (&grid{
	name: "iamond", dims: 3, kinds: true, flips: true, deadRegions: true, balanceCheck: true,
	family: "iamonds", picture: PeakedPicture, colours: []colouring{{2, kind}},
	encode: func(c Cell) point { return point{3*c[0] + 1 + c[2], 3*c[1] + 1 + c[2], 0} },
	decode: func(p point) Cell {
		z := mod(p[0], 3) - 1
		return Cell{(p[0] - 1 - z) / 3, (p[1] - 1 - z) / 3, z}
	},
	group: hexGroup, named: hexagonsNamed,
	neighbours: func(c Cell) []Cell {
		x, y := c[0], c[1]
		if c[2] == 0 {
			return []Cell{{x, y, 1}, {x - 1, y, 1}, {x, y - 1, 1}}
		}
		return []Cell{{x + 1, y, 0}, {x, y + 1, 0}, {x, y, 0}}
	},
	corners: func(c Cell) []Cell {
		// The six triangles round each of c's three corners.
		x, y := c[0], c[1]
		corners := [][2]int{{x, y}, {x + 1, y}, {x, y + 1}}
		if c[2] == 1 {
			corners = [][2]int{{x + 1, y}, {x, y + 1}, {x + 1, y + 1}}
		}
		var out []Cell
		for _, v := range corners {
			a, b := v[0], v[1]
			out = append(out, Cell{a, b, 0}, Cell{a - 1, b, 0}, Cell{a, b - 1, 0}, Cell{a - 1, b, 1}, Cell{a, b - 1, 1}, Cell{a - 1, b - 1, 1})
		}
		return out
	},
}).build()

// stickLattice holds polysticks: segment (x, y, 0) runs from (x, y) to
// (x+1, y), and (x, y, 1) from (x, y) to (x, y+1). A segment is embedded
// as twice its midpoint.
var stickLattice = segmentGrid(&grid{
	name: "stick", family: "sticks", picture: SticksPicture, group: squareGroup, named: squareNamed,
	colours: []colouring{{2, kind}, {4, func(c Cell) int {
		// A horizontal segment (kind 0) lies in row y, a vertical one in
		// column x; a quarter turn takes rows to columns.
		return 2*c[2] + mod(c[1-c[2]], 2)
	}}},
}, &segmentGeometry{
	slots: 4,
	encode: func(c Cell) point {
		return point{2*c[0] + 1 - c[2], 2*c[1] + c[2], 0}
	},
	decode: func(p point) Cell {
		if odd(p[0]) {
			return Cell{(p[0] - 1) / 2, p[1] / 2, 0}
		}
		return Cell{p[0] / 2, (p[1] - 1) / 2, 1}
	},
	ends: func(c Cell) []vertex {
		return []vertex{{c[0], c[1], 0}, {c[0] + 1 - c[2], c[1] + c[2], 0}}
	},
	rays: func(v vertex) []ray {
		x, y := v[0], v[1]
		return []ray{{0, Cell{x, y, 0}}, {1, Cell{x, y, 1}}, {2, Cell{x - 1, y, 0}}, {3, Cell{x, y - 1, 1}}}
	},
})

// trigDirections are the (dx, dy) of the segments (x, y, z) of the
// triangular grid: 0°, 60° and 120°, on axes 60° apart.
var trigDirections = [3][2]int{{1, 0}, {0, 1}, {-1, 1}}

// trigLattice holds polytrigs: segment (x, y, z) runs from (x, y) in
// direction trigDirections[z].
var trigLattice = segmentGrid(&grid{
	name: "trig", family: "trigs", picture: PeakedPicture, group: hexGroup, named: hexagonsNamed, colours: []colouring{{3, kind}},
}, &segmentGeometry{
	slots: 6,
	encode: func(c Cell) point {
		d := trigDirections[c[2]]
		return point{2*c[0] + d[0], 2*c[1] + d[1], 0}
	},
	decode: func(p point) Cell {
		switch {
		case !odd(p[1]):
			return Cell{(p[0] - 1) / 2, p[1] / 2, 0}
		case !odd(p[0]):
			return Cell{p[0] / 2, (p[1] - 1) / 2, 1}
		}
		return Cell{(p[0] + 1) / 2, (p[1] - 1) / 2, 2}
	},
	ends: func(c Cell) []vertex {
		d := trigDirections[c[2]]
		return []vertex{{c[0], c[1], 0}, {c[0] + d[0], c[1] + d[1], 0}}
	},
	rays: func(v vertex) []ray {
		x, y := v[0], v[1]
		return []ray{{0, Cell{x, y, 0}}, {1, Cell{x, y, 1}}, {2, Cell{x, y, 2}},
			{3, Cell{x - 1, y, 0}}, {4, Cell{x, y - 1, 1}}, {5, Cell{x + 1, y - 1, 2}}}
	},
})

// twigDirections are the segments of the hexagonal grid from the lower
// left corner of hexagon (x, y), at 0°, 120° and 240°, in the basis of
// unit vectors at 0° and 60°.
var twigDirections = [3][2]int{{1, 0}, {-1, 1}, {0, -1}}

// twigLattice holds polytwigs. The corner (x, y) of segment (x, y, z) is
// the lower left corner of polyhex (x, y), a corner of the first of the
// grid's two classes; the other end is a corner of the second class, named
// (as vertex{x, y, 1}) after the first-class corner whose 0° segment ends
// there. A segment is embedded as twice its midpoint, in the basis of unit
// vectors at 0° and 60° with a hexagon's centre at the origin, so that the
// hexagonal group acts on it.
var twigLattice = segmentGrid(&grid{
	name: "twig", family: "twigs", deadRegionsFirst: true, picture: SlantedPicture, group: hexGroup, named: hexagonsNamed, colours: []colouring{{3, kind}},
}, &segmentGeometry{
	slots: 6,
	encode: func(c Cell) point {
		d := twigDirections[c[2]]
		return point{2*(c[0]-c[1]) + d[0], 2*(c[0]+2*c[1]-1) + d[1], 0}
	},
	decode: func(p point) Cell {
		z := 0
		switch {
		case odd(p[0]) && odd(p[1]):
			z = 1
		case !odd(p[0]):
			z = 2
		}
		d := twigDirections[z]
		m, n := (p[0]-d[0])/2, (p[1]-d[1])/2
		y := (n + 1 - m) / 3
		return Cell{m + y, y, z}
	},
	ends: func(c Cell) []vertex {
		x, y := c[0], c[1]
		switch c[2] {
		case 0:
			return []vertex{{x, y, 0}, {x, y, 1}}
		case 1:
			return []vertex{{x, y, 0}, {x - 1, y + 1, 1}}
		}
		return []vertex{{x, y, 0}, {x - 1, y, 1}}
	},
	rays: func(v vertex) []ray {
		x, y := v[0], v[1]
		if v[2] == 0 {
			return []ray{{0, Cell{x, y, 0}}, {2, Cell{x, y, 1}}, {4, Cell{x, y, 2}}}
		}
		return []ray{{1, Cell{x + 1, y, 2}}, {3, Cell{x, y, 0}}, {5, Cell{x + 1, y - 1, 1}}}
	},
})

func odd(n int) bool { return n&1 != 0 }

// mod is the remainder with the sign of the divisor.
func mod(a, b int) int { return (a%b + b) % b }
