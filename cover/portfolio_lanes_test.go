package cover_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// lateOnGiven is a backend that finds nothing on any problem but the one
// it was made for, and finds that one's solutions (inner's) only after
// late nodes: restarts, whose first run's budget is shorter and whose
// later runs search shuffled copies, never find them, and the plain
// search does.
type lateOnGiven struct {
	given *cover.Problem
	late  int64
	inner cover.Backend
}

func (b lateOnGiven) Name() string { return "late" }

func (b lateOnGiven) Solve(ctx context.Context, p *cover.Problem, visit cover.Visit) (cover.Stats, error) {
	if p != b.given {
		return cover.Burn(ctx, 1<<62)
	}
	st, err := cover.Burn(ctx, b.late)
	if err != nil {
		return st, err
	}
	more, err := b.inner.Solve(ctx, p, visit)
	more.Nodes += st.Nodes
	return more, err
}

// TestPortfolioLaterLaneWins checks a portfolio whose restarts, its first
// lane, find nothing: a lane that joins later (the plain search) finds
// the solutions, each once, in the plain search's order, the same on one
// core and on two, after the restarts' head start.
func TestPortfolioLaterLaneWins(t *testing.T) {
	// In the order Portfolio gives its lanes, so that the plain lane's
	// problem is the one b was made for.
	p, _ := cover.FirstOrdered(load(t, "pentominoes-3x20.dlx"))
	algx, _ := cover.Lookup("algx")
	want, plain := collect(t, algx, p, 2)
	b := lateOnGiven{given: p, late: 4 * cover.RestartUnit, inner: algx}
	for _, workers := range []int{1, 2} {
		label := fmt.Sprintf("%d workers", workers)
		got, st := collect(t, cover.Portfolio{Backend: b, Seed: 5, Unit: 1 << 16, Workers: workers}, p, 2)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s: %v, want the plain search's %v", label, got, want)
		}
		// The plain lane alone tried late + plain.Nodes nodes; the
		// restarts tried theirs in the same rounds.
		if st.Nodes <= b.late+plain.Nodes+cover.RestartUnit {
			t.Errorf("%s: %d nodes; the plain lane alone needs %d, and the restarts lane searches first", label, st.Nodes, b.late+plain.Nodes)
		}
	}
}

// TestPortfolioStartsWithRestarts checks that a search the restarts end
// within their head start is theirs: the same solutions, in the same
// order, in the same number of nodes as Restarts alone, whatever the
// workers.
func TestPortfolioStartsWithRestarts(t *testing.T) {
	p := load(t, "pentominoes-3x20.dlx")
	scanColumns(p, false)
	bits, _ := cover.Lookup("bits")
	want, alone := collect(t, cover.Restarts{Backend: bits, Seed: 2}, p, 3)
	for _, workers := range []int{1, 2} {
		got, st := collect(t, cover.Portfolio{Backend: bits, Seed: 2, Workers: workers}, p, 3)
		if !slices.EqualFunc(got, want, slices.Equal) || st != alone {
			t.Errorf("%d workers: %v in %+v, want the restarts' %v in %+v", workers, got, st, want, alone)
		}
	}
}
