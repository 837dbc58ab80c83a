package cover

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// auto counts by the sweep where the sweep pays (see sweepBackend): where
// a search would count for a while (its tree, by Knuth's walks, of at
// least sweepMinSearch of algx's nodes), the sweep is tried first with a
// budget of transitions that costs sweepShare of the search's estimated
// time. A sweep that finishes within it is the count, at that share of
// the search's time or less; one that runs out of it, or whose states
// pass their memory bound, gives up and the search counts as it would
// have, having lost at most that share. The sweep also gives up at the
// end of a level, or of a sweep of inclusion–exclusion, once its
// transitions so far and those it projects for the rest (see sweepRest
// and termSweep.each) would pass the budget: most sweeps that lose do so
// early, at a small part of the budget (bench/results/auto-count.md).
//
// The search's estimate is rough (see bitsFaster). The root walks that
// weigh bits against algx are cheap but miss deep trees most: on
// one-sided-pentominoes-6x15 they said 3.6e8 nodes for a search that had
// not finished 3.3e9 nodes in, so the sweep, which counts it in 652
// million transitions, got a budget of 11 million and the search it fell
// to had not finished after 27.5 minutes; on cornucopia-17x6 they said
// 3.7e6 for a tree of 1.15e9. So a search they put at sweepWeighAbove
// nodes or more is weighed again as
// EstimateSearch does, its tree split into subproblems each walked from:
// split 64 ways with a few hundred walks (10 to 25 ms), and if that says
// sweepRefineAbove nodes or more, 512 ways as the pivots are weighed
// (some tenths of a second on the biggest boards): 3.3e9 on the 6×15,
// 3.7e8 on the cornucopia. An estimate too small only keeps the sweep
// from a count it could have made; one too big lets a losing sweep cost
// more than its share.
const (
	// sweepShare is half: the sweep is taken where it is projected to
	// cost at most half the search's estimated time, for a search of
	// sweepRefineAbove nodes or more. A smaller share bounds
	// a losing sweep's cost more tightly, but the estimates of the big
	// searches are low more often than high (bench/results/estimates.md),
	// and a sixteenth kept 6x15 from the sweep even on the split's estimate.
	sweepShare = 1.0 / 2
	// sweepShortShare is the share for a search estimated at under
	// sweepRefineAbove nodes (seconds), where a trial's cost is felt
	// and a win saves little: at half, the 3×4×5 solid pentominoes' trial
	// took 0.62 s of a 2.7 s count on two workers before it gave up.
	sweepShortShare = 1.0 / 16
	// sweepNodeCost is what a transition of the sweep costs as a share
	// of a node of algx: on polyhexes-1234-irregular-hexagon-2, 340 ns
	// against 200 ns (one worker each, the same run); one of
	// inclusion–exclusion's vectors of 256 counts (pentominoes-4x15) 1.4
	// µs against algx's 0.67 µs there.
	sweepNodeCost = 2.0
	// sweepMinSearch is the estimated size of algx's tree below which a
	// count is searched without trying the sweep: some 20 ms of search,
	// about what planning a sweep costs on the bigger boards.
	sweepMinSearch = 1e5
	// sweepWeighAbove is the root walks' estimate from which the search
	// is weighed again by a split's walks (above): a second or so of
	// search, which the 10 to 25 ms of the first split's walks cost
	// little against.
	sweepWeighAbove = 1e6
	// sweepRefineAbove is the first split's estimate from which the
	// search is weighed again split 512 ways (above): some 10 s of search.
	sweepRefineAbove = 1e7
	// sweepMaxBudget bounds the trial whatever the estimate: some 30 to
	// 60 minutes of one core.
	sweepMaxBudget = 1 << 31
)

// A CountChoice says how auto counts a problem, and why.
type CountChoice struct {
	// Search is Knuth's estimate of the nodes of algx's tree, from
	// random walks from the root (as auto weighs bits against algx),
	// or from a split's where those put it at sweepWeighAbove or more or
	// where the pivots were weighed.
	Search float64
	// Budget is the sweep's transitions that auto tries before it
	// searches; 0 if it does not try the sweep.
	Budget int64
	// Sweep reports whether the sweep counted within its budget;
	// Transitions are its transitions (see Stats.Nodes), and States the
	// most states it held at a level, of the sweep that counts every
	// solution.
	Sweep               bool
	Transitions, States int64
	// Why says why auto searches rather than sweeps ("" if it sweeps).
	Why string
	// Count is the sweep's count, if Sweep.
	Count int64
}

// ChooseCount weighs, as auto does before a count of p's solutions, the
// sweep against the search, and reports its choice. It runs the sweep as
// auto does, within the budget auto gives it, but within at most limit
// transitions if limit is above 0: where limit is the smaller, a sweep
// stopped by it says so, and that auto would try it for longer.
func ChooseCount(ctx context.Context, p *Problem, limit int64) (CountChoice, error) {
	return chooseCount(ctx, wholeCount(p), limit, nil)
}

// ChooseCount is ChooseCount of a count modulo d's symmetries, which the
// sweep counts by Burnside's lemma and the search as d.Solve does.
func (d *Distinct) ChooseCount(ctx context.Context, limit int64) (CountChoice, error) {
	return chooseCount(ctx, d.countJob(), limit, nil)
}

// A countJob is a count auto may sweep: of p's solutions modulo group
// (nil for all of them), which a search counts by searching searched
// (the reduced problem of a count modulo symmetry, or p), whose tree is
// estimated at tree nodes, split as the pivots are weighed, if known
// (else 0).
type countJob struct {
	p        *Problem
	group    []Symmetry
	searched *Problem
	tree     float64
}

// wholeCount is the countJob of all of p's solutions.
func wholeCount(p *Problem) countJob { return countJob{p: p, searched: p} }

// countJob is the countJob of d's count.
func (d *Distinct) countJob() countJob {
	return countJob{p: d.problem, group: d.group, searched: d.reduced, tree: d.tree}
}

// chooseCount is ChooseCount of job. The sweep records its parts in
// state, if not nil.
func chooseCount(ctx context.Context, job countJob, limit int64, state *State) (CountChoice, error) {
	c := weighSweep(ctx, job)
	if c.Budget == 0 {
		return c, nil
	}
	budget := c.Budget
	if limit > 0 && limit < budget {
		budget = limit
	}
	st, err := trialSweep(ctx, job.p, job.group, budget-state.beginTrial(), state)
	c.Transitions, c.States = st.Nodes, st.Updates
	switch {
	case err == nil:
		c.Sweep, c.Count = true, st.Solutions
	case errors.Is(err, errBudget) && budget < c.Budget:
		c.Why = fmt.Sprintf("the sweep passed the %d transitions tried here; auto tries it up to %d", budget, c.Budget)
	case errors.Is(err, errBudget):
		c.Why = fmt.Sprintf("the sweep would take more than its budget of %d transitions", c.Budget)
	case errors.Is(err, ErrUnsupported):
		c.Why = err.Error()
	default:
		return c, err
	}
	return c, nil
}

// weighSweep returns a CountChoice with the search's estimate and the
// sweep's budget, or the reason it has none.
func weighSweep(ctx context.Context, job countJob) CountChoice {
	p, searched := job.p, job.searched
	pl, err := newPlan(p)
	if err != nil {
		return CountChoice{Why: err.Error()}
	}
	if err := sweepFits(pl); err != nil {
		return CountChoice{Why: err.Error()}
	}
	c := CountChoice{Search: job.tree}
	if c.Search == 0 {
		// A whole count searches p itself, whose plan is made.
		spl := pl
		if searched != p {
			if spl, err = newPlan(searched); err != nil {
				return CountChoice{Why: err.Error()}
			}
		}
		c.Search = rootWalks(spl)
		// A search of a second or more by the root walks is weighed
		// again by a split's walks (see above): cheaply, and more
		// closely where that shows a search of seconds.
		for _, w := range []struct {
			target, walks int
			above         float64
		}{{gateTarget, gateWalks, sweepWeighAbove}, {estimateTarget, pivotWalks, sweepRefineAbove}} {
			if c.Search < w.above {
				break
			}
			e, err := estimateSearch(ctx, searched, w.target, sweepWorkers(ctx), w.walks)
			if err != nil || math.IsInf(e.Nodes, 0) {
				break
			}
			c.Search = e.Nodes
		}
	}
	if c.Search < sweepMinSearch {
		c.Why = fmt.Sprintf("the search is small (about %.2g nodes)", c.Search)
		return c
	}
	share := sweepShare
	if c.Search < sweepRefineAbove {
		share = sweepShortShare
	}
	c.Budget = int64(min(c.Search*share/sweepNodeCost, sweepMaxBudget))
	return c
}

// rootWalks returns Knuth's estimate of the nodes of algx's tree of a
// planned problem from algxWalks random walks from its root, the first
// walks bitsFaster makes.
func rootWalks(pl *plan) float64 {
	rng := rand.New(rand.NewPCG(estimateSeed, 0))
	return newRootWalker(pl).walks(rng, algxWalks) / algxWalks
}

// A rootWalker makes Knuth's random walks of algx's tree from its root.
type rootWalker struct {
	sp      *splitter
	root, n *node
}

func newRootWalker(pl *plan) *rootWalker {
	sp := newSplitter(pl, false, false)
	root := sp.root()
	return &rootWalker{sp: sp, root: root, n: root.clone()}
}

// walks returns the sum of k walks' estimates of the tree's size.
func (w *rootWalker) walks(rng *rand.Rand, k int) float64 {
	sum := 0.0
	for range k {
		w.n.copy(w.root)
		size, _ := w.sp.probe(w.n, rng, math.MaxInt)
		sum += size
	}
	return sum
}

// trialSweep counts p modulo group by the sweep, giving up with errBudget
// after budget transitions (Stats.Updates holds the most states it had
// at a level), recording its parts in state, if not nil.
func trialSweep(ctx context.Context, p *Problem, group []Symmetry, budget int64, state *State) (Stats, error) {
	ctx = context.WithValue(ctx, nodeBudgetKey{}, &nodeBudget{left: budget, per: budget})
	return countSweep(ctx, p, group, state, Shard{})
}

// sweepFirst is auto's count of job by the sweep, where the sweep pays
// (see above); ok is false where auto must search instead.
//
// With a state, the trial records its parts there as it goes, marked as
// a trial: a run stopped during it goes on with the trial when resumed,
// within what is left of the same budget (the estimates are seeded, so the
// budget is the same), and the search starts afresh if the trial passes
// it, as in a run never stopped. A trial that counts leaves a state of the
// sweep's, and one that gives up a fresh state for the search. A state of
// the sweep's (as --backend sweep writes) goes on by the sweep without a
// budget; a state of a search is the search's (see sweepsFirst).
func sweepFirst(ctx context.Context, job countJob, state *State) (st Stats, ok bool, err error) {
	if state.resumesSweep() && !state.resumesTrial() {
		st, err := countSweep(ctx, job.p, job.group, state, Shard{})
		return st, true, err
	}
	c, err := chooseCount(ctx, job, 0, state)
	if err == nil {
		state.endTrial(c.Sweep)
	}
	// The transitions the sweep tried are work done too.
	st = Stats{Nodes: c.Transitions}
	if c.Sweep {
		st.Solutions, st.Updates = c.Count, c.States
	}
	return st, c.Sweep || err != nil, err
}

// sweepRest projects the transitions still to come of a sweep of levels
// levels that has made done transitions in its levels up to level, last
// of them at level. A sweep's states grow from its first level towards
// its middle, as the frontier widens and the subsets of pieces used
// multiply, and fall again towards its end, about as they rose: so the
// levels up to the middle's mirror image are taken to cost at least the
// last, and those after it as many as the levels done, in all; past the
// middle, the levels left their mean so far. On the 45 aztec diamond a
// projection by the mean alone let the sweep run to 650 MB and 27 s of
// CPU before its budget stopped it, a quarter of the search's time.
func sweepRest(done, last float64, level, levels int) float64 {
	if mid := levels - 2*(level+1); mid > 0 {
		return float64(mid)*last + done
	}
	return done / float64(level+1) * float64(levels-level-1)
}

// overBudget reports whether the search's node budget, if it has one,
// would be spent by more nodes beyond those tried so far, and if so
// sets r.err to errBudget.
func (r *run) overBudget(more float64) bool {
	if r.budget == nil || more <= float64(r.budget.left-(r.stats.Nodes-r.spent)) {
		return false
	}
	r.err = errBudget
	return true
}
