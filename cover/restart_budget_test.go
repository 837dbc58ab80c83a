package cover

import (
	"context"
	"testing"
)

// TestBudgetRenewDoubles checks that a run that finds a solution goes on
// with twice its budget, whole, and never past maxBudget.
func TestBudgetRenewDoubles(t *testing.T) {
	b := &nodeBudget{left: 100, per: 100}
	b.spend(70)
	b.renew()
	if b.left != 200 || b.per != 200 {
		t.Errorf("after a renew: left %d of %d, want 200 of 200", b.left, b.per)
	}
	for range 64 {
		b.renew()
	}
	if b.per != maxBudget || b.left != maxBudget {
		t.Errorf("after 64 renews: left %d of %d, want both %d", b.left, b.per, int64(maxBudget))
	}
}

// solutionStream is a backend whose runs hand over new solutions (one
// option each, of the 112 of dominoTiling(8)), each after spending ten
// nodes of the run's budget, until the budget is spent; runs counts its
// runs.
type solutionStream struct {
	next, runs *int
}

func (solutionStream) Name() string { return "stream" }

func (s solutionStream) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	*s.runs++
	budget := ctx.Value(nodeBudgetKey{}).(*nodeBudget)
	var st Stats
	for {
		st.Nodes += 10
		if !budget.spend(10) {
			return st, errBudget
		}
		*s.next++
		if !visit([]int{*s.next % p.NumOptions()}) {
			return st, nil
		}
	}
}

// TestRestartsRenewOnlyKept checks that a run goes on with a renewed
// budget after a solution its caller keeps, and not after one the caller
// drops (as Distinct drops symmetric images): renewed for each, a run
// whose solutions are all dropped never ends.
func TestRestartsRenewOnlyKept(t *testing.T) {
	for _, keep := range []bool{true, false} {
		var next, runs int
		var kept int64
		r := Restarts{Backend: solutionStream{&next, &runs}, Unit: 100}
		ctx := context.WithValue(context.Background(), keptKey{}, &kept)
		handed := 0
		_, err := r.Solve(ctx, dominoTiling(8), func([]int) bool {
			if keep {
				kept++
			}
			handed++
			return handed < 50
		})
		if err != nil {
			t.Fatal(err)
		}
		// Kept, the first run's budget doubles with each solution: it
		// hands over all 50. Dropped, each run hands over the 9 or so
		// its budget of 100 or 200 nodes pays for.
		if keep && runs != 1 || !keep && runs < 5 {
			t.Errorf("keep %v: %d runs for 50 solutions", keep, runs)
		}
	}
}
