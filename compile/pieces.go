package compile

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/polyspec/polyspec/internal/record"
)

// A Shape is a named polyform in its canonical position.
type Shape struct {
	Name  string
	Cells []Cell
}

// Order is the number of cells.
func (s Shape) Order() int { return len(s.Cells) }

// A shapeDef is a named shape as Polyform Puzzler places it, in the
// lattice's coordinates: "x,y[,z] x,y[,z] ...".
type shapeDef struct{ name, cells string }

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

// ParseCells reads cells written as Polyform Puzzler writes them: "x,y" or
// "x,y,z", separated by spaces or newlines.
func ParseCells(text string) ([]Cell, error) {
	var cells []Cell
	for _, f := range strings.Fields(text) {
		parts := strings.Split(f, ",")
		if len(parts) < 2 || len(parts) > 3 {
			return nil, fmt.Errorf("expected a cell like 3,1 or 3,1,0, found %q", f)
		}
		var c Cell
		for k, p := range parts {
			v, err := record.ParseCoord(p)
			if err != nil {
				return nil, fmt.Errorf("in the cell %q: %v", f, err)
			}
			c[k] = v
		}
		cells = append(cells, c)
	}
	return cells, nil
}

// A Library is the set of named shapes of one lattice, and its named sets
// of pieces ("soma", "hexiamonds").
type Library struct {
	lattice Lattice
	shapes  []Shape // free shapes, by order then in conventional order
	byName  map[string]int
	sets    map[string][]Shape
	// defined are shapes a spec names itself (see Define); they belong to
	// no order, so only their names bring them into a puzzle.
	defined map[string]Shape
}

// Define returns a copy of the library that also knows shapes by the names
// a spec gives them. A defined name hides a shape of the same name in the
// library, since the spec's author chose it for this puzzle.
func (lib *Library) Define(shapes []Shape) *Library {
	out := *lib
	out.defined = map[string]Shape{}
	for _, s := range shapes {
		s.Cells, _ = lib.lattice.Normalize(s.Cells)
		out.defined[s.Name] = s
	}
	return &out
}

// own finds a shape by one of the names the library gives shapes itself.
func (lib *Library) own(name string) (Shape, bool) {
	if s, ok := lib.defined[name]; ok {
		return s, true
	}
	if i, ok := lib.byName[name]; ok {
		return lib.shapes[i], true
	}
	return Shape{}, false
}

// A setDef names a set of pieces: every piece of one order, the pieces of
// a list of definitions (which may name shapes the lattice's own names do
// not, as Soma's pieces are named apart from the tetracubes), or the
// lattice's pieces with given names.
type setDef struct {
	order  int
	shapes []shapeDef
	names  string
	filter func(Shape) bool
}

func newLibrary(l Lattice, defs []shapeDef, sets map[string]setDef) *Library {
	lib := &Library{lattice: l, byName: map[string]int{}, sets: map[string][]Shape{}}
	lib.shapes = parseShapes(l, defs)
	for i, s := range lib.shapes {
		lib.byName[s.Name] = i
	}
	for name, d := range sets {
		var set []Shape
		switch {
		case d.shapes != nil:
			set = parseShapes(l, d.shapes)
		case d.names != "":
			for _, n := range strings.Fields(d.names) {
				set = append(set, lib.shapes[lib.byName[n]])
			}
		default:
			set = lib.Order(d.order)
		}
		if d.filter != nil {
			set = slices.DeleteFunc(set, func(s Shape) bool { return !d.filter(s) })
		}
		lib.sets[name] = set
	}
	return lib
}

func parseShapes(l Lattice, defs []shapeDef) []Shape {
	out := make([]Shape, len(defs))
	for i, d := range defs {
		cells, err := ParseCells(d.cells)
		if err != nil {
			panic(fmt.Sprintf("shape %s: %v", d.name, err))
		}
		cells, _ = l.Normalize(cells)
		out[i] = Shape{d.name, cells}
	}
	return out
}

// LibraryFor returns the named pieces of a lattice.
func LibraryFor(l Lattice) *Library { return libraries()[l] }

var libraries = sync.OnceValue(func() map[Lattice]*Library {
	orders := func(names ...string) map[string]setDef {
		m := map[string]setDef{}
		for i, n := range names {
			m[n] = setDef{order: i + 1}
		}
		return m
	}
	with := func(m map[string]setDef, more map[string]setDef) map[string]setDef {
		maps.Copy(m, more)
		return m
	}
	return map[Lattice]*Library{
		squareLattice: newLibrary(squareLattice, append(slices.Clone(squareShapes), hexominoShapes...),
			orders("monominoes", "dominoes", "trominoes", "tetrominoes", "pentominoes", "hexominoes")),
		iamondLattice: newLibrary(iamondLattice, iamondShapes,
			orders("moniamonds", "diamonds", "triamonds", "tetriamonds", "pentiamonds", "hexiamonds", "heptiamonds")),
		hexLattice: newLibrary(hexLattice, hexShapes,
			orders("monohexes", "dihexes", "trihexes", "tetrahexes", "pentahexes", "hexahexes")),
		stickLattice: newLibrary(stickLattice, stickShapes, with(
			orders("monosticks", "disticks", "tristicks", "tetrasticks"),
			map[string]setDef{"weldedtetrasticks": {order: 4, filter: func(s Shape) bool { return stickLattice.segments.welded(s.Cells) }}})),
		trigLattice: newLibrary(trigLattice, trigShapes,
			orders("monotrigs", "ditrigs", "tritrigs")),
		twigLattice: newLibrary(twigLattice, twigShapes, with(
			orders("monotwigs", "ditwigs", "tritwigs", "tetratwigs", "pentatwigs", "hexatwigs"),
			map[string]setDef{
				// Quasi-polytwigs may join at a point where a third segment
				// would be needed to connect them.
				"quasiditwigs":  {shapes: quasiTwigShapes, filter: func(s Shape) bool { return s.Order() == 2 }},
				"quasitritwigs": {shapes: quasiTwigShapes, filter: func(s Shape) bool { return s.Order() == 3 }},
			})),
		cubicLattice: newLibrary(cubicLattice, cubicShapes, map[string]setDef{
			"soma":             {shapes: somaShapes},
			"tetracubes":       {shapes: tetracubeShapes},
			"diabolical":       {shapes: diabolicalShapes},
			"pentacubes":       {order: 5},
			"solidpentominoes": {names: "F I L N P T U V W X Y Z"},
			// The pentacubes under the names of Polyform Puzzler's polycube
			// puzzles (A5, J15, ...), and the planar hexacubes.
			"polycubes5":      {shapes: polycube5Shapes},
			"solidhexominoes": {shapes: solidHexominoShapes},
		}),
	}
})

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

// MaxOrder reports the highest order the library names.
func (lib *Library) MaxOrder() int {
	m := 0
	for _, s := range lib.shapes {
		m = max(m, s.Order())
	}
	return m
}

// Sets lists the names of the library's named sets, sorted.
func (lib *Library) Sets() []string { return slices.Sorted(maps.Keys(lib.sets)) }

// Set returns a named set of pieces.
func (lib *Library) Set(name string) ([]Shape, bool) {
	s, ok := lib.sets[name]
	return s, ok
}

// Lookup finds a shape by name: one of the lattice's own names; a
// lower-case name whose upper-case form is a chiral piece, naming its mirror
// image (only meaningful for one-sided sets, which the caller checks); or
// the name a single named set gives a piece, such as Soma's "a".
func (lib *Library) Lookup(name string) (Shape, bool) {
	if s, ok := lib.own(name); ok {
		return s, true
	}
	upper := strings.ToUpper(name)
	if s, ok := lib.own(upper); ok && upper != name && lib.lattice.Flips() && lib.Chiral(s) {
		return lib.Mirror(s), true
	}
	var found []Shape
	for _, set := range lib.sets {
		for _, s := range set {
			if s.Name == name && !slices.ContainsFunc(found, func(f Shape) bool { return slices.Equal(f.Cells, s.Cells) }) {
				found = append(found, s)
			}
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return Shape{}, false
}

// Named reports whether name is one of the lattice's own names or a name a
// named set gives, rather than a mirror image's lower-case name.
func (lib *Library) Named(name string) bool {
	if _, ok := lib.own(name); ok {
		return true
	}
	for _, set := range lib.sets {
		if slices.ContainsFunc(set, func(s Shape) bool { return s.Name == name }) {
			return true
		}
	}
	return false
}

// Chiral reports whether a shape differs from its mirror image under the
// lattice's rotations.
func (lib *Library) Chiral(s Shape) bool {
	m := lib.Mirror(s)
	for _, r := range PieceMotions(lib.lattice, true) {
		if slices.Equal(Transform(lib.lattice, r, m.Cells), s.Cells) {
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
	return Shape{swapFirstCase(s.Name), Transform(lib.lattice, reflect, s.Cells)}
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
// shape is followed by its mirror image. On a lattice that never turns
// pieces over the list is already one-sided.
func (lib *Library) OneSided(shapes []Shape) []Shape {
	if !lib.lattice.Flips() {
		return shapes
	}
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
	return fmt.Errorf("unknown piece %q (the %s lattice names %s)", name, lib.lattice.Name(), lib.exampleNames())
}

// exampleNames lists the first piece names and every set name, for
// messages: a lattice may name hundreds of pieces.
func (lib *Library) exampleNames() string {
	var names []string
	for _, s := range lib.shapes {
		names = append(names, s.Name)
	}
	names = append(names, slices.Sorted(maps.Keys(lib.defined))...)
	const shown = 24
	text := strings.Join(names[:min(len(names), shown)], ", ")
	if len(names) > shown {
		text += fmt.Sprintf(", … (%d pieces in all)", len(names))
	}
	if sets := lib.Sets(); len(sets) > 0 {
		text += "; and the sets " + strings.Join(sets, ", ")
	}
	return text
}
