package cover

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"
)

// Where every piece covers the same number of cells, sweep counts by
// inclusion and exclusion over the piece set instead of keeping the
// pieces used in its states. With k pieces of a cells each on a board of
// k·a cells, every tiling by copies of the pieces of a subset T takes k
// pieces, so the tilings that take each piece exactly once are
//
//	N = Σ over T ⊆ pieces of (−1)^(k−|T|) · N(T),
//
// N(T) the tilings by pieces of T, each any number of times. Each term is
// a sweep whose states are the board's frontier alone, without the 2^k
// subsets of pieces used that the one sweep of the problem multiplies
// them by; there are 2^k terms instead.
//
// The terms are huge and cancel: on the 3×4×5 pentacubes the biggest is
// some 10^12 times the count. So they are added up modulo 2^64, and the
// sum is exact by a bound: N ≤ N(all pieces), the last term, which the
// sweep adds up with a check that no sum passes 2^64 (it refuses the
// problem otherwise). Every term is at most that one, and a number below
// 2^64 is its own remainder.
//
// The terms share one sweep of the frontier: a state's count is a vector
// of 2^b counts, one for each subset of the first b pieces, while the
// other pieces' subset is fixed for the whole sweep, which is run once for
// each. An option of one of the first b pieces adds to the subsets with
// that piece only. So the frontier's bookkeeping, the hash of a state and
// its lookup, is paid once per state for 2^b terms. A sweep whose vectors
// outgrow sweepBytes at some level is run again as four with vectors a
// quarter as wide (see term). Each of the 2^(k−b) sweeps is a part of the
// count (see sweep_parts.go).

// maxTermPieces is the most pieces sweep counts term by term: 2^20 terms.
const maxTermPieces = 20

// termPieces returns the piece items of a planned problem that sweepFits
// if inclusion–exclusion can count it (see above), or nil: the primaries
// that Problem.Order leaves out, if every option covers exactly one of
// them and the same number of the primaries Order lists, and those are
// as many as the pieces can cover.
func termPieces(pl *plan, order []int) []int {
	p := pl.prob
	onBoard := make([]bool, len(p.Items))
	cells := 0
	for _, i := range order {
		if !p.Items[i].Secondary {
			onBoard[i] = true
			cells++
		}
	}
	var pieces []int
	for i, it := range p.Items {
		if !it.Secondary && !onBoard[i] {
			pieces = append(pieces, i)
		}
	}
	if len(pieces) < 2 || len(pieces) > maxTermPieces {
		return nil
	}
	area := -1
	for _, o := range pl.opts {
		covered, held := 0, 0
		for _, e := range p.Option(int(o)) {
			switch it := p.Items[e.Item]; {
			case onBoard[e.Item]:
				covered++
			case !it.Secondary:
				held++
			}
		}
		if held != 1 || area >= 0 && covered != area {
			return nil
		}
		area = covered
	}
	if area < 1 || area*len(pieces) != cells {
		return nil
	}
	return pieces
}

// maxTermWidth is the most pieces a state's vector has a count for each
// subset of: 4,096 counts, 32 KiB a state.
const maxTermWidth = 8

// terms runs the sweeps of todo, each given by its subset of the pieces
// after the first b (bit i for piece b+i), with vectors of 2^b counts
// (see above), and hands done each one's sum of terms modulo 2^64
// and, for the last sweep, which takes every piece, the count of tilings
// by all the pieces: the bound of the sum. The sweeps share nothing but
// done, so with more than one worker (see withSweepWorkers) they are
// shared out among goroutines, each with its own tables and its share of
// the memory bound and of the node budget; done is called from the
// goroutine that ran the sweep.
func (s *sweep[M]) terms(r *run, k, b int, todo []int, done func(high int, sum, bound uint64, st Stats, took time.Duration)) error {
	workers := min(sweepWorkers(r.ctx), len(todo))
	if workers <= 1 {
		next := 0
		_, err := s.termRange(r, k, b, 1, todo, func() int { next++; return next - 1 }, done)
		return err
	}
	ctx, cancel := context.WithCancel(r.ctx)
	defer cancel()
	var next atomic.Int64
	runs := make([]run, workers)
	errs := make([]error, workers)
	failed := make([]int, workers) // the sweep at which errs[w] came
	var wg sync.WaitGroup
	for w := range runs {
		runs[w] = newRun(ctx, nil)
		if r.budget != nil {
			left := r.budget.left - (r.stats.Nodes - r.spent)
			runs[w].budget = &nodeBudget{left: left / int64(workers), per: left / int64(workers)}
		}
		wg.Go(func() {
			failed[w], errs[w] = s.termRange(&runs[w], k, b, workers, todo, func() int { return int(next.Add(1) - 1) }, done)
			runs[w].report()
			if errs[w] != nil {
				cancel()
			}
		})
	}
	wg.Wait()
	// The error is the one of the first sweep that failed other than by
	// the cancel of another's failure, as one sweep after another would
	// have met it.
	var err error
	at := len(todo)
	for w := range runs {
		n := runs[w].stats.Nodes
		r.stats.Nodes += n
		r.stats.Updates += runs[w].stats.Updates
		r.sent += n // the workers have reported them
		r.spent += n
		if r.budget != nil {
			r.budget.left -= n
		}
		if errs[w] != nil && failed[w] < at && !(errors.Is(errs[w], context.Canceled) && r.ctx.Err() == nil) {
			err, at = errs[w], failed[w]
		}
	}
	if r.ctx.Err() != nil {
		err = r.ctx.Err()
	}
	r.err = err
	return err
}

// termRange runs the sweeps of todo at the positions next hands out,
// until it hands out one past the last. share is how many termRanges
// share the sweeps and the memory, for the state bound and the budget's
// projection. On an error it returns the position it failed at.
func (s *sweep[M]) termRange(r *run, k, b, share int, todo []int, next func() int, done func(int, uint64, uint64, Stats, time.Duration)) (failed int, err error) {
	highs := 1 << (k - b)
	t := termSweep[M]{s: s, r: r, k: k, share: share}
	for i := next(); i < len(todo); i = next() {
		high := todo[i]
		before, began := r.stats, time.Now()
		t.after = float64(len(todo)-1-i) / float64(share)
		part, last, err := t.term(b, uint64(high)<<b, high == highs-1)
		if err != nil {
			return i, err
		}
		if ps := parts(r.ctx); ps != nil {
			ps.done.Add(1)
		}
		st := Stats{Nodes: r.stats.Nodes - before.Nodes, Updates: r.stats.Updates - before.Updates}
		done(high, part, last, st, time.Since(began))
		t.swept++
		t.transitions += st.Nodes
		if r.overBudget(t.each(0) * t.after) {
			return i, r.err
		}
	}
	return 0, nil
}

// A termSweep runs the sweeps of one worker's terms.
type termSweep[M mask] struct {
	s     *sweep[M]
	r     *run
	k     int
	share int
	// after is the sweeps still to come after this one, as a share of
	// this worker's, which the budget's checks count at each's
	// transitions.
	after float64
	// swept is the number of this worker's sweeps finished, and
	// transitions the transitions they took.
	swept       int
	transitions int64
	tables      sweepTables[M]
}

// each returns what a sweep still to come is projected to take: the mean
// of this worker's sweeps so far, or before the first is finished, the
// transitions done of the one under way. The sweeps' sizes vary with the
// pieces each takes, in no order (on one-sided-pentominoes-6x15, 397,282
// transitions the first, 636,828 the mean of its 1,024): the last sweep
// finished, in place of the mean, gave up on the 6×15 minutes into the
// trial, where the whole count fitted the budget; so did the projected
// rest of the sweep under way (784,472 transitions at the 14th level of
// one, where its first sweeps took 397,282 to 451,548 in all), times the
// 496 to come.
func (t *termSweep[M]) each(sweeping float64) float64 {
	if t.swept == 0 {
		return sweeping
	}
	return float64(t.transitions) / float64(t.swept)
}

// term returns the sum of the terms of the subsets of the first b pieces
// together with those of fixed, modulo 2^64, from one sweep with vectors
// of 2^b counts; and if all, where fixed has every other piece, the
// count of tilings by all the pieces. A sweep whose states outgrow the
// bound for its vectors is run again as four sweeps with vectors a
// quarter as wide, each taking one subset of the two pieces that leave
// the vectors, down to vectors of one count; the other sweeps keep their
// width.
func (t *termSweep[M]) term(b int, fixed uint64, all bool) (sum, last uint64, err error) {
	s, width := t.s, 1<<b
	var m M
	maxStates := sweepBytes / (2 * 2 * (8*width + 8*len(m) + 16)) / t.share
	vec, overflowed, err := s.vectors(t, maxStates, width, fixed)
	if errors.Is(err, ErrTooManyStates) && b > 0 {
		nb := max(0, b-2)
		quarters := 1 << (b - nb)
		for j := range quarters {
			part, l, err := t.term(nb, fixed|uint64(j)<<nb, all && j == quarters-1)
			if err != nil {
				return 0, 0, err
			}
			sum += part
			if all && j == quarters-1 {
				last = l
			}
		}
		return sum, last, nil
	}
	if err != nil {
		return 0, 0, err
	}
	if all {
		if overflowed {
			return 0, 0, fmt.Errorf("sweep: the tilings by the %d pieces, each any number of times, number 2^64 or more, which leaves the inclusion-exclusion sum without a bound: %w", t.k, ErrUnsupported)
		}
		last = vec[width-1]
	}
	for i, n := range vec {
		if (t.k-bits.OnesCount64(fixed|uint64(i)))%2 == 1 {
			sum -= n
		} else {
			sum += n
		}
	}
	return sum, last, nil
}

type sweepWorkersKey struct{}

// withSweepWorkers returns a context under which a count by
// inclusion–exclusion shares its sweeps among n goroutines.
func withSweepWorkers(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, sweepWorkersKey{}, n)
}

// sweepWorkers returns the goroutines withSweepWorkers set on ctx, or 1.
func sweepWorkers(ctx context.Context) int {
	n, _ := ctx.Value(sweepWorkersKey{}).(int)
	return max(n, 1)
}

// vectors sweeps with a vector of width counts per state, for the subsets
// of the first log2(width) pieces together with the pieces of fixed, and
// returns the vector of the end. overflowed says whether the count with
// every piece passed 2^64. It runs on ts's run and tables, and its
// budget's check counts ts's sweeps still to come.
func (s *sweep[M]) vectors(ts *termSweep[M], maxStates, width int, fixed uint64) (last []uint64, overflowed bool, err error) {
	r, t := ts.r, &ts.tables
	var empty M
	t.start(width)
	cur := t.cur
	cur[empty] = 0
	t.vecs.grow(&t.free)
	start := t.vecs.at(0)
	for i := range start {
		start[i] = 1 // the empty tiling, for every subset
	}
	low := uint64(width - 1)
	// begun: the nodes before this sweep, from which the budget's
	// check at each level projects the rest (see overBudget).
	begun := r.stats.Nodes
	for level := range s.nprim {
		atLevel := r.stats.Nodes
		next, vecs, nvecs := t.next, &t.vecs, &t.nvecs
		keep := s.keep[level]
		w, bit := level/64, uint64(1)<<(level%64)
		first, end := s.start[level], s.start[level+1]
		// add adds src to the vector of state m, at the subsets with the
		// piece of bit p only, or all if p is 0.
		add := func(m M, src []uint64, p uint64) {
			for k := range len(m) {
				m[k] &= keep[k]
			}
			at, ok := next[m]
			if !ok {
				at = int32(len(next))
				next[m] = at
				if at&nvecs.mask == 0 {
					nvecs.grow(&t.free)
				}
			}
			dst := nvecs.at(at)
			top := dst[width-1]
			switch {
			case !ok && p == 0:
				copy(dst, src)
			case !ok:
				clear(dst)
				fallthrough
			case p != 0:
				addWith(dst, src, int(p))
			default:
				addAll(dst, src)
			}
			overflowed = overflowed || ok && dst[width-1] < top
		}
		for m, at := range cur {
			r.stats.Updates++
			src := vecs.at(at)
			if m[w]&bit != 0 {
				add(m, src, 0)
				continue
			}
			for i := first; i < end; i++ {
				o, pc := s.masks[i], s.piece[i]
				if pc&low == 0 && pc&fixed == 0 || !disjoint(o, m) {
					continue
				}
				if !r.node() {
					return nil, false, r.err
				}
				for k := range len(m) {
					o[k] |= m[k]
				}
				add(o, src, pc&low)
			}
			if len(next) > maxStates {
				break // as in count
			}
		}
		if len(next) > maxStates {
			return nil, false, fmt.Errorf("sweep: %d states at item %s (of %d), more than the bound of %d for vectors of %d: %w", len(next), s.names[level], s.nprim, maxStates, width, ErrTooManyStates)
		}
		done := float64(r.stats.Nodes - begun)
		rest := sweepRest(done, float64(r.stats.Nodes-atLevel), level, s.nprim)
		if r.overBudget(rest + ts.after*ts.each(done)) {
			return nil, false, r.err
		}
		t.next = recycled(cur, len(next))
		t.free = vecs.release(t.free)
		t.vecs, t.nvecs = t.nvecs, t.vecs
		cur = next
		t.cur = cur
	}
	if at, ok := cur[empty]; ok {
		return t.vecs.at(at), overflowed, nil
	}
	return make([]uint64, width), overflowed, nil
}

// sweepTables are the tables of a sweep's level and of the next, kept from
// level to level and from one sweep of inclusion–exclusion to the next:
// made afresh each time, growing, clearing and collecting them took much
// of the time (bench/results/counts.md).
type sweepTables[M mask] struct {
	cur, next   map[M]int32
	vecs, nvecs vectorPages // the vectors of cur's states and of next's
	free        [][]uint64  // pages no level holds
}

// start readies the tables for a sweep with vectors of width counts.
func (t *sweepTables[M]) start(width int) {
	if t.cur == nil {
		t.cur, t.next = map[M]int32{}, map[M]int32{}
	}
	// A sweep that stopped midway leaves its next level's table filled.
	clear(t.cur)
	clear(t.next)
	t.free = t.vecs.release(t.free)
	t.free = t.nvecs.release(t.free)
	t.vecs.setWidth(width)
	t.nvecs.setWidth(width)
}

// vectorPages holds a level's vectors in pages of pageWords counts,
// which go back to a free list when the level is passed: vectors in one
// slice that grows would leave its outgrown arrays to the collector,
// which let the heap reach two to four times the state bound
// (bench/results/counts.md).
type vectorPages struct {
	pages [][]uint64
	width int
	shift uint  // log2 of the vectors in a page
	mask  int32 // the vectors in a page, less one
}

// pageWords is the counts in a page: 512 KiB.
const pageWords = 1 << 16

func (v *vectorPages) setWidth(width int) {
	v.width = width
	v.shift = uint(bits.TrailingZeros(uint(pageWords / width)))
	v.mask = int32(pageWords/width - 1)
}

// at returns vector i.
func (v *vectorPages) at(i int32) []uint64 {
	return v.pages[i>>v.shift][int(i&v.mask)*v.width:][:v.width]
}

// grow adds a page, from free if it has one.
func (v *vectorPages) grow(free *[][]uint64) {
	var page []uint64
	if n := len(*free); n > 0 {
		page, *free = (*free)[n-1], (*free)[:n-1]
	} else {
		page = make([]uint64, pageWords)
	}
	v.pages = append(v.pages, page)
}

// release hands v's pages to free and returns it.
func (v *vectorPages) release(free [][]uint64) [][]uint64 {
	free = append(free, v.pages...)
	clear(v.pages)
	v.pages = v.pages[:0]
	return free
}

// recycled returns the table of a level passed, emptied, for the level
// after the one of n states; or a new one if it is far bigger, as a map
// keeps its room, and going through it costs as much as its room.
func recycled[K comparable, V any](old map[K]V, n int) map[K]V {
	if len(old) > 4*n+1024 {
		return make(map[K]V, n)
	}
	clear(old)
	return old
}

// addWith adds src to dst at the indices with bit p set, the subsets that
// take piece p: stepping from one such index to the next, (i+1)|p, costs
// less than a loop over each run of p of them, which for the first
// pieces are runs of one or two.
func addWith(dst, src []uint64, p int) {
	src = src[:len(dst)]
	for i := p; i < len(dst); i = (i + 1) | p {
		dst[i] += src[i]
	}
}

// addAll adds src to dst, four counts a step.
func addAll(dst, src []uint64) {
	src = src[:len(dst)]
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		d, s := dst[i:i+4:i+4], src[i:i+4:i+4]
		d[0] += s[0]
		d[1] += s[1]
		d[2] += s[2]
		d[3] += s[3]
	}
	for ; i < len(dst); i++ {
		dst[i] += src[i]
	}
}
