package compile_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// solveModulo counts a compiled puzzle's solutions with the named
// backend, modulo the board's symmetries if unique, calling visit with
// each (nil: visiting none).
func solveModulo(pz *compile.Puzzle, name string, unique bool, visit cover.Visit) (int64, error) {
	b, err := cover.Lookup(name)
	if err != nil {
		return 0, err
	}
	var group []cover.Symmetry
	if unique {
		group = pz.Symmetries()
	}
	d, err := cover.NewDistinct(pz.Problem, group)
	if err != nil {
		return 0, err
	}
	st, err := d.Solve(context.Background(), b, visit)
	return st.Solutions, err
}

// sweepCount is solveModulo with no visitor, failing t on an error.
func sweepCount(t *testing.T, pz *compile.Puzzle, name string, unique bool) int64 {
	t.Helper()
	n, err := solveModulo(pz, name, unique, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}

// TestSweepPentominoes checks the sweep's counts of catalogue boards
// against their known counts: all solutions (by inclusion–exclusion over
// the pieces where they have one area), the distinct ones by Burnside's
// lemma. The 6×10 pentominoes' 9356 and 2339, some 14 s of CPU, are
// polybench's workload pentominoes-6x10-sweep-all and verify's.
func TestSweepPentominoes(t *testing.T) {
	for _, c := range []struct {
		path          string
		all, distinct int64
	}{
		{"ominoes/pentominoes-3x20.yaml", 8, 2},
		// One-sided pieces of mixed areas, counted with the pieces in the
		// states; the mirror images join pairs of far-apart pieces
		// into one option of a Burnside term (all: polyspec's own count).
		{"ominoes/one-sided-polyominoes-234-square.toml", 58016, 7252},
	} {
		s, err := spec.LoadFS(puzzles.FS, c.path)
		if err != nil {
			t.Fatal(err)
		}
		pz, err := compile.FromSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := sweepCount(t, pz, "sweep", false); got != c.all {
			t.Errorf("%s: %d solutions, want %d", c.path, got, c.all)
		}
		if got := sweepCount(t, pz, "sweep", true); got != c.distinct {
			t.Errorf("%s: %d distinct solutions, want %d", c.path, got, c.distinct)
		}
	}
}

// TestSweepRandomBoards checks the sweep's counts, all and modulo the
// board's symmetries, against algx's with Distinct's filter on small
// boards of squares, triangles and hexagons with random pieces: equal
// areas (counted by inclusion–exclusion), mixed ones (pieces used in the
// states), one-sided or not, and rectangles whose symmetries fix some
// solutions (Burnside's lemma's other terms).
func TestSweepRandomBoards(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 1))
	sets := []string{"1*", "2*", "3*", "12", "123", "4*", "23", "234", "1*,2*,2*", "L4,J4", "L4,J4,O4", "S4,Z4", "L4,J4,S4,Z4"}
	lattices := []string{"square", "square", "iamond", "hex"}
	solved, fixed := 0, 0
	for i := range 3000 {
		w, h := 1+r.IntN(8), 1+r.IntN(5)
		lat := lattices[r.IntN(len(lattices))]
		text := fmt.Sprintf("name = \"random-%d\"\nlattice = %q\npieces = %q\none-sided = %v\n[board]\nsize = \"%dx%d\"\n", i, lat, sets[r.IntN(len(sets))], r.IntN(2) == 0, w, h)
		s, err := spec.Parse("random.toml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		pz, err := compile.FromSpec(s)
		if err != nil {
			continue // the pieces do not fit the board's area
		}
		// The dead-region hint promises that an option's cells touch,
		// which Burnside's orbits of options need not keep.
		pz.SetDeadRegions(compile.HintOn)
		for _, unique := range []bool{false, true} {
			want := sweepCount(t, pz, "algx", unique)
			got, err := solveModulo(pz, "sweep", unique, nil)
			if errors.Is(err, cover.ErrUnsupported) {
				// Pieces that repeat are a multiplicity, which the sweep
				// refuses, and it needs an Order.
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v (unique %v)", text, err, unique)
			}
			if got != want {
				t.Fatalf("%s: sweep counts %d, algx %d (unique %v)", text, got, want, unique)
			}
			if want > 0 {
				solved++
			}
			if unique && want > 0 && 2*want != sweepCount(t, pz, "algx", false) {
				fixed++
			}
		}
	}
	t.Logf("%d solved counts, %d with symmetric solutions", solved, fixed)
	if solved < 60 || fixed < 10 {
		t.Errorf("only %d solved counts, %d with symmetric solutions", solved, fixed)
	}
}

// TestChooseCountWeighsBigSearchesAgain checks that auto gives the sweep
// of one-sided-pentominoes-6x15 a budget it can count in: the sweep counts
// its 2,567,183 distinct solutions (Polyform Puzzler's documentation) in
// 652,111,872 transitions, where the root walks alone put the search at
// some 3.6e8 nodes, a budget of 11 million, and the count went to a
// search that had not finished after 27.5 minutes.
func TestChooseCountWeighsBigSearchesAgain(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and weighs a 90-cell board")
	}
	pz, err := compile.FromSpec(catalogueSpec(t, "one-sided-pentominoes-6x15"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := cover.NewDistinct(pz.Problem, pz.Symmetries())
	if err != nil {
		t.Fatal(err)
	}
	// A limit of one transition: the budget is what is asked, not the sweep.
	ch, err := d.ChooseCount(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	const sweepTransitions = 652111872
	if ch.Sweep || ch.Budget < sweepTransitions {
		t.Errorf("auto tries the sweep for %d transitions (search estimated at %.3g nodes), want at least %d", ch.Budget, ch.Search, sweepTransitions)
	}
}
