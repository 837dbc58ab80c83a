package cover

import (
	"context"
	"math"
	"math/bits"
)

// algxBackend is Algorithm X on bitsets. Each option is a mask of "claim"
// bits; a node of the search holds the mask of forbidden bits and the list
// of options still compatible with it, and a child's list is its parent's
// filtered by one AND per word per option. Filtering also counts, for every
// primary item, the options left, which is all minimum-remaining-values
// branching needs. Undoing is free: a child's data lives above its
// parent's on stacks that are reused, never allocated per node.
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
	pl     *plan
	w      int      // words per mask
	forbid []uint64 // the secondary bits option j forbids: forbid[j*w:][:w]
	pmask  []uint64 // the primary bits, to pick active primaries out of a mask
	prims  []int32  // primaries of option j: prims[pstart[j]:pstart[j+1]]
	pstart []int32
	lo, hi []int32
	count  []int32 // options chosen so far that cover each primary
	bias   []int32 // theta minus the number of options left, per primary

	claim  []uint64 // the bits option j claims: claim[j*w:][:w]
	delta  []wordMask

	// Per-depth data, each child's above its parent's.
	ids    []int32  // the options still compatible, in problem order
	masks  []uint64 // the forbidden bits, w words per depth
	counts []int32  // options left per primary, nprim per depth
	chosen []int32
}

func (algxBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	if err := ctx.Err(); err != nil {
		return Stats{}, err
	}
	pl, err := newPlan(p)
	if err != nil {
		return Stats{}, err
	}
	a := newAlgX(pl)
	a.run = newRun(ctx, visit)
	a.search(0, 0, len(pl.opts))
	return a.finish()
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
		pl:     pl,
		w:      w,
		forbid: make([]uint64, m*w),
		pmask:  make([]uint64, (np+63)/64),
		pstart: make([]int32, m+1),
		claim:  make([]uint64, m*w),
		ids:    make([]int32, m, 2*m+1),
		masks:  make([]uint64, w),
		counts: make([]int32, np),
		lo:     pl.lo,
		hi:     pl.hi,
		count:  make([]int32, np),
		bias:   make([]int32, np),
	}
	for b := 0; b < np; b++ {
		a.pmask[b/64] |= 1 << (b % 64)
		a.bias[b] = theta(0, 0, a.lo[b])
	}
	// The root lists every option with nothing forbidden.
	for j, o := range pl.opts {
		a.ids[j] = int32(j)
		claim, forbid := a.claim[j*w:][:w], a.forbid[j*w:][:w]
		for _, e := range p.Option(int(o)) {
			r := pl.rank[e.Item]
			switch {
			case int(r) < np:
				setBit(claim, int(r))
				a.counts[r]++
				a.prims = append(a.prims, r)
			case e.Color == 0:
				setBit(claim, first[r])
				for _, b := range secBits[r] {
					setBit(forbid, b)
				}
			default:
				own := colorBit[[2]int32{r, e.Color}]
				setBit(claim, own)
				for _, b := range secBits[r] {
					if b != own {
						setBit(forbid, b)
					}
				}
			}
		}
		a.pstart[j+1] = int32(len(a.prims))
	}
	return a
}

func setBit(m []uint64, b int) { m[b/64] |= 1 << (b % 64) }

func (a *algx) primsOf(j int32) []int32 { return a.prims[a.pstart[j]:a.pstart[j+1]] }

// search explores the subtree of the node at the given depth, whose options
// are list[ls:le], and reports whether to go on.
func (a *algx) search(depth, ls, le int) bool {
	w, np := a.w, a.pl.nprim
	f := a.masks[depth*w:][:w]
	best, t := a.choose(f, a.counts[depth*np:][:np])
	if best < 0 {
		a.sol = a.sol[:0]
		for _, j := range a.chosen {
			a.sol = append(a.sol, int(a.pl.opts[j]))
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
	ok := true
	for pos := ls; ok && tries > 0; pos++ {
		j := a.ids[pos]
		if a.claim[int(j)*w+bw]&bb == 0 {
			continue
		}
		tries--
		if !a.node() {
			return false
		}
		f, child, cnt := a.frame(depth)
		copy(child, f)
		opt := a.forbid[int(j)*w:][:w]
		for k := range child {
			child[k] |= opt[k]
		}
		a.add(j, 1, child)
		clear(cnt)
		var ne int
		if child[bw]&bb != 0 {
			ne = a.filter(ls, le, le, f, child, cnt)
		} else {
			// best stays open: options before j that name it were tried
			// in earlier branches, so they go too, by filtering that
			// stretch as if best were forbidden.
			child[bw] |= bb
			ne = a.filter(ls, pos+1, le, f, child, cnt)
			child[bw] &^= bb
			ne = a.filter(pos+1, le, ne, f, child, cnt)
		}
		a.chosen = append(a.chosen, j)
		ok = a.search(depth+1, le, ne)
		a.chosen = a.chosen[:len(a.chosen)-1]
		a.add(j, -1, nil)
	}
	if ok && open {
		f, child, cnt := a.frame(depth)
		copy(child, f)
		child[bw] |= bb
		clear(cnt)
		ok = a.search(depth+1, le, a.filter(ls, le, le, f, child, cnt))
	}
	return ok
}

// frame returns the forbidden mask of the node at depth and the mask and
// counts of its child, sliced afresh because deeper searches may have grown
// the stacks.
func (a *algx) frame(depth int) (f, child []uint64, cnt []int32) {
	w, np := a.w, a.pl.nprim
	return a.masks[depth*w:][:w], a.masks[(depth+1)*w:][:w], a.counts[(depth+1)*np:][:np]
}

// choose returns the active primary with the smallest theta (the first on
// ties), or -1 when every primary is done. A primary is active while its
// claim bit is not forbidden.
func (a *algx) choose(f []uint64, cnt []int32) (best int, t int32) {
	best, t = -1, math.MaxInt32
	for w, pm := range a.pmask {
		for b := ^f[w] & pm; b != 0; b &= b - 1 {
			p := w*64 + bits.TrailingZeros64(b)
			if s := cnt[p] + a.bias[p]; s < t {
				best, t = p, s
				if s <= 0 {
					return best, t
				}
			}
		}
	}
	return best, t
}

// add counts option j (delta 1) or uncounts it (-1) on its primaries; when
// counting, it forbids in mask the primaries that become full.
func (a *algx) add(j, delta int32, mask []uint64) {
	for _, q := range a.primsOf(j) {
		a.count[q] += delta
		a.bias[q] = theta(0, a.count[q], a.lo[q])
		if mask != nil && a.count[q] == a.hi[q] {
			setBit(mask, int(q))
		}
	}
}

// grow makes room for the data of the given depth and a list ending at end.
func (a *algx) grow(depth, end int) {
	if end > len(a.ids) {
		a.ids = append(a.ids, make([]int32, end-len(a.ids))...)
	}
	if n := (depth + 1) * a.w; n > len(a.masks) {
		a.masks = append(a.masks, make([]uint64, n-len(a.masks))...)
	}
	if n := (depth + 1) * a.pl.nprim; n > len(a.counts) {
		a.counts = append(a.counts, make([]int32, n-len(a.counts))...)
	}
}

// A wordMask is one word of a mask that is not zero.
type wordMask struct {
	k int
	m uint64
}

// filter appends to the list ending at ne the options of list[ls:le] that
// the forbidden mask child allows, counts them per primary in cnt, and
// returns the new end. The options come from the list of a node with mask
// f, so only the bits of child not in f can rule them out; there are few
// of them whatever the size of the masks.
func (a *algx) filter(ls, le, ne int, f, child []uint64, cnt []int32) int {
	d := a.delta[:0]
	for k, m := range child {
		if m &^= f[k]; m != 0 {
			d = append(d, wordMask{k, m})
		}
	}
	for len(d) < 2 {
		d = append(d, wordMask{})
	}
	a.delta = d
	d0, d1, rest := d[0], d[1], d[2:]
	w, ids, claim, prims, pstart := a.w, a.ids, a.claim, a.prims, a.pstart
	a.stats.Updates += int64(le - ls)
	for _, j := range ids[ls:le] {
		c := claim[int(j)*w:]
		hit := c[d0.k]&d0.m | c[d1.k]&d1.m
		for _, x := range rest {
			hit |= c[x.k] & x.m
		}
		if hit != 0 {
			continue
		}
		ids[ne] = j
		ne++
		for _, q := range prims[pstart[j]:pstart[j+1]] {
			cnt[q]++
		}
	}
	return ne
}
