package compile_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/spec"
)

// segmentCounts are the catalogue's stick, trig and twig puzzles whose
// count is known (each spec's expect, from Polyform Puzzler's solution
// files or documentation, or for two its count, polyspec's own, where the
// puzzle's description contradicts the file) and that algx counts in
// under a second, with those counts.
var segmentCounts = []struct {
	name string
	want int64
}{
	{"one-sided-polytwigs-123-triangle", 3},
	{"one-sided-tetratwigs-arch-1", 1},
	{"one-sided-tetratwigs-arch-2", 1},
	{"one-sided-tetratwigs-arch-3", 1},
	{"one-sided-tetratwigs-arch-4", 1},
	{"one-sided-tetratwigs-triangle-1", 2},
	{"one-sided-tetratwigs-triangle-3", 3},
	{"one-sided-tetratwigs-triangle-4", 1},
	{"one-sided-tritrigs-trilobed-cuboid", 9},
	{"one-sided-welded-tetrasticks-5x5", 3},
	{"one-sided-welded-tetrasticks-trapezoid", 7},
	{"pentatwigs-3-congruent-1", 4},
	{"pentatwigs-4x4-1", 1},
	{"pentatwigs-4x4-2", 8},
	{"pentatwigs-butterfly-1", 8},
	{"pentatwigs-elongated-hexagon-5x2-1", 2},
	{"pentatwigs-mobius-strip-1", 6},
	{"pentatwigs-rosette-cluster-1", 9},
	{"pentatwigs-rosette-cluster-2", 11},
	{"pentatwigs-staggered-rectangle-5x3", 145},
	{"pentatwigs-trefoil", 4},
	{"pentatwigs-triangle", 56},
	{"pentatwigs-triangle-2", 6},
	{"pentatwigs-wave-staggered-rectangle-5x3", 202},
	{"pentatwigs-x-1", 32},
	{"polysticks-123-4x4-clipped-corners-1", 21},
	{"polysticks-123-4x4-clipped-corners-2", 132},
	{"polytrigs-23-three-congruent-1", 4},
	{"polytrigs-23-three-congruent-1-combined-1", 8},
	{"polytrigs-23-three-congruent-1-combined-2", 8},
	{"polytrigs-23-three-congruent-1-combined-3", 8},
	{"polytrigs-23-trefoil-2", 70},
	{"polytwigs-1234-hex-1", 1175},
	{"polytwigs-1234-hex-2", 1506},
	{"polytwigs-45-four-congruent-1", 19},
	{"polytwigs-45-four-congruent-2", 38},
	{"polytwigs-45-four-congruent-3", 2},
	{"quasi-ditrigs-jagged-triangle", 87},
	{"quasi-ditrigs-satellite", 24},
	{"quasi-ditrigs-triangle", 266},
	{"quasi-ditrigs-triangle-stack", 63},
	{"quasi-ditrigs-two-triangles-1", 8},
	{"quasi-ditrigs-two-triangles-2", 48},
	{"quasi-ditrigs-two-triangles-3", 7},
	{"quasi-tritwigs-snowflake-3", 4},
	{"seven-segment-digits-6x5", 5},
	{"tetrasticks-aztec-diamond", 3},
	{"tetratwigs-arch", 2},
	{"tritrigs-heart-1", 50},
	{"tritrigs-heart-2", 52},
	{"tritrigs-hex-3x1-ring", 1},
	{"tritrigs-hexagon-1", 5},
	{"tritrigs-hexagon-2", 10},
	{"tritrigs-hexagon-3", 9},
	{"tritrigs-parallelogram-5x2", 9},
	{"tritrigs-spiked-triangle-1", 6},
	{"tritrigs-stacked-elongated-hexagons-2x2x1", 9},
	{"tritrigs-trapezoid-6x2", 8},
	{"tritrigs-triangle-1", 1},
	{"tritrigs-triangle-2", 4},
	{"tritrigs-triangle-3", 6},
	{"tritrigs-triangle-4", 1},
}

// loadCatalogue compiles a catalogue puzzle.
func loadCatalogue(t *testing.T, name string) (*spec.Spec, *compile.Puzzle) {
	t.Helper()
	s := catalogueSpec(t, name)
	pz, err := compile.FromSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return s, pz
}

// TestSegmentCounts counts the segment puzzles of segmentCounts modulo
// their symmetries, as solve does, and checks each count, so that a change
// to how pieces are kept from crossing cannot change one.
func TestSegmentCounts(t *testing.T) {
	for _, c := range segmentCounts {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, pz := loadCatalogue(t, c.name)
			known := s.Expect
			if !known.Set {
				known = s.Count // polyspec's own, checked by a second method
			}
			if !known.Set || known.V != c.want {
				t.Fatalf("the spec's count is %d (set: %v), the table's %d", known.V, known.Set, c.want)
			}
			var group []cover.Symmetry
			if s.Unique.V {
				group = pz.Symmetries()
			}
			d, err := cover.NewDistinct(pz.Problem, group)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := cover.Lookup("algx")
			st, err := d.Solve(context.Background(), b, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != c.want {
				t.Errorf("%d solutions, want %d", st.Solutions, c.want)
			}
		})
	}
}

// TestCrossingItems checks that the crossing items of a compiled segment
// puzzle keep apart exactly the placements that the no-crossing rule
// (Lattice.Claims, one item per claimed slot) keeps apart: two placements
// that share no cell share a secondary item if and only if they claim a
// common slot. (Placements that share a cell exclude each other anyway.)
func TestCrossingItems(t *testing.T) {
	for _, name := range []string{
		"tetrasticks-6x6",                      // square grid, one piece left out
		"one-sided-welded-tetrasticks-5x5",     // three segments at a point
		"polysticks-123-4x4-clipped-corners-1", // pieces of one segment
		"tritrigs-heart-1",                     // triangular grid
		"polytrigs-23-three-congruent-1",
		"quasi-ditrigs-triangle",
		"pentatwigs-x-1", // hexagonal grid: nothing crosses
	} {
		t.Run(name, func(t *testing.T) {
			_, pz := loadCatalogue(t, name)
			p := pz.Problem
			n := pz.NumPlacements()
			if p.NumOptions() != n {
				t.Fatalf("%d options for %d placements", p.NumOptions(), n)
			}
			slot := map[string]int{}
			cells := make([]big.Int, n)
			oldItems := make([]big.Int, n)
			newItems := make([]big.Int, n)
			for i := range n {
				for _, e := range p.Option(i) {
					if it := p.Items[e.Item]; it.Secondary && it.Name != compile.OmitItem {
						newItems[i].SetBit(&newItems[i], int(e.Item), 1)
					} else if int(e.Item) >= len(pz.Pieces) {
						cells[i].SetBit(&cells[i], int(e.Item), 1)
					}
				}
				for _, c := range pz.Lattice.Claims(pz.Placement(i).Cells) {
					if _, ok := slot[c]; !ok {
						slot[c] = len(slot)
					}
					oldItems[i].SetBit(&oldItems[i], slot[c], 1)
				}
			}
			var and big.Int
			meets := func(a, b *big.Int) bool { return and.And(a, b).BitLen() > 0 }
			pairs := 0
			for i := range n {
				for j := i + 1; j < n; j++ {
					if meets(&cells[i], &cells[j]) {
						continue
					}
					was, is := meets(&oldItems[i], &oldItems[j]), meets(&newItems[i], &newItems[j])
					if was != is {
						t.Fatalf("placements %v and %v: slots in common %v, crossing items in common %v", pz.Placement(i).Cells, pz.Placement(j).Cells, was, is)
					}
					if was {
						pairs++
					}
				}
			}
			secondary := 0
			for _, it := range p.Items {
				if it.Secondary && it.Name != compile.OmitItem {
					secondary++
				}
			}
			t.Logf("%d placements, %d slots, %d crossing items, %d pairs kept apart", n, len(slot), secondary, pairs)
		})
	}
}
