package cover

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// A PivotRule picks the item whose options Distinct reduces to one per
// orbit. Every rule gives the same counts; they differ in the size of the
// search tree, by a factor of up to 3 on the catalogue's hard puzzles and
// of up to 40 on others (bench/results/pivot.md), and no rule that
// looks only at the options (how many each item keeps, which of them a
// symmetry fixes, how many options each leaves live) was found that never
// loses much against PivotFewest.
type PivotRule int

const (
	// PivotFewest takes the item that keeps fewest options, which the
	// search then usually branches on first, at the root.
	PivotFewest PivotRule = iota
	// PivotFree prefers an item none of whose options a symmetry fixes,
	// then the one that keeps fewest options. A fixed option (a hexagon
	// in the centre of a hexagram) keeps its whole part of the tree,
	// which the second item cuts only where the search branches on that
	// item, sometimes late; a free pivot cuts the tree by the whole
	// group and leaves nothing to filter.
	PivotFree
	// PivotEstimate weighs the reduced trees of several pivots by
	// Knuth's estimate and takes the smallest (see byEstimate). Its walks
	// take their random numbers from fixed seeds, so it picks the same
	// pivot on every run.
	PivotEstimate
)

var pivotRuleNames = []string{"fewest", "free", "estimate"}

// ParsePivotRule returns the rule that String names name.
func ParsePivotRule(name string) (PivotRule, error) {
	for r, n := range pivotRuleNames {
		if n == name {
			return PivotRule(r), nil
		}
	}
	return 0, fmt.Errorf("cover: no pivot rule %q (%s)", name, strings.Join(pivotRuleNames, ", "))
}

func (r PivotRule) String() string {
	if r >= 0 && int(r) < len(pivotRuleNames) {
		return pivotRuleNames[r]
	}
	return fmt.Sprintf("PivotRule(%d)", int(r))
}

// estimateGate is the default of DistinctOptions.WeighAbove: weighing
// the other pivots costs some 0.02 to 0.06 s each on two cores (0.1 to
// 0.4 s for six on the hard catalogue puzzles, bench/results/walks.md),
// which only a search of a second or more repays.
const estimateGate = 2e6

const (
	// gateTarget and pivotTarget are the subproblems the estimates split
	// the tree into (see newSplit), each weighed by walks from it. The
	// first estimate is split 64 ways with at most gateWalks walks in
	// all, 10 to 25 ms: it put the trees of the hexagram, the
	// 6×6 tetrasticks, the polyomino diamond and the 3×4×5 solid
	// pentominoes (2.9 to 17 million nodes) at 2.6 to 14 million, where
	// a split of 16 put the 6×6's at 1.0 million. The trees of the pivots
	// are compared split 512 ways, which found the best of six pivots
	// on the first three and one within 0.92 of the best tree's
	// estimate on the fourth, where splits of 32 and 256 put the 6×6's
	// worst pivots first.
	gateTarget  = 64
	gateWalks   = 256
	pivotTarget = estimateTarget
	// estimatePivots is the number of pivots weighed: those that keep
	// fewest options. The best pivot was among the first six on each of
	// those puzzles.
	estimatePivots = 6
	// pivotWalks bounds the walks of each pivot's estimate beyond the
	// first few of each subproblem. Unbounded, a split's weighing spends
	// a hundredth of the tree it estimates, which is right for the one
	// search a meter watches but, six times over, took 38 s before the
	// count of the tetrastick diamond lattice; the trees of the hard
	// puzzles above (up to 17 million nodes) never reach the bound.
	pivotWalks = 8192
	// estimateMargin is how much smaller another pivot's estimated tree
	// must be for PivotEstimate to take it instead of PivotFewest's.
	estimateMargin = 0.8
)

// byEstimate returns d reduced with the pivot of PivotEstimate. It
// reduces by PivotFewest's pivot first; if Knuth's estimate of that tree
// is below o.WeighAbove, or auto would not search it with algx, that is
// the answer. Otherwise it reduces by each of the
// estimatePivots items that keep fewest options and keeps the reduction
// whose tree is estimated smallest, if it is estimateMargin of
// PivotFewest's or less.
func (d *Distinct) byEstimate(ix *itemOptions, o DistinctOptions) *Distinct {
	p, group := d.problem, d.group
	fewest := choosePivot(p, ix, group, PivotFewest)
	if fewest < 0 {
		d.reduced = p
		return d
	}
	d.reduce(ix, fewest, o)
	gate := o.WeighAbove
	if gate == 0 {
		gate = estimateGate
	}
	if gate > 0 && estimateTree(d.reduced, gateTarget, gateWalks, 1) < gate {
		return d
	}
	if gate > 0 && !searchedByAlgx(d.reduced) {
		// The walks estimate algx's trees. Where auto searches another
		// (bits on the 3×20 pentomino tube, the 6×10 pentominoes),
		// they say little of its time, and its nodes cost an eighth:
		// weighing took 2 to 3 times those searches in the sample.
		return d
	}
	type candidate struct{ item, kept int }
	var cands []candidate
	for it := range p.Items {
		if kept, ok := reducible(p, ix, it, group); ok {
			cands = append(cands, candidate{it, kept})
		}
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return a.kept - b.kept })
	cands = slices.DeleteFunc(cands[:min(len(cands), estimatePivots)], func(c candidate) bool { return c.item == fewest })
	// The trees are weighed side by side, and each tree's walks are
	// shared among the cores too, so that the slowest tree does not keep
	// the others' cores idle: the walks are most of the weighing, and a
	// tree's estimate does not depend on what runs beside it. Reductions
	// take turns, as they share ix's scratch; a tree is weighed and
	// dropped, and the winner reduced again, so that at most one
	// reduction per core is held at a time.
	sizes := make([]float64, 1+len(cands)) // fewest's, then cands'
	var next atomic.Int64
	var reducing sync.Mutex
	var wg sync.WaitGroup
	workers := max(o.Workers, 1)
	for range min(workers, len(sizes)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(sizes) {
					return
				}
				e := d
				if i > 0 {
					e = &Distinct{problem: p, group: group, pivot: -1}
					reducing.Lock()
					e.reduce(ix, cands[i-1].item, o)
					reducing.Unlock()
					if !searchedByAlgx(e.reduced) {
						// Its estimate is of a tree auto would not search: on
						// one-sided-hexiamonds-hexagram-hexagon-1, bits's tree
						// under another pivot was 94 times algx's under
						// fewest's.
						sizes[i] = math.Inf(1)
						continue
					}
				}
				sizes[i] = estimateTree(e.reduced, pivotTarget, pivotWalks, workers)
			}
		})
	}
	wg.Wait()
	best, bestSize := 0, sizes[0]
	limit := estimateMargin * bestSize
	for i, size := range sizes[1:] {
		if size <= limit && size < bestSize {
			best, bestSize = i+1, size
		}
	}
	if math.IsInf(bestSize, 0) {
		bestSize = 0 // not known
	}
	if best == 0 {
		d.tree = bestSize
		return d
	}
	e := &Distinct{problem: p, group: group, pivot: -1, tree: bestSize}
	e.reduce(ix, cands[best-1].item, o)
	return e
}

// searchedByAlgx reports whether auto searches p with algx, whose trees
// the walks of estimateTree estimate.
func searchedByAlgx(p *Problem) bool {
	_, algx := Choose(p).(algxBackend)
	return algx
}

// estimateTree returns Knuth's estimate of the nodes of algx's tree of p
// (see EstimateSearch), weighed on workers cores, or +Inf if p cannot be
// split.
func estimateTree(p *Problem, target, maxWalks, workers int) float64 {
	e, err := estimateSearch(context.Background(), p, target, workers, maxWalks)
	if err != nil {
		return math.Inf(1)
	}
	return e.Nodes
}
