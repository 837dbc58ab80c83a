package main

import (
	"bytes"
	"context"
	"runtime/debug"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

func TestPivotRule(t *testing.T) {
	for _, c := range []struct {
		flag     string
		cutShort bool
		want     cover.PivotRule
		err      string
	}{
		{"auto", false, cover.PivotEstimate, ""},
		{"auto", true, cover.PivotFewest, ""},
		{"fewest", false, cover.PivotFewest, ""},
		{"estimate", true, cover.PivotEstimate, ""}, // asked for, it is done
		{"free", true, cover.PivotFree, ""},
		{"most", false, 0, `cover: no pivot rule "most" (fewest, free, estimate)`},
	} {
		got, err := pivotRule(c.flag, c.cutShort)
		if errText(err) != c.err || got != c.want {
			t.Errorf("--pivot %s, cut short %v: %v, %v; want %v, %s", c.flag, c.cutShort, got, err, c.want, c.err)
		}
	}
}

// TestSolveRestoresGC checks that solve gives the garbage collector back
// the percent it had once the puzzle is built, for the search and for
// whatever runs after it in the same process, also when loading fails.
func TestSolveRestoresGC(t *testing.T) {
	const percent = 77
	defer debug.SetGCPercent(debug.SetGCPercent(percent))
	for _, args := range [][]string{
		{"solve", "pentominoes-3x20", "-n", "1", "--quiet"},
		{"solve", "no-such-puzzle"},
	} {
		var stdout, stderr bytes.Buffer
		runContext(context.Background(), args, &stdout, &stderr)
		if got := debug.SetGCPercent(percent); got != percent {
			t.Errorf("%v: GC percent %d after it, want %d", args, got, percent)
		}
	}
}
