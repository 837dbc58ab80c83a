package cover_test

import (
	"context"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// TestChooseCount checks auto's choice of the sweep for a count: the 8×8
// domino tilings, a tree of millions of nodes for the search and a few
// thousand transitions for the sweep, are counted by the sweep, by auto
// too; the 6×10 pentominoes, whose sweep passes its budget within a few
// levels, by the search, which auto falls back on with the same count.
func TestChooseCount(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		file  string
		sweep bool
		count int64
		why   string
	}{
		{"dominoes-8x8.dlx", true, 12988816, ""},
		{"pentominoes-6x10-unique.dlx", false, 2339, "budget"},
		{"queens-12.dlx", false, 14200, "budget"},
	} {
		p := load(t, c.file)
		ch, err := cover.ChooseCount(ctx, p, 0)
		if err != nil {
			t.Fatal(err)
		}
		if ch.Sweep != c.sweep || !strings.Contains(ch.Why, c.why) || ch.Sweep && ch.Count != c.count {
			t.Errorf("%s: %+v, want sweep %v (%q)", c.file, ch, c.sweep, c.why)
		}
		if !c.sweep && ch.Transitions > ch.Budget {
			t.Errorf("%s: the trial took %d transitions, past its budget of %d", c.file, ch.Transitions, ch.Budget)
		}
		got, err := countWith(t, "auto", p)
		if err != nil || got != c.count {
			t.Errorf("%s: auto counts %d, %v; want %d", c.file, got, err, c.count)
		}
		st, err := cover.Parallel{Workers: 2}.Solve(ctx, p, nil)
		if err != nil || st.Solutions != c.count {
			t.Errorf("%s: auto on 2 workers counts %d, %v; want %d", c.file, st.Solutions, err, c.count)
		}
	}
}
