package cover

import (
	"context"
	"math"
	"math/bits"
	"slices"
)

// algxBackend is Algorithm X on bitsets. Each option is a mask of "claim"
// bits; a node of the search holds the mask of forbidden bits and the list
// of options still compatible with it, and a child's list is its parent's
// filtered by ANDs on the few words of the mask that the chosen option
// changes, two words per pass. Minimum-remaining-values branching then
// needs, for the new list, only whether some primary has no option left (an
// OR per word, which settles two thirds of the nodes) or which has fewest
// (bit-sliced counters, falling back to plain counting when every count is
// large).
// Undoing is free: a child's data lives above its parent's on stacks that
// are reused, never allocated per node.
type algxBackend struct{}

func (algxBackend) Name() string { return "algx" }

// The claim bits are: one per primary item, then for every secondary item
// one bit for its uncoloured use and one per colour it is used with. An
// option claims the bit of each primary item it names and, per secondary
// item, the bit of the colour it gives (or the uncoloured bit). Choosing it
// forbids its full primaries' bits and, per secondary item, every bit but
// its own colour (all of them if it gives none), so an option survives
// exactly when it agrees on every shared secondary item.
type algx struct {
	run
	pl *plan
	w  int // words per mask
	// The secondary bits option j forbids are the nonzero words
	// forbid[fstart[j]:fstart[j+1]].
	forbid []wordBits
	fstart []int32
	pmask  []uint64 // the primary bits, to pick active primaries out of a mask
	prims  []int32  // primaries of option j: prims[pstart[j]:pstart[j+1]]
	pstart []int32
	lo, hi []int32
	count  []int32 // options chosen so far that cover each primary
	bias   []int32 // theta minus the number of options left, per primary
	// needOne marks the primaries whose bias is 0, those for which having
	// no option left is a dead end; see starved.
	needOne []uint64
	cnt     []int32 // options left per primary, at the node being expanded

	// claim holds the bits option j claims, word k at claim[k*m+j]: by word
	// first, so that filtering on one word reads a single slice.
	claim []uint64
	m     int // number of options

	// Per-depth data, each child's above its parent's.
	ids    []int32  // the options still compatible, in problem order
	masks  []uint64 // the forbidden bits, w words per depth
	chosen []int32

	// memo, when not nil, remembers the counts of finished subproblems
	// (see countMemo); only a count of a plain exact cover uses it.
	memo *countMemo
	// memoPaths makes searchPath turn the memo on, for the subproblems
	// of a split that memo searches (see memoBackend.pathSearch).
	memoPaths bool

	// memoMin is the fewest live options of a node that uses the memo.
	memoMin int
	// reach holds, for each primary, the secondary bits that its options
	// claim, w words each, or nil when none claims any; see memoKey.
	reach []uint64

	// path, while searchPath runs, is the branch to take at each of the
	// top levels instead of trying them all.
	path []int32

	// regions, when the problem has Cells, gives up on a node whose
	// empty cells hold a region the pieces left cannot fill.
	regions *deadRegions
	// balance, when the problem has Colourings, gives up on a node whose
	// uncovered colours the options left cannot make.
	balance *balance
	// fit, when not nil, orders the options of a node (see fitBackend).
	fit *fit
}

func (algxBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	return solveAlgX(ctx, p, visit, algxPlain)
}

// An algxMode is what a backend built on algx adds to it.
type algxMode uint8

const (
	algxPlain algxMode = iota
	// algxMemo remembers the counts of subproblems where the search
	// allows it (see useMemo).
	algxMemo
	// algxFit tries the snuggest options first when looking for
	// solutions (see fitBackend).
	algxFit
)

// solveAlgX searches p with algx in the given mode.
func solveAlgX(ctx context.Context, p *Problem, visit Visit, mode algxMode) (Stats, error) {
	pl, r, err := start(ctx, p, visit)
	if err != nil {
		return Stats{}, err
	}
	a := newAlgX(pl)
	a.run = r
	switch {
	case mode == algxMemo:
		a.useMemo()
	case mode == algxFit && !a.counting():
		a.fit = newFit(pl)
	}
	a.search(0, 0, len(pl.opts))
	return a.finish()
}

// useMemo makes a count of a plain exact cover remember the counts of
// its subproblems (see countMemo); other searches go on without.
func (a *algx) useMemo() {
	if !a.counting() || !plain(a.pl) {
		return
	}
	a.memo = newCountMemo(a.w)
	a.memoMin = min(memoOptions, a.m/4)
	a.reach = make([]uint64, a.pl.nprim*a.w)
	for j := range a.m {
		for _, r := range a.primsOf(int32(j)) {
			for k := range a.w {
				a.reach[int(r)*a.w+k] |= a.claim[k*a.m+j]
			}
		}
	}
	for k, pm := range a.pmask {
		for r := range a.pl.nprim {
			a.reach[r*a.w+k] &^= pm
		}
	}
	// With no secondary bit to reach, as in a tiling, the key is the
	// covered primaries, without a pass over the uncovered ones.
	if !slices.ContainsFunc(a.reach, func(x uint64) bool { return x != 0 }) {
		a.reach = nil
	}
}

func newAlgX(pl *plan) *algx {
	p, np, m := pl.prob, pl.nprim, len(pl.opts)
	// Number the claim bits: primaries first, then each secondary item's
	// uncoloured bit followed by one bit per colour in order of first use.
	first := make([]int, len(pl.rank)) // first claim bit of each ranked item
	colorBit := map[[2]int32]int{}
	nbits := np
	for i := np; i < len(pl.rank); i++ {
		first[i] = nbits
		nbits++
	}
	// Colour bits are numbered after all uncoloured bits, grouped by item
	// only through the ranges recorded in secBits.
	secBits := make([][]int, len(pl.rank)) // every claim bit of a secondary
	for i := np; i < len(pl.rank); i++ {
		secBits[i] = []int{first[i]}
	}
	for _, o := range pl.opts {
		for _, e := range p.Option(int(o)) {
			r := pl.rank[e.Item]
			key := [2]int32{r, e.Color}
			if e.Color == 0 {
				continue
			}
			if _, ok := colorBit[key]; !ok {
				colorBit[key] = nbits
				secBits[r] = append(secBits[r], nbits)
				nbits++
			}
		}
	}
	w := (nbits + 63) / 64
	a := &algx{
		pl:      pl,
		w:       w,
		fstart:  make([]int32, m+1),
		pmask:   make([]uint64, (np+63)/64),
		pstart:  make([]int32, m+1),
		claim:   make([]uint64, m*w),
		m:       m,
		ids:     make([]int32, m, 2*m+1),
		masks:   make([]uint64, w),
		cnt:     make([]int32, np),
		needOne: make([]uint64, (np+63)/64),
		lo:      pl.lo,
		hi:      pl.hi,
		count:   make([]int32, np),
		bias:    make([]int32, np),
		regions: newDeadRegions(pl),
		balance: newBalance(pl),
	}
	for b := 0; b < np; b++ {
		a.pmask[b/64] |= 1 << (b % 64)
		a.setBias(b)
	}
	// The root lists every option with nothing forbidden.
	forbid := make([]uint64, w)
	for j, o := range pl.opts {
		a.ids[j] = int32(j)
		clear(forbid)
		for _, e := range p.Option(int(o)) {
			r := pl.rank[e.Item]
			switch {
			case int(r) < np:
				a.setClaim(j, int(r))
				a.prims = append(a.prims, r)
			case e.Color == 0:
				a.setClaim(j, first[r])
				for _, b := range secBits[r] {
					setBit(forbid, b)
				}
			default:
				own := colorBit[[2]int32{r, e.Color}]
				a.setClaim(j, own)
				for _, b := range secBits[r] {
					if b != own {
						setBit(forbid, b)
					}
				}
			}
		}
		a.pstart[j+1] = int32(len(a.prims))
		for k, m := range forbid {
			if m != 0 {
				a.forbid = append(a.forbid, wordBits{int32(k), m})
			}
		}
		a.fstart[j+1] = int32(len(a.forbid))
	}
	return a
}

// searchPath searches the node of a's problem that the branches of path
// lead to from the root, so that a worker can search many subproblems of
// a split on one algx (see below in parallel.go). The options along the
// path are chosen without counting them as nodes (the split counted them)
// and start every solution, as the forced options of a subproblem do.
// Only for problems without multiplicities (every Lo and Hi 1), whose
// branches the splitter numbers as the options of the item in turn. The
// search leaves a as it found it, ready for the next path.
func (a *algx) searchPath(r run, path []int32) (Stats, error) {
	a.run, a.path = r, path
	if a.memoPaths {
		a.memo = nil
		a.useMemo()
	}
	a.search(0, 0, len(a.pl.opts))
	a.path = nil
	return a.finish()
}

// A wordBits is word k of a mask.
type wordBits struct {
	k int32
	m uint64
}

func setBit(m []uint64, b int) { m[b/64] |= 1 << (b % 64) }

func (a *algx) setClaim(j, b int) { a.claim[b/64*a.m+j] |= 1 << (b % 64) }

func (a *algx) primsOf(j int32) []int32 { return a.prims[a.pstart[j]:a.pstart[j+1]] }

// search explores the subtree of the node at the given depth, whose options
// are ids[ls:le], and reports whether to go on.
func (a *algx) search(depth, ls, le int) bool {
	w := a.w
	f := a.masks[depth*w:][:w]
	if a.starved(ls, le, f) {
		return true
	}
	if a.memo != nil && a.counting() && depth >= len(a.path) && le-ls >= a.memoMin {
		return a.searchMemo(depth, ls, le)
	}
	return a.expand(depth, ls, le)
}

// searchMemo is expand with the count of the node's subproblem taken from
// the memo when it is there, and put there when it is not.
func (a *algx) searchMemo(depth, ls, le int) bool {
	key := a.memoKey(depth)
	if n, ok := a.memo.get(key); ok {
		a.stats.Solutions += n
		return true
	}
	if !a.memo.pays(a.stats.Nodes) {
		a.memo = nil
		return a.expand(depth, ls, le)
	}
	sols, nodes := a.stats.Solutions, a.stats.Nodes
	if !a.expand(depth, ls, le) {
		return false
	}
	// A memo that stopped below has nothing more to remember.
	if a.memo != nil {
		a.memo.put(a.memo.keyAt(depth), a.stats.Solutions-sols, a.stats.Nodes-nodes)
	}
	return true
}

// memoKey returns, in a slice of its own, what of the forbidden mask f
// decides the node's subproblem: the covered primaries, and the forbidden
// secondary bits that some option of an uncovered primary claims. Every
// option still to choose covers only uncovered primaries, so the other
// secondary bits (a point inside a covered area) can no longer matter,
// and leaving them out lets two nodes that differ only there share their
// count.
func (a *algx) memoKey(depth int) []uint64 {
	f, key := a.masks[depth*a.w:][:a.w], a.memo.keyAt(depth)
	clear(key)
	if a.reach == nil {
		for k, pm := range a.pmask {
			key[k] = f[k] & pm
		}
		return key
	}
	copy(key, a.pmask)
	for k, pm := range a.pmask {
		for b := ^f[k] & pm; b != 0; b &= b - 1 {
			r := k*64 + bits.TrailingZeros64(b)
			for i, x := range a.reach[r*a.w:][:a.w] {
				key[i] |= x
			}
		}
	}
	for i := range key {
		key[i] &= f[i]
	}
	return key
}

// expand branches on the best item of the node at depth, whose options
// are ids[ls:le] and none of whose primaries is starved.
func (a *algx) expand(depth, ls, le int) bool {
	w := a.w
	f := a.masks[depth*w:][:w]
	best, t := a.choose(ls, le, f)
	if best < 0 {
		if !a.counting() {
			a.sol = a.sol[:0]
			for _, j := range a.chosen {
				a.sol = append(a.sol, int(a.pl.opts[j]))
			}
		}
		return a.found()
	}
	if t <= 0 {
		return true
	}
	a.grow(depth+1, le+(le-ls))
	bw, bb := best/64, uint64(1)<<(best%64)
	open := a.count[best] >= a.lo[best] // "no more" is a branch
	tries := t
	if open {
		tries--
	}
	replay := depth < len(a.path)
	ok := true
	// The options to try are those of the list that name best, in list
	// order, or where fit orders them, snuggest first: each fills best,
	// so no child's list holds another of them, and they may be tried in
	// any order.
	fitting := a.fit != nil && !open && !replay && a.count[best]+1 == a.hi[best]
	base, next := 0, 0
	if fitting {
		base = a.fit.push(a, ls, le, bw, bb, f)
		next, tries = base, int32(len(a.fit.tries)-base)
	}
	for pos, b := ls-1, int32(0); ok && tries > 0; {
		if fitting {
			pos = int(a.fit.tries[next].pos)
			next++
		} else if pos++; a.claim[bw*a.m+int(a.ids[pos])]&bb == 0 {
			continue
		}
		j := a.ids[pos]
		tries--
		if replay {
			// Branch b is the b-th option naming best, as in the
			// splitter's numbering when no item has a multiplicity.
			if b++; b-1 != a.path[depth] {
				continue
			}
			tries = 0
		} else if !a.node() {
			return false
		}
		f, child := a.frame(depth)
		copy(child, f)
		for _, x := range a.forbid[a.fstart[j]:a.fstart[j+1]] {
			child[x.k] |= x.m
		}
		a.add(j, 1, child)
		if a.regions != nil && a.regions.dead(a.ids[pos:pos+1], child, a.count, a.hi) ||
			a.balance != nil && a.balance.dead(child, a.count, a.lo, a.hi) {
			a.add(j, -1, nil)
			continue
		}
		var ne int
		if child[bw]&bb != 0 {
			ne = a.filter(ls, le, le, f, child)
		} else {
			// best stays open: options before j that name it were tried
			// in earlier branches, so they go too, by filtering that
			// stretch as if best were forbidden.
			child[bw] |= bb
			ne = a.filter(ls, pos+1, le, f, child)
			child[bw] &^= bb
			ne = a.filter(pos+1, le, ne, f, child)
		}
		a.chosen = append(a.chosen, j)
		ok = a.search(depth+1, le, ne)
		a.chosen = a.chosen[:len(a.chosen)-1]
		a.add(j, -1, nil)
	}
	if fitting {
		a.fit.tries = a.fit.tries[:base]
	}
	if ok && open {
		f, child := a.frame(depth)
		copy(child, f)
		child[bw] |= bb
		ok = a.search(depth+1, le, a.filter(ls, le, le, f, child))
	}
	return ok
}

// frame returns the forbidden masks of the node at depth and of its child,
// sliced afresh because deeper searches may have grown the stack.
func (a *algx) frame(depth int) (f, child []uint64) {
	w := a.w
	return a.masks[depth*w:][:w], a.masks[(depth+1)*w:][:w]
}

// starved reports whether some active primary that needs one more option
// has none left in ids[ls:le]. Two thirds of the nodes of a typical search
// are such dead ends, and an OR over the options' primary words finds them
// faster than counting would.
func (a *algx) starved(ls, le int, f []uint64) bool {
	for k, need := range a.needOne {
		need &^= f[k]
		if need == 0 {
			continue
		}
		var seen uint64
		claim := a.claim[k*a.m:][:a.m]
		// Live nodes usually have seen everything they need well before
		// the end of the list, so look every few options.
		for i := ls; i < le && need&^seen != 0; i += starvedStep {
			for _, j := range a.ids[i:min(i+starvedStep, le)] {
				seen |= claim[j]
			}
		}
		if need&^seen != 0 {
			return true
		}
	}
	return false
}

// starvedStep is how many options starved reads between checks.
const starvedStep = 16

// choose returns the active primary with the smallest theta (the first on
// ties) among the options of ids[ls:le], or -1 when every primary is done.
// A primary is active while its bit is not in f.
func (a *algx) choose(ls, le int, f []uint64) (best int, t int32) {
	if best, t, ok := a.chooseFew(ls, le, f); ok {
		return best, t
	}
	a.countOptions(ls, le)
	best, t = -1, math.MaxInt32
	for w, pm := range a.pmask {
		for b := ^f[w] & pm; b != 0; b &= b - 1 {
			p := w*64 + bits.TrailingZeros64(b)
			if s := a.cnt[p] + a.bias[p]; s < t {
				best, t = p, s
				if s <= 0 {
					return best, t
				}
			}
		}
	}
	return best, t
}

// countOptions sets cnt to the number of options of ids[ls:le] that name
// each primary.
func (a *algx) countOptions(ls, le int) {
	cnt, prims, pstart := a.cnt, a.prims, a.pstart
	clear(cnt)
	for _, j := range a.ids[ls:le] {
		for _, q := range prims[pstart[j]:pstart[j+1]] {
			cnt[q]++
		}
	}
}

// fewCap is the count at which chooseFew's counters saturate.
const fewCap = 15

// chooseFew is choose for the common case where every active primary is
// plain (theta is its count) and some has fewer than fewCap options left.
// It counts 64 primaries at once (see countFew), which costs a few word
// operations per option instead of one memory increment per entry. ok is
// false if it cannot decide.
func (a *algx) chooseFew(ls, le int, f []uint64) (best int, t int32, ok bool) {
	for k, need := range a.needOne {
		if ^f[k]&a.pmask[k]&^need != 0 {
			return 0, 0, false
		}
	}
	best, t = -1, fewCap
	ids := a.ids[ls:le]
	// A count of 1 cannot be beaten (none is 0: starved ran first), and
	// ties go to the first primary, so the words after one that has a 1
	// need no count.
	for k, pm := range a.pmask {
		active := ^f[k] & pm
		if active == 0 || t == 1 {
			continue
		}
		b0, b1, b2, b3, over := countFew(ids, a.claim[k*a.m:][:a.m])
		active &^= over
		// Walk the counts up from 1 to the best so far; the first value some active primary has is the
		// minimum of this word.
		for v := int32(1); v < t; v++ {
			eq := active & pick(b0, v&1) & pick(b1, v&2) & pick(b2, v&4) & pick(b3, v&8)
			if eq != 0 {
				best, t = k*64+bits.TrailingZeros64(eq), v
				break
			}
		}
	}
	return best, t, best >= 0
}

// countFew counts how many of the options ids claim each bit of a word
// whose values per option are claim, 64 bits at once in four-bit counters
// kept as bit slices: bit i of bk is bit k of bit i's count, modulo 16.
// over marks the bits whose count reached 16.
//
// Two things make it twice as fast as counters that saturate at 15: each
// counter depends only on the lower ones of the same option, not on all
// four of the option before (which made a chain of some eight dependent
// operations per option), and, as a function of its own, not inlined and
// walking the list backwards (the order does not matter to a count), it
// leaves the compiler enough registers to keep every counter out of
// memory.
//
//go:noinline
func countFew(ids []int32, claim []uint64) (b0, b1, b2, b3, over uint64) {
	for i := len(ids) - 1; i >= 0; i-- {
		x := claim[ids[i]]
		c0 := b0 & x
		b0 ^= x
		c1 := b1 & c0
		b1 ^= c0
		c2 := b2 & c1
		b2 ^= c1
		over |= b3 & c2
		b3 ^= c2
	}
	return b0, b1, b2, b3, over
}

// pick returns m where bit is set and its complement where it is not.
func pick(m uint64, bit int32) uint64 {
	if bit != 0 {
		return m
	}
	return ^m
}

// add counts option j (delta 1) or uncounts it (-1) on its primaries; when
// counting, it forbids in mask the primaries that become full.
//
// A primary whose count is hi is inactive, so its bias is left as it was
// at hi-1, which is what it is when the count comes back down; for plain
// exact cover that skips every update.
func (a *algx) add(j, delta int32, mask []uint64) {
	for _, q := range a.primsOf(j) {
		c := a.count[q] + delta
		a.count[q] = c
		switch {
		case c == a.hi[q]:
			if mask != nil {
				setBit(mask, int(q))
			}
		case c-delta != a.hi[q]:
			a.setBias(int(q))
		}
	}
}

// setBias brings the bias and needOne bit of primary q in line with its
// count.
func (a *algx) setBias(q int) {
	a.bias[q] = bias(a.count[q], a.lo[q])
	a.needOne[q/64] &^= 1 << (q % 64)
	if a.bias[q] == 0 {
		setBit(a.needOne, q)
	}
}

// grow makes room for the mask of the given depth and a list ending at end.
func (a *algx) grow(depth, end int) {
	if end > len(a.ids) {
		a.ids = append(a.ids, make([]int32, end-len(a.ids))...)
	}
	if n := (depth + 1) * a.w; n > len(a.masks) {
		a.masks = append(a.masks, make([]uint64, n-len(a.masks))...)
	}
}

// filter appends to the list ending at ne the options of ids[ls:le] that
// the forbidden mask child allows and returns the new end. The options come
// from a node with mask f, so only the words where child differs from f can
// rule them out; there are few of them whatever the size of the masks, and
// they are tested two at a time, each pair in its own pass.
func (a *algx) filter(ls, le, ne int, f, child []uint64) int {
	if len(child) >= 3 {
		if ks, ms, ok := threeWords(f, child); ok {
			return a.filterThree(ls, le, ne, ks, ms)
		}
	}
	start, passed := ne, false
	k0, m0 := 0, uint64(0)
	for k, m := range child {
		if m &^= f[k]; m == 0 {
			continue
		}
		if m0 == 0 {
			k0, m0 = k, m
			continue
		}
		ne = a.filterPair(ls, le, ne, k0, m0, k, m)
		ls, le, ne, passed = start, ne, start, true
		m0 = 0
	}
	if m0 == 0 && passed {
		return le
	}
	return a.filterPair(ls, le, ne, k0, m0, k0, 0)
}

// filterPair appends to the list ending at ne the options of ids[ls:le]
// that have none of the bits m0 in word k0 and m1 in word k1, and returns
// the new end; ne may be ls. Every option is written and only a kept one
// moves ne on, which compiles to a SETcc: a branch would be mispredicted
// for a good share of the options.
func (a *algx) filterPair(ls, le, ne, k0 int, m0 uint64, k1 int, m1 uint64) int {
	a.stats.Updates += int64(le - ls)
	c0, c1 := a.claim[k0*a.m:][:a.m], a.claim[k1*a.m:][:a.m]
	ids := a.ids
	for i := ls; i < le; i++ {
		j := ids[i]
		hit := c0[j]&m0 | c1[j]&m1
		ids[ne] = j
		if hit == 0 {
			ne++
		}
	}
	return ne
}

// threeWords returns the words where child differs from f, and what it
// adds there, if there are exactly three of them.
func threeWords(f, child []uint64) (ks [3]int, ms [3]uint64, ok bool) {
	n := 0
	for k, m := range child {
		if m &^= f[k]; m != 0 {
			if n == 3 {
				return ks, ms, false
			}
			ks[n], ms[n] = k, m
			n++
		}
	}
	return ks, ms, n == 3
}

// filterThree is filterPair on three words at once. Three words in two
// passes read the whole list and then what the first pass kept; one pass
// reading a third word per option costs less. Where options forbid many
// secondary bits past the primaries' words, most children differ from
// their parent in three words (the one-sided tetrasticks on the 5×5
// diamond lattice: a third fewer updates, 10 % less time; see
// bench/results/sticks.md), while a third word read on every pass
// slowed the two-word 6×6 tetrasticks by 13 %.
func (a *algx) filterThree(ls, le, ne int, ks [3]int, ms [3]uint64) int {
	a.stats.Updates += int64(le - ls)
	c0, c1, c2 := a.claim[ks[0]*a.m:][:a.m], a.claim[ks[1]*a.m:][:a.m], a.claim[ks[2]*a.m:][:a.m]
	m0, m1, m2 := ms[0], ms[1], ms[2]
	ids := a.ids
	for i := ls; i < le; i++ {
		j := ids[i]
		hit := c0[j]&m0 | c1[j]&m1 | c2[j]&m2
		ids[ne] = j
		if hit == 0 {
			ne++
		}
	}
	return ne
}
