package cover

import (
	"context"
	"math"
	"math/bits"
)

// Item weights that learn from failure, for searches that look for a few
// solutions (dom/wdeg: Boussemart, Hemery, Lecoutre and Sais, ECAI 2004).
// Every time a search of algx or dlx finds a primary item with no option
// left, that item's weight goes up by one; a search that uses the weights
// branches on the item with the fewest options divided by its weight
// instead of the fewest options (an item with a single option is still
// taken first: that choice is forced). On a hard board the dead ends come
// again and again from the same few items (the cells that a strip's last
// pieces cannot reach, a wall's pieces running out of bends), and branching
// on them early finds the conflict near the root instead of deep down.
//
// The weights live in a learned value that Restarts keeps from one run to
// the next, so that what one run learns steers the next, as nogoods would.
// They change which item a search branches on, never which options it
// tries there, so a search with weights still visits every solution once;
// but its tree and its order of solutions differ from the plain search's,
// which is why only Restarts, for a search cut short, uses them, and a
// count never does.
type learned struct {
	// w holds the weight of each item of the problem Restarts was given;
	// secondary items keep theirs at 1.
	w []float64
}

func newLearned(p *Problem) *learned {
	w := make([]float64, len(p.Items))
	for i := range w {
		w[i] = 1
	}
	return &learned{w: w}
}

// A weighting, put in a search's context under weightingKey, gives a run
// of algx or dlx the learned weights: items maps an item of the run's
// problem to the item of the learned one it is (nil: the same). The run's
// choice of item follows the weights, and its dead ends teach them.
type weighting struct {
	l     *learned
	items []int
}

type weightingKey struct{}

// withWeighting returns ctx carrying w for the searches under it.
func withWeighting(ctx context.Context, w *weighting) context.Context {
	return context.WithValue(ctx, weightingKey{}, w)
}

// rankWeights is a run's copy of the learned weights, indexed by the
// plan's rank of each primary item, read from the context at the start of
// a search and written back at its end.
type rankWeights struct {
	from *weighting
	pl   *plan
	w    []float64
}

// loadWeights returns the weights a search of pl under ctx learns, or nil
// when ctx has none.
func loadWeights(ctx context.Context, pl *plan) *rankWeights {
	from, _ := ctx.Value(weightingKey{}).(*weighting)
	if from == nil {
		return nil
	}
	rw := &rankWeights{from: from, pl: pl, w: make([]float64, pl.nprim)}
	for i, r := range pl.rank {
		if int(r) < pl.nprim {
			rw.w[r] = from.l.w[from.item(i)]
		}
	}
	return rw
}

func (w *weighting) item(i int) int {
	if w.items == nil {
		return i
	}
	return w.items[i]
}

// store writes the run's weights back to what Restarts keeps.
func (rw *rankWeights) store() {
	if rw == nil {
		return
	}
	for i, r := range rw.pl.rank {
		if int(r) < rw.pl.nprim {
			rw.from.l.w[rw.from.item(i)] = rw.w[r]
		}
	}
}

// used reports whether the choice of item follows the weights.
func (rw *rankWeights) used() bool { return rw != nil }

// fail records a dead end at primary r.
func (rw *rankWeights) fail(r int) {
	if rw != nil {
		rw.w[r]++
	}
}

// better reports whether an item with theta s and weight w makes a better
// branch than the best so far, with theta bs and weight bw: fewer
// options per weight, compared without dividing.
func better(s int32, w float64, bs int32, bw float64) bool {
	return float64(s)*bw < float64(bs)*w
}

// blame records a dead end at each primary of word k of the mask miss.
func (a *algx) blame(k int, miss uint64) {
	if a.wts == nil {
		return
	}
	for ; miss != 0; miss &= miss - 1 {
		a.wts.fail(k*64 + bits.TrailingZeros64(miss))
	}
}

// chooseWeighted is choose by the learned weights: a forced item (one
// option left) if there is one, and otherwise the active primary with the
// fewest options per weight, the first on ties.
func (a *algx) chooseWeighted(ls, le int, f []uint64) (best int, t int32) {
	if best, t, ok := a.chooseFew(ls, le, f); ok && t <= 1 {
		return best, t
	}
	a.countOptions(ls, le)
	// The count passes over every live option, as a filter does: it
	// counts as updates, so that a Portfolio's slices see its cost.
	a.stats.Updates += int64(le - ls)
	best, t = -1, math.MaxInt32
	bw := 1.0
	for w, pm := range a.pmask {
		for b := ^f[w] & pm; b != 0; b &= b - 1 {
			p := w*64 + bits.TrailingZeros64(b)
			s := a.cnt[p] + a.bias[p]
			if s <= 0 {
				return p, s
			}
			if best < 0 || t > 1 && (s == 1 || better(s, a.wts.w[p], t, bw)) {
				best, t, bw = p, s, a.wts.w[p]
			}
		}
	}
	return best, t
}

// chooseWeighted is choose by the learned weights, as algx's is.
func (d *dlx) chooseWeighted() (best, t int32) {
	nd, items := d.nd, d.items
	bw := 1.0
	t = math.MaxInt32
	for i := items[0].next; i != 0; i = items[i].next {
		s := nd[i].top + items[i].bias
		if s <= 0 {
			return i, s
		}
		if best == 0 || t > 1 && (s == 1 || better(s, d.wts.w[i-1], t, bw)) {
			best, t, bw = i, s, d.wts.w[i-1]
		}
	}
	return best, t
}
