package cover

import (
	"context"
	"math/rand/v2"
)

// auto picks a backend per problem. algx pays per node for a pass over the
// options still live, dlx per link it moves; which is cheaper depends on how
// many options each item has. Measured on a two-core machine: with 166
// entries per primary item (pentominoes 6×10) algx is four times faster
// than dlx; with 12 (12 queens) it is faster by half; with 3.5 (domino
// tilings of 8×8) dlx is faster by half. algx also keeps a bitmask of all
// items per option, which a huge problem cannot afford. Where algx would
// do and the problem has an Order, bits may be faster still: see
// bitsFaster.
type autoBackend struct{}

const (
	// autoDensity is the number of entries per primary item from which
	// algx is chosen.
	autoDensity = 8
	// autoWords bounds algx's masks: options × words per mask. Beyond
	// it, a node's pass over the live options costs algx more than dlx's
	// link updates: measured one worker, on the catalogue's largest
	// problem (polycubes-56-crystal-1, 2.4 M options × 21 words) algx
	// tried 6,500 nodes a second and dlx 88,000 on the same tree, with
	// half the memory; on the next largest (hexahexes-hexagon-ring-1,
	// 2.5 M words) algx 98,000 and dlx 80,000.
	autoWords = 1 << 24
)

func (autoBackend) Name() string { return "auto" }

func (autoBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	if visit == nil {
		// A count: by the sweep where it pays (sweep_choose.go).
		if st, ok, err := sweepFirst(ctx, wholeCount(p), nil); ok {
			return st, err
		}
		return countBackend(p).Solve(ctx, p, nil)
	}
	return Choose(p).Solve(ctx, p, visit)
}

// Choose returns the backend auto uses for a whole search of p.
func Choose(p *Problem) Backend { return choose(p, true) }

// countBackend returns the backend auto counts p's solutions with, where
// the sweep does not count them: Choose's, but memo in place of algx for
// a plain exact cover whose tree the root walks put at memoAbove nodes or
// more. memo searches algx's tree less the subtrees it has seen, and
// stops remembering where that saves too little (see memoBackend): on
// the polyomino Aztec diamond it took 0.73 of algx's time on two
// workers; on the hexagram, the polyomino diamond ring and the 3×4×5
// solid pentominoes, whose trees are a few million nodes, it saved 0.2
// to 11 % of the nodes and no time (bench/results/memo-auto.md).
func countBackend(p *Problem) Backend {
	b := Choose(p)
	if _, ok := b.(algxBackend); !ok {
		return b
	}
	pl, err := newPlan(p)
	if err != nil || !plain(pl) {
		return b
	}
	if rootWalks(pl) < memoAbove {
		return b
	}
	return memoBackend{}
}

// memoAbove is the root walks' estimate from which auto counts with memo:
// a search of some ten seconds.
const memoAbove = 1e7

// choose returns auto's backend for p, for a whole search if whole, or
// for one that stops at its first solutions (see bitsFaster).
func choose(p *Problem, whole bool) Backend {
	b := chooseBranching(p)
	if _, ok := b.(algxBackend); ok && p.Order != nil && bitsFaster(p, whole) {
		return bitsBackend{}
	}
	return b
}

// chooseBranching returns the one of the backends that branch on the
// item with fewest options left, algx or dlx, that suits p.
func chooseBranching(p *Problem) Backend {
	primary, entries := 0, 0
	for _, it := range p.Items {
		if !it.Secondary {
			primary++
		}
	}
	// A mask has a bit per item, and one more per colour an item is
	// used with: a problem of many colours has masks that many bits
	// wider, which the bound on memory counts.
	bits := len(p.Items)
	coloured := map[Entry]bool{}
	for _, e := range p.entries {
		if !p.Items[e.Item].Secondary {
			entries++
		} else if e.Color != 0 && !coloured[e] {
			coloured[e] = true
			bits++
		}
	}
	words := (bits + 63) / 64
	if primary == 0 || entries < autoDensity*primary || p.NumOptions()*words > autoWords {
		return dlxBackend{}
	}
	return algxBackend{}
}

// bitsFaster reports whether bits would search p faster than algx. The
// order bits takes the items in makes the difference: on the catalogue's
// plane boards bits tries from 0.7 to 400 times the nodes algx tries,
// while a node costs it about an eighth of an algx node. So the two trees
// are weighed by Knuth's random walks (see estimate.go), and bits is
// chosen when its tree times bitsNodeCost is smaller than algx's.
//
// The walks are far from exact: on the 6×10 pentominoes, whose two trees
// differ by 2.7, 200 walks of each put the ratio between 0.2 and 7 for
// eight seeds in ten, and they underestimate bits's deeper trees more than
// algx's. What they do tell apart are the trees a hundred times bigger,
// where bits would take minutes instead of seconds; where they err, the
// two backends are within a factor of about two of each other. Over the catalogue's
// plane boards that algx counts in up to a second (190 searches, distinct
// and all solutions), auto took 0.91 of the time of algx alone, walks
// included, and the better of the two 0.81; it chose bits for 68, and its
// worst choice took 2.2 times algx's time.
// Over the 63 catalogue solids that algx counts in up to a second, auto
// chose bits for 7, each as fast as algx or faster, and missed 5 where
// bits was faster; in all it took 0.97 of algx's time.
//
// The walks are seeded, so the choice depends on p alone. A walk of bits
// costs under a microsecond, one of algx some 15, so bits gets more of
// them: in all they take 2 to 7 ms on a 72-item board. A search that the
// walks show to be smaller than chooseSmall nodes keeps algx without
// weighing bits. For a whole search, one they show to be between
// chooseBig and chooseHuge nodes is weighed again with more walks before
// bits is chosen for it; a search for first solutions keeps the first
// walks' choice, which is bits more often, as bits with its cheap nodes
// often reaches a first solution sooner (heptiamonds-hexagram: 1.8 s
// against 3.9 s; bench/results/puzzler-complete.md).
func bitsFaster(p *Problem, whole bool) bool {
	pl, err := newPlan(p)
	if err != nil || bitsFits(pl) != nil {
		return false
	}
	rng := rand.New(rand.NewPCG(estimateSeed, 0))
	w := newRootWalker(pl)
	s := newBits(pl)
	var buf []int32
	// algx and bits are the sums of the walks' estimates, of which there
	// are rounds times algxWalks and bitsWalks.
	algx, bits, rounds := 0.0, 0.0, 0
	walk := func(more int) {
		algx += w.walks(rng, more*algxWalks)
		for range more * bitsWalks {
			bits += s.probe(rng, &buf)
		}
		rounds += more
	}
	faster := func() bool {
		return bits/float64(rounds*bitsWalks)*bitsNodeCost < algx/float64(rounds*algxWalks)
	}
	walk(1)
	switch mean := algx / float64(rounds*algxWalks); {
	case mean < chooseSmall:
		return false
	case !whole || mean < chooseBig || mean > chooseHuge || !faster():
		return faster()
	}
	walk(bigWalks - 1)
	return faster()
}

const (
	algxWalks   = 128
	bitsWalks   = 1024
	chooseSmall = 20000
	// Where the first walks put algx's tree at chooseBig nodes or more
	// (seconds of search) and choose bits, both are weighed again with
	// bigWalks times the walks, some 40 to 75 ms on the big catalogue
	// boards, before bits is taken. The walks' estimates have heavy
	// tails, bits's most (its trees are deeper): on O'Beirne's
	// hexagon its first 1,024 walks put its tree at 3.1e7 nodes' worth
	// of algx's time, where four more seeds said 1.2e9 to 1.1e11, and
	// bits, chosen on them, had not finished in 17 minutes a count that
	// algx makes in 4. With 16 times the walks, five seeds all put
	// bits's at 1.5 to 49 times algx's. Above chooseHuge nodes (hours of
	// search) a count is out of reach, and the first walks' choice
	// stands, without the cost of more.
	chooseBig  = 1e7
	chooseHuge = 1e10
	bigWalks   = 16
	// bitsNodeCost is what a node of bits costs as a share of a node of
	// algx, measured over the catalogue's boards of 34 to 84 items: from
	// 0.06 to 0.15.
	bitsNodeCost = 0.125
)
