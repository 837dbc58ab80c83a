package compile_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// count solves a spec with a backend, modulo symmetry when unique is set.
func count(t testing.TB, src string, backend string, unique bool) int64 {
	t.Helper()
	n, err := solveModulo(compileSpec(t, src), backend, unique, func([]int) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestCounts checks published pentomino counts: distinct solutions and all
// solutions, with every backend that auto may run.
func TestCounts(t *testing.T) {
	hole := "art = \"\"\"\n########\n########\n########\n###..###\n###..###\n########\n########\n########\n\"\"\""
	for _, c := range []struct {
		name, pieces, board string
		oneSided            bool
		unique, all         int64
		short               bool
	}{
		{"3x20", "5*", `size = "20x3"`, false, 2, 8, true},
		{"4x15", "5*", `size = "15x4"`, false, 368, 1472, false},
		{"5x12", "5*", `size = "12x5"`, false, 1010, 4040, false},
		{"6x10", "5*", `size = "10x6"`, false, 2339, 9356, false},
		{"8x8 hole", "5*", hole, false, 65, 520, false},
		{"123 square", "123", `size = "3x3"`, false, 6, 0, true},
		{"tetrominoes 4x5 none", "4*", `size = "5x4"`, false, 0, 0, true},
		{"square tetromino pair", "O4*2", `size = "4x2"`, false, 1, 1, true},
		{"L*2 2x4", "L4*2", `size = "4x2"`, false, 1, 2, true},
	} {
		for _, backend := range []string{"dlx", "algx", "bits"} { // auto runs one of them
			t.Run(fmt.Sprintf("%s/%s", c.name, backend), func(t *testing.T) {
				if testing.Short() && !c.short {
					t.Skip("long")
				}
				if backend == "bits" && strings.Contains(c.pieces, "*2") {
					t.Skip("bits covers each piece once")
				}
				src := fmt.Sprintf("pieces = %q\none-sided = %v\n[board]\n%s\n", c.pieces, c.oneSided, c.board)
				if got := count(t, src, backend, true); got != c.unique {
					t.Errorf("distinct: got %d, want %d", got, c.unique)
				}
				if c.all == 0 {
					return
				}
				if got := count(t, src, backend, false); got != c.all {
					t.Errorf("all: got %d, want %d", got, c.all)
				}
			})
		}
	}
}

// TestSolidsAcrossBackends counts catalogue solids with every backend
// that auto may run, bits among them now that solids have a scan order,
// against Polyform Puzzler's complete counts.
func TestSolidsAcrossBackends(t *testing.T) {
	for _, c := range []struct {
		name string
		want int64
	}{
		{"soma-3x3x3", 240},
		{"tetracubes-2x2x8", 224},
		{"tetracubes-2x4x4", 1390},
		{"diabolical-cube", 13},
	} {
		s := catalogueSpec(t, c.name)
		if !s.Expect.Set || s.Expect.V != c.want {
			t.Fatalf("%s: the spec expects %d, the test %d", c.name, s.Expect.V, c.want)
		}
		pz, err := compile.FromSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, backend := range []string{"dlx", "algx", "bits", "auto"} {
			if got := distinct(t, pz, backend); got != c.want {
				t.Errorf("%s with %s: got %d distinct solutions, want %d", c.name, backend, got, c.want)
			}
		}
	}
}

// TestScanOrder checks the Order a board gets: its cells along the
// shortest extent first, from the least cell, on lattices of cells, plane
// and solid; none on segments, where bits was measured slower.
func TestScanOrder(t *testing.T) {
	for _, c := range []struct {
		name, src string
		first     []compile.Cell // the first cells of the order
	}{
		{"10x6", "pieces = \"5*\"\n[board]\nsize = \"10x6\"\n", []compile.Cell{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 0}}},
		{"3x20", "pieces = \"5*\"\n[board]\nsize = \"3x20\"\n", []compile.Cell{{0, 0}, {1, 0}, {2, 0}, {0, 1}}},
		{"hexiamonds-4x10-long-hex", "", []compile.Cell{{0, 1, 1}}},
		{"solid-pentominoes-3x4x5", "", []compile.Cell{{0, 0, 0}, {0, 0, 1}, {0, 0, 2}, {0, 1, 0}}},
		{"tetrasticks-6x6", "", nil},
	} {
		var s *spec.Spec
		var err error
		if c.src == "" {
			e, _ := puzzles.Lookup(c.name)
			s, err = spec.LoadFS(puzzles.FS, e.Path)
		} else {
			s, err = spec.Parse(c.name+".toml", []byte(c.src))
		}
		if err != nil {
			t.Fatal(err)
		}
		pz, err := compile.FromSpec(s)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p := pz.Problem
		if c.first == nil {
			if p.Order != nil {
				t.Errorf("%s: order %v, want none", c.name, p.Order)
			}
			continue
		}
		if len(p.Order) != len(pz.Board) {
			t.Fatalf("%s: order of %d items, want the %d cells", c.name, len(p.Order), len(pz.Board))
		}
		for i, cell := range c.first {
			if got, want := p.Items[p.Order[i]].Name, compile.CellName(cell, pz.Lattice); got != want {
				t.Errorf("%s: order[%d] is %s, want %s", c.name, i, got, want)
			}
		}
	}
}
