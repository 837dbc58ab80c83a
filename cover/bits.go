package cover

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// bitsBackend covers the primary items one after another in a fixed order,
// the way hand-written tiling solvers fill the first empty cell: at each
// node it takes the first uncovered primary of Problem.Order and tries only
// the options that name no primary before it, testing them against a
// bitset of the covered items. There is no minimum-remaining-values
// choice, so no lookahead: on the 6×10 pentominoes it tries 2.7 times the
// nodes algx tries, but a node costs it about 50 ns against algx's 400.
//
// The order decides everything: scanning a board along its short side
// finds the 2339 of 6×10 in 2.5 million nodes, scanning it along its long
// side takes 28 million, and the item order of a DLX file (pieces first)
// does not finish in minutes. So auto runs bits only on problems whose
// Order their compiler set, and only when random walks do not show its
// tree to be too big (see bitsFaster). bits is limited to what a bitset
// can say: at most maxBitsItems items, every primary covered exactly once,
// and secondaries without colours.
type bitsBackend struct{}

// maxBitsItems is the most items the widest mask holds.
const maxBitsItems = 512

func (bitsBackend) Name() string { return "bits" }

func (bitsBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	pl, r, err := start(ctx, p, visit)
	if err != nil {
		return Stats{}, err
	}
	if err := bitsFits(pl); err != nil {
		return Stats{}, err
	}
	return newBits(pl).searchPath(r, nil)
}

// A bitsSearch is bits's search of a problem, whatever its mask's width.
type bitsSearch interface {
	pathSearch
	probe(rng *rand.Rand, buf *[]int32) float64
}

// newBits sets up bits's search of a planned problem that bitsFits, with
// masks as wide as its items need.
func newBits(pl *plan) bitsSearch {
	switch words := (len(pl.prob.Items) + 63) / 64; {
	case words <= 1:
		return newBitSearch[[1]uint64](pl)
	case words <= 2:
		return newBitSearch[[2]uint64](pl)
	case words <= 4:
		return newBitSearch[[4]uint64](pl)
	default:
		return newBitSearch[[8]uint64](pl)
	}
}

// bitsFits reports why bits cannot search a planned problem, or nil.
func bitsFits(pl *plan) error {
	p := pl.prob
	if n := len(p.Items); n > maxBitsItems {
		return fmt.Errorf("bits: %d items, more than %d: %w", n, maxBitsItems, ErrUnsupported)
	}
	for _, it := range p.Items {
		if !it.Secondary && (it.Lo != 1 || it.Hi != 1) {
			return fmt.Errorf("bits: item %s must be covered %d to %d times, not exactly once: %w", it.Name, it.Lo, it.Hi, ErrUnsupported)
		}
	}
	for _, o := range pl.opts {
		for _, e := range p.Option(int(o)) {
			if e.Color != 0 {
				return fmt.Errorf("bits: item %s has a colour: %w", p.Items[e.Item].Name, ErrUnsupported)
			}
		}
	}
	return nil
}

// A mask holds one bit per item, in the order of the search.
type mask interface {
	[1]uint64 | [2]uint64 | [4]uint64 | [8]uint64
}

// The options with the same first primary and the same last primary form
// a group. A node looks only at the groups of its first uncovered primary
// r whose last primary is uncovered too, found by bit operations on the
// node's mask: for a tiling the last primary is the piece, so a placed
// piece costs nothing at all. Inside a group, the options that fit are
// first found with one word per option, the 64 items from r on (near),
// and without a branch per option, whose outcome a processor cannot guess.
// For a board scanned along its short side every item an option covers
// but its piece lies in that window, so only the groups with an option
// reaching further (full) test the whole mask again.
type bitSearch[M mask] struct {
	run
	prim   M        // the bits of the primaries
	masks  []M      // every option's items
	near   []uint64 // every option's items from its first primary r on, shifted down by r
	option []int32  // the problem index of each mask
	// last[r] has a bit for the last primary of each group of the options
	// whose first primary is r; the group of the b-th of those bits, counted
	// from bit 0 of word 0, is groups[gbase[r]+b], and group g's options
	// are masks[groups[g].start:groups[g+1].start].
	last   []M
	gbase  []int32
	groups []bitsGroup
	// every[r], shifted down by r like near, is a set of items of which
	// every option whose first primary is r covers one, or 0 if there is
	// none within the 64 items from r on: when all of them are covered
	// and r is not, r cannot be covered any more. For a board scanned in
	// columns it is the cells below and right of r, and the test finds
	// the dead ends that a placed piece leaves at the next empty cell
	// without the call and the pass over the groups that would find them.
	every  []uint64
	chosen []int32
}

type bitsGroup struct {
	start int32
	full  bool // some option covers an item other than its last beyond near
}

// searchPath searches the node that the branches of path lead to from the
// root, each the b-th option that fits at the first uncovered primary, in
// the order search tries them, as the splitter numbers them for bits. The
// options along the path are not counted as nodes (the split counted them)
// and start every solution. The search leaves s ready for the next path.
func (s *bitSearch[M]) searchPath(r run, path []int32) (Stats, error) {
	s.run = r
	var c M
	for _, b := range path {
		start, end := s.optionsOf(s.first(c))
		i := start
		for ; i < end; i++ {
			if disjoint(s.masks[i], c) {
				if b == 0 {
					break
				}
				b--
			}
		}
		if i == end {
			panic("cover: split branch beyond the options of its item")
		}
		s.chosen = append(s.chosen, i)
		for k := range len(c) {
			c[k] |= s.masks[i][k]
		}
	}
	s.search(c, s.first(c))
	s.chosen = s.chosen[:0]
	return s.finish()
}

// bitsRank numbers the items of a valid problem as bits takes them: the
// primaries of Problem.Order, the other primaries, and the secondaries,
// each in problem order.
func bitsRank(p *Problem) []int32 { return orderRank(p, p.Order) }

// orderRank numbers the items of a valid problem as bitsRank does, with
// order in the place of p.Order.
func orderRank(p *Problem, order []int) []int32 {
	rank := make([]int32, len(p.Items))
	for i := range rank {
		rank[i] = -1
	}
	next := int32(0)
	for _, i := range order {
		if !p.Items[i].Secondary {
			rank[i] = next
			next++
		}
	}
	for pass := range 2 {
		for i, it := range p.Items {
			if rank[i] < 0 && it.Secondary == (pass == 1) {
				rank[i] = next
				next++
			}
		}
	}
	return rank
}

// newBitSearch numbers the items by bitsRank and sorts the options by
// first primary, last primary and problem order.
func newBitSearch[M mask](pl *plan) *bitSearch[M] {
	p := pl.prob
	rank := bitsRank(p)
	np := int32(pl.nprim)
	s := &bitSearch[M]{last: make([]M, np), gbase: make([]int32, np)}
	for r := range np {
		s.prim[r/64] |= 1 << (r % 64)
	}
	type sorted struct {
		first, last int32
		near        uint64
		full        bool
		m           M
		option      int32
	}
	list := make([]sorted, 0, len(pl.opts))
	var ranks []int32
	for _, o := range pl.opts {
		x := sorted{first: np, last: -1, option: o}
		ranks = ranks[:0]
		for _, e := range p.Option(int(o)) {
			r := rank[e.Item]
			ranks = append(ranks, r)
			x.m[r/64] |= 1 << (r % 64)
			if r < np {
				x.first = min(x.first, r)
				x.last = max(x.last, r)
			}
		}
		for _, r := range ranks {
			switch {
			case r-x.first < 64:
				x.near |= 1 << (r - x.first)
			case r != x.last:
				x.full = true
			}
		}
		list = append(list, x)
	}
	slices.SortStableFunc(list, func(a, b sorted) int {
		if a.first != b.first {
			return int(a.first - b.first)
		}
		return int(a.last - b.last)
	})
	for i, x := range list {
		s.masks = append(s.masks, x.m)
		s.near = append(s.near, x.near)
		s.option = append(s.option, x.option)
		if i > 0 && x.first == list[i-1].first && x.last == list[i-1].last {
			s.groups[len(s.groups)-1].full = s.groups[len(s.groups)-1].full || x.full
			continue
		}
		if i == 0 || x.first != list[i-1].first {
			s.gbase[x.first] = int32(len(s.groups))
		}
		s.last[x.first][x.last/64] |= 1 << (x.last % 64)
		s.groups = append(s.groups, bitsGroup{start: int32(i), full: x.full})
	}
	s.groups = append(s.groups, bitsGroup{start: int32(len(list))})
	s.every = make([]uint64, np)
	for r := range int(np) {
		start, end := s.optionsOf(r)
		s.every[r] = hittingSet(s.near[start:end])
	}
	return s
}

// optionsOf returns the options whose first primary is r, as a range of
// masks.
func (s *bitSearch[M]) optionsOf(r int) (start, end int32) {
	g := s.gbase[r]
	start = s.groups[g].start
	for k := range len(s.prim) {
		g += int32(bits.OnesCount64(s.last[r][k]))
	}
	return start, s.groups[g].start
}

// search explores the node where the items of c are covered and reports
// whether to go on.
func (s *bitSearch[M]) search(c M, r int) bool {
	if r < 0 {
		if !s.counting() {
			s.sol = s.sol[:0]
			for _, i := range s.chosen {
				s.sol = append(s.sol, int(s.option[i]))
			}
		}
		return s.found()
	}
	win := window(c, r)
	last, g := s.last[r], s.gbase[r]
	for k := range len(c) {
		all := last[k]
		for free := all &^ c[k]; free != 0; free &= free - 1 {
			gi := g + int32(bits.OnesCount64(all&(free&-free-1)))
			full := s.groups[gi].full
			start, end := s.groups[gi].start, s.groups[gi+1].start
			s.stats.Updates += int64(end - start)
			for lo := start; lo < end; lo += 64 {
				// fits gets bit i-lo for each option i whose near items
				// are free: x | -x has its top bit set unless x is 0.
				var fits uint64
				for i := min(lo+64, end) - 1; i >= lo; i-- {
					x := s.near[i] & win
					fits = fits<<1 | ((x|-x)>>63 ^ 1)
				}
				for ; fits != 0; fits &= fits - 1 {
					i := lo + int32(bits.TrailingZeros64(fits))
					m := s.masks[i]
					if full && !disjoint(m, c) {
						continue
					}
					if !s.node() {
						return false
					}
					for k := range len(c) {
						m[k] |= c[k]
					}
					// Most children are dead ends, and every finds
					// many of them without a call.
					next := s.first(m)
					if next >= 0 {
						if e := s.every[next]; e != 0 && window(m, next)&e == e {
							continue
						}
					}
					s.chosen = append(s.chosen, i)
					ok := s.search(m, next)
					s.chosen = s.chosen[:len(s.chosen)-1]
					if !ok {
						return false
					}
				}
			}
		}
		g += int32(bits.OnesCount64(all))
	}
	return true
}

// hittingSet returns a set of bits, other than bit 0, that each of masks
// has one of, chosen greedily, or 0 if some mask has none.
func hittingSet(masks []uint64) uint64 {
	left := slices.Clone(masks)
	var set uint64
	for len(left) > 0 {
		var count [64]int
		for _, m := range left {
			m &^= 1
			if m == 0 {
				return 0
			}
			for ; m != 0; m &= m - 1 {
				count[bits.TrailingZeros64(m)]++
			}
		}
		best := 1
		for b := range count {
			if count[b] > count[best] {
				best = b
			}
		}
		set |= 1 << best
		left = slices.DeleteFunc(left, func(m uint64) bool { return m&(1<<best) != 0 })
	}
	return set
}

// window returns the 64 items of c from item r on, shifted down by r.
func window[M mask](c M, r int) uint64 {
	w, sh := r/64, uint(r%64)
	win := c[w] >> sh
	if sh != 0 && w+1 < len(c) {
		win |= c[w+1] << (64 - sh)
	}
	return win
}

// first returns the first primary that c leaves uncovered, or -1.
func (s *bitSearch[M]) first(c M) int {
	for k := range len(c) {
		if free := s.prim[k] &^ c[k]; free != 0 {
			return k*64 + bits.TrailingZeros64(free)
		}
	}
	return -1
}

func disjoint[M mask](a, b M) bool {
	for k := range len(a) {
		if a[k]&b[k] != 0 {
			return false
		}
	}
	return true
}

// probe walks from the root to a leaf, taking a random fitting option at
// each node, and returns Knuth's estimate of the number of nodes of the
// tree (see estimate.go). buf holds the options that fit at each step.
func (s *bitSearch[M]) probe(rng *rand.Rand, buf *[]int32) float64 {
	var c M
	size, paths := 1.0, 1.0
	for {
		r := s.first(c)
		if r < 0 {
			return size
		}
		fits := (*buf)[:0]
		start, end := s.optionsOf(r)
		for i := start; i < end; i++ {
			if disjoint(s.masks[i], c) {
				fits = append(fits, i)
			}
		}
		*buf = fits
		if len(fits) == 0 {
			return size
		}
		paths *= float64(len(fits))
		size += paths
		m := s.masks[fits[rng.IntN(len(fits))]]
		for k := range len(c) {
			c[k] |= m[k]
		}
	}
}
