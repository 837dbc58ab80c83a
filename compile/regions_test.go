package compile_test

import (
	"context"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
)

// regionSpecs are small puzzles beyond switchSpecs for the dead-region
// check: the domino tilings of the 6×6 square, 6728 of them in all (a
// published count), where every piece is one item with 18 copies.
var regionSpecs = []string{
	"name = \"dominoes\"\npieces = \"I2*18\"\nexpect-all = 6728\n[board]\nsize = \"6x6\"\n",
}

// A searchHint is a hint that compile may give a problem to prune its
// search (cover.Cells, cover.Colourings), with the Options field that
// switches it.
type searchHint struct {
	name  string
	field func(opt *compile.Options) *compile.Hint
	has   func(p *cover.Problem) bool
}

var (
	regionsHint = searchHint{"regions",
		func(opt *compile.Options) *compile.Hint { return &opt.DeadRegions },
		func(p *cover.Problem) bool { return p.Cells != nil }}
	balanceHint = searchHint{"balance",
		func(opt *compile.Options) *compile.Hint { return &opt.BalanceCheck },
		func(p *cover.Problem) bool { return p.Colourings != nil }}
)

// TestRegionsKeepCounts counts the puzzles of switchPuzzles, switchSpecs
// and regionSpecs, on every lattice, with and without the hint that lets
// algx give up on regions of empty cells that the pieces left cannot fill
// (Options.DeadRegions); see checkHintKeepsCounts.
func TestRegionsKeepCounts(t *testing.T) {
	checkHintKeepsCounts(t, regionsHint)
}

// TestBalanceKeepsCounts does the same with the hint that lets algx give
// up on nodes whose uncovered cells' colours the pieces left cannot cover
// (Options.BalanceCheck).
func TestBalanceKeepsCounts(t *testing.T) {
	checkHintKeepsCounts(t, balanceHint)
}

// checkHintKeepsCounts counts the puzzles of switchPuzzles, switchSpecs
// and regionSpecs with and without the hint, with algx, memo and algx
// split over two workers, and checks every count against the spec's
// expect, that the puzzles cover every lattice, and that the hint never
// costs algx a node.
func checkHintKeepsCounts(t *testing.T, hint searchHint) {
	specs := switchTestSpecs(t, hint.name, regionSpecs...)
	algx, _ := cover.Lookup("algx")
	memo, _ := cover.Lookup("memo")
	backends := []cover.Backend{algx, memo, cover.Parallel{Backend: algx, Workers: 2}}
	lattices := map[string]bool{}
	for _, s := range specs {
		name := s.Name.V
		pz, err := compile.FromSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		lattices[pz.Lattice.Name()] = true
		want, unique := s.Expect, s.Unique.V
		if !s.Expect.Set {
			want, unique = s.ExpectAll, false
		}
		if !want.Set {
			t.Fatalf("%s: no count to check", name)
		}
		nodes := map[bool]int64{}
		for _, on := range []bool{true, false} {
			opt := pz.Options
			*hint.field(&opt) = compile.HintOff
			if on {
				*hint.field(&opt) = compile.HintOn
			}
			q, err := compile.Build(pz.Lattice, pz.Board, shapesOf(pz), opt)
			if err != nil {
				t.Fatal(err)
			}
			if hint.has(q.Problem) != on {
				t.Fatalf("%s, %s=%v: the hint is not as switched", name, hint.name, on)
			}
			var group []cover.Symmetry
			if unique {
				group = q.Symmetries()
			}
			d, err := cover.NewDistinct(q.Problem, group)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range backends {
				st, err := d.Solve(context.Background(), b, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Solutions != want.V {
					t.Errorf("%s, %s, %s=%v: %d solutions, want %d", name, b.Name(), hint.name, on, st.Solutions, want.V)
				}
				if b == algx {
					nodes[on] = st.Nodes
				}
			}
		}
		if nodes[true] > nodes[false] {
			t.Errorf("%s: algx tried %d nodes with the hint, %d without", name, nodes[true], nodes[false])
		}
		t.Logf("%s (%s): algx %d nodes with the hint, %d without", name, pz.Lattice.Name(), nodes[true], nodes[false])
	}
	for _, l := range compile.Lattices {
		if !lattices[l.Name()] {
			t.Errorf("no puzzle on the %s lattice", l.Name())
		}
	}
}

// TestParseHint checks the command line's words for a hint's switch.
func TestParseHint(t *testing.T) {
	for s, want := range map[string]compile.Hint{"": compile.HintByLattice, "auto": compile.HintByLattice, "on": compile.HintOn, "off": compile.HintOff} {
		if got, err := compile.ParseHint(s); err != nil || got != want {
			t.Errorf("ParseHint(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if _, err := compile.ParseHint("yes"); err == nil || !strings.Contains(err.Error(), "want auto, on or off") {
		t.Errorf("ParseHint(yes): %v", err)
	}
}

// TestDeadRegionsByLattice checks on which lattices the dead-region check
// is given by default: for a count where it was measured to pay, and for
// a first solution on twigs and cubes too.
func TestDeadRegionsByLattice(t *testing.T) {
	want := map[string][2]bool{ // lattice: {count, first solution}
		"square": {true, true}, "iamond": {true, true}, "twig": {false, true},
		"cubic": {false, true}, "hex": {false, false}, "stick": {false, false},
	}
	seen := map[string]bool{}
	for _, s := range switchTestSpecs(t, "lattices") {
		pz, err := compile.FromSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		w, ok := want[pz.Lattice.Name()]
		if !ok || seen[pz.Lattice.Name()] {
			continue
		}
		seen[pz.Lattice.Name()] = true
		for k, hint := range []compile.Hint{compile.HintByLattice, compile.HintByLatticeFirst} {
			pz.SetDeadRegions(hint)
			if got := pz.Problem.Cells != nil; got != w[k] {
				t.Errorf("%s (%s), hint %d: dead regions %v, want %v", s.Name.V, pz.Lattice.Name(), hint, got, w[k])
			}
		}
	}
	for l := range want {
		if !seen[l] {
			t.Errorf("no puzzle on the %s lattice", l)
		}
	}
}
