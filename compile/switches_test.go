package compile_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// switchPuzzles are catalogue puzzles that count in well under a second
// with every speed-up switched off: some leave a piece out, some have
// boards with many symmetries, on every lattice.
var switchPuzzles = []string{
	"polyominoes-1234-7x5-cross-hole",
	"pentominoes-cross-1",
	"polyominoes-123-square",
	"soma-3x3x3",
	"hexiamonds-snowflake",
	"tetrahexes-coin",
	"polysticks-123-4x4-clipped-corners-1",
	"one-sided-welded-tetrasticks-5x5",
	"tritrigs-hexagon-2",
	"pentatwigs-x-1",
}

// switchSpecs are small puzzles that leave a piece out, with the counts
// polyspec finds for them with every switch off (Polyform Puzzler has no
// such puzzles small enough for a unit test): the polyominoes of orders 1
// to 4 less a tetromino in a 5×5 square, and seven tetrasticks less one in
// a 3×3 grid.
var switchSpecs = []string{
	"name = \"ominoes\"\npieces = \"1234\"\nomit = 1\nunique = true\nexpect = 11109\n[board]\nsize = \"5x5\"\n",
	"name = \"sticks\"\nlattice = \"stick\"\npieces = \"F,H,J,L,N,R,Y\"\nomit = 1\nunique = true\nexpect = 14\n" +
		"[board]\ncells = \"0,0,0 1,0,0 2,0,0 0,1,0 1,1,0 2,1,0 0,2,0 1,2,0 2,2,0 0,3,0 1,3,0 2,3,0 0,0,1 1,0,1 2,0,1 3,0,1 0,1,1 1,1,1 2,1,1 3,1,1 0,2,1 1,2,1 2,2,1 3,2,1\"\n",
}

// catalogueSpec loads the spec of a catalogue puzzle.
func catalogueSpec(tb testing.TB, name string) *spec.Spec {
	tb.Helper()
	e, ok := puzzles.Lookup(name)
	if !ok {
		tb.Fatalf("%s is not in the catalogue", name)
	}
	s, err := spec.LoadFS(puzzles.FS, e.Path)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// switchTestSpecs returns the specs of switchPuzzles and switchSpecs, and
// of the further sources, which are named after prefix.
func switchTestSpecs(t *testing.T, prefix string, further ...string) []*spec.Spec {
	t.Helper()
	var specs []*spec.Spec
	for _, name := range switchPuzzles {
		specs = append(specs, catalogueSpec(t, name))
	}
	for i, src := range append(switchSpecs[:len(switchSpecs):len(switchSpecs)], further...) {
		s, err := spec.Parse(fmt.Sprintf("%s-%d.toml", prefix, i), []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, s)
	}
	return specs
}

// pivotRules are the rules that pick the symmetry reduction's pivot.
var pivotRules = []cover.PivotRule{cover.PivotFewest, cover.PivotFree, cover.PivotEstimate}

// TestSwitchesKeepCounts counts each puzzle of switchPuzzles and
// switchSpecs with every combination of the switches that only make the
// search faster, and checks every count against the spec's expect.
func TestSwitchesKeepCounts(t *testing.T) {
	specs := switchTestSpecs(t, "switches")
	for _, s := range specs {
		name := s.Name.V
		pz, err := compile.FromSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Expect.Set || !s.Unique.V {
			t.Fatalf("%s: no distinct count to check", name)
		}
		for sw := range 8 * len(pivotRules) {
			noBalance, omitPrimary, pivotOnly, rule := sw&1 != 0, sw&2 != 0, sw&4 != 0, pivotRules[sw/8]
			if rule == cover.PivotEstimate && (noBalance || omitPrimary) {
				continue // its weighing costs a tenth of a second a puzzle
			}
			t.Run(fmt.Sprintf("%s/nobalance=%v/omitprimary=%v/pivotonly=%v/pivot=%v", name, noBalance, omitPrimary, pivotOnly, rule), func(t *testing.T) {
				opt := pz.Options
				opt.NoBalance, opt.OmitPrimary = noBalance, omitPrimary
				q, err := compile.Build(pz.Lattice, pz.Board, shapesOf(pz), opt)
				if err != nil {
					t.Fatal(err)
				}
				// WeighAbove -1 makes PivotEstimate weigh the pivots of
				// these small puzzles, and take another than
				// PivotFewest's on some.
				d, err := cover.DistinctOptions{PivotOnly: pivotOnly, Pivot: rule, WeighAbove: -1}.New(q.Problem, q.Symmetries())
				if err != nil {
					t.Fatal(err)
				}
				// memo, which remembers subproblems' counts, with every
				// switch on and with the pivot alone, which leaves
				// solutions to the filter: memo counts the rest.
				backends := []string{"algx"}
				if sw == 0 || sw == 4 {
					backends = append(backends, "memo")
				}
				for _, name := range backends {
					b, _ := cover.Lookup(name)
					st, err := d.Solve(context.Background(), b, nil)
					if err != nil {
						t.Fatal(err)
					}
					if st.Solutions != s.Expect.V {
						t.Errorf("%s: %d solutions, want %d", name, st.Solutions, s.Expect.V)
					}
				}
			})
		}
	}
}

// shapesOf lists a puzzle's pieces as Build takes them, a copy per count.
func shapesOf(pz *compile.Puzzle) []compile.Shape {
	var out []compile.Shape
	for _, p := range pz.Pieces {
		out = append(out, slices.Repeat([]compile.Shape{p.Shape}, p.Count)...)
	}
	return out
}

// TestAutoSearchesWithAlgx checks auto's choice for a whole search of
// two catalogue puzzles where it once took bits, in trees far bigger than
// algx's:
//   - weighing the pivots of one-sided-hexiamonds-hexagram-hexagon-1
//     took E6, whose reduction auto sent to bits, in a tree 94 times the
//     1.4 million nodes of algx under O6; a pivot is now taken only if
//     auto searches its reduction with algx;
//   - on O'Beirne's hexagon the first random walks of bits put its tree
//     far below what more walks say, and bits, chosen on them, had not
//     finished the count in 17 minutes, which algx makes in about four
//     minutes of CPU; a choice of bits for a big search is now weighed
//     again with more walks.
func TestAutoSearchesWithAlgx(t *testing.T) {
	for _, c := range []struct {
		name string
		opt  cover.DistinctOptions
	}{
		{"one-sided-hexiamonds-hexagram-hexagon-1", cover.DistinctOptions{Pivot: cover.PivotEstimate}},
		{"one-sided-hexiamonds-obeirnes-hexagon", cover.DistinctOptions{}},
	} {
		pz, err := compile.FromSpec(catalogueSpec(t, c.name))
		if err != nil {
			t.Fatal(err)
		}
		d, err := c.opt.New(pz.Problem, pz.Symmetries())
		if err != nil {
			t.Fatal(err)
		}
		if b := cover.Choose(d.Problem()); b.Name() != "algx" {
			t.Errorf("%s, pivot %s: auto searches it with %s, not algx", c.name, d.Pivot(), b.Name())
		}
	}
}

// TestPivotEstimateWorkers weighs the pivots of the two puzzles on which
// PivotEstimate takes another pivot than PivotFewest's, on one core and on
// several, and checks that it takes the same one on each and still counts
// what the puzzles expect.
func TestPivotEstimateWorkers(t *testing.T) {
	want := map[string]string{"polyominoes-1234-7x5-cross-hole": "T4", "hexiamonds-snowflake": "X6"}
	algx, _ := cover.Lookup("algx")
	for _, s := range switchTestSpecs(t, "switches") {
		name := s.Name.V
		if want[name] == "" {
			continue
		}
		pz, err := compile.FromSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := cover.NewDistinct(pz.Problem, pz.Symmetries()); err != nil || d.Pivot() == want[name] {
			t.Fatalf("%s: PivotFewest takes %s too (%v): the test weighs nothing", name, want[name], err)
		}
		for _, workers := range []int{1, 2, 3} {
			d, err := cover.DistinctOptions{Pivot: cover.PivotEstimate, WeighAbove: -1, Workers: workers}.New(pz.Problem, pz.Symmetries())
			if err != nil {
				t.Fatal(err)
			}
			if d.Pivot() != want[name] {
				t.Errorf("%s, %d workers: pivot %s, want %s", name, workers, d.Pivot(), want[name])
			}
			st, err := d.Solve(context.Background(), algx, nil)
			if err != nil || st.Solutions != s.Expect.V {
				t.Errorf("%s, %d workers: %d solutions (%v), want %d", name, workers, st.Solutions, err, s.Expect.V)
			}
		}
		delete(want, name)
	}
	for name := range want {
		t.Errorf("%s: not among the test's puzzles", name)
	}
}
