package puzzler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/internal/record"
)

// TestGuessEveryPuzzlerFile guesses the lattice of the first solution of
// each of Polyform Puzzler's files without the help of the folder name.
func TestGuessEveryPuzzlerFile(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "puzzler", "*", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no solution files: %v", err)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := readSolutionFile(path, data)
		if err != nil {
			t.Fatal(err)
		}
		got := names(Guess(f.first, ""))
		if want := filepath.Base(filepath.Dir(path)); len(got) == 0 || !familyOf(t, got[0], want) {
			t.Errorf("%s: Guess = %v, want the lattice of %s first", path, got, want)
		}
	}
}

// TestGuess: coordinates alone, without a picture, fit several lattices,
// and the folder decides; the picture rules out the lattices that draw
// otherwise.
func TestGuess(t *testing.T) {
	line := record.Record{Dims: 3, Pieces: []record.Piece{{Name: "I3", Cells: [][3]int{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}}}}
	for _, c := range []struct {
		folder, picture string
		dims            int
		want            string
	}{
		{"", "", 2, "square hex"},
		{"hexes", "", 2, "hex"},
		{"nowhere", "", 2, "square hex"},
		{"", "", 3, "cubic stick trig"},
		{"sticks", "", 3, "stick"},
		{"ominoes", `\__/`, 2, "hex"},
		{"", "I I I", 3, "cubic"},
	} {
		line.Dims, line.Picture = c.dims, c.picture
		if got := names(Guess(line, c.folder)); strings.Join(got, " ") != c.want {
			t.Errorf("folder %q, picture %q, %d coordinates: Guess = %v, want %s", c.folder, c.picture, c.dims, got, c.want)
		}
	}
	bad := record.Record{Dims: 3, Pieces: []record.Piece{{Name: "A", Cells: [][3]int{{0, 0, 3}}}}, Picture: `/\`}
	if got := Guess(bad, ""); len(got) != 0 {
		t.Errorf("a z of 3 on a slanted picture: Guess = %v, want none", names(got))
	}
}

func names(ls []compile.Lattice) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Name())
	}
	return out
}

func familyOf(t *testing.T, lattice, family string) bool {
	l, err := compile.LatticeByName(lattice)
	if err != nil {
		t.Fatal(err)
	}
	return l.Family() == family
}
