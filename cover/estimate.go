package cover

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
)

// A Parallel search with a Meter weighs its subproblems by the size of
// their search trees, so that the share of the work done, and with it the
// time left, is not thrown off by subproblems a hundred times bigger than
// others. The size is Knuth's estimate ("Estimating the efficiency of
// backtrack programs", 1975; TAOCP 7.2.2, eq. (29)): walk down the tree
// from the subproblem's node, branching on the item the search would
// branch on and taking one of its t branches at random; with d_k the
// number of branches at the k-th node of the walk, the nodes at depth k
// number d_1 d_2 ... d_k on average, so their sum estimates the size of the
// tree. The size counted is the backends' Stats.Nodes of the subproblem's
// search (the options it tries) plus one for the subproblem itself, which
// keeps a subproblem that is a solution from weighing nothing: a step of
// the walk that takes a "no more options" branch of a multiplicity adds no
// node.
//
// The mean of the walks is exactly the size, but one walk is usually far
// off: on a polyomino puzzle most walks soon reach a dead end and
// estimate a few hundredths of the size, while one in a hundred
// estimates ten or twenty times it. So a few walks make a rough weight,
// which still tells a big subproblem from a small one far better than
// counting subproblems does, and more walks help only slowly. A walk
// costs some 6 to 14 nodes of the search (the 6×10 pentominoes, the 6×6
// tetrasticks and the 3×4×5 solid pentominoes; bench/results/walks.md),
// as each step kills the options the one chosen rules out. So every
// subproblem gets estimateProbes walks, and a search that those show to
// be big gets more, up to a set share of its estimated size.

// estimateProbes is how many walks each subproblem gets first. On the
// 6×10 pentominoes (900,000 nodes, 379 subproblems) 4 walks each cost
// about 3% of the search (when a walk cost some 17 nodes; now less);
// they bring the largest error of the share of the work done, taken as
// the subproblems finish in order, from 0.39 (counting subproblems) to
// about 0.17. More walks cost more than they help there: 16 still leave
// 0.17, and cost 9%.
const estimateProbes = 4

// maxEstimateProbes bounds the walks of a subproblem of a big search, and
// estimateShare is the share of the search's estimated nodes that the
// walks of a big search may cost, at probeNodes nodes a walk (the higher
// end of what a walk cost when these were set, 11 to 36 nodes; the walks
// have cost 0.4 to 0.6 of that since, and spend less than the share). On
// the 6×6 tetrasticks (137 million nodes, 661 subproblems) that makes 69
// walks a subproblem, costing about 1% of the search then, and the
// largest error of the share of the work done falls from 0.19 with 4
// walks to 0.07 (0.22 counting subproblems).
const (
	maxEstimateProbes = 1024
	estimateShare     = 0.01
	probeNodes        = 32
)

// estimateSeed seeds every subproblem's walks, along with its index, so
// that a subproblem's weight depends only on the problem, the split and
// the shard, and a resumed search weighs the subproblems its state has
// finished as the run that finished them did. Any number would do; this is
// the year of Knuth's paper.
const estimateSeed = 1975

// estimateBudget bounds the work of the first walks of a split, counted in
// the items that choosing a branch looks through (every open primary, to
// find the item to branch on), so that weighing a huge problem cannot hold
// up its search: its walks stop short and underestimate the deep trees,
// which skews the weights but not the search.
const estimateBudget = 1 << 26

// minProbeSteps is how far every walk may go whatever the budget, so that
// a split into very many subproblems still gets weights that mean
// something.
const minProbeSteps = 8

// weigh sets weights to the estimated size of each subproblem of shard sh
// (see above), the others' to 0, with the walks shared out among workers
// goroutines. maxWalks, if above 0, bounds the walks in all, but not below
// the first estimateProbes of each subproblem. It leaves weights nil if
// the sizes are too big to add up, and when ctx is done, which it looks at
// between walks: then it returns ctx's error.
func (sp *split) weigh(ctx context.Context, sh Shard, workers, maxWalks int) error {
	n, count := sp.len(), sh.count(sp.len())
	steps := max(minProbeSteps, estimateBudget/(max(count, 1)*estimateProbes*(sp.sp.pl.nprim+1)))
	sums, sols := make([]float64, n), make([]float64, n)
	// Each subproblem's walks draw from its own stream, so that neither
	// the number of workers nor the order they take the subproblems in
	// changes a weight.
	streams := make([]rand.PCG, n)
	for k := sh.Index; k < n; k += sh.Of {
		streams[k] = *rand.NewPCG(estimateSeed, uint64(k))
	}
	walks := func(probes int) error {
		var next atomic.Int64 // the next subproblem, counted in the shard
		var wg sync.WaitGroup
		for range min(workers, count) {
			wg.Go(func() {
				walk, at := new(node), replay{sp: sp}
				for {
					k := sh.Index + int(next.Add(1)-1)*sh.Of
					if k >= n {
						return
					}
					root := at.node(k)
					rng := rand.New(&streams[k])
					for range probes {
						if ctx.Err() != nil {
							return
						}
						walk.copy(root)
						size, solutions := sp.sp.probe(walk, rng, steps)
						sums[k] += size
						sols[k] += solutions
					}
				}
			})
		}
		wg.Wait()
		return ctx.Err()
	}
	if err := walks(estimateProbes); err != nil {
		return err
	}
	total := func() float64 {
		t := 0.0
		for _, s := range sums {
			t += s
		}
		return t
	}
	probes := estimateProbes
	nodes := total() / float64(probes) // the estimated size of the search
	more := int(min(estimateShare*nodes/probeNodes/float64(max(count, 1)), maxEstimateProbes))
	if maxWalks > 0 {
		more = min(more, maxWalks/max(count, 1))
	}
	if more > probes && !math.IsInf(nodes, 0) {
		if err := walks(more - probes); err != nil {
			return err
		}
		probes = more
	}
	if math.IsInf(total(), 0) {
		// A tree too big for a float64 to count: the meter falls back
		// on counting subproblems.
		return nil
	}
	sp.weights, sp.solutions = sums, sols
	for k := range sums {
		sp.weights[k] /= float64(probes)
		sp.solutions[k] /= float64(probes)
	}
	return nil
}

// An Estimate is Knuth's estimate of a search: the nodes of its tree
// (the backends' Stats.Nodes) and its solutions (Stats.Solutions).
type Estimate struct {
	Nodes, Solutions float64
}

// EstimateSearch returns Knuth's estimate of algx's search of p, with p's
// hints (the dead-region and colour-balance checks): the tree split into
// about 512 subproblems, each weighed by random walks from it as a
// Parallel search with a Meter weighs them, on workers cores, with at most
// maxWalks walks in all beyond the first few of each subproblem (no bound
// if maxWalks is 0), and the weights added to the nodes above them. A walk
// that ends in a solution estimates the solutions as it does the nodes:
// by the product of the branches it had to choose among. The nodes are
// +Inf for a tree too big for a float64; the error is for a problem algx
// cannot search, or ctx's when it is done first.
//
// One walk is usually far off (see above), and the mean of a few thousand
// is still rough where the tree's size hides in rare deep branches, as on
// puzzles with many solutions: it tells a search of seconds from one of
// hours or of centuries, not one of an hour from one of two.
func EstimateSearch(ctx context.Context, p *Problem, workers, maxWalks int) (Estimate, error) {
	return estimateSearch(ctx, p, estimateTarget, max(workers, 1), maxWalks)
}

// QuickEstimate is EstimateSearch made cheap enough to run before any
// search: a few subproblems and walks, on one core. Rougher still, it
// tells a search of hours from one of centuries, which is what a warning
// before a count that cannot finish needs.
func QuickEstimate(ctx context.Context, p *Problem) (Estimate, error) {
	return estimateSearch(ctx, p, 8, 1, 64)
}

// estimateTarget is the number of subproblems EstimateSearch weighs.
const estimateTarget = 512

func estimateSearch(ctx context.Context, p *Problem, target, workers, maxWalks int) (Estimate, error) {
	sp, err := newSplit(p, 0, target, false, true, false)
	if err != nil {
		return Estimate{}, err
	}
	if err := sp.weigh(ctx, Shard{Of: 1}, workers, maxWalks); err != nil {
		return Estimate{}, err
	}
	if sp.weights == nil {
		return Estimate{Nodes: math.Inf(1), Solutions: math.NaN()}, nil
	}
	// A weight counts its subproblem's own node, which sp.nodes has.
	e := Estimate{Nodes: float64(sp.nodes)}
	for k := range sp.len() {
		e.Nodes += sp.weight(k) - 1
		e.Solutions += sp.solutions[k]
	}
	return e, nil
}

// weight returns subproblem k's estimated size, or 0 if the split has not
// been weighed.
func (sp *split) weight(k int) float64 {
	if sp.weights == nil {
		return 0
	}
	return sp.weights[k]
}

// A replay takes a split's paths to their subproblems' nodes, keeping the
// nodes along the last path it took: the subproblems a worker weighs one
// after another lie close in the tree, and the steps their paths share
// are the dearest, taken with most options live.
type replay struct {
	sp    *split
	path  []int32
	nodes []*node // nodes[d] is the node after the first d steps of path
}

// node returns the node of subproblem k, which stays the replay's: it is
// good until the next call.
func (rp *replay) node(k int) *node {
	s := rp.sp.sp
	if rp.nodes == nil {
		rp.nodes = []*node{s.root()}
	}
	path := rp.sp.path(k)
	d := 0
	for d < len(path) && d < len(rp.path) && path[d] == rp.path[d] {
		d++
	}
	for ; d < len(path); d++ {
		if d+1 == len(rp.nodes) {
			rp.nodes = append(rp.nodes, new(node))
		}
		n := rp.nodes[d+1]
		n.copy(rp.nodes[d])
		r, t := s.pick(n)
		s.branch(n, r, t, path[d])
	}
	rp.path = append(rp.path[:0], path...)
	return rp.nodes[len(path)]
}

// copy makes n a copy of m in n's own arrays: a walk changes the node it
// starts from, and allocating a new one for each walk would cost a
// quarter of the time of the walks.
func (n *node) copy(m *node) {
	n.count = append(n.count[:0], m.count...)
	n.color = append(n.color[:0], m.color...)
	n.dead = append(n.dead[:0], m.dead...)
	n.chosen = append(n.chosen[:0], m.chosen...)
}

// probe walks down from n, which it changes, for at most steps branchings,
// each to a branch picked at random by rng, and returns Knuth's estimates of
// the size of the tree below n and of its solutions (0 unless the walk
// ends in one).
func (s *splitter) probe(n *node, rng *rand.Rand, steps int) (size, solutions float64) {
	size, paths := 1.0, 1.0 // paths: the product of the degrees so far
	for range steps {
		r, t := s.pick(n)
		if r < 0 {
			// A solution: one of some paths of the tree, as a node at
			// this depth is one of some paths of its nodes.
			return size, paths
		}
		if t <= 0 {
			break // a dead end
		}
		paths *= float64(t)
		if s.branch(n, r, t, rng.Int32N(t)) {
			size += paths
		}
	}
	return size, 0
}
