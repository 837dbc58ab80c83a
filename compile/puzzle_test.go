package compile_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/spec"
)

// count solves a spec with a backend, modulo symmetry when unique is set.
func count(t testing.TB, src string, backend string, unique bool) int64 {
	t.Helper()
	s, err := spec.Parse("test.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pz, err := compile.FromSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	b, err := cover.Lookup(backend)
	if err != nil {
		t.Fatal(err)
	}
	var group []cover.Symmetry
	if unique {
		group = pz.Symmetries()
	}
	d, err := cover.NewDistinct(pz.Problem, group)
	if err != nil {
		t.Fatal(err)
	}
	st, err := d.Solve(context.Background(), b, func([]int) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	return st.Solutions
}

// TestCounts checks published pentomino counts: distinct solutions and all
// solutions, with both backends.
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
		for _, backend := range []string{"dlx", "algx"} { // auto runs one of them
			t.Run(fmt.Sprintf("%s/%s", c.name, backend), func(t *testing.T) {
				if testing.Short() && !c.short {
					t.Skip("long")
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
