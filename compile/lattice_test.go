package compile_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile"
)

// TestMotions checks each lattice's point group: its size, that rotations
// come before reflections, and that every motion maps cells to cells
// one-to-one and keeps neighbours neighbours.
func TestMotions(t *testing.T) {
	for _, c := range []struct {
		lattice              string
		rotations, reflected int
	}{
		{"square", 4, 4}, {"cubic", 24, 24}, {"hex", 6, 6}, {"iamond", 6, 6},
		{"stick", 4, 4}, {"trig", 6, 6}, {"twig", 6, 6},
	} {
		l, err := compile.LatticeByName(c.lattice)
		if err != nil {
			t.Fatal(err)
		}
		ms := l.Motions()
		if len(ms) != c.rotations+c.reflected || ms[c.rotations-1].Reflect || !ms[c.rotations].Reflect {
			t.Errorf("%s: %d motions, want %d rotations then %d reflections", c.lattice, len(ms), c.rotations, c.reflected)
		}
		shape, _ := compile.Enumerate(l, 4, false)
		for _, m := range ms {
			for _, cell := range shape[len(shape)-1] {
				for _, nb := range l.Neighbours(cell) {
					if !slices.Contains(l.Neighbours(m.Apply(cell)), m.Apply(nb)) {
						t.Errorf("%s %s: %v and %v stop touching", c.lattice, m.Name, cell, nb)
					}
				}
			}
		}
	}
}

// TestClaims checks the no-crossing rule on the segment lattices: pieces
// that cross at a point claim a common secondary item, pieces that touch
// do not.
func TestClaims(t *testing.T) {
	for _, c := range []struct {
		lattice string
		a, b    string
		cross   bool
	}{
		{"stick", "0,1,0 1,1,0", "1,0,1 1,1,1", true},  // + through (1,1)
		{"stick", "0,1,0 1,1,0", "1,1,1", false},       // T: b ends at (1,1)
		{"stick", "0,1,0 1,0,1", "1,1,0 1,1,1", false}, // two corners back to back
		{"trig", "0,1,0 1,1,0", "1,1,1 1,0,1", true},   // straight across straight
		{"trig", "0,1,0 1,1,0", "1,1,1 1,1,2", false},  // b bends above a's line
		{"trig", "0,1,0 1,1,0", "1,1,1 2,0,2", true},   // b bends across a's line
		{"trig", "1,1,0 1,1,2", "0,1,0 1,0,1", false},  // wedges on opposite sides
		{"twig", "0,0,0 0,0,1", "0,0,2", false},        // nothing crosses on hexagons
	} {
		l, _ := compile.LatticeByName(c.lattice)
		a, _ := compile.ParseCells(c.a)
		b, _ := compile.ParseCells(c.b)
		ca, cb := l.Claims(a), l.Claims(b)
		common := slices.ContainsFunc(ca, func(s string) bool { return slices.Contains(cb, s) })
		if common != c.cross {
			t.Errorf("%s %s / %s: claims %v / %v, crossing %v", c.lattice, c.a, c.b, ca, cb, c.cross)
		}
	}
}

// TestSets checks the named sets and the names they give.
func TestSets(t *testing.T) {
	for _, c := range []struct {
		lattice, set string
		names        string
	}{
		{"cubic", "soma", "V L T Z a b p"},
		{"cubic", "tetracubes", "I L O S T V1 V2 V3"},
		{"cubic", "solidpentominoes", "F I L N P T U V W X Y Z"},
		{"stick", "weldedtetrasticks", "F H R T X Y"},
		{"iamond", "hexiamonds", "C6 E6 F6 G6 H6 I6 J6 O6 P6 S6 V6 X6"},
		{"hex", "tetrahexes", "I4 J4 O4 P4 S4 U4 Y4"},
		{"trig", "tritrigs", "C3 E3 I3 J3 L3 O3 P3 S3 T3 U3 Y3 Z3"},
		{"twig", "pentatwigs", "C5 H5 I5 L5 P5 R5 S5 T5 U5 W5 X5 Y5"},
	} {
		l, _ := compile.LatticeByName(c.lattice)
		set, ok := compile.LibraryFor(l).Set(c.set)
		var names []string
		for _, s := range set {
			names = append(names, s.Name)
		}
		slices.Sort(names)
		want := strings.Fields(c.names)
		slices.Sort(want)
		if !ok || !slices.Equal(names, want) {
			t.Errorf("%s %s: %v, want %v", c.lattice, c.set, names, want)
		}
	}
}

// TestLatticeRegistry checks what the registry answers for the readers and
// the command line in place of switching on names: a 2 by 2 (by 2) block,
// how many kinds of cell there are, and Polyform Puzzler's family folder.
func TestLatticeRegistry(t *testing.T) {
	want := map[string]struct {
		block, kinds int
		family       string
	}{
		"square": {4, 0, "ominoes"},
		"cubic":  {8, 0, "cubes"},
		"iamond": {8, 2, "iamonds"},
		"hex":    {4, 0, "hexes"},
		"stick":  {12, 2, "sticks"}, // 6 across and 6 up between 3 by 3 points
		"trig":   {16, 3, "trigs"},  // and 4 slanting
		"twig":   {0, 3, "twigs"},   // no block of the hexagonal grid
	}
	for _, l := range compile.Lattices {
		w := want[l.Name()]
		if got := len(l.Block(2, 2, 2)); got != w.block || l.Kinds() != w.kinds || l.Family() != w.family {
			t.Errorf("%s: block of %d cells, %d kinds, family %q; want %d, %d, %q", l.Name(), got, l.Kinds(), l.Family(), w.block, w.kinds, w.family)
		}
	}
}
