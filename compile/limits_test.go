package compile_test

import (
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/spec"
)

// TestMaxPlacementsKey checks that a spec's max-placements key replaces the
// limit on placements for that spec, in both directions, that the error
// then names the key, and that no limit (--max-placements 0) lifts it too.
// The twelve pentominoes have 2,056 placements on the 6×10 board.
func TestMaxPlacementsKey(t *testing.T) {
	const board = "pieces = \"5*\"\n[board]\nsize = \"10x6\"\n"
	for _, c := range []struct {
		name, key string
		limit     int
		err       string
	}{
		{"the limit", "", 2000, `test.toml:1:11: more than 2000 placements, the limit (--max-placements raises it)`},
		{"a key above it", "max-placements = 3000\n", 2000, ""},
		{"a key below it", "max-placements = 2000\n", compile.DefaultMaxPlacements, `test.toml:1:18: more than 2000 placements, the limit the spec's max-placements sets (--max-placements 0 lifts every limit)`},
		{"no limit", "max-placements = 2000\n", 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := spec.Parse("test.toml", []byte(c.key+board))
			if err != nil {
				t.Fatal(err)
			}
			pz, err := compile.FromSpecLimits(s, compile.Limits{Placements: c.limit})
			switch {
			case c.err != "" && (err == nil || err.Error() != c.err):
				t.Errorf("got error %v, want %s", err, c.err)
			case c.err == "" && err != nil:
				t.Error(err)
			case c.err == "" && pz.NumPlacements() != 2056:
				t.Errorf("%d placements, want 2056", pz.NumPlacements())
			}
		})
	}
}
