package compile

import (
	"fmt"
	"slices"
)

// A Cell is one cell of a lattice in the lattice's own coordinates. Square
// cells use X and Y; Z is reserved for the lattices that need a third
// coordinate (cubes, triangles, segments).
type Cell [3]int

func (c Cell) add(d Cell) Cell { return Cell{c[0] + d[0], c[1] + d[1], c[2] + d[2]} }
func (c Cell) sub(d Cell) Cell { return Cell{c[0] - d[0], c[1] - d[1], c[2] - d[2]} }

// A Motion is a point symmetry of a lattice: a rotation, or a rotation
// followed by a reflection.
type Motion struct {
	Name    string
	Reflect bool
	apply   func(Cell) Cell
}

// Apply maps a cell. The result may be anywhere; Normalize puts a shape back
// at the origin.
func (m Motion) Apply(c Cell) Cell { return m.apply(c) }

// A Lattice is a family's grid: its cells, its motions and its translations.
type Lattice interface {
	Name() string
	// Motions lists the lattice's point group, identity first.
	Motions() []Motion
	// Normalize sorts a shape and translates it to the lattice's canonical
	// origin; it returns the translated shape and the translation applied.
	Normalize(cells []Cell) ([]Cell, Cell)
	// Offset returns the translation that takes cell from onto cell to, and
	// false when no translation of the lattice does.
	Offset(from, to Cell) (Cell, bool)
	// Neighbours lists the cells that share an edge with c, for connectivity.
	Neighbours(c Cell) []Cell
}

// LatticeByName returns the lattice with that name.
func LatticeByName(name string) (Lattice, error) {
	switch name {
	case "square":
		return square{}, nil
	case "cubic", "iamond", "hex", "stick", "trig", "twig":
		return nil, fmt.Errorf("lattice %q is not supported yet (supported: square)", name)
	}
	return nil, fmt.Errorf("unknown lattice %q (expected square, cubic, iamond, hex, stick, trig or twig)", name)
}

// square is the lattice of polyominoes.
type square struct{}

func (square) Name() string { return "square" }

var squareMotions = []Motion{
	{"identity", false, func(c Cell) Cell { return c }},
	{"rot90", false, func(c Cell) Cell { return Cell{-c[1], c[0], 0} }},
	{"rot180", false, func(c Cell) Cell { return Cell{-c[0], -c[1], 0} }},
	{"rot270", false, func(c Cell) Cell { return Cell{c[1], -c[0], 0} }},
	{"flipx", true, func(c Cell) Cell { return Cell{-c[0], c[1], 0} }},
	{"flipy", true, func(c Cell) Cell { return Cell{c[0], -c[1], 0} }},
	{"diag", true, func(c Cell) Cell { return Cell{c[1], c[0], 0} }},
	{"antidiag", true, func(c Cell) Cell { return Cell{-c[1], -c[0], 0} }},
}

func (square) Motions() []Motion { return squareMotions }

func (square) Normalize(cells []Cell) ([]Cell, Cell) {
	return normalizeBoundingBox(cells)
}

func (square) Offset(from, to Cell) (Cell, bool) { return to.sub(from), true }

func (square) Neighbours(c Cell) []Cell {
	return []Cell{{c[0] + 1, c[1], 0}, {c[0] - 1, c[1], 0}, {c[0], c[1] + 1, 0}, {c[0], c[1] - 1, 0}}
}

// normalizeBoundingBox serves the lattices whose every integer translation
// is a symmetry: it moves the shape's bounding box to the origin.
func normalizeBoundingBox(cells []Cell) ([]Cell, Cell) {
	if len(cells) == 0 {
		return nil, Cell{}
	}
	lo := cells[0]
	for _, c := range cells[1:] {
		for k := range lo {
			lo[k] = min(lo[k], c[k])
		}
	}
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = c.sub(lo)
	}
	slices.SortFunc(out, compareCells)
	return out, Cell{-lo[0], -lo[1], -lo[2]}
}

// compareCells orders cells by x, then y, then z: the order Polyform
// Puzzler lists a piece's coordinates in.
func compareCells(a, b Cell) int {
	for k := range a {
		if a[k] != b[k] {
			return a[k] - b[k]
		}
	}
	return 0
}

// transform applies a motion to a shape and normalizes the result.
func transform(l Lattice, m Motion, cells []Cell) []Cell {
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = m.Apply(c)
	}
	n, _ := l.Normalize(out)
	return n
}
