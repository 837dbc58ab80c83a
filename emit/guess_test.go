package emit

import (
	"path/filepath"
	"testing"
)

func TestGuessLattice(t *testing.T) {
	for _, lattice := range drawingLattices {
		t.Run(lattice, func(t *testing.T) {
			rec := readRecord(t, filepath.Join("testdata", "drawings", lattice+".txt"))
			if got, err := GuessLattice(rec, ""); got != lattice || err != nil {
				t.Errorf("GuessLattice = %q, %v", got, err)
			}
		})
	}
	// Coordinates alone, without a picture: a straight tromino fits
	// several lattices, and the hint, a lattice or a family folder,
	// decides.
	line := Record{Solution: Solution{Pieces: []Placed{{Name: "I3", Cells: [][3]int{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}}}}}
	for _, c := range []struct{ hint, want string }{
		{"", "square"},
		{"hexes", "hex"},
		{"cubic", "cubic"},
		{"sticks", "stick"},
		{"nowhere", "square"},
	} {
		if got, err := GuessLattice(line, c.hint); got != c.want || err != nil {
			t.Errorf("hint %q: GuessLattice = %q, %v, want %q", c.hint, got, err, c.want)
		}
	}
	// The picture rules out the lattices that draw otherwise.
	line.Picture = `\__/`
	if got, _ := GuessLattice(line, "ominoes"); got != "hex" {
		t.Errorf("slanted picture, hint ominoes: GuessLattice = %q, want hex", got)
	}
	bad := Record{Solution: Solution{Number: 4, Pieces: []Placed{{Name: "A", Cells: [][3]int{{0, 0, 3}}}}}, Picture: `/\`}
	if _, err := GuessLattice(bad, ""); err == nil || err.Error() != "solution 4: its coordinates fit no lattice" {
		t.Errorf("a z of 3 on a peaked picture: %v", err)
	}
}

// TestGuessEveryPuzzlerFile guesses the lattice of the first solution of
// each of Polyform Puzzler's files without the help of the folder name.
func TestGuessEveryPuzzlerFile(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(puzzlerDir, "*", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no solution files in %s: %v", puzzlerDir, err)
	}
	for _, f := range files {
		rec := readRecord(t, f)
		l, ok := lookupLattice(filepath.Base(filepath.Dir(f)), true)
		if !ok {
			t.Fatalf("%s is in no family's folder", f)
		}
		want := l.name
		if got, err := GuessLattice(rec, ""); got != want {
			t.Errorf("%s: GuessLattice = %q, %v, want %q", f, got, err, want)
		}
	}
}
