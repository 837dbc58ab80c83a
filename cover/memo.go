package cover

import "context"

// memoBackend is algx that, when it only counts the solutions of a plain
// exact cover (every primary's bounds 1:1), remembers how many solutions
// each subproblem it has finished has, and takes the count from there when
// another branch leads to the same subproblem (see countMemo). It finds the
// same solutions as algx, and the same number, but tries fewer options: a
// branch whose count it remembers is not searched again. Where many
// pieces or cells are alike that is most of the tree (the 8×8 domino
// tilings in 15 thousand nodes instead of 50 million); where a few of
// twelve distinct pieces fill the same cells in several ways (the polyomino
// diamonds) a tenth to a third of it; on tetrasticks, a tenth, for the
// cost of a hash and a probe of a big table per node. A memo that saves
// less than 1/memoPays of the nodes stops remembering (see countMemo.pays),
// so that where it does not pay it costs little more than algx. Solving
// with a visitor, or a problem with multiplicities, it is algx.
type memoBackend struct{}

func (memoBackend) Name() string { return "memo" }

func (memoBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	return solveAlgX(ctx, p, visit, algxMemo)
}

// A split search on several workers (see Parallel) gives each worker one
// algx for all the subproblems below an ancestor, and a memo of its own to
// each subproblem: a table shared by the subproblems a worker happens to
// take would make the nodes searched depend on how the workers took them,
// and the count line differ from run to run. On the polyomino Aztec
// diamond two workers searched 106 million nodes so, in the time of 100
// million with a table per worker and ancestor, against 90 million in one
// search and 161 million for algx (bench/results/memo-auto.md).
func (memoBackend) pathSearch(pl *plan) pathSearch {
	a := newAlgX(pl)
	a.memoPaths = true
	return a
}

func (memoBackend) byOrder() bool { return false }

// A countMemo remembers the counts of subproblems by a key that fixes the
// subproblem exactly (see algx.memoKey). The table is direct-mapped, and
// grows from a few thousand slots up to memoBytes, so that a short search
// pays little for it and a long one is bounded; a new entry replaces the
// one in its slot unless the old one took more nodes to find, which keeps
// the costly subtrees.
//
// A slot is one stretch of the table, its count, cost and key side by
// side, so that a probe of a table far bigger than the processor's caches
// misses once, not once per array: with three arrays, a lookup and its
// entry cost about 0.5 µs on the polyomino diamond ring.
type countMemo struct {
	w     int
	max   int // the most slots the table may have
	slots int
	// table holds slot s at table[s*(w+2):][:w+2]: the solutions + 1 (0
	// marks an empty slot), the nodes the entry's search took, and the key.
	table []uint64
	used  int   // slots in use
	check int64 // the lookups at which pays next weighs the memo
	// stack holds the keys of the nodes being searched, w words per depth.
	stack []uint64
	// lookups counts how often the table was asked, and saved the nodes
	// its answers took to find when they were put.
	lookups, saved int64
}

const (
	// memoBytes bounds a memo's table: 128 MiB, four million slots of a
	// problem of up to 128 items. Twice that saved no nodes on the
	// polyomino Aztec diamond, and the table grows by copying, so the
	// process holds up to three times the bound at a time.
	memoBytes = 1 << 27
	// memoFirst is the number of slots a memo starts with.
	memoFirst = 1 << 12
)

func newCountMemo(w int) *countMemo {
	c := &countMemo{w: w, max: memoFirst, check: memoTrial}
	for c.max*2*(w+2)*8 <= memoBytes {
		c.max *= 2
	}
	c.resize(memoFirst)
	return c
}

// resize makes the table n slots, keeping the entries that fit.
func (c *countMemo) resize(n int) {
	old, stride := c.table, c.w+2
	c.table, c.slots, c.used = make([]uint64, n*stride), n, 0
	for s := 0; s < len(old); s += stride {
		if e := old[s:][:stride]; e[0] != 0 {
			c.put(e[2:], int64(e[0]-1), int64(e[1]))
		}
	}
}

// keyAt returns the space for the key of the node at depth. It is valid
// until the next call with a greater depth.
func (c *countMemo) keyAt(depth int) []uint64 {
	if n := (depth + 1) * c.w; n > len(c.stack) {
		c.stack = append(c.stack, make([]uint64, n-len(c.stack))...)
	}
	return c.stack[depth*c.w:][:c.w]
}

// entry returns key's slot.
func (c *countMemo) entry(key []uint64) []uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, x := range key {
		h = (h ^ x) * 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	s := int(h & uint64(c.slots-1))
	return c.table[s*(c.w+2):][:c.w+2]
}

// get returns the count remembered for key.
func (c *countMemo) get(key []uint64) (int64, bool) {
	c.lookups++
	e := c.entry(key)
	if e[0] == 0 || !equalWords(e[2:], key) {
		return 0, false
	}
	c.saved += int64(e[1])
	return int64(e[0] - 1), true
}

// pays reports whether the memo saves enough of a search that has taken
// nodes so far to be worth its lookups. It is asked after memoTrial
// lookups and at every doubling of them: a search whose answers come
// late, once the table holds the subtrees they repeat, gets that long to
// show it.
func (c *countMemo) pays(nodes int64) bool {
	if c.lookups < c.check {
		return true
	}
	c.check *= 2
	return c.saved*memoPays >= nodes
}

// put remembers that key's subproblem has n solutions, found in cost nodes.
func (c *countMemo) put(key []uint64, n, cost int64) {
	if 2*c.used > c.slots && c.slots < c.max {
		c.resize(4 * c.slots)
	}
	e := c.entry(key)
	switch {
	case e[0] == 0:
		c.used++
	case int64(e[1]) > cost:
		return
	}
	e[0], e[1] = uint64(n+1), uint64(cost)
	copy(e[2:], key)
}

func equalWords(a, b []uint64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// plain reports whether every primary of pl is to be covered exactly once.
func plain(pl *plan) bool {
	for r := range pl.nprim {
		if pl.lo[r] != 1 || pl.hi[r] != 1 {
			return false
		}
	}
	return true
}

// memoOptions is the fewest live options at which a node's count is looked
// up and remembered, unless a quarter of the problem's options is fewer.
// Below it, the hash and the probe of a big table cost more than the
// node's own work, and its subtree is small enough to search again: a
// lookup at every node made memo 40 % slower than algx on the 6×6
// tetrasticks, this as fast (and 7 % fewer nodes), and 3 % faster on the
// polyomino diamond ring, where the hits save more.
const memoOptions = 200

const (
	// memoTrial is the lookups after which a memo that saves too little
	// stops (see pays), and memoPays the inverse of the least share of the
	// nodes searched it must save. The memo costs a lookup every 4 to 13
	// nodes, and saved a third of the polyomino Aztec diamond's nodes
	// against 4 to 7 % on O'Beirne's hexagon and the 6×6 tetrasticks and
	// nothing on the tetrastick diamond lattice, where it was no faster
	// than algx. After 4,096 lookups (30,000 to 55,000 nodes) the Aztec
	// diamond's subproblems had saved 5 to 18 %, too early to tell: their
	// tables fill first.
	memoTrial = 1 << 14
	memoPays  = 8
)
