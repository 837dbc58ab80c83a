package compile

import (
	"fmt"
	"slices"
)

// A point is a position in a lattice's embedding: integer coordinates in a
// basis where the lattice's point group acts by integer matrices. Each
// lattice maps a cell to a point that the group permutes exactly like the
// cells: its centre for cubes, squares and hexagons, three times its
// centroid for triangles, twice its midpoint for segments.
type point [3]int

// A matrix acts on points; its rows give the image's coordinates.
type matrix [3][3]int

func (m matrix) apply(p point) point {
	var q point
	for i := range 3 {
		q[i] = m[i][0]*p[0] + m[i][1]*p[1] + m[i][2]*p[2]
	}
	return q
}

func (m matrix) mul(n matrix) matrix {
	var out matrix
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				out[i][j] += m[i][k] * n[k][j]
			}
		}
	}
	return out
}

func (m matrix) det() int {
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}

var identity = matrix{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

// group closes a set of generators under multiplication and lists the
// result identity first, then the rotations, then the reflections, each in
// the order they were found, so that motions have stable names.
func group(gens ...matrix) []matrix {
	all := []matrix{identity}
	for i := 0; i < len(all); i++ {
		for _, g := range gens {
			if m := all[i].mul(g); !slices.Contains(all, m) {
				all = append(all, m)
			}
		}
	}
	slices.SortStableFunc(all, func(a, b matrix) int { return b.det() - a.det() })
	return all
}

// A grid is a lattice given by its embedding: every lattice of the package
// is one, and they differ only in the data below.
type grid struct {
	name string
	dims int
	// kinds is true when the third coordinate names a kind of cell at
	// (x, y) rather than a position: translations keep it.
	kinds      bool
	flips      bool
	squares    bool
	family     string
	picture    Picture
	colours    []colouring
	encode     func(Cell) point
	decode     func(point) Cell
	group      []matrix
	neighbours func(Cell) []Cell
	// corners, when set, lists the cells that share at least a point
	// with a cell, for the rules of pieces that may not touch even at a
	// corner; where it is nil, cells touch only as neighbours do.
	corners func(Cell) []Cell
	// named gives the board symmetries a rule may name (see
	// grammar.SymmetryNames) as matrices of group.
	named map[string]matrix
	// segments is set for the lattices of unit segments.
	segments *segmentGeometry
	motions  []Motion
	// deadRegions is true where giving a search cover.Cells by default
	// (HintByLattice) was measured to pay: squares and triangles,
	// whose pieces often cut off a region that algx's choice of the item
	// with the fewest options does not see to be dead at once. On the
	// other lattices the check cost more than the nodes it saved (see
	// bench/results/dead-regions.md).
	deadRegions bool
	// deadRegionsFirst is true where the check was measured to pay for
	// a first solution (HintByLatticeFirst) though not for a count:
	// twigs, where it found 142 of the catalogue's 168 first solutions
	// within 5 s of CPU against 140 without it, losing none
	// (bench/results/first-solutions.md); and cubes, where the
	// cells it gives let the restarts try the snuggest options first
	// (194 of 201 against 193, bench/results/first-solutions.md).
	deadRegionsFirst bool
	// balanceCheck is true where giving a search cover.Colourings by
	// default (HintByLattice) was measured to pay: triangles, up and
	// down, where it took up to a seventh off the nodes and never cost
	// time. On sticks it took a tenth off the 6×6 tetrasticks' time but
	// added 3–4 % to the diamond lattice's, whose tree it does not
	// shrink; elsewhere (squares, cubes, hexagons, trigs, twigs) it
	// pruned under 1 % of the nodes and cost 2 to 12 % more time (see
	// bench/results/balance.md).
	balanceCheck bool
}

// build fills in the motions from the group and the embedding.
func (g *grid) build() *grid {
	rotations, reflections := 0, 0
	for _, m := range g.group {
		name := fmt.Sprintf("rotation %d", rotations)
		if m.det() < 0 {
			name = fmt.Sprintf("reflection %d", reflections)
			reflections++
		} else {
			rotations++
		}
		g.motions = append(g.motions, Motion{name, m.det() < 0, func(c Cell) Cell { return g.decode(m.apply(g.encode(c))) }})
	}
	return g
}

func (g *grid) Name() string             { return g.name }
func (g *grid) Dims() int                { return g.dims }
func (g *grid) Motions() []Motion        { return g.motions }
func (g *grid) Flips() bool              { return g.flips }
func (g *grid) Neighbours(c Cell) []Cell { return g.neighbours(c) }
func (g *grid) String() string           { return g.name }
func (g *grid) Squares() bool            { return g.squares }
func (g *grid) Family() string           { return g.family }
func (g *grid) Picture() Picture         { return g.picture }
func (g *grid) colourings() []colouring  { return g.colours }
func (g *grid) Claims(cells []Cell) []string {
	if g.segments == nil {
		return nil
	}
	return g.segments.claims(cells)
}

func (g *grid) crossings(n int, placement func(int) []Cell) ([]string, [][]int32) {
	if g.segments == nil {
		return nil, nil
	}
	return g.segments.crossings(n, placement)
}

// Normalize moves the shape's bounding box to the origin, in the
// coordinates that translations change.
func (g *grid) Normalize(cells []Cell) ([]Cell, Cell) {
	if len(cells) == 0 {
		return nil, Cell{}
	}
	lo := cells[0]
	for _, c := range cells[1:] {
		for k := range lo {
			lo[k] = min(lo[k], c[k])
		}
	}
	if g.kinds {
		lo[2] = 0
	}
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = minus(c, lo)
	}
	slices.SortFunc(out, compareCells)
	return out, Cell{-lo[0], -lo[1], -lo[2]}
}

func (g *grid) Offset(from, to Cell) (Cell, bool) {
	d := minus(to, from)
	return d, !g.kinds || d[2] == 0
}

func (g *grid) Kinds() int {
	switch {
	case g.segments != nil:
		return g.segments.slots / 2 // a direction, either way round
	case g.kinds:
		return 2 // a triangle points up or down
	}
	return 0
}

func (g *grid) Block(w, h, d int) []Cell {
	zs := max(g.Kinds(), 1)
	if g.dims == 3 && !g.kinds {
		zs = d
	}
	var cells []Cell
	for x := range w + 1 {
		for y := range h + 1 {
			for z := range zs {
				if c := (Cell{x, y, z}); g.inBlock(c, w, h) {
					cells = append(cells, c)
				}
			}
		}
	}
	return cells
}

// inBlock reports whether a cell lies in the w by h block: a tile's
// corner (x, y) in [0, w) by [0, h), a segment's two ends in the grid
// points [0, w] by [0, h]; a segment lattice with two classes of grid
// points (the hexagonal grid) has no block.
func (g *grid) inBlock(c Cell, w, h int) bool {
	if g.segments == nil {
		return c[0] < w && c[1] < h
	}
	for _, v := range g.segments.ends(c) {
		if v[0] < 0 || v[0] > w || v[1] < 0 || v[1] > h || v[2] != 0 {
			return false
		}
	}
	return true
}
