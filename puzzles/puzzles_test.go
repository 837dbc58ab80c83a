package puzzles

import (
	"testing"

	"github.com/polyspec/polyspec/spec"
)

func TestEntries(t *testing.T) {
	names := map[string]bool{}
	for _, e := range Entries() {
		if names[e.Name] {
			t.Errorf("duplicate catalogue name %s", e.Name)
		}
		names[e.Name] = true
	}
	for _, want := range []string{"pentominoes-6x10", "pentominoes-5x12", "pentominoes-4x15", "pentominoes-3x20", "pentominoes-8x8"} {
		if _, ok := Lookup(want); !ok {
			t.Errorf("catalogue lacks %s", want)
		}
	}
}

// TestSpecsParse checks every catalogue file against the spec schema.
func TestSpecsParse(t *testing.T) {
	for _, e := range Entries() {
		s, err := spec.LoadFS(FS, e.Path)
		if err != nil {
			t.Error(err)
			continue
		}
		if s.Name.V != e.Name {
			t.Errorf("%s: name %q, expected the file's name", e.Path, s.Name.V)
		}
	}
}

// TestCountsSourced checks that every published count says where it comes
// from and every count of polyspec's own says how it was made, so that the
// two are never confused.
func TestCountsSourced(t *testing.T) {
	for _, e := range Entries() {
		s, err := spec.LoadFS(FS, e.Path)
		if err != nil {
			t.Fatal(err)
		}
		if (s.Expect.Set || s.ExpectAll.Set) != s.ExpectSource.Set {
			t.Errorf("%s: expect-source must be given with expect or expect-all, and only then", e.Path)
		}
		if (s.Count.Set || s.CountAll.Set) != s.CountBy.Set {
			t.Errorf("%s: count-by must be given with count or count-all, and only then", e.Path)
		}
		if s.Expect.Set && s.Count.Set || s.ExpectAll.Set && s.CountAll.Set {
			t.Errorf("%s: a published count and polyspec's own of the same thing: keep the published one", e.Path)
		}
	}
}
