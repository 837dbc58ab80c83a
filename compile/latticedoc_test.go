package compile_test

import (
	"context"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/spec"
)

// TestLatticeDocs checks the spec reference's account of each lattice: the
// sets it lists are the library's, and its example spec solves, with the
// count it expects where it gives one.
func TestLatticeDocs(t *testing.T) {
	for _, d := range spec.LatticeDocs() {
		t.Run(d.Name, func(t *testing.T) {
			l, err := compile.LatticeByName(d.Name)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := strings.Fields(d.Sets), compile.LibraryFor(l).Sets(); !sameWords(got, want) {
				t.Errorf("the reference lists the sets %v, the library has %v", got, want)
			}
			s, err := spec.Parse(d.Name+".toml", []byte(d.Example))
			if err != nil {
				t.Fatal(err)
			}
			pz, err := compile.FromSpec(s)
			if err != nil {
				t.Fatal(err)
			}
			b, err := cover.Lookup("dlx")
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
			if st.Solutions == 0 || s.Expect.Set && st.Solutions != s.Expect.V {
				t.Errorf("the example has %d distinct solutions, expects %v", st.Solutions, s.Expect)
			}
		})
	}
}

// sameWords reports whether a and b hold the same words, in any order.
func sameWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, w := range a {
		seen[w]++
	}
	for _, w := range b {
		seen[w]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}
