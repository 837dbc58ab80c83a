package cover

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Parallel is a Backend that splits the search tree into subproblems (the
// nodes at a fixed depth, see split.go) and searches them with another
// backend on several goroutines, handing each worker the next subproblem
// as it finishes one. The tree is the backend's: that of the item with
// fewest options for dlx, algx and sums, bits's fixed order for bits (and
// for auto, the tree of the backend it chooses for the whole problem). It
// finds the same solutions as its Backend, trying the same options (so
// Stats.Nodes is the same, but for a problem with Colourings, whose
// subproblems may bound their pieces more tightly, see balance, and try
// fewer), and visits them in the same order whatever
// the number of workers: each subproblem's solutions
// wait until all earlier subproblems' are through. Without multiplicities
// that order is exactly the Backend's; with them a subproblem's search may
// try "no more options for this item" at another point of its turn,
// because it sees the item's bound clamped to the options left, so the
// order can differ.
//
// Shard, State and Meter add what a long search needs: a share of the
// subproblems for one machine of many, a record to resume from after an
// interruption, and a live view of the progress. A zero Parallel searches
// with DefaultBackend on every core.
type Parallel struct {
	// Backend searches each subproblem; nil means DefaultBackend.
	Backend Backend
	// Workers is the number of subproblems searched at once; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Depth is the depth of the split: 0 picks the shallowest depth with at
	// least 16 subproblems per worker, or, for a shard of several or a
	// search with a State, at least 256, whatever the number of workers,
	// so that shards and states from runs with different worker counts fit
	// together. (A resumed State keeps the depth it was split at.)
	Depth int
	// Shard limits the search to one shard's subproblems; the zero value
	// searches them all.
	Shard Shard
	// State, if not nil, records each finished subproblem, and a resumed
	// state's finished subproblems are skipped (see State). A resumed
	// state's depth overrides a zero Depth if a zero Depth could have
	// chosen it; a state split at a Depth chosen by hand needs that Depth.
	State *State
	// Meter, if not nil, follows the search as it runs. For its share of
	// the work done, the search first estimates the size of every
	// subproblem (see Progress.Weight), at a cost of about 1% of a long
	// search, 3% of the 6×10 pentominoes (0.4 s) and more of a shorter
	// one.
	Meter *Meter
}

// Name returns the name of the backend in parentheses after "parallel".
func (par Parallel) Name() string { return "parallel(" + par.backend().Name() + ")" }

func (par Parallel) backend() Backend {
	if par.Backend != nil {
		return par.Backend
	}
	b, _ := Lookup(DefaultBackend)
	return b
}

// Solve searches p. The statistics are summed over the split and the
// subproblems; with a resumed State they include the finished subproblems
// carried over, whose solutions are not visited again. Visit is called
// from the goroutine that called Solve, never concurrently.
func (par Parallel) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	if par.sweepsFirst(visit) {
		if st, ok, err := sweepFirst(par.sweepContext(ctx), wholeCount(p), par.State); ok {
			return st, err
		}
	}
	if oc, ok := par.backend().(orbitCounter); ok && visit == nil {
		// The sweep counts the whole problem at once, its parts on
		// every worker, where subproblems would each be a sweep.
		return oc.countOrbits(par.sweepContext(ctx), p, nil, par.State, par.Shard)
	}
	return par.run(ctx, p, func() string { return Fingerprint(p) }, nil, visit)
}

// sweepContext returns ctx with par's workers for a sweep's terms, and
// its Meter, if any, following the sweep's transitions and sweeps as it
// follows the subproblems of a split.
func (par Parallel) sweepContext(ctx context.Context) context.Context {
	workers := par.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if m := par.Meter; m != nil {
		ctx = CountParts(CountNodes(ctx, &m.nodes), &m.done, &m.total)
		// A sweep finds no solution before its count.
		m.solutions.Store(-1)
	}
	return withSweepWorkers(ctx, workers)
}

// sweepsFirst reports whether a search with visit is a whole count by
// auto, which tries the sweep first (sweep_choose.go): with no state, a
// fresh one, or one of the sweep's. The shards of a count are left to the
// search: each would try the sweep on its own parts, and might choose
// otherwise than the others.
func (par Parallel) sweepsFirst(visit Visit) bool {
	_, auto := par.backend().(autoBackend)
	return auto && visit == nil && par.Shard.whole() == (Shard{Of: 1}) &&
		(par.State == nil || par.State.fresh() || par.State.resumesSweep())
}

// SolveDistinct is d.Solve(ctx, par, visit), with the symmetry filter run
// by the workers: it spreads the filter's work over the cores too, and it
// makes a State or Part count the distinct solutions of each subproblem,
// which d.Solve cannot, since the filter's verdicts do not reach the
// backend. Use it whenever par has a State or a Shard.
//
// A count (nil visit) of a whole search without a Meter, by a backend
// that counts faster alone (memo), is split as d.Solve splits it: the rest
// counted on every worker with no visitor, the checked parts, which are
// small, with the filter on one. With a State, a Shard or a Meter it is
// one search of the reduced problem with the filter, so that its
// subproblems and its progress are those of one tree.
func (par Parallel) SolveDistinct(ctx context.Context, d *Distinct, visit Visit) (Stats, error) {
	if oc, ok := par.backend().(orbitCounter); ok && visit == nil {
		return oc.countOrbits(par.sweepContext(ctx), d.problem, d.group, par.State, par.Shard)
	}
	if par.sweepsFirst(visit) {
		if st, ok, err := sweepFirst(par.sweepContext(ctx), d.countJob(), par.State); ok {
			return st, err
		}
	}
	if visit == nil && d.pivot >= 0 && d.Checked() && countsAlone(par) && par.State == nil && par.Meter == nil && par.Shard.whole() == (Shard{Of: 1}) {
		return d.count(ctx, par, par.backend())
	}
	var filter func() accepter
	if visit != nil || d.Checked() {
		filter = func() accepter {
			// accept writes only buf and img, so a copy with its own is
			// safe to use beside the others.
			c := *d
			c.buf, c.img = nil, nil
			return func(sol []int) ([]int, bool) {
				ok := c.accept(sol)
				return c.buf, ok
			}
		}
	}
	return par.run(ctx, d.reduced, d.fingerprint, filter, visit)
}

// An accepter maps a solution to what the visitor sees, in a slice it may
// reuse, and says whether it counts at all.
type accepter func(sol []int) ([]int, bool)

// run is Solve with an optional filter, which makes an accepter for each
// worker; fingerprint identifies what it counts, for a State (a function,
// since a filter's fingerprint hashes its symmetries, which a search
// without a State need not pay for).
func (par Parallel) run(ctx context.Context, p *Problem, fingerprint func() string, filter func() accepter, visit Visit) (Stats, error) {
	if err := ctx.Err(); err != nil {
		return Stats{}, err
	}
	sh := par.Shard.whole()
	if !sh.valid() {
		return Stats{}, fmt.Errorf("cover: bad shard %s", sh)
	}
	depth, fromState := par.Depth, false
	if par.State != nil {
		if d := par.State.depth(); d > 0 {
			if depth != 0 && depth != d {
				return Stats{}, fmt.Errorf("cover: state splits at depth %d, not %d", d, depth)
			}
			depth, fromState = d, depth == 0
		}
	}
	workers := par.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	target := splitTarget
	if par.State == nil && sh.Of == 1 {
		target = splitPerWorker * workers
	}
	// auto chooses once for the whole problem, not once per subproblem:
	// its choice can cost a few milliseconds of random walks.
	backend := par.backend()
	if c, ok := backend.(chooser); ok {
		backend = c.choose(p, visit == nil && filter == nil)
	}
	pb, _ := backend.(pathBackend)
	// The path backends that do not go by order are algx and memo,
	// which give up on dead regions.
	byOrder := pb != nil && pb.byOrder()
	sp, err := newSplit(p, depth, target, byOrder, pb != nil && !byOrder, fromState)
	if err != nil {
		return Stats{}, err
	}
	var skip map[int]bool
	var carried Stats
	if par.State != nil {
		if skip, carried, err = par.State.begin(fingerprint(), sp.id(), sh); err != nil {
			return Stats{}, err
		}
	}
	if sh.Index == 0 {
		carried.Nodes += sp.nodes
	}
	if par.Meter != nil {
		// Only the meter uses the weights: a search without one does
		// not pay for them.
		if err := sp.weigh(ctx, sh, workers, par.Meter.MaxWalks); err != nil {
			return carried, err
		}
	}
	j := &job{backend: backend, sp: sp, filter: filter, state: par.State, meter: par.Meter}
	var weight, doneWeight float64
	for k := sh.Index; k < sp.len(); k += sh.Of {
		weight += sp.weight(k)
		if skip[k] {
			doneWeight += sp.weight(k)
		} else {
			j.todo = append(j.todo, k)
		}
	}
	total := sh.count(sp.len())
	par.Meter.start(total, total-len(j.todo), weight, doneWeight, carried)
	j.belowDepth = -1
	if j.belowSearch() {
		j.belowDepth = sp.belowDepth()
		if byOrder {
			// bits (by order) replays a path for a few word operations a level, so
			// one search of the whole problem per worker costs less than
			// building one per ancestor.
			j.belowDepth = 0
		}
	}
	st, err := j.run(ctx, workers, visit)
	st.add(carried)
	return st, err
}

// A job is one run of a Parallel search.
type job struct {
	backend Backend
	sp      *split
	todo    []int // the subproblems to search, in order
	next    atomic.Int64
	filter  func() accepter
	ord     *orderer // nil without a visit
	state   *State
	meter   *Meter
	// belowDepth is the depth of the ancestors the workers search the
	// subproblems below (see below), or -1 to build each subproblem.
	belowDepth int
	ctx        context.Context // cancelled to stop the workers
	stop       context.CancelFunc

	mu  sync.Mutex
	sum Stats // over the subproblems searched, to the end or not
	err error // the first error that is not a cancellation
}

func (j *job) run(ctx context.Context, workers int, visit Visit) (Stats, error) {
	j.ctx, j.stop = context.WithCancel(ctx)
	defer j.stop()
	if visit != nil {
		j.ord = newOrderer(len(j.todo))
	}
	var wg sync.WaitGroup
	for range min(workers, len(j.todo)) {
		wg.Go(j.work)
	}
	var delivered int64
	stopped := false
	if j.ord != nil {
		// Cancellation halts the deliveries; and once they are over,
		// for whatever reason, the workers must not wait for them.
		context.AfterFunc(j.ctx, j.ord.halt)
		delivered, stopped = j.ord.deliver(visit)
		j.ord.halt()
		j.stop()
	}
	wg.Wait()
	st := j.sum
	if j.ord != nil {
		st.Solutions = delivered
	}
	switch {
	case j.err != nil:
		return st, j.err
	case stopped:
		return st, nil
	}
	return st, ctx.Err()
}

// work searches subproblems until there are none left or the job stops.
func (j *job) work() {
	var accept accepter
	if j.filter != nil {
		accept = j.filter()
	}
	var b *below
	if j.belowDepth >= 0 {
		b = &below{depth: j.belowDepth, build: j.backend.(pathBackend).pathSearch}
	}
	for j.ctx.Err() == nil {
		pos := int(j.next.Add(1)) - 1
		if pos >= len(j.todo) {
			return
		}
		j.solve(pos, accept, b)
	}
}

// A below is a worker's search of the subproblems below one node of the
// split, their ancestor at a fixed depth: the problem left at the
// ancestor, built once, and algx or bits on it, which takes each
// subproblem by the branches from there. Building a problem per
// subproblem (restrict, plan, the backend's set-up) can cost more than a
// small problem's whole search (for soma-3x3x3 all, 86 ms against 39 on one core); searching
// from the ancestor rather than the root keeps most of what makes a
// subproblem's search fast, its narrower masks.
type below struct {
	depth  int     // the ancestors' depth, the same for every subproblem
	parent []int32 // the path to the ancestor
	forced []int
	orig   []int32
	s      pathSearch
	build  func(*plan) pathSearch // the backend's pathSearch
}

// What the split search asks of a backend beyond Backend, each backend
// answering by the methods it has, so that the split search lists no
// backends.
type (
	// A chooser picks the backend that searches p, or counts its
	// solutions if count, once for the whole problem, as auto does.
	chooser interface {
		choose(p *Problem, count bool) Backend
	}
	// A pathBackend searches the nodes below an ancestor (see below).
	// byOrder reports whether it branches as the problem's Order says,
	// which the split must follow too.
	pathBackend interface {
		pathSearch(*plan) pathSearch
		byOrder() bool
	}
)

func (autoBackend) choose(p *Problem, count bool) Backend {
	if count {
		return countBackend(p)
	}
	return Choose(p)
}
func (algxBackend) pathSearch(pl *plan) pathSearch { return newAlgX(pl) }
func (algxBackend) byOrder() bool                  { return false }
func (bitsBackend) pathSearch(pl *plan) pathSearch { return newBits(pl) }
func (bitsBackend) byOrder() bool                  { return true }

// A pathSearch searches the node of its problem that the branches of a
// path lead to from the root, numbered as the splitter numbers them.
type pathSearch interface {
	searchPath(r run, path []int32) (Stats, error)
}

// belowSearch reports whether the workers search subproblems with a below:
// when the backend is a pathBackend (algx, bits) and no item has a
// multiplicity, so that the last branch of a path is the b-th option of
// the item that the backend branches on.
func (j *job) belowSearch() bool {
	pl := j.sp.sp.pl
	if _, ok := j.backend.(pathBackend); !ok {
		return false
	}
	for r := range pl.nprim {
		if pl.lo[r] != 1 || pl.hi[r] != 1 {
			return false
		}
	}
	return true
}

// reach makes b the search below the ancestor of path, building it
// unless it is already, and returns the branches from there.
func (b *below) reach(sp *split, path []int32) ([]int32, error) {
	parent, rest := path[:min(b.depth, len(path))], path[min(b.depth, len(path)):]
	if b.s != nil && slices.Equal(b.parent, parent) {
		return rest, nil
	}
	q, forced, orig := sp.at(parent)
	pl, err := newPlan(q)
	if err != nil {
		return nil, err
	}
	*b = below{depth: b.depth, parent: slices.Clone(parent), forced: forced, orig: orig, s: b.build(pl), build: b.build}
	return rest, nil
}

// belowGroups bounds the number of ancestors: the deepest depth with at
// most this many is theirs.
const belowGroups = 32

// belowDepth returns the depth of the ancestors. It depends on the split
// alone, not on the shard or on what a resumed state has done, so that
// every run with the same split counts the same updates.
func (sp *split) belowDepth() int {
	for d := sp.depth - 1; d > 0; d-- {
		groups := 0
		var prev []int32
		for i := range sp.len() {
			p := sp.path(i)
			p = p[:min(d, len(p))]
			if i == 0 || !slices.Equal(p, prev) {
				groups++
			}
			prev = p
		}
		if groups <= belowGroups {
			return d
		}
	}
	return 0
}

// solve searches the subproblem at pos in the job's list, with b if it
// is not nil.
func (j *job) solve(pos int, accept accepter, b *below) {
	k := j.todo[pos]
	var q *Problem
	var forced []int
	var orig []int32
	var last []int32
	var err error
	if b == nil {
		q, forced, orig = j.sp.sub(k)
	} else {
		last, err = b.reach(j.sp, j.sp.path(k))
		forced, orig = b.forced, b.orig
	}
	var visit Visit
	var found int64
	out := j.ord.sender(pos)
	if accept != nil || out != nil {
		sol := forced
		visit = func(s []int) bool {
			sol = sol[:len(forced)]
			for _, o := range s {
				sol = append(sol, int(orig[o]))
			}
			full := sol
			if accept != nil {
				var ok bool
				if full, ok = accept(sol); !ok {
					return true
				}
			}
			found++
			j.meter.found()
			if out != nil {
				out.add(full)
			}
			return true // the job stops searches through the context
		}
	}
	ctx, sink := j.ctx, (*nodeSink)(nil)
	if j.meter != nil {
		// The backend reports its nodes to the meter as it goes; the
		// sink tells what is left to add when it returns. A context per
		// subproblem costs nothing next to building the subproblem.
		sink = &nodeSink{to: &j.meter.nodes}
		ctx = context.WithValue(ctx, nodeSinkKey{}, sink)
	}
	began := time.Now()
	var st Stats
	switch {
	case err != nil:
	case b != nil:
		if err = ctx.Err(); err == nil {
			st, err = b.s.searchPath(newRun(ctx, visit), last)
		}
	default:
		st, err = j.backend.Solve(ctx, q, visit)
	}
	took := time.Since(began)
	complete := err == nil
	nodes := st.Nodes
	if sink != nil {
		nodes -= sink.sent.Load()
	}
	if visit != nil {
		j.meter.finished(0, nodes, j.sp.weight(k), complete)
		st.Solutions = found
	} else {
		j.meter.finished(st.Solutions, nodes, j.sp.weight(k), complete)
	}
	if complete && j.state != nil {
		j.state.record(k, st, took)
	}
	j.mu.Lock()
	j.sum.add(st)
	if err != nil && j.ctx.Err() == nil && j.err == nil {
		j.err = err
		j.stop()
	}
	j.mu.Unlock()
	if out != nil {
		out.end()
	}
}

func (s *Stats) add(t Stats) {
	s.Solutions += t.Solutions
	s.Nodes += t.Nodes
	s.Updates += t.Updates
}
