package puzzles

import "testing"

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
