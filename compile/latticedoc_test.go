package compile_test

import (
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile"
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
			got := distinct(t, pz, "dlx")
			if got == 0 || s.Expect.Set && got != s.Expect.V {
				t.Errorf("the example has %d distinct solutions, expects %v", got, s.Expect)
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
