package compile_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/internal/record"
)

// TestShapesMatchPuzzler checks every named polyomino against the pieces in
// Polyform Puzzler's own solutions: free pieces up to any motion, one-sided
// pieces (and so the handedness of P versus p) up to rotation only.
func TestShapesMatchPuzzler(t *testing.T) {
	sq, _ := compile.LatticeByName("square")
	lib := compile.LibraryFor(sq)
	seen := map[string]bool{}
	for _, c := range []struct {
		file     string
		oneSided bool
	}{
		{"pentominoes-6x10.txt", false},
		{"polyominoes-1234-square-plus.txt", false},
		{"polyominoes-123-square.txt", false},
		{"one-sided-pentominoes-3x30.txt", true},
		{"one-sided-polyominoes-234-square.txt", true},
	} {
		f, err := os.Open(filepath.Join(solutionsDir, "ominoes", c.file))
		if err != nil {
			t.Fatal(err)
		}
		recs, err := record.Read(f, c.file, 1)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range recs[0].Pieces {
			shape, ok := lib.Lookup(p.Name)
			if !ok {
				t.Errorf("%s: piece %s unknown", c.file, p.Name)
				continue
			}
			cells := make([]compile.Cell, len(p.Cells))
			for i, x := range p.Cells {
				cells[i] = compile.Cell(x)
			}
			if !congruent(sq, shape.Cells, cells, c.oneSided) {
				t.Errorf("%s: piece %s %v is not our %v (one-sided %v)", c.file, p.Name, cells, shape.Cells, c.oneSided)
			}
			seen[p.Name] = true
		}
	}
	for _, n := range []string{"O1", "I2", "I3", "V3", "I4", "L4", "O4", "T4", "Z4", "l4", "z4",
		"F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z", "f", "l", "n", "p", "y", "z"} {
		if !seen[n] {
			t.Errorf("piece %s not checked against a reference file", n)
		}
	}
}

func congruent(l compile.Lattice, a, b []compile.Cell, oneSided bool) bool {
	target, _ := l.Normalize(b)
	for _, m := range l.Motions() {
		if oneSided && m.Reflect {
			continue
		}
		img := make([]compile.Cell, len(a))
		for i, c := range a {
			img[i] = m.Apply(c)
		}
		if n, _ := l.Normalize(img); slices.Equal(n, target) {
			return true
		}
	}
	return false
}

// TestSetsMatchPuzzler checks the pieces read from Polyform Puzzler's
// solution files (sets_data.go) against those files: each piece of a set is
// the piece of that name in the file's first solution, in the same position
// up to translation (upper-case names only where the file is one-sided, as
// the lower-case ones are their mirror images).
func TestSetsMatchPuzzler(t *testing.T) {
	for _, c := range []struct {
		lattice, file, set string
		upperOnly          bool
	}{
		{"square", "ominoes/one-sided-hexominoes-20x18.txt", "hexominoes", true},
		{"cubic", "cubes/pentacubes-18x3x3-open-box.txt", "polycubes5", false},
		{"cubic", "cubes/solid-hexominoes-9x9x3-1.txt", "solidhexominoes", false},
		{"twig", "twigs/quasi-polytwigs-123-hexagon-ring-1.txt", "quasiditwigs", false},
		{"twig", "twigs/quasi-polytwigs-123-hexagon-ring-1.txt", "quasitritwigs", false},
	} {
		l, _ := compile.LatticeByName(c.lattice)
		set, ok := compile.LibraryFor(l).Set(c.set)
		if !ok {
			t.Fatalf("no set %s", c.set)
		}
		path := filepath.Join(solutionsDir, c.file)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := record.Read(f, path, 1)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, p := range recs[0].Pieces {
			if c.upperOnly && strings.ToUpper(p.Name[:1]) != p.Name[:1] {
				continue
			}
			cells := make([]compile.Cell, len(p.Cells))
			for i, x := range p.Cells {
				cells[i] = compile.Cell(x)
			}
			cells, _ = l.Normalize(cells)
			i := slices.IndexFunc(set, func(s compile.Shape) bool { return s.Name == p.Name })
			if i < 0 {
				continue // a piece of another set
			}
			if !slices.Equal(set[i].Cells, cells) {
				t.Errorf("%s: piece %s %v is not the set's", c.file, p.Name, cells)
			}
			checked++
		}
		if checked != len(set) {
			t.Errorf("%s: %d pieces checked, the set %s has %d", c.file, checked, c.set, len(set))
		}
	}
}
