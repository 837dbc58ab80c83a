package compile

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// A Shape is a named polyform in its canonical position.
type Shape struct {
	Name  string
	Cells []Cell
}

// Order is the number of cells.
func (s Shape) Order() int { return len(s.Cells) }

// squareShapes lists the polyominoes Polyform Puzzler names, smallest first,
// drawn with the top row first. The chiral pieces are drawn in the
// handedness Polyform Puzzler gives the upper-case name; the lower-case name
// is the mirror image.
var squareShapes = []struct{ name, art string }{
	{"O1", "#"},
	{"I2", "##"},
	{"I3", "###"},
	{"V3", "#./##"},
	{"I4", "####"},
	{"L4", "#./#./##"},
	{"O4", "##/##"},
	{"T4", "###/.#."},
	{"Z4", "##./.##"},
	{"F", ".##/##./.#."},
	{"I", "#####"},
	{"L", "#./#./#./##"},
	{"N", "#./#./##/.#"},
	{"P", "##/##/.#"},
	{"T", "###/.#./.#."},
	{"U", "#.#/###"},
	{"V", "#../#../###"},
	{"W", "#../##./.##"},
	{"X", ".#./###/.#."},
	{"Y", ".#/##/.#/.#"},
	{"Z", "##./.#./.##"},
}

// ArtCells reads '#' cells from lines of art whose first line is the top row:
// the last line is y = 0, as in Polyform Puzzler's pictures.
func ArtCells(lines []string) []Cell {
	var cells []Cell
	for i, line := range lines {
		y := len(lines) - 1 - i
		for x, r := range []rune(line) {
			if r == '#' {
				cells = append(cells, Cell{x, y, 0})
			}
		}
	}
	slices.SortFunc(cells, compareCells)
	return cells
}

// A Library is the set of named shapes of one lattice.
type Library struct {
	lattice Lattice
	shapes  []Shape // free shapes, by order then in conventional order
	byName  map[string]int
}

func newLibrary(l Lattice, defs []struct{ name, art string }) *Library {
	lib := &Library{lattice: l, byName: map[string]int{}}
	for _, d := range defs {
		cells, _ := l.Normalize(ArtCells(strings.Split(d.art, "/")))
		lib.byName[d.name] = len(lib.shapes)
		lib.shapes = append(lib.shapes, Shape{d.name, cells})
	}
	return lib
}

// LibraryFor returns the named pieces of a lattice.
func LibraryFor(l Lattice) *Library {
	switch l.(type) {
	case square:
		return squareLibrary
	}
	return &Library{lattice: l, byName: map[string]int{}}
}

var squareLibrary = newLibrary(square{}, squareShapes)

// Order returns the shapes of one order in conventional order.
func (lib *Library) Order(n int) []Shape {
	var out []Shape
	for _, s := range lib.shapes {
		if s.Order() == n {
			out = append(out, s)
		}
	}
	return out
}

// Orders reports the highest order the library names.
func (lib *Library) MaxOrder() int {
	m := 0
	for _, s := range lib.shapes {
		m = max(m, s.Order())
	}
	return m
}

// Lookup finds a shape by name. A lower-case name whose upper-case form is a
// chiral piece names its mirror image; it is only meaningful for one-sided
// sets, which the caller checks.
func (lib *Library) Lookup(name string) (Shape, bool) {
	if i, ok := lib.byName[name]; ok {
		return lib.shapes[i], true
	}
	upper := strings.ToUpper(name)
	i, ok := lib.byName[upper]
	if !ok || upper == name || !lib.Chiral(lib.shapes[i]) {
		return Shape{}, false
	}
	return lib.Mirror(lib.shapes[i]), true
}

// Chiral reports whether a shape differs from its mirror image under the
// lattice's rotations.
func (lib *Library) Chiral(s Shape) bool {
	m := lib.Mirror(s)
	for _, r := range lib.lattice.Motions() {
		if !r.Reflect && slices.Equal(transform(lib.lattice, r, m.Cells), s.Cells) {
			return false
		}
	}
	return true
}

// Mirror returns the mirror image of a shape, named by swapping the case of
// its first letter (Polyform Puzzler's convention: P and p).
func (lib *Library) Mirror(s Shape) Shape {
	var reflect Motion
	for _, m := range lib.lattice.Motions() {
		if m.Reflect {
			reflect = m
			break
		}
	}
	return Shape{swapFirstCase(s.Name), transform(lib.lattice, reflect, s.Cells)}
}

func swapFirstCase(name string) string {
	r := []rune(name)
	if unicode.IsUpper(r[0]) {
		r[0] = unicode.ToLower(r[0])
	} else {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}

// OneSided expands a list of free shapes into a one-sided set: every chiral
// shape is followed by its mirror image.
func (lib *Library) OneSided(shapes []Shape) []Shape {
	var out []Shape
	for _, s := range shapes {
		out = append(out, s)
		if lib.Chiral(s) {
			out = append(out, lib.Mirror(s))
		}
	}
	return out
}

// errUnknownPiece builds the error for a name the library does not know.
func (lib *Library) errUnknownPiece(name string) error {
	var names []string
	for _, s := range lib.shapes {
		names = append(names, s.Name)
	}
	return fmt.Errorf("unknown piece %q (the %s lattice names %s)", name, lib.lattice.Name(), strings.Join(names, ", "))
}
