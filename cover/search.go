package cover

import (
	"context"
	"math"
	"sync/atomic"
)

// A plan is the part of setting up a search that both backends share: the
// problem validated, primaries renumbered first, bounds clamped, and the
// options that can never be chosen dropped.
type plan struct {
	prob  *Problem
	nprim int
	// rank maps an item index to its place in the search: primaries get
	// 0..nprim-1 and secondaries nprim.. , each in problem order.
	rank []int32
	// lo and hi bound each primary, clamped into int32 and to the number of
	// options that name it, so that a search counting up to hi terminates.
	lo, hi []int32
	// opts lists the options that name a primary item. The others are never
	// chosen because the search only branches on primary items (as in
	// Knuth's programs), so they would only slow it down.
	opts []int32
}

func newPlan(p *Problem) (*plan, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	pl := &plan{prob: p, rank: make([]int32, len(p.Items))}
	for i, it := range p.Items {
		if !it.Secondary {
			pl.rank[i] = int32(pl.nprim)
			pl.nprim++
		}
	}
	next := int32(pl.nprim)
	for i, it := range p.Items {
		if it.Secondary {
			pl.rank[i] = next
			next++
		}
	}
	uses := make([]int, pl.nprim)
	for o := 0; o < p.NumOptions(); o++ {
		has := false
		for _, e := range p.Option(o) {
			if r := pl.rank[e.Item]; int(r) < pl.nprim {
				uses[r]++
				has = true
			}
		}
		if has {
			pl.opts = append(pl.opts, int32(o))
		}
	}
	pl.lo = make([]int32, pl.nprim)
	pl.hi = make([]int32, pl.nprim)
	for i, it := range p.Items {
		if r := pl.rank[i]; int(r) < pl.nprim {
			// Lo beyond the uses is unsatisfiable, and uses+1 still says so.
			pl.lo[r] = int32(min(it.Lo, uses[r]+1, math.MaxInt32))
			pl.hi[r] = int32(max(1, min(it.Hi, uses[r], math.MaxInt32)))
		}
	}
	return pl, nil
}

// bias is Knuth's branching degree theta for a primary item covered k
// times, minus the number n of options it has left. Theta counts one branch
// per option that can still be the next to cover the item, plus one for "no
// more" once lo is reached: n + 1 - max(0, lo-k). Zero or less is a dead
// end. For plain exact cover the bias is 0 and theta is just n.
func bias(k, lo int32) int32 {
	return 1 - max(0, lo-k)
}

// The context is looked at every ctxNodes nodes or ctxUpdates updates,
// whichever comes first: a channel poll per node would show up in
// profiles, and on a big problem a few thousand nodes can take seconds.
const (
	ctxNodes   = 1 << 12
	ctxUpdates = 1 << 22
)

// A run holds what every search tracks apart from its data structure:
// statistics, the current partial solution, cancellation and the visitor.
type run struct {
	done    <-chan struct{}
	ctx     context.Context
	visit   Visit
	stats   Stats
	checkAt int64 // the Updates count at which to look at the context
	sol     []int
	err     error
	// sink, from the context (see CountNodes), receives the nodes as the
	// search goes; sent is how many it has had.
	sink *nodeSink
	sent int64
	// budget, from the context (see Restarts), ends the search once it
	// has tried its nodes; spent is how many it has had.
	budget *nodeBudget
	spent  int64
	// lane, from the context (see Portfolio), pauses the search between
	// the slices of work it is granted; worked is how much it has had.
	lane   *lane
	worked int64
}

func newRun(ctx context.Context, visit Visit) run {
	sink, _ := ctx.Value(nodeSinkKey{}).(*nodeSink)
	budget, _ := ctx.Value(nodeBudgetKey{}).(*nodeBudget)
	lane, _ := ctx.Value(laneKey{}).(*lane)
	return run{done: ctx.Done(), ctx: ctx, visit: visit, checkAt: ctxUpdates, sink: sink, budget: budget, lane: lane}
}

// node counts one option tried and reports whether to go on.
func (r *run) node() bool {
	r.stats.Nodes++
	return r.stats.Nodes&(ctxNodes-1) != 0 && r.stats.Updates < r.checkAt || r.poll()
}

// poll is the part of node that runs every few thousand nodes, kept apart
// so that node is inlined.
func (r *run) poll() bool {
	// Only here does a search report its nodes to a sink: an atomic add
	// per node would cost more than a node of algx's.
	r.report()
	r.checkAt = r.stats.Updates + ctxUpdates
	n := r.stats.Nodes - r.spent
	r.spent = r.stats.Nodes
	if r.budget != nil && !r.budget.spend(n) {
		r.err = errBudget
		return false
	}
	if r.lane != nil {
		w := work(r.stats)
		if !r.lane.spend(w - r.worked) {
			r.err = r.ctx.Err()
			return false
		}
		r.worked = w
	}
	return r.live()
}

// report sends a sink the nodes counted since the last report.
func (r *run) report() {
	if r.sink != nil && r.stats.Nodes > r.sent {
		r.sink.add(r.stats.Nodes - r.sent)
		r.sent = r.stats.Nodes
	}
}

// live reports whether the context still lets the search go on.
func (r *run) live() bool {
	if r.done == nil {
		return true
	}
	select {
	case <-r.done:
		r.err = r.ctx.Err()
		return false
	default:
		return true
	}
}

// counting reports whether the caller only wants the number of solutions,
// so that the backends need not build each solution's list of options.
func (r *run) counting() bool { return r.visit == nil }

// found reports the solution in r.sol and whether to go on. The context is
// looked at too, so that a visitor that cancels stops the search at once.
func (r *run) found() bool {
	r.stats.Solutions++
	if r.visit == nil {
		return true
	}
	return r.visit(r.sol) && r.live()
}

// finish returns what Solve returns, once the sink has every node.
func (r *run) finish() (Stats, error) {
	r.report()
	return r.stats, r.err
}

// CountNodes returns a context under which the backends of this package add
// the nodes they search to n while they run, every few thousand nodes and
// once more at the end, so that another goroutine can show a live count:
// backends report their nodes in Stats only when they return. Parallel
// reports its nodes through its Meter instead (a Meter's count is live
// too), so a counter of ctx sees none of a Parallel search with a Meter.
func CountNodes(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, nodeSinkKey{}, &nodeSink{to: n})
}

type nodeSinkKey struct{}

// CountParts returns a context under which a backend that works through
// parts of its own, the sweep through its sweeps of inclusion–exclusion,
// stores their number in total when it starts them and adds one to done
// as each ends, so that another goroutine can show how far it is.
func CountParts(ctx context.Context, done, total *atomic.Int64) context.Context {
	return context.WithValue(ctx, partSinkKey{}, &partSink{done: done, total: total})
}

type partSinkKey struct{}

type partSink struct{ done, total *atomic.Int64 }

// parts returns the part counters of ctx (see CountParts), or nil.
func parts(ctx context.Context) *partSink {
	s, _ := ctx.Value(partSinkKey{}).(*partSink)
	return s
}

// A nodeSink is where the searches under one context report their nodes:
// to a counter, and to sent, which tells Parallel how much of a finished
// subproblem's nodes its Meter already has.
type nodeSink struct {
	to   *atomic.Int64
	sent atomic.Int64
}

func (s *nodeSink) add(n int64) {
	s.to.Add(n)
	s.sent.Add(n)
}

// start does what every Solve does first: give up at once on a cancelled
// context, validate and plan the problem, and set up the run.
func start(ctx context.Context, p *Problem, visit Visit) (*plan, run, error) {
	if err := ctx.Err(); err != nil {
		return nil, run{}, err
	}
	pl, err := newPlan(p)
	if err != nil {
		return nil, run{}, err
	}
	return pl, newRun(ctx, visit), nil
}
