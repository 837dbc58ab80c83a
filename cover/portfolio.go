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
// plain search in a barren subtree for hours, and only restarts get out;
// most boards are solved fastest by restarts. So Portfolio runs several
// strategies, its lanes, each its own search that goes on where it
// stopped: restarts, the plain search of the backend (for auto, auto's
// choice for a first solution), where auto picks bits the plain search of
// algx or dlx too, and the plain search in the compiler's order.
//
// The lanes take turns in rounds, each round giving every lane a slice
// of twice the work of the round before, so that no problem takes more
// than a few times its best lane's time. The restarts search alone for
// the first rounds and then get the larger slices (see lanes). With Workers of 2 or
// more the lanes of a round run at once, one per core; either way their
// solutions are passed on lane after lane, in the order of the rounds, so
// that the solutions, their order, and whether a solution is found at all
// depend only on the problem and Seed, not on the cores or their speed.
// Every solution is reported once, whichever lanes find it; the lanes
// keep a key of every one, as Restarts does, which is why Portfolio is
// meant for a search that stops after a few. A lane that searches its
// whole tree ends the search, with every solution reported. With a nil
// visit Portfolio only counts, with the backend alone. Every lane but the
// last searches the problem with its options in first order (see
// firstKeys).
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

// A portfolioLane is a strategy of a Portfolio and its share of each
// round's work.
type portfolioLane struct {
	b     Backend
	share int64
	// problem, if not nil, is what the lane searches instead of the
	// Portfolio's problem, and keep maps its solutions to the Portfolio's.
	problem *Problem
	keep    func([]int) []int
}

// The lanes of a Portfolio: first restarts, which alone
// search the first headStart rounds and then take restartShare times a
// slice of every round: they find most of the catalogue's first
// solutions in under a second, and the lanes that join later cost them
// little there. The lanes that join (see joining) win on puzzles where
// the restarts take minutes (bench/results/first-solutions.md).
func (f Portfolio) restarts(keys *firstKeys) portfolioLane {
	return portfolioLane{b: Restarts{Backend: f.backend(), Seed: f.Seed, keys: keys}, share: restartShare}
}

// joining returns the lanes that join the restarts after their head
// start: the plain search of the backend (for auto, auto's choice for a
// first solution, and the plain search of the other of bits and algx or
// dlx where bits can search p), and where p is given's options in first
// order (back maps p's options to given's), the plain search of given,
// in the order its compiler chose. They are made only then, as choosing
// and planning them takes a good part of a second on the largest boards.
func (f Portfolio) joining(p, given *Problem, back []int32) []portfolioLane {
	b := f.backend()
	others := []Backend{b}
	if _, ok := b.(autoBackend); ok {
		others[0] = choose(p, false)
		switch others[0].(type) {
		case bitsBackend:
			others = append(others, chooseBranching(p))
		default:
			if bitsSuits(p) {
				others = append(others, bitsBackend{})
			}
		}
	}
	lanes := make([]portfolioLane, len(others))
	for k, o := range others {
		lanes[k] = portfolioLane{b: o, share: 1}
	}
	if back != nil {
		lanes = append(lanes, givenOrderLane(others[0], given, back))
	}
	return lanes
}

// givenOrderLane returns b's plain search of given, whose options back
// maps the Portfolio's problem's onto. The first order is not the best
// on every board: on a strip of polysticks this lane finds a first
// solution in 3 s where the lanes in first order took 10 s. It took the
// place of restarts that learned item weights, which found none of the
// catalogue's first solutions within 5 s (bench/results/first-solutions.md).
func givenOrderLane(b Backend, given *Problem, back []int32) portfolioLane {
	toFirst := make([]int32, len(back))
	for k, o := range back {
		toFirst[o] = int32(k)
	}
	keep := func(sol []int) []int { return remap(nil, sol, toFirst) }
	return portfolioLane{b: b, share: 1, problem: given, keep: keep}
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

// restartShare and headStart are the restarts lane's slice in a round,
// in slices of the other lanes, and the rounds it has alone (see
// restarts):
// with PortfolioUnit, 2 × 15 × 2^22 units, some 0.15 to 0.6 s of one
// core, before the others join. Slices of 1 with a head start of 2 or 3
// rounds found fewer of the catalogue's first solutions
// (bench/results/first-solutions.md).
const (
	restartShare = 2
	headStart    = 4
)

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
	given := p
	p, keys, back, visit := inFirstOrder(p, visit)
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	runs := []portfolioLane{f.restarts(keys)}
	lanes := []*lane{startLane(lctx, runs[0], p)}
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
				sol, goOn := ev.sol, true
				if l.keep != nil {
					sol = l.keep(sol)
				}
				if seen.add(sol) {
					total.Solutions++
					goOn = visit(sol)
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
		if round == headStart {
			for _, r := range f.joining(p, given, back) {
				runs = append(runs, r)
				lanes = append(lanes, startLane(lctx, r, p))
			}
		}
		for start := 0; start < len(lanes) && !over; start += at {
			group := lanes[start:min(start+at, len(lanes))]
			for k, l := range group {
				r := runs[start+k]
				l.grant(slice * r.share * laneScale(r.b))
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
	left int64             // work left of the slice, kept by the lane
	keep func([]int) []int // see portfolioLane
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
func startLane(ctx context.Context, r portfolioLane, p *Problem) *lane {
	l := &lane{ctl: make(chan bool), more: make(chan int64, 1), out: make(chan laneEvent), stop: ctx.Done(), keep: r.keep}
	b := r.b
	if r.problem != nil {
		p = r.problem
	}
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
