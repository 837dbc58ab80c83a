package compile_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/grammar"
	"github.com/polyspec/polyspec/internal/record"
)

// solutionsDir holds the Polyform Puzzler solution files the tests compare
// with, copied unchanged, one folder per family.
const solutionsDir = "testdata/puzzler"

// A reference puzzle is one of Polyform Puzzler's, rebuilt from the first
// solution of its solution file: the board is the cells that solution
// covers (less a piece it parks beside the board), the pieces come from a
// piece-set rule, and want is the number of distinct solutions Polyform
// Puzzler reports.
type reference struct {
	family, name, lattice, rule string
	oneSided                    bool
	omit, wrap                  int
	omittable                   []string
	rotations                   bool
	parked                      string
	want                        int64
	slow                        bool
}

var references = []reference{
	// Polyform Puzzler counts Soma's 3x3x3 cube modulo all 48 motions (a
	// mirror image swaps the screws a and b), but the bathtub and the
	// tetracube boxes only modulo rotations: it compares solution pictures,
	// where a mirror image shows a in b's place.
	{family: "cubes", name: "soma-3x3x3", lattice: "cubic", rule: "soma", want: 240},
	{family: "cubes", name: "soma-bathtub", lattice: "cubic", rotations: true, rule: "soma", want: 158},
	{family: "cubes", name: "tetracubes-2x2x8", lattice: "cubic", rotations: true, rule: "tetracubes", want: 224},
	{family: "cubes", name: "tetracubes-2x4x4", lattice: "cubic", rotations: true, rule: "tetracubes", want: 1390},
	{family: "cubes", name: "diabolical-cube", lattice: "cubic", rule: "diabolical", want: 13},
	{family: "cubes", name: "solid-pentominoes-3x4x5", lattice: "cubic", rule: "solidpentominoes", want: 3940, slow: true},
	{family: "cubes", name: "solid-pentominoes-3x3x9-ring", lattice: "cubic", rule: "solidpentominoes", want: 3},
	{family: "iamonds", name: "hexiamonds-4x10-long-hex", lattice: "iamond", rule: "hexiamonds", want: 856},
	{family: "iamonds", name: "hexiamonds-6x6", lattice: "iamond", rule: "hexiamonds", want: 156},
	{family: "iamonds", name: "hexiamonds-4x9", lattice: "iamond", rule: "hexiamonds", want: 74},
	{family: "iamonds", name: "hexiamonds-snowflake", lattice: "iamond", rule: "hexiamonds", want: 55},
	{family: "iamonds", name: "polyiamonds-12345-snowflake-3", lattice: "iamond", rule: "12345", want: 466},
	// Polyform Puzzler has places for a left-out piece only for the twelve
	// free hexiamonds, not their mirrors, and counts modulo rotations (it
	// fixes P6's orientation, and P6 is never left out).
	{family: "iamonds", name: "one-sided-hexiamonds-hexagram", lattice: "iamond", rule: "hexiamonds", oneSided: true, omit: 1,
		omittable: strings.Fields("C6 E6 F6 G6 H6 I6 J6 O6 P6 S6 V6 X6"), rotations: true, parked: "O6", want: 119, slow: true},
	{family: "hexes", name: "tetrahexes-coin", lattice: "hex", rule: "tetrahexes", want: 4},
	{family: "hexes", name: "tetrahexes-4x7", lattice: "hex", rule: "tetrahexes", want: 9},
	{family: "hexes", name: "polyhexes-34-hexagram", lattice: "hex", rule: "34", want: 167},
	{family: "hexes", name: "tetrahexes-staggered-rectangle-7x4", lattice: "hex", rule: "tetrahexes", want: 23},
	{family: "sticks", name: "tetrasticks-6x6", lattice: "stick", rule: "tetrasticks", omit: 1, parked: "Y", want: 1795, slow: true},
	{family: "sticks", name: "one-sided-welded-tetrasticks-5x5", lattice: "stick", rule: "weldedtetrasticks", oneSided: true, want: 3},
	{family: "sticks", name: "polysticks-123-4x4-clipped-corners-1", lattice: "stick", rule: "123", want: 21},
	{family: "trigs", name: "tritrigs-hexagon-2", lattice: "trig", rule: "tritrigs", want: 10},
	{family: "trigs", name: "tritrigs-heart-1", lattice: "trig", rule: "tritrigs", want: 50},
	{family: "trigs", name: "polytrigs-23-trefoil-2", lattice: "trig", rule: "23", want: 70},
	{family: "twigs", name: "pentatwigs-4x4-2", lattice: "twig", rule: "pentatwigs", want: 8},
	{family: "twigs", name: "polytwigs-1234-hex-1", lattice: "twig", rule: "1234", want: 1175},
	{family: "twigs", name: "pentatwigs-x-1", lattice: "twig", rule: "pentatwigs", want: 32},
	{family: "twigs", name: "one-sided-tetratwigs-triangle-1", lattice: "twig", rule: "tetratwigs", oneSided: true, want: 2},
	{family: "ominoes", name: "one-sided-pentominoes-3x30", lattice: "square", rule: "5*", oneSided: true, want: 46},
	{family: "ominoes", name: "pentominoes-cross-1", lattice: "square", rule: "5*", want: 14},
	{family: "ominoes", name: "tetrominoes-5x4-tube", lattice: "square", rule: "4*", wrap: 5, want: 7},
	{family: "ominoes", name: "polyominoes-1234-square-plus", lattice: "square", rule: "1234", want: 563},
	{family: "ominoes", name: "polyominoes-123-square", lattice: "square", rule: "123", want: 6},
}

// firstRecord reads the first solution of a reference file.
func firstRecord(t testing.TB, family, name string) record.Record {
	t.Helper()
	path := filepath.Join(solutionsDir, family, name+".txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := record.Read(f, path, 1)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%s: %v (%d records)", path, err, len(recs))
	}
	return recs[0]
}

// build compiles a reference puzzle.
func (r reference) build(t testing.TB) *compile.Puzzle {
	t.Helper()
	l, err := compile.LatticeByName(r.lattice)
	if err != nil {
		t.Fatal(err)
	}
	var board []compile.Cell
	for _, p := range firstRecord(t, r.family, r.name).Pieces {
		if p.Name == r.parked {
			continue
		}
		for _, c := range p.Cells {
			board = append(board, compile.Cell(c))
		}
	}
	rule, err := grammar.ParsePieceSet(r.rule)
	if err != nil {
		t.Fatal(err)
	}
	shapes, err := compile.LibraryFor(l).Resolve(rule, r.oneSided)
	if err != nil {
		t.Fatal(err)
	}
	pz, err := compile.Build(l, board, shapes, compile.Options{OneSided: r.oneSided, Omit: r.omit, Omittable: r.omittable, Wrap: r.wrap, Rotations: r.rotations})
	if err != nil {
		t.Fatal(err)
	}
	return pz
}

// distinct counts a puzzle's solutions modulo its symmetries.
func distinct(t testing.TB, pz *compile.Puzzle, backend string) int64 {
	t.Helper()
	b, err := cover.Lookup(backend)
	if err != nil {
		t.Fatal(err)
	}
	d, err := cover.NewDistinct(pz.Problem, pz.Symmetries())
	if err != nil {
		t.Fatal(err)
	}
	st, err := d.Solve(context.Background(), b, func([]int) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	return st.Solutions
}

// TestReferenceCounts solves Polyform Puzzler's puzzles of every family and
// compares the number of distinct solutions with its own. The slow ones are
// benchmarks (BenchmarkReference).
func TestReferenceCounts(t *testing.T) {
	for _, r := range references {
		t.Run(r.name, func(t *testing.T) {
			if r.slow {
				t.Skip("slow: run BenchmarkReference")
			}
			t.Parallel()
			if got := distinct(t, r.build(t), "dlx"); got != r.want {
				t.Errorf("got %d distinct solutions, want %d", got, r.want)
			}
		})
	}
}

// BenchmarkReference solves each reference puzzle, the slow ones included,
// and checks its count:
//
//	go test ./compile -run '^$' -bench Reference -benchtime 1x
func BenchmarkReference(b *testing.B) {
	for _, r := range references {
		b.Run(r.name, func(b *testing.B) {
			pz := r.build(b)
			for b.Loop() {
				if got := distinct(b, pz, "dlx"); got != r.want {
					b.Fatalf("got %d distinct solutions, want %d", got, r.want)
				}
			}
		})
	}
}

// TestReferenceBoards checks that every reference record is a solution of
// the rebuilt puzzle: each placed piece is one of the puzzle's placements.
func TestReferenceBoards(t *testing.T) {
	for _, r := range references {
		pz := r.build(t)
		for _, p := range firstRecord(t, r.family, r.name).Pieces {
			if p.Name == r.parked {
				continue
			}
			cells := make([]compile.Cell, len(p.Cells))
			for i, c := range p.Cells {
				cells[i] = compile.Cell(c)
			}
			if !pz.HasPlacement(p.Name, cells) {
				t.Errorf("%s: piece %s at %v is no placement of ours", r.name, p.Name, cells)
			}
		}
	}
}
