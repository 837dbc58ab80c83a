package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// TestWarnEndless checks the warning before a search that cannot finish:
// an empty 9×9 Sudoku's count (6.67e21 grids) is warned of, and the 6×10
// pentominoes' (2.5 million nodes) is not, even when the estimate is
// given all the time it needs.
func TestWarnEndless(t *testing.T) {
	for _, tc := range []struct {
		target string
		warns  bool
	}{
		{"testdata/empty-sudoku.toml", true},
		{"pentominoes-6x10", false},
	} {
		j, err := load(tc.target, loadOptions{count: true})
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		e := &env{ctx: context.Background(), stderr: &stderr}
		stop := warnEndless(e, j.Parts[0])
		// The warning comes while the search runs; here nothing runs,
		// so the estimate gets the time it would have beside it.
		deadline := time.Now().Add(10 * time.Second)
		for tc.warns && stderr.Len() == 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if !tc.warns {
			time.Sleep(200 * time.Millisecond)
		}
		stop()
		got := stderr.String()
		if warned := strings.Contains(got, "more than a run can finish"); warned != tc.warns {
			t.Errorf("%s: warned %v, want %v: %q", tc.target, warned, tc.warns, got)
		}
	}
}
