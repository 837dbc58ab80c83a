package cover

import (
	"context"
	"math"
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

// theta is Knuth's branching degree for a primary item with n options left
// that has been covered k times: one branch per option that can still be
// the next to cover it, plus one for "no more" once lo is reached. Zero or
// less means a dead end. For plain exact cover it is just n.
func theta(n, k, lo int32) int32 {
	return n + 1 - max(0, lo-k)
}

// ctxEvery is how many nodes pass between looks at the context; a power of
// two minus one so the test is a mask.
const ctxEvery = 1<<12 - 1

// A run holds what every search tracks apart from its data structure:
// statistics, the current partial solution, cancellation and the visitor.
type run struct {
	done  <-chan struct{}
	ctx   context.Context
	visit Visit
	stats Stats
	sol   []int
	err   error
}

func newRun(ctx context.Context, visit Visit) run {
	return run{done: ctx.Done(), ctx: ctx, visit: visit}
}

// node counts one option tried and reports whether to go on; the context is
// only consulted now and then because a channel poll per node would show up
// in profiles.
func (r *run) node() bool {
	r.stats.Nodes++
	if r.stats.Nodes&ctxEvery == 0 && r.done != nil {
		select {
		case <-r.done:
			r.err = r.ctx.Err()
			return false
		default:
		}
	}
	return true
}

// found reports the solution in r.sol and whether to go on. Cancellation is
// checked here too so that a visitor that cancels stops the search at once.
func (r *run) found() bool {
	r.stats.Solutions++
	if !r.visit(r.sol) {
		return false
	}
	if r.done != nil {
		select {
		case <-r.done:
			r.err = r.ctx.Err()
			return false
		default:
		}
	}
	return true
}

// finish returns what Solve returns; a search cancelled before it starts
// still reports ctx.Err().
func (r *run) finish() (Stats, error) {
	if r.err == nil {
		r.err = r.ctx.Err()
	}
	return r.stats, r.err
}
