package cover

import (
	"context"
	"errors"
	"slices"
)

// Portfolio is a backend for finding a few solutions of a problem fast,
// not for counting them: no single strategy does on every problem. The
// plain search of a board filled in its compiler's order finds the first
// solution of a strip of one-sided hexominoes in two seconds where
// restarts, throwing away the search every few hundred thousand nodes,
// find none in a minute; on other boards an early wrong choice leaves the
// plain search in a barren subtree for hours, and only restarts with
// learned item weights (see learned) get out. So Portfolio runs several
// strategies, its lanes, each its own search that goes on where it
// stopped: the plain search of the backend (for auto, auto's choice for a
// first solution), restarts with learned weights, and, where auto picks
// bits, the plain search of algx or dlx too.
//
// The lanes take turns in rounds, each round giving every lane a slice
// of twice the nodes of the round before (bits's nodes being cheaper, it
// gets more of them), so that no problem takes more than about as many
// times its best lane's time as there are lanes. With Workers of 2 or
// more the lanes of a round run at once, one per core; either way their
// solutions are passed on lane after lane, in the order of the rounds, so
// that the solutions, their order, and whether a solution is found at all
// depend only on the problem and Seed, not on the cores or their speed.
// Every solution is reported once, whichever lanes find it; the lanes
// keep a key of every one, as Restarts does, which is why Portfolio is
// meant for a search that stops after a few. A lane that searches its
// whole tree ends the search, with every solution reported. With a nil
// visit Portfolio only counts, with the backend alone.
type Portfolio struct {
	Backend Backend
	// Seed picks the random orders of the restarts.
	Seed uint64
	// Unit is the first round's slice, in units of work (see work); 0
	// means PortfolioUnit. The restarts' budgets are RestartUnit nodes.
	Unit int64
	// Workers is how many lanes run at once: 1 (or 0) takes them in turn.
	Workers int
}

func (f Portfolio) Name() string { return "portfolio(" + f.backend().Name() + ")" }

func (f Portfolio) backend() Backend {
	if f.Backend == nil {
		return autoBackend{}
	}
	return f.Backend
}

// lanes returns the strategies of p's lanes: for auto, auto's choice for
// a first solution, the plain search of the other of bits and algx or dlx
// where bits can search p, and restarts with weights.
func (f Portfolio) lanes(p *Problem) []Backend {
	b := f.backend()
	if _, ok := b.(autoBackend); !ok {
		return []Backend{b, Restarts{Backend: b, Seed: f.Seed, weighted: true}}
	}
	branch := chooseBranching(p)
	lanes := []Backend{choose(p, false)}
	switch lanes[0].(type) {
	case bitsBackend:
		lanes = append(lanes, branch)
	default:
		if bitsSuits(p) {
			lanes = append(lanes, bitsBackend{})
		}
	}
	return append(lanes, Restarts{Backend: branch, Seed: f.Seed, weighted: true})
}

// bitsSuits reports whether bits can search p in the order its compiler
// chose.
func bitsSuits(p *Problem) bool {
	if p.Order == nil {
		return false
	}
	pl, err := newPlan(p)
	return err == nil && bitsFits(pl) == nil
}

// PortfolioUnit is the default Unit of Portfolio: some 0.01 to 0.03 s of
// one core.
const PortfolioUnit = 1 << 22

// work is what a search has cost, in units that take about the same time
// in every backend: an update (an option tested, a link moved) and a
// 32nd of a node. Nodes alone would not do: on a strip of 60 one-sided
// hexominoes a node of algx, which passes over every live option, costs
// 150 times one of bits, and one of dlx 30 times; their updates cost
// within a factor of four of each other, and per node bits has 9 of them,
// so a node's own overhead counts too.
func work(st Stats) int64 { return st.Updates + 32*st.Nodes }

// laneScale is what a lane's slices are multiplied by: bits does two to
// three times the work of algx or dlx in the same time (measured on the
// strip and a hexatwig board above: 350 to 920 million units a second
// against 200 to 290 million), so it gets twice the units.
func laneScale(b Backend) int64 {
	if _, ok := b.(bitsBackend); ok {
		return 2
	}
	return 1
}

func (f Portfolio) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	if visit == nil {
		return f.backend().Solve(ctx, p, nil)
	}
	unit := f.Unit
	if unit <= 0 {
		unit = PortfolioUnit
	}
	runs := f.lanes(p)
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lanes := make([]*lane, len(runs))
	for i, b := range runs {
		lanes[i] = startLane(lctx, b, p)
	}
	var (
		total Stats
		seen  reported
		over  bool // visit said stop, or a lane ended
		err   error
	)
	// take handles a lane's events until its slice ends or it ends,
	// passing on each solution no lane found before.
	take := func(l *lane) {
		for l.running {
			ev := <-l.out
			switch {
			case ev.done:
				l.running, l.done = false, true
				total.Nodes += ev.stats.Nodes
				total.Updates += ev.stats.Updates
				// A lane ends when it has searched its whole tree
				// (every solution is out) or on an error, or when the
				// search is cancelled.
				if !over && !errors.Is(ev.err, context.Canceled) || ctx.Err() != nil {
					over, err = true, ev.err
				}
			case ev.sol == nil:
				l.running = false
			case over:
				l.ctl <- false
			default:
				goOn := true
				if seen.add(ev.sol) {
					total.Solutions++
					goOn = visit(ev.sol)
				}
				over = over || !goOn
				l.ctl <- goOn
			}
		}
	}
	at := max(1, f.Workers)
	for round := 0; !over; round++ {
		slice := unit << min(round, 40)
		// Up to at lanes search their slices at once; their events are
		// taken lane after lane.
		for start := 0; start < len(lanes) && !over; start += at {
			group := lanes[start:min(start+at, len(lanes))]
			for k, l := range group {
				l.grant(slice * laneScale(runs[start+k]))
			}
			for _, l := range group {
				if !over {
					take(l)
				}
			}
		}
	}
	// Stop the lanes still searching, and count their nodes.
	cancel()
	for _, l := range lanes {
		for !l.done {
			l.running = true
			take(l)
		}
	}
	if err == nil {
		err = ctx.Err()
	}
	return total, err
}

// A lane is a search that runs in its own goroutine, in slices of work
// that Portfolio grants it, pausing between them, and that hands each
// solution it finds to Portfolio and waits for the answer. It ends when
// its context is cancelled.
type lane struct {
	ctl  chan bool      // Portfolio to the lane: go on after a solution, or not
	more chan int64     // Portfolio to the lane: a new slice
	out  chan laneEvent // the lane to Portfolio
	stop <-chan struct{}
	left int64 // work left of the slice, kept by the lane
	// running (the lane has a slice and has not ended it) and done (it
	// has ended) are Portfolio's.
	running, done bool
}

// A laneEvent is a lane's solution, the end of its slice (neither set),
// or its end with its statistics.
type laneEvent struct {
	sol   []int
	done  bool
	stats Stats
	err   error
}

type laneKey struct{}

// startLane starts b's search of p in a lane that waits for its first
// slice.
func startLane(ctx context.Context, b Backend, p *Problem) *lane {
	l := &lane{ctl: make(chan bool), more: make(chan int64, 1), out: make(chan laneEvent), stop: ctx.Done()}
	go func() {
		var st Stats
		err := ctx.Err()
		if l.wait() {
			st, err = b.Solve(context.WithValue(ctx, laneKey{}, l), p, func(sol []int) bool {
				l.out <- laneEvent{sol: slices.Clone(sol)}
				return <-l.ctl
			})
		}
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		l.out <- laneEvent{done: true, stats: st, err: err}
	}()
	return l
}

// grant gives a lane waiting for one a slice of n units of work.
func (l *lane) grant(n int64) {
	if !l.done {
		l.running = true
		l.more <- n
	}
}

// wait waits for the next slice and reports whether there is one.
func (l *lane) wait() bool {
	select {
	case n := <-l.more:
		l.left += n
		return true
	case <-l.stop:
		return false
	}
}

// spend takes n units of work off the lane's slice, waiting for the next slice
// when it is used up, and reports whether the search goes on.
func (l *lane) spend(n int64) bool {
	l.left -= n
	for l.left <= 0 {
		select {
		case l.out <- laneEvent{}:
		case <-l.stop:
			return false
		}
		if !l.wait() {
			return false
		}
	}
	return true
}
