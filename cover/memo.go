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
// diamonds) a fifth to a quarter of it; on tetrasticks, a tenth, for the
// cost of a hash and a probe of a big table per node, which makes it
// slower there than algx. Solving with a visitor, or a problem with
// multiplicities, it is algx.
type memoBackend struct{}

func (memoBackend) Name() string { return "memo" }

func (memoBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	return solveAlgX(ctx, p, visit, true)
}

// A split search on several workers (see Parallel) gives each worker one
// algx for all the subproblems below an ancestor, and so one memo: the
// count of a subproblem that one of them finished is there for the next,
// as it would be in one search, instead of a table per subproblem that
// forgets it. On the polyomino Aztec diamond two workers searched
// 102 million nodes, against 90 million in one search (algx's tree is some 190 million, estimated).
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
type countMemo struct {
	w     int
	max   int      // the most slots the table may have
	keys  []uint64 // slot s holds keys[s*w:][:w]
	count []int64  // solutions + 1 of slot s; 0 marks an empty slot
	cost  []int64  // nodes the entry's search took
	used  int      // slots in use
	// stack holds the keys of the nodes being searched, w words per depth.
	stack []uint64
	// lookups and hits count how often the table was asked and answered.
	lookups, hits int64
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
	c := &countMemo{w: w, max: memoFirst}
	for c.max*2*(w+2)*8 <= memoBytes {
		c.max *= 2
	}
	c.resize(memoFirst)
	return c
}

// resize makes the table n slots, keeping the entries that fit.
func (c *countMemo) resize(n int) {
	old := *c
	c.keys, c.count, c.cost, c.used = make([]uint64, n*c.w), make([]int64, n), make([]int64, n), 0
	for s, v := range old.count {
		if v != 0 {
			c.put(old.keys[s*c.w:][:c.w], v-1, old.cost[s])
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

func (c *countMemo) slot(key []uint64) int {
	h := uint64(0x9e3779b97f4a7c15)
	for _, x := range key {
		h = (h ^ x) * 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	return int(h & uint64(len(c.count)-1))
}

// get returns the count remembered for key.
func (c *countMemo) get(key []uint64) (int64, bool) {
	c.lookups++
	s := c.slot(key)
	if c.count[s] == 0 || !equalWords(c.keys[s*c.w:][:c.w], key) {
		return 0, false
	}
	c.hits++
	return c.count[s] - 1, true
}

// put remembers that key's subproblem has n solutions, found in cost nodes.
func (c *countMemo) put(key []uint64, n, cost int64) {
	if 2*c.used > len(c.count) && len(c.count) < c.max {
		c.resize(4 * len(c.count))
	}
	s := c.slot(key)
	switch {
	case c.count[s] == 0:
		c.used++
	case c.cost[s] > cost:
		return
	}
	copy(c.keys[s*c.w:][:c.w], key)
	c.count[s], c.cost[s] = n+1, cost
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
