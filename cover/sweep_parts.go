package cover

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"time"
)

// A count by the sweep goes in parts: one sweep for each symmetry of
// Burnside's lemma (the identity's alone for a count of every solution),
// and where inclusion–exclusion counts a symmetry's problem, each of its
// 2^(k−b) sweeps (see sweep_terms.go). A part's result is a sum modulo 2^64,
// and the last part of each symmetry also gives the bound that proves its
// sum exact: the count of tilings by all the pieces, or the count itself
// for a plain sweep. So a State can record the parts finished and a
// count stopped part way goes on with the others, and a Shard can take
// some of the parts, whose sums Merge adds up with the other shards'.
//
// Adding the parts of every symmetry modulo 2^64 gives Burnside's sum
// exactly when the bounds add up to less than 2^63: each symmetry's fixed
// solutions are at most its bound (see sweepTotal).

// sweepSplit is the Split of the states and parts of a count by the sweep.
const sweepSplit = "sweep"

// A sweepJob is the sweep of the problem one symmetry fixes, in parts.
type sweepJob struct {
	pl     *plan
	order  []int
	pieces []int // the pieces of inclusion–exclusion, or nil
	first  int   // the number of its first part among the count's
	parts  int
}

// width is the log2 of the vectors of the job's sweeps (see sweep_terms.go).
func (j sweepJob) width() int { return min(len(j.pieces), maxTermWidth) }

// A partSum is what a finished part of a sweep found (see above); the
// bound of a part other than the last of its symmetry is 0, so that the
// bounds of all the parts add up to those of the symmetries.
type partSum struct {
	residue, bound uint64
	done           bool
}

// countSweep counts p's solutions by the sweep, or with a group the
// classes of its solutions under it (see countOrbits). With a state, it
// records there each part it finishes and skips the parts the state has
// finished; with a shard other than the whole, it does only the shard's
// parts (the others are counted elsewhere, and Merge adds them up), and
// its count is 0.
func countSweep(ctx context.Context, p *Problem, group []Symmetry, state *State, sh Shard) (Stats, error) {
	if err := ctx.Err(); err != nil {
		return Stats{}, err
	}
	if sh = sh.whole(); sh.Of > 1 && state == nil {
		return Stats{}, fmt.Errorf("sweep: a shard's parts hold sums modulo 2^64, not solutions: record them in a state for Merge to add up: %w", ErrUnsupported)
	}
	perms := []Symmetry{nil}
	if group != nil {
		perms = distinctPerms(p, group)
	}
	order := sweepOrder(p) // derived once, where p has no Order
	var jobs []sweepJob
	nparts, termParts := 0, 0
	// The identity's sweep, by far the longest, goes last, so that a
	// status line's count of its parts (see CountParts) is the last word.
	for _, g := range slices.Backward(perms) {
		// g fixes the solutions of fixedBy's problem, whose sweep covers
		// the primaries in p's order too: an orbit's options far ahead
		// are covered when its first one is, and the states stay about
		// as few as p's.
		q := p
		if g != nil {
			q = fixedBy(p, g)
			q.Order = order
		}
		pl, err := newPlan(q)
		if err != nil {
			return Stats{}, err
		}
		if err := sweepFits(pl); err != nil {
			return Stats{}, err
		}
		j := sweepJob{pl: pl, order: order, first: nparts, parts: 1}
		if j.pieces = termPieces(pl, order); j.pieces != nil {
			j.parts = 1 << (len(j.pieces) - j.width())
			termParts += j.parts
		}
		nparts += j.parts
		jobs = append(jobs, j)
	}
	sums := make([]partSum, nparts)
	var total Stats
	if state != nil {
		id := splitID{kind: sweepSplit, depth: 1, subproblems: nparts, symmetries: len(perms)}
		var err error
		if _, total, err = state.begin(sweepFingerprint(p, perms), id, sh); err != nil {
			return Stats{}, err
		}
		for k, d := range state.finished() {
			sums[k] = partSum{d.Residue, d.Bound, true}
		}
	}
	if ps := parts(ctx); ps != nil {
		ps.total.Store(int64(termParts))
		ps.done.Store(0)
		for _, j := range jobs {
			if j.pieces != nil {
				for h := range j.parts {
					if sums[j.first+h].done {
						ps.done.Add(1)
					}
				}
			}
		}
	}
	var mu sync.Mutex
	for _, j := range jobs {
		var todo []int
		for h := range j.parts {
			if sh.has(j.first+h) && !sums[j.first+h].done {
				todo = append(todo, h)
			}
		}
		if len(todo) == 0 {
			continue
		}
		r := newRun(ctx, nil)
		err := j.count(&r, todo, func(h int, residue, bound uint64, st Stats, took time.Duration) {
			k := j.first + h
			mu.Lock()
			sums[k] = partSum{residue, bound, true}
			mu.Unlock()
			if state != nil {
				state.recordPart(k, residue, bound, st, took)
			}
		})
		st, _ := r.finish()
		total.Nodes += st.Nodes
		total.Updates += st.Updates
		if err != nil {
			return total, err
		}
	}
	if sh.Of > 1 {
		return total, nil
	}
	var residue, bound uint64
	for _, x := range sums {
		residue += x.residue
		bound = addBound(bound, x.bound)
	}
	n, err := sweepTotal(residue, bound, len(perms))
	total.Solutions = n
	return total, err
}

// sweepFingerprint identifies a count by the sweep: p's fingerprint when
// it counts every solution, else a hash of that and of the symmetries'
// permutations, so that the parts of a count modulo symmetry and of one
// of every solution, which sweep the same problem, are never mixed.
func sweepFingerprint(p *Problem, perms []Symmetry) string {
	f := Fingerprint(p)
	if len(perms) == 1 {
		return f
	}
	h := sha256.New()
	buf := []byte(f)
	for _, g := range perms[1:] {
		for _, o := range g {
			buf = binary.AppendUvarint(buf, uint64(o))
		}
		h.Write(buf)
		buf = buf[:0]
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// count runs the job's parts of todo, numbered from 0 within the job,
// and hands each one's sum and bound to done as it finishes, from the
// goroutine that ran it.
func (j sweepJob) count(r *run, todo []int, done func(h int, residue, bound uint64, st Stats, took time.Duration)) error {
	if j.pieces != nil {
		return newSweep(j.pl, j.order, j.pieces).terms(r, len(j.pieces), j.width(), todo, done)
	}
	began := time.Now()
	n, overflowed, err := newSweep(j.pl, j.order, nil).count(r, ^uint64(0))
	switch {
	case err != nil:
		return err
	case overflowed || n > math.MaxInt64:
		return fmt.Errorf("sweep: more solutions than an int64 holds: %w", ErrUnsupported)
	}
	done(0, n, n, r.stats, time.Since(began))
	return nil
}

// addBound adds two bounds, or gives the most a uint64 holds, which is
// no bound (see sweepTotal).
func addBound(a, b uint64) uint64 {
	sum, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return sum
}

// sweepTotal returns the count that a sweep's parts give: the classes of
// Burnside's lemma, the sum of the fixed solutions of every symmetry
// divided by their number. residue is that sum modulo 2^64 and bound the
// sum of the symmetries' bounds, each at least its fixed solutions; it
// fails when the bound leaves the sum undecided or the parts disagree,
// as parts read from files that were altered may.
func sweepTotal(residue, bound uint64, symmetries int) (int64, error) {
	switch {
	case bound > math.MaxInt64:
		return 0, fmt.Errorf("sweep: the bounds of the parts add up to 2^63 or more, which leaves their sum undecided: %w", ErrUnsupported)
	case residue > bound:
		return 0, fmt.Errorf("sweep: the parts add up to %d, more than their bound %d: they do not come from one count", residue, bound)
	case symmetries < 1 || residue%uint64(symmetries) != 0:
		// Burnside's sum is a multiple of the group's order.
		return 0, fmt.Errorf("sweep: the parts add up to %d fixed solutions, not a multiple of the %d symmetries: they do not come from one count", residue, symmetries)
	}
	return int64(residue / uint64(symmetries)), nil
}
