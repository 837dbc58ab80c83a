package compile

import (
	"fmt"
	"slices"
	"strings"
)

// A Cell is one cell of a lattice in the lattice's own coordinates, as
// Polyform Puzzler writes them: x and y for squares and hexagons (z is 0);
// x, y, z for cubes; and for triangles and unit segments x, y and a third
// coordinate that says which kind of cell sits at (x, y): a triangle's
// orientation or a segment's direction.
//
// It is the one position type of the polyform lattices: an alias, so that
// emit and the record reader, which cannot name compile's types, take the
// same [3]int without conversions.
type Cell = [3]int

func plus(c, d Cell) Cell  { return Cell{c[0] + d[0], c[1] + d[1], c[2] + d[2]} }
func minus(c, d Cell) Cell { return Cell{c[0] - d[0], c[1] - d[1], c[2] - d[2]} }

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
	// Dims is the number of coordinates a cell is written with: 2 or 3.
	Dims() int
	// Motions lists the lattice's point group, identity first, then the
	// other rotations, then the motions that reflect. The whole group maps
	// boards onto themselves; pieces use the part PieceMotions allows.
	Motions() []Motion
	// Flips reports whether a free piece may be turned over. A polycube
	// cannot: its mirror image is another piece (Soma's a and b), though a
	// reflection of the board may still be a symmetry of a puzzle.
	Flips() bool
	// Normalize sorts a shape and translates it to the lattice's canonical
	// origin; it returns the translated shape and the translation applied.
	Normalize(cells []Cell) ([]Cell, Cell)
	// Offset returns the translation that takes cell from onto cell to, and
	// false when no translation of the lattice does.
	Offset(from, to Cell) (Cell, bool)
	// Neighbours lists the cells joined to c: those sharing an edge (a face
	// for cubes, an end point for segments).
	Neighbours(c Cell) []Cell
	// Kinds is how many kinds of cell the third coordinate tells apart at
	// each (x, y): a triangle's two orientations, a segment's directions;
	// 0 where it is a position (cubes) or absent.
	Kinds() int
	// Squares reports whether the cells are the unit squares of the plane,
	// the cells a board's size and art describe, and the only ones a
	// Polyform Puzzler tube wraps.
	Squares() bool
	// Family is the folder of Polyform Puzzler's solution files for the
	// lattice's polyforms, such as "ominoes".
	Family() string
	// Picture is how Polyform Puzzler's text picture of a solution looks.
	Picture() Picture
	// Block lists the cells of a w by h block (w by h by d where the third
	// coordinate is a position; else d is 1), x first, then y, then the
	// third coordinate; a segment lattice's block is the segments between
	// the grid points (0..w, 0..h). Nil where the lattice has none.
	Block(w, h, d int) []Cell
	// Claims names the corner slots a piece placed on cells claims besides
	// its cells: for segment lattices, the corners where it runs through a
	// grid point; two pieces cross exactly when they claim a common slot.
	// Nil elsewhere.
	Claims(cells []Cell) []string
	// crossings gives the secondary items that keep a puzzle's placements
	// from crossing, by name, and each placement's items: the conflicts
	// Claims says, with far fewer items and entries (see
	// segmentGeometry.crossings). None elsewhere.
	// It sees placement i's cells by calling placement(i) for i below n,
	// and returns nil items when the lattice has none.
	crossings(n int, placement func(i int) []Cell) (names []string, items [][]int32)
	// colourings are the lattice's colourings for pruneByBalance.
	colourings() []colouring
}

// A Picture is a kind of Polyform Puzzler text picture.
type Picture int

const (
	// NamesPicture is a grid of piece names (squares and cubes).
	NamesPicture Picture = iota
	// SticksPicture draws segments as "-X-" and "|" (polysticks).
	SticksPicture
	// SlantedPicture draws walls of "/" and "\\" that never meet side by
	// side (polyhexes, polytwigs: the hexagonal grid has no such corner).
	SlantedPicture
	// PeakedPicture draws walls of "/" and "\\" that meet in peaks, "/\\"
	// or "\\/" (polyiamonds, polytrigs).
	PeakedPicture
)

// Lattices lists every lattice by name, in the order the FAQ tables do.
var Lattices = []Lattice{squareLattice, cubicLattice, iamondLattice, hexLattice, stickLattice, trigLattice, twigLattice}

// LatticeByName returns the lattice with that name.
func LatticeByName(name string) (Lattice, error) {
	var names []string
	for _, l := range Lattices {
		if l.Name() == name {
			return l, nil
		}
		names = append(names, l.Name())
	}
	return nil, fmt.Errorf("unknown lattice %q (expected %s)", name, strings.Join(names, ", "))
}

// PieceMotions lists the motions a piece may make: rotations only when the
// set is one-sided or the lattice cannot turn pieces over.
func PieceMotions(l Lattice, oneSided bool) []Motion {
	if oneSided || !l.Flips() {
		return slices.DeleteFunc(slices.Clone(l.Motions()), func(m Motion) bool { return m.Reflect })
	}
	return l.Motions()
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

// Transform applies a motion to a shape and normalizes the result.
func Transform(l Lattice, m Motion, cells []Cell) []Cell {
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = m.Apply(c)
	}
	n, _ := l.Normalize(out)
	return n
}

// CellName is a cell's item name: its coordinates joined by commas, as
// Polyform Puzzler writes them ("3,1"); the third coordinate only where the
// lattice has one.
func CellName(c Cell, l Lattice) string {
	parts := make([]string, l.Dims())
	for k := range parts {
		parts[k] = fmt.Sprint(c[k])
	}
	return strings.Join(parts, ",")
}
