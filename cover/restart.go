package cover

import (
	"cmp"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
)

// Restarts is a backend for finding some solutions of a hard problem
// fast, not for counting them. The time a depth-first search takes to its
// first solution is heavy-tailed: an early wrong choice can leave it in a
// subtree without solutions that takes hours to refute, while the same
// search with other tie-breaks finds a solution in a second. So Restarts
// runs its backend on the problem with its options in first order (the
// options of the larger and the more awkward pieces first), and if that
// tries Unit nodes without finding a solution, gives up and searches
// again with the items in a random order and the options in a random
// order that keeps the first order's keys sorted (which changes the ties among
// items with fewest options and the order in which an item's options of
// the same key are tried),
// under budgets that follow Luby's sequence (1, 1, 2, 1, 1, 2, 4, ... times
// Unit), which is within a constant factor of the best fixed budget for
// every problem. A run that finds a new solution goes on from there with
// twice its budget, so that the solutions near a first one are found by
// the run that is there: counted afresh at the same size, its budget was
// often too small to reach the next, and ten solutions took a hundred
// times one (bench/results/first-solutions.md). Where the backend is auto and auto picks bits,
// the runs of bits take turns with runs of algx or dlx, and on a board
// with Cells, runs that try the snuggest options first join them (see
// portfolio).
//
// Every solution is reported once, however many runs find it; without
// restarts a run would find the same ones again. For that Restarts keeps a
// key of every solution it has reported, which is why it is meant for a
// search that stops after a few. A run that ends before
// its budget has searched the whole problem, so Restarts then stops too:
// with no limit on the solutions it reports every solution in the end, but
// counting is what the backend alone does better, so with a nil visit
// Restarts only counts with it. The runs, and hence the solutions and
// their order, depend only on the problem and Seed; a search that finds
// its solutions within the first budget finds those of the plain search
// of the problem in first order.
type Restarts struct {
	Backend Backend
	// Seed picks the random orders of the runs after the first.
	Seed uint64
	// Unit is the budget of the shortest run, in nodes; 0 means
	// RestartUnit. Budgets are looked at every few thousand nodes.
	Unit int64
	// keys, when not nil, are the first-order keys of the problem
	// Restarts is given, from a Portfolio that has them: looking for the
	// labels takes a pass over the options per candidate.
	keys *firstKeys
}

// RestartUnit is the default Unit of Restarts.
const RestartUnit = 1 << 16

func (r Restarts) Name() string { return "restarts(" + r.backend().Name() + ")" }

func (r Restarts) backend() Backend {
	if r.Backend == nil {
		return autoBackend{}
	}
	return r.Backend
}

// errBudget ends a run of Restarts that used up its budget.
var errBudget = errors.New("cover: node budget used up")

func (r Restarts) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	if visit == nil {
		return r.backend().Solve(ctx, p, nil)
	}
	unit := r.Unit
	if unit <= 0 {
		unit = RestartUnit
	}
	rng := rand.New(rand.NewPCG(r.Seed, restartStream))
	var seen reported
	var (
		total   Stats
		stopped bool
		mapped  []int
	)
	kept, _ := ctx.Value(keptKey{}).(*int64)
	keys := r.keys
	if keys == nil {
		k := newFirstKeys(p)
		keys = &k
	}
	first, firstBack := firstOrdered(p, *keys)
	runs := r.portfolio(first)
	for k := 0; ; k++ {
		// Each backend takes its turn with budgets of its own Luby
		// sequence, first on the problem in first order.
		run, j := runs[k%len(runs)], k/len(runs)+1
		q, back := first, firstBack
		if j > 1 {
			q, back = shuffle(p, *keys, cmp.Or(run.rng, rng))
		}
		budget := unit * luby(j) * run.scale
		lim := &nodeBudget{left: budget, per: budget}
		rctx := context.WithValue(ctx, nodeBudgetKey{}, lim)
		st, err := run.b.Solve(rctx, q, func(sol []int) bool {
			mapped = remap(mapped[:0], sol, back)
			if !seen.add(mapped) {
				return true
			}
			total.Solutions++
			var before int64
			if kept != nil {
				before = *kept
			}
			if !visit(mapped) {
				stopped = true
				return false
			}
			if kept == nil || *kept != before {
				lim.renew()
			}
			return true
		})
		total.Nodes += st.Nodes
		total.Updates += st.Updates
		if stopped || !errors.Is(err, errBudget) {
			return total, err
		}
	}
}

// A restartRun is a backend that Restarts runs in turn with others, and
// what its node budgets are multiplied by.
type restartRun struct {
	b     Backend
	scale int64
	// rng, when not nil, draws the run's orders in place of Restarts'
	// own, so that adding the run leaves the others' orders as they were.
	rng *rand.Rand
}

// portfolio returns the backends whose runs Restarts takes in turn: the
// backend it was given, or for auto, the choice auto makes and, when that
// is bits, algx or dlx too. bits fills the items in a fixed order: its
// cheap nodes pay on a whole search, but on the way to a first solution
// it has no way round a hard spot, where branching on the item with
// fewest options left often has, and sometimes the other way round (see
// bench/results/first-solutions.md). A node of bits costs about
// 1/bitsNodeCost less than one of algx, so its budgets are that much
// bigger. auto chooses once, not per run, as for a search that stops at
// its first solutions. Where the problem has Cells, runs of fitBackend
// take their turns too, with orders of their own (see restartRun).
func (r Restarts) portfolio(p *Problem) []restartRun {
	b := r.backend()
	if _, ok := b.(autoBackend); !ok {
		return []restartRun{{b: b, scale: 1}}
	}
	var runs []restartRun
	b = choose(p, false)
	if _, ok := b.(bitsBackend); ok {
		runs = []restartRun{{b: b, scale: int64(1 / bitsNodeCost)}, {b: chooseBranching(p), scale: 1}}
	} else {
		runs = []restartRun{{b: b, scale: 1}}
	}
	if p.Cells != nil {
		runs = append(runs, restartRun{b: fitBackend{}, scale: 1, rng: rand.New(rand.NewPCG(r.Seed, fitStream))})
	}
	return runs
}

// restartStream is the PCG stream of Restarts, so that its orders are not
// the estimate's walks under the same seed.
const restartStream = 0x5245535441525453

// fitStream is the PCG stream of the runs of fitBackend.
const fitStream = 0x4649545354524d

// reported remembers the solutions a search has passed on, whatever the
// order of their options.
type reported struct {
	seen   map[string]bool
	sorted []int
}

// add reports whether sol is new, and remembers it.
func (r *reported) add(sol []int) bool {
	r.sorted = append(r.sorted[:0], sol...)
	slices.Sort(r.sorted)
	key := solutionKey(r.sorted)
	if r.seen[key] {
		return false
	}
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	r.seen[key] = true
	return true
}

// solutionKey is a map key for a sorted list of options.
func solutionKey(sorted []int) string {
	b := make([]byte, 0, 4*len(sorted))
	for _, o := range sorted {
		b = strconv.AppendInt(b, int64(o), 36)
		b = append(b, ' ')
	}
	return string(b)
}

// luby returns the k-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2,
// 4, 1, 1, 2, ...: 2^(i-1) when k = 2^i - 1, and otherwise the term of k
// less the largest 2^i - 1 below it.
func luby(k int) int64 {
	for {
		i := 1
		for (1<<i)-1 < k {
			i++
		}
		if k == (1<<i)-1 {
			return 1 << (i - 1)
		}
		k -= (1 << (i - 1)) - 1
	}
}

// shuffle returns p with its items in a random order and its options in
// a random order that keeps keys, p's first-order keys, sorted; and for
// each option of the copy the option of p it is, and the same for each
// item.
func shuffle(p *Problem, keys firstKeys, rng *rand.Rand) (*Problem, []int32) {
	items := rng.Perm(len(p.Items))
	options := keys.shuffled(rng)
	return permute(p, items, options), toInt32(options)
}

// permute returns p with item items[k] as its item k and option
// options[k] as its option k, and its hints renumbered to match.
func permute(p *Problem, items, options []int) *Problem {
	where := make([]int, len(items))
	q := NewProblem()
	for _, c := range p.Colors[1:] {
		q.Color(c)
	}
	for k, i := range items {
		where[i] = k
		q.AddItem(p.Items[i])
	}
	var entries []Entry
	q.Grow(len(options), p.NumEntries())
	for _, o := range options {
		entries = entries[:0]
		for _, e := range p.Option(o) {
			entries = append(entries, Entry{Item: int32(where[e.Item]), Color: q.colorIndex[p.Colors[e.Color]]})
		}
		q.AddOption(entries)
	}
	for _, i := range p.Order {
		q.Order = append(q.Order, where[i])
	}
	if c := p.Cells; c != nil {
		d := &Cells{Items: make([]int, len(c.Items)), Edges: make([][2]int, len(c.Edges))}
		for k, i := range c.Items {
			d.Items[k] = where[i]
		}
		for k, e := range c.Edges {
			d.Edges[k] = [2]int{where[e[0]], where[e[1]]}
		}
		q.Cells = d
	}
	return q
}

func toInt32(s []int) []int32 {
	t := make([]int32, len(s))
	for i, x := range s {
		t[i] = int32(x)
	}
	return t
}

// keptKey is the context key of the count of solutions a caller kept of
// those its search handed it: a visit that filters them (Distinct passes
// on one solution per symmetry class) puts its count there, so that
// Restarts renew a run's budget only for a solution kept. Renewed for
// every solution, a run that finds symmetric images the caller drops
// doubles its budget with each and never ends.
type keptKey struct{}

// A nodeBudget, put in a search's context under nodeBudgetKey, ends the
// search with errBudget once it has tried left nodes without a renew.
type nodeBudget struct {
	left, per int64
}

type nodeBudgetKey struct{}

// renew gives the search twice its budget, whole again, up to maxBudget.
func (b *nodeBudget) renew() {
	b.per = min(2*b.per, maxBudget)
	b.left = b.per
}

// maxBudget bounds a renewed budget: 2^40 nodes are days of search.
const maxBudget = 1 << 40

// spend takes n nodes off the budget and reports whether some are left.
func (b *nodeBudget) spend(n int64) bool {
	b.left -= n
	return b.left > 0
}
