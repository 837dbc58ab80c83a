package cover

import (
	"cmp"
	"context"
	"slices"
)

// fitBackend is algx that, looking for solutions rather than counting
// them, tries the options of the item it branches on snuggest first: the
// option whose cells have the most neighbours already covered or off the
// board, ties in the problem's order. A piece that fills a nook leaves no
// hole that nothing fits, where one that juts out into the open often
// does, and the search finds out only pieces later. Its runs found some
// first solutions in under a second that took the other runs 5 s or
// more (a hexatwig trefoil in 1.3 s against 42 s), and lost others that
// the problem's order finds at once (bench/results/first-solutions.md),
// which is why Restarts takes its runs in turn with the plain search's
// rather than instead of them. It needs the problem's Cells; without
// them it is algx.
type fitBackend struct{}

func (fitBackend) Name() string { return "algx-fit" }

func (fitBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	return solveAlgX(ctx, p, visit, algxFit)
}

// fit is what fitBackend adds to algx: the board's adjacency by rank, and
// a stack of the options a node tries, in the order it tries them.
type fit struct {
	adj adjacency
	// off is, per cell rank, how many neighbours it lacks of the most a
	// cell of the board has: its sides on the board's edge.
	off []int32
	// tries holds each node's options to try, above its parent's.
	tries []fitTry
}

// A fitTry is an option to try, by its position in algx's list, and how
// snugly it fits.
type fitTry struct {
	pos, snug int32
}

// newFit returns the fit of pl's problem, or nil when it has no Cells.
func newFit(pl *plan) *fit {
	c := pl.prob.Cells
	if c == nil {
		return nil
	}
	t := &fit{
		adj: newAdjacency(pl.nprim, func(yield func(a, b int32)) {
			for _, e := range c.Edges {
				yield(pl.rank[e[0]], pl.rank[e[1]])
			}
		}),
		off: make([]int32, pl.nprim),
	}
	most := int32(0)
	for r := range pl.nprim {
		most = max(most, t.adj.start[r+1]-t.adj.start[r])
	}
	for _, i := range c.Items {
		r := pl.rank[i]
		t.off[r] = most - (t.adj.start[r+1] - t.adj.start[r])
	}
	return t
}

// push puts on the stack the options of ids[ls:le] that cover primary
// best (word bw, bit bb of their claims), snuggest first under the
// forbidden mask f, and returns where they start.
func (t *fit) push(a *algx, ls, le, bw int, bb uint64, f []uint64) int {
	base := len(t.tries)
	claim := a.claim[bw*a.m:][:a.m]
	for pos := ls; pos < le; pos++ {
		j := a.ids[pos]
		if claim[j]&bb == 0 {
			continue
		}
		snug := int32(0)
		for _, q := range a.primsOf(j) {
			snug += t.off[q]
			for _, n := range t.adj.of(q) {
				snug += int32(f[n/64] >> (n % 64) & 1)
			}
		}
		t.tries = append(t.tries, fitTry{int32(pos), snug})
	}
	slices.SortStableFunc(t.tries[base:], func(x, y fitTry) int { return cmp.Compare(y.snug, x.snug) })
	return base
}
