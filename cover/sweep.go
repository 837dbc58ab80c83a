package cover

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"time"
)

// sweepBackend counts the solutions of a plain exact cover without
// visiting them. It covers the primaries in the order bits takes them
// (Problem.Order, then the other primaries; without an Order, one it
// derives, see sweepOrder), always the first uncovered
// one, as bits does; but instead of a depth-first search it goes level by
// level, one primary at a time, and keeps only the distinct states at
// each level with the number of ways to reach each. A state is the set of
// items covered that still matter: the primaries not yet passed (for a
// board scanned along its long side, the cells just ahead of the sweep
// line, and the pieces used) and the secondaries that an option still to
// come could cover. Partial solutions that leave the same state have the
// same completions, so they are merged and their counts added: the work is
// the number of distinct states times the options at each level, not the
// number of solutions. This is the transfer-matrix count of tilings.
//
// It pays where the states are few: narrow boards, and pieces that repeat
// or are few, since each subset of distinct pieces used is a state of its
// own. The 8×8 domino tilings take a few thousand states; a board of
// twelve different pentominoes up to 4,096 times the frontier's states.
// The states are bounded (see sweepBytes): a problem that needs more is
// refused with an error, not left to fill the memory.
//
// It only counts: asked to visit solutions, it says so. It takes what
// bits takes (at most maxBitsItems items, every primary covered exactly
// once, and secondaries without colours).
type sweepBackend struct{}

func (sweepBackend) Name() string { return "sweep" }

func (sweepBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	if visit != nil {
		return Stats{}, fmt.Errorf("sweep counts solutions without finding them, so it has none to give: %w", ErrUnsupported)
	}
	return countSweep(ctx, p, nil, nil, Shard{})
}

// sweepFits reports why sweep cannot count a planned problem, or nil.
func sweepFits(pl *plan) error {
	if err := bitsFits(pl); err != nil {
		// Its states are bits's masks.
		return fmt.Errorf("sweep takes only what bits takes: %w", err)
	}
	return nil
}

// sweepBytes bounds the memory of a sweep's states: two levels' tables,
// each state its mask and its count, with the table's slack (its spare
// slots and its growth by doubling, some three times the entries). Past
// it the sweep stops with an error that names the level, rather than
// grow until the machine has no memory left.
//
// A variable so that the tests can make it small.
var sweepBytes = 2 << 30

// maxStates returns the most states one level of a sweep with masks of
// words words may hold.
func maxStates(words int) int { return sweepBytes / (2 * 3 * (8*words + 8)) }

// ErrTooManyStates is returned, wrapped with the level and the bound, by
// a sweep whose states outgrow its memory bound: the problem is too wide
// for it, and another backend must count it.
var ErrTooManyStates = fmt.Errorf("too many states for the sweep: %w", ErrUnsupported)

// A sweeper counts one planned problem, whatever its mask's width.
type sweeper interface {
	// count returns the number of solutions that take only the pieces
	// of allowed (see newSweep), added up modulo 2^64, and whether some
	// sum passed 2^64 on the way. It gives up with an error when a level
	// has more states than maxStates allows, or r's context ends.
	count(r *run, allowed uint64) (n uint64, overflowed bool, err error)
	// terms runs sweeps of inclusion–exclusion over k pieces, with
	// vectors of 2^b counts, and hands each one's sum to done.
	terms(r *run, k, b int, todo []int, done func(high int, sum, bound uint64, st Stats, took time.Duration)) error
}

// newSweep sets up the sweep of a planned problem that sweepFits, with
// masks as wide as its items need. Given pieces (see sweep_terms.go), it
// leaves those items out of the states and labels each option with its
// piece instead, for counts that take some of the pieces only, each
// any number of times.
func newSweep(pl *plan, order, pieces []int) sweeper {
	switch words := (len(pl.prob.Items) + 63) / 64; {
	case words <= 1:
		return newSweepOf[[1]uint64](pl, order, pieces)
	case words <= 2:
		return newSweepOf[[2]uint64](pl, order, pieces)
	case words <= 4:
		return newSweepOf[[4]uint64](pl, order, pieces)
	default:
		return newSweepOf[[8]uint64](pl, order, pieces)
	}
}

// A sweep holds a problem's options by the level at which they are placed:
// the first primary they cover, in bits's numbering of the items.
type sweep[M mask] struct {
	nprim int
	names []string // item names by rank, for errors
	// masks[start[r]:start[r+1]] are the options whose first primary is r,
	// and piece has the bit of each one's piece (all bits without pieces).
	start []int32
	masks []M
	piece []uint64
	// keep[r] has the items that still matter once level r is passed:
	// the primaries after r, and the secondaries that an option placed
	// after r covers.
	keep []M
}

func newSweepOf[M mask](pl *plan, order, pieces []int) *sweep[M] {
	p := pl.prob
	rank := orderRank(p, order)
	np := pl.nprim - len(pieces)
	label := map[int32]int{} // a piece's rank -> its bit
	for b, i := range pieces {
		label[rank[i]] = b
	}
	s := &sweep[M]{nprim: np, names: make([]string, len(p.Items)), start: make([]int32, np+1), keep: make([]M, np)}
	for i, it := range p.Items {
		s.names[rank[i]] = it.Name
	}
	type placed struct {
		first int32
		m     M
		piece uint64
	}
	list := make([]placed, 0, len(pl.opts))
	lastUse := make([]int32, len(p.Items)) // by rank: the last level an option covering it is placed at
	for i := range lastUse {
		lastUse[i] = -1
	}
	for _, o := range pl.opts {
		x := placed{first: int32(np), piece: ^uint64(0)}
		for _, e := range p.Option(int(o)) {
			r := rank[e.Item]
			if b, ok := label[r]; ok {
				x.piece = 1 << b
				continue
			}
			x.m[r/64] |= 1 << (r % 64)
			if int(r) < np {
				x.first = min(x.first, r)
			}
		}
		if int(x.first) == np {
			// Only pieces that are labels: never placed.
			continue
		}
		for _, e := range p.Option(int(o)) {
			r := rank[e.Item]
			lastUse[r] = max(lastUse[r], x.first)
		}
		list = append(list, x)
	}
	slices.SortStableFunc(list, func(a, b placed) int { return int(a.first - b.first) })
	for _, x := range list {
		s.masks = append(s.masks, x.m)
		s.piece = append(s.piece, x.piece)
		s.start[x.first+1]++
	}
	for r := range np {
		s.start[r+1] += s.start[r]
	}
	for r := range np {
		for i := r + 1; i < len(p.Items); i++ {
			if _, isLabel := label[int32(i)]; !isLabel && (i < np || lastUse[i] > int32(r)) {
				s.keep[r][i/64] |= 1 << (i % 64)
			}
		}
	}
	return s
}

func (s *sweep[M]) count(r *run, allowed uint64) (uint64, bool, error) {
	var empty M
	bound := maxStates(len(empty))
	cur, spare := map[M]uint64{empty: 1}, map[M]uint64{}
	overflow := false
	// begun: the nodes before this sweep, from which the budget's
	// check at each level projects the rest (see overBudget).
	begun := r.stats.Nodes
	for level := range s.nprim {
		atLevel := r.stats.Nodes
		next := spare
		keep := s.keep[level]
		w, bit := level/64, uint64(1)<<(level%64)
		first, end := s.start[level], s.start[level+1]
		add := func(m M, c uint64) {
			for k := range len(m) {
				m[k] &= keep[k]
			}
			sum, carry := bits.Add64(next[m], c, 0)
			overflow = overflow || carry != 0
			next[m] = sum
		}
		for m, c := range cur {
			r.stats.Updates++
			if m[w]&bit != 0 {
				add(m, c)
				continue
			}
			for i := first; i < end; i++ {
				o := s.masks[i]
				if s.piece[i]&allowed == 0 || !disjoint(o, m) {
					continue
				}
				if !r.node() {
					return 0, false, r.err
				}
				for k := range len(m) {
					o[k] |= m[k]
				}
				add(o, c)
			}
			// Checked as the level grows, not once it is done: the
			// level that passed the bound on the tetrastick diamond
			// lattice ended at 2.7 times it.
			if len(next) > bound {
				break
			}
		}
		if len(next) > bound {
			return 0, false, fmt.Errorf("sweep: %d states at item %s (of %d), more than the bound of %d: %w", len(next), s.names[level], s.nprim, bound, ErrTooManyStates)
		}
		if r.overBudget(sweepRest(float64(r.stats.Nodes-begun), float64(r.stats.Nodes-atLevel), level, s.nprim)) {
			return 0, false, r.err
		}
		cur, spare = next, recycled(cur, len(next))
	}
	return cur[empty], overflow, nil
}
