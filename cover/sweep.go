package cover

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
)

// sweepBackend counts the solutions of a plain exact cover without
// visiting them. It covers the primaries in the order bits takes them
// (Problem.Order, then the other primaries), always the first uncovered
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
// bits takes: at most maxBitsItems items, every primary covered exactly
// once, and secondaries without colours.
type sweepBackend struct{}

func (sweepBackend) Name() string { return "sweep" }

func (sweepBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	if visit != nil {
		return Stats{}, fmt.Errorf("sweep counts solutions without finding them, so it has none to give: %w", ErrUnsupported)
	}
	pl, r, err := start(ctx, p, nil)
	if err != nil {
		return Stats{}, err
	}
	if err := sweepFits(pl); err != nil {
		return Stats{}, err
	}
	n, err := newSweep(pl).count(&r, sweepMaxStates)
	r.stats.Solutions = n
	st, rerr := r.finish()
	if err == nil {
		err = rerr
	}
	return st, err
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
// each state its mask and its count, with the table's slack. Past it the
// sweep stops with an error that names the level, rather than grow until
// the machine has no memory left.
const sweepBytes = 4 << 30

// sweepMaxStates is the most states one level may hold: the words of the
// widest mask, its count, and a table at least half full, for two levels.
const sweepMaxStates = sweepBytes / (2 * 2 * (8*8 + 8))

// ErrTooManyStates is returned, wrapped with the level and the bound, by
// a sweep whose states outgrow its memory bound: the problem is too wide
// for it, and another backend must count it.
var ErrTooManyStates = fmt.Errorf("too many states for the sweep: %w", ErrUnsupported)

// A sweeper counts one planned problem, whatever its mask's width.
type sweeper interface {
	count(r *run, maxStates int) (int64, error)
	// levels reports the states at each level of the last count.
	levels() []int
}

// newSweep sets up the sweep of a planned problem that sweepFits, with
// masks as wide as its items need.
func newSweep(pl *plan) sweeper {
	switch words := (len(pl.prob.Items) + 63) / 64; {
	case words <= 1:
		return newSweepOf[[1]uint64](pl)
	case words <= 2:
		return newSweepOf[[2]uint64](pl)
	case words <= 4:
		return newSweepOf[[4]uint64](pl)
	default:
		return newSweepOf[[8]uint64](pl)
	}
}

// A sweep holds a problem's options by the level at which they are placed:
// the first primary they cover, in bits's numbering of the items.
type sweep[M mask] struct {
	nprim int
	names []string // item names by rank, for errors
	// masks[start[r]:start[r+1]] are the options whose first primary is r.
	start []int32
	masks []M
	// keep[r] has the items that still matter once level r is passed:
	// the primaries after r, and the secondaries that an option placed
	// after r covers.
	keep   []M
	counts []int
}

func newSweepOf[M mask](pl *plan) *sweep[M] {
	p := pl.prob
	rank := bitsRank(p)
	np := pl.nprim
	s := &sweep[M]{nprim: np, names: make([]string, len(p.Items)), start: make([]int32, np+1), keep: make([]M, np)}
	for i, it := range p.Items {
		s.names[rank[i]] = it.Name
	}
	type placed struct {
		first int32
		m     M
	}
	list := make([]placed, 0, len(pl.opts))
	lastUse := make([]int32, len(p.Items)) // by rank: the last level an option covering it is placed at
	for i := range lastUse {
		lastUse[i] = -1
	}
	for _, o := range pl.opts {
		x := placed{first: int32(np)}
		for _, e := range p.Option(int(o)) {
			r := rank[e.Item]
			x.m[r/64] |= 1 << (r % 64)
			if int(r) < np {
				x.first = min(x.first, r)
			}
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
		s.start[x.first+1]++
	}
	for r := range np {
		s.start[r+1] += s.start[r]
	}
	for r := range np {
		for i := r + 1; i < len(p.Items); i++ {
			if i < np || lastUse[i] > int32(r) {
				s.keep[r][i/64] |= 1 << (i % 64)
			}
		}
	}
	return s
}

func (s *sweep[M]) levels() []int { return s.counts }

// count returns the number of solutions. It gives up with an error when a
// level has more than maxStates states, or a partial count overflows an
// int64, or r's context ends.
func (s *sweep[M]) count(r *run, maxStates int) (int64, error) {
	var empty M
	cur := map[M]uint64{empty: 1}
	s.counts = s.counts[:0]
	for level := range s.nprim {
		s.counts = append(s.counts, len(cur))
		next := make(map[M]uint64, len(cur))
		keep := s.keep[level]
		w, bit := level/64, uint64(1)<<(level%64)
		opts := s.masks[s.start[level]:s.start[level+1]]
		overflow := false
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
			for _, o := range opts {
				if !disjoint(o, m) {
					continue
				}
				if !r.node() {
					return 0, r.err
				}
				for k := range len(m) {
					o[k] |= m[k]
				}
				add(o, c)
			}
		}
		if overflow {
			return 0, fmt.Errorf("sweep: a partial count passed 2^64 at item %s", s.names[level])
		}
		if len(next) > maxStates {
			return 0, fmt.Errorf("sweep: %d states at item %s (of %d), more than the bound of %d: %w", len(next), s.names[level], s.nprim, maxStates, ErrTooManyStates)
		}
		cur = next
	}
	s.counts = append(s.counts, len(cur))
	n := cur[empty]
	if n > 1<<63-1 {
		return 0, fmt.Errorf("sweep: %d solutions, more than an int64 holds", n)
	}
	return int64(n), nil
}
