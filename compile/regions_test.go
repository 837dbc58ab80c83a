package compile_test

import (
	"context"
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

// TestRegionsKeepCounts counts the puzzles of switchPuzzles, switchSpecs
// and regionSpecs, on every lattice, with and without the hint that lets
// algx give up on regions of empty cells that the pieces left cannot fill
// (Options.DeadRegions), with algx, memo and algx split over two workers,
// and checks every count against the spec's expect, and that the hint
// never costs algx a node.
func TestRegionsKeepCounts(t *testing.T) {
	specs := switchTestSpecs(t, "regions", regionSpecs...)
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
		for _, noRegions := range []bool{false, true} {
			opt := pz.Options
			opt.DeadRegions = compile.RegionsOn
			if noRegions {
				opt.DeadRegions = compile.RegionsOff
			}
			q, err := compile.Build(pz.Lattice, pz.Board, shapesOf(pz), opt)
			if err != nil {
				t.Fatal(err)
			}
			if (q.Problem.Cells == nil) != noRegions {
				t.Fatalf("%s, noregions=%v: Cells %v", name, noRegions, q.Problem.Cells)
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
					t.Errorf("%s, %s, noregions=%v: %d solutions, want %d", name, b.Name(), noRegions, st.Solutions, want.V)
				}
				if b == algx {
					nodes[noRegions] = st.Nodes
				}
			}
		}
		if nodes[false] > nodes[true] {
			t.Errorf("%s: algx tried %d nodes with the hint, %d without", name, nodes[false], nodes[true])
		}
		t.Logf("%s (%s): algx %d nodes with the hint, %d without", name, pz.Lattice.Name(), nodes[false], nodes[true])
	}
	for _, l := range compile.Lattices {
		if !lattices[l.Name()] {
			t.Errorf("no puzzle on the %s lattice", l.Name())
		}
	}
}
