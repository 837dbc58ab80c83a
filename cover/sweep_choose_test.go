package cover_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// TestChooseCount checks auto's choice of the sweep for a count: the 8×8
// domino tilings, a tree of millions of nodes for the search and a few
// thousand transitions for the sweep, are counted by the sweep, by auto
// too; the 6×10 pentominoes and the 12 queens, whose sweeps would pass
// their budgets, by the search, which auto falls back on with the same
// count. A losing sweep gives up at a small part of its budget: the
// queens' inclusion–exclusion, projected a sweep at a time, took 4,527
// of its 9,662 transitions; projected within its first sweep, 1,318.
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
		if !c.sweep && ch.Transitions > ch.Budget/4 {
			t.Errorf("%s: the trial took %d transitions of its budget of %d, not a small part", c.file, ch.Transitions, ch.Budget)
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

// TestAutoSweepTrialResumes checks that a run stopped during auto's trial
// of the sweep goes on with the trial when resumed from its state file,
// and reports what a run never stopped does, or searches afresh where
// what is left of the trial's budget runs out: the 3×20 pentominoes' 8
// tilings, by inclusion–exclusion's 16 sweeps.
func TestAutoSweepTrialResumes(t *testing.T) {
	ctx := context.Background()
	p := load(t, "pentominoes-3x20.dlx")
	const tree = 1e9 // a budget far above the sweep's transitions
	state := new(cover.State)
	whole, ok, err := cover.TrialSweep(ctx, p, tree, state)
	if err != nil || !ok || whole.Solutions != 8 {
		t.Fatalf("the trial never stopped: %+v, counted %v, %v; want 8 tilings", whole, ok, err)
	}
	stopped := func() *cover.State {
		t.Helper()
		cover.StopTrial(state, 8)
		var buf bytes.Buffer
		if err := cover.WriteState(&buf, state); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), `"trial": true`) || !strings.Contains(buf.String(), `"residue"`) {
			t.Fatalf("the state of a trial stopped halfway has no trial mark or no part:\n%s", buf.String())
		}
		resumed, err := cover.ReadState(&buf, "state")
		if err != nil {
			t.Fatal(err)
		}
		return resumed
	}
	resumed := stopped()
	st, ok, err := cover.TrialSweep(ctx, p, tree, resumed)
	if err != nil || !ok || st != whole {
		t.Errorf("resumed: %+v, counted %v, %v; want %+v as never stopped", st, ok, err, whole)
	}
	var buf bytes.Buffer
	if err := cover.WriteState(&buf, resumed); err != nil || strings.Contains(buf.String(), `"trial"`) || !strings.Contains(buf.String(), `"split": "sweep"`) {
		t.Errorf("the state of a trial that counted is not the sweep's own (%v):\n%s", err, buf.String())
	}
	// A budget of three quarters of the sweep's transitions, of which
	// the run stopped halfway has less than half left.
	resumed = stopped()
	if _, ok, err := cover.TrialSweep(ctx, p, float64(whole.Nodes)*3, resumed); err != nil || ok {
		t.Fatalf("resumed with too small a budget: counted %v, %v; want the search", ok, err)
	}
	if err := cover.WriteState(&buf, resumed); !errors.Is(err, cover.ErrUnusedState) {
		t.Errorf("the state of a trial that gave up: %v, want it fresh for the search", err)
	}
}
