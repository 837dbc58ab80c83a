package cover

import (
	"fmt"
	"math/bits"
	"slices"
)

// Cells tells a search which primary items are the cells of a board and
// which cells touch, so that it can see the board's empty cells fall apart
// into regions and give up on a region that the pieces left cannot fill.
//
// Whoever knows the shape behind the items sets it, with this promise:
// every option's cells are connected by Edges among themselves (so that no
// option covers cells of two regions). compile can set it on every lattice
// of cells and segments, and does by default where it pays. Like Order, it
// is a hint that changes no solution, so Equal and Fingerprint ignore it;
// a search that uses it (algx, memo, and the splits of both) tries fewer
// nodes.
type Cells struct {
	// Items lists the cell items: primary, each covered exactly once.
	Items []int
	// Edges join pairs of cell items, by item index.
	Edges [][2]int
}

// validate checks c against p: cell items primary with Lo == Hi == 1, each
// once, edges between cells, and every option's cells connected.
func (c *Cells) validate(p *Problem) error {
	cell := make([]int32, len(p.Items)) // item -> 1 + its place in Items
	for k, i := range c.Items {
		if i < 0 || i >= len(p.Items) {
			return fmt.Errorf("cells: item index %d out of range", i)
		}
		if it := p.Items[i]; it.Secondary || it.Lo != 1 || it.Hi != 1 {
			return fmt.Errorf("cells: item %s is not a primary item covered exactly once", it.Name)
		}
		if cell[i] != 0 {
			return fmt.Errorf("cells: item %s appears twice", p.Items[i].Name)
		}
		cell[i] = int32(k + 1)
	}
	for _, e := range c.Edges {
		for _, i := range e {
			if i < 0 || i >= len(p.Items) || cell[i] == 0 {
				return fmt.Errorf("cells: edge %d-%d joins an item that is not a cell", e[0], e[1])
			}
		}
	}
	adj := newAdjacency(len(c.Items), func(yield func(a, b int32)) {
		for _, e := range c.Edges {
			yield(cell[e[0]]-1, cell[e[1]]-1)
		}
	})
	var own, stack []int32
	mark := make([]int32, len(c.Items))
	for o := range p.NumOptions() {
		own = own[:0]
		for _, e := range p.Option(o) {
			if k := cell[e.Item]; k != 0 {
				own = append(own, k-1)
			}
		}
		if !adj.connected(own, mark, int32(o+1), &stack) {
			return fmt.Errorf("cells: option %d covers cells that are not connected", o)
		}
	}
	return nil
}

// An adjacency lists each cell's neighbours, by cell number: those of
// cell c are next[start[c]:start[c+1]].
type adjacency struct {
	next, start []int32
}

// newAdjacency builds the adjacency of n cells from its edges, each given
// once (either way round) by the edges function.
func newAdjacency(n int, edges func(yield func(a, b int32))) adjacency {
	deg := make([]int32, n+1)
	edges(func(a, b int32) { deg[a]++; deg[b]++ })
	d := adjacency{start: make([]int32, n+1)}
	for c := range n {
		d.start[c+1] = d.start[c] + deg[c]
	}
	d.next = make([]int32, d.start[n])
	fill := slices.Clone(d.start[:n])
	edges(func(a, b int32) {
		d.next[fill[a]] = b
		fill[a]++
		d.next[fill[b]] = a
		fill[b]++
	})
	return d
}

func (d adjacency) of(c int32) []int32 { return d.next[d.start[c]:d.start[c+1]] }

// connected reports whether cells (a few, such as an option's) are
// connected through each other. mark is scratch, one per cell, that no
// call with the same id has used: a cell is marked id while it is one of
// cells and -id once reached; scratch is a stack to reuse.
func (d adjacency) connected(cells []int32, mark []int32, id int32, scratch *[]int32) bool {
	if len(cells) < 2 {
		return true
	}
	for _, c := range cells {
		mark[c] = id
	}
	stack := append((*scratch)[:0], cells[0])
	defer func() { *scratch = stack }()
	mark[cells[0]] = -id
	reached := 1
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range d.of(c) {
			if mark[n] == id {
				mark[n] = -id
				reached++
				stack = append(stack, n)
			}
		}
	}
	return reached == len(cells)
}

// deadRegions finds the regions of empty cells that the pieces left cannot
// fill. After an option is chosen, the empty cells next to its cells lie
// in regions that may have just been cut off from the rest; each option
// still to choose lies within one region (Cells promises its cells are
// connected), so each region must be filled by options of its own, and
// its size, and the sum of the sizes of the regions found, must be sums
// of the sizes of the pieces left.
//
// A piece is a primary item that is not a cell: every option that covers
// cells is the piece's that it names first, and the piece is left with
// hi - count options to place at most, each of the one size that all its
// options with cells have. With no such piece for some option, or two
// sizes for one piece, the check is off (newDeadRegions returns nil): no
// bound on the options left, no pruning.
//
// A region bigger than half the empty cells, or than maxRegion, or than
// every number that is not a sum, is not checked: at most one region is
// bigger than half, a big region is rarely unfillable where a smaller one
// is not, and filling it to count its cells would cost a pass over most
// of the board at every node; past the last number that is not a sum
// (11 for tetrominoes and pentominoes) every size is one.
//
// Regions are filled a layer at a time on masks of primaries by rank, the
// masks algx keeps: a cell costs one OR of its neighbours' mask, where a
// fill cell by cell would look at each neighbour in turn.
type deadRegions struct {
	w int // words per mask
	// next holds each primary's neighbouring cells, next[r*w:][:w]: none
	// for a piece.
	next []uint64
	// Option j (a position in plan.opts) covers the cells of ranks
	// cells[cstart[j]:cstart[j+1]].
	cells, cstart []int32
	pieces        []piece
	cellMask      []uint64 // the ranks of the cells
	maxRegion     int

	// Scratch masks: the cells next to the chosen options not yet in a
	// region, the region being filled, its last layer, the layer after,
	// and the cells of the region too big to check.
	seeds, region, front, grow, big []uint64
	reach                           []uint64 // the sums of sizes of the pieces left, as bits

	// When every piece is placed at most once and they have few sizes,
	// the sums depend only on how many pieces of each size are left:
	// sizes lists the sizes, sizeMask[i*w:][:w] the pieces of sizes[i],
	// and sumsSeen remembers the sums of the last few such tallies (see
	// sums). Otherwise sizes is nil.
	sizes    []int32
	sizeMask []uint64
	sumsSeen [256]sumsEntry
}

// A sumsEntry is what sums worked out for a tally of the pieces left by
// size: key is the tally plus one (0: no entry).
type sumsEntry struct {
	key       uint64
	reach     [maxRegion/64 + 1]uint64
	low, high int32
}

// maxSizes is the most sizes whose tally fits a sumsEntry key: a count of
// up to 64 (more pieces add no sum up to maxRegion) in 7 bits a size.
const maxSizes = 9

// A piece is a primary item (by rank) and the number of cells its options
// cover.
type piece struct {
	rank, size int32
}

// maxRegion is the size beyond which a region is not checked (see
// deadRegions).
const maxRegion = 64

// newDeadRegions returns the check for the plan's problem, or nil when it
// has no Cells or they cannot bound the options left (see deadRegions).
func newDeadRegions(pl *plan) *deadRegions {
	p := pl.prob
	if p.Cells == nil || len(p.Cells.Items) == 0 {
		return nil
	}
	w := (pl.nprim + 63) / 64
	d := &deadRegions{
		w:         w,
		next:      make([]uint64, pl.nprim*w),
		cstart:    make([]int32, 1, len(pl.opts)+1),
		cellMask:  make([]uint64, w),
		maxRegion: maxRegion,
		seeds:     make([]uint64, w),
		region:    make([]uint64, w),
		front:     make([]uint64, w),
		grow:      make([]uint64, w),
		big:       make([]uint64, w),
		reach:     make([]uint64, maxRegion/64+1),
	}
	for _, i := range p.Cells.Items {
		setBit(d.cellMask, int(pl.rank[i]))
	}
	for _, e := range p.Cells.Edges {
		a, b := int(pl.rank[e[0]]), int(pl.rank[e[1]])
		setBit(d.next[a*w:][:w], b)
		setBit(d.next[b*w:][:w], a)
	}
	size := make([]int32, pl.nprim) // per piece rank, its options' size
	for _, o := range pl.opts {
		owner := int32(-1)
		n := int32(0)
		for _, e := range p.Option(int(o)) {
			r := pl.rank[e.Item]
			switch {
			case int(r) >= pl.nprim:
			case isSet(d.cellMask, r):
				d.cells = append(d.cells, r)
				n++
			case owner < 0:
				owner = r
			}
		}
		d.cstart = append(d.cstart, int32(len(d.cells)))
		if n == 0 {
			continue
		}
		if owner < 0 || size[owner] != 0 && size[owner] != n {
			return nil
		}
		size[owner] = n
	}
	for r, s := range size {
		if s != 0 {
			d.pieces = append(d.pieces, piece{int32(r), s})
		}
	}
	d.tallyBySize(pl)
	return d
}

// tallyBySize sets up sizes and sizeMask when every piece is placed at
// most once and there are at most maxSizes sizes.
func (d *deadRegions) tallyBySize(pl *plan) {
	var sizes []int32
	for _, pc := range d.pieces {
		if pl.hi[pc.rank] != 1 {
			return
		}
		if !slices.Contains(sizes, pc.size) {
			sizes = append(sizes, pc.size)
		}
	}
	if len(sizes) > maxSizes {
		return
	}
	d.sizes, d.sizeMask = sizes, make([]uint64, len(sizes)*d.w)
	for _, pc := range d.pieces {
		i := slices.Index(sizes, pc.size)
		setBit(d.sizeMask[i*d.w:][:d.w], int(pc.rank))
	}
}

// dead reports whether, with the options chosen (their positions in
// plan.opts) just chosen, some region next to their cells cannot be
// filled. A primary is done when its bit is set in done (a cell is then
// covered); a piece that is not done has placed count of at most hi.
func (d *deadRegions) dead(chosen []int32, done []uint64, count, hi []int32) bool {
	empty := 0
	for k, m := range d.cellMask {
		empty += bits.OnesCount64(m &^ done[k])
	}
	// A region bigger than every size that is not a sum is a sum: filling
	// it to count its cells would tell nothing.
	low, high := d.sums(done, count, hi)
	limit := min(empty/2, d.maxRegion, int(high))
	if int(low) > limit {
		return false
	}
	w := d.w
	clear(d.seeds)
	clear(d.big)
	for _, j := range chosen {
		for _, c := range d.cells[d.cstart[j]:d.cstart[j+1]] {
			for k, x := range d.next[int(c)*w:][:w] {
				d.seeds[k] |= x
			}
		}
	}
	for k := range d.seeds {
		d.seeds[k] &^= done[k]
	}
	// The regions found are filled by pieces of their own, so together
	// they are a sum of sizes too.
	all := 0
	for k := 0; k < w; {
		if d.seeds[k] == 0 {
			k++
			continue
		}
		n := d.fill(k*64+bits.TrailingZeros64(d.seeds[k]), done, limit)
		for i := range d.seeds {
			d.seeds[i] &^= d.region[i] | d.big[i]
		}
		if n == 0 {
			continue
		}
		if all += n; !isSet(d.reach, int32(n)) || all < len(d.reach)*64 && !isSet(d.reach, int32(all)) {
			return true
		}
	}
	return false
}

// fill puts in region the region of empty cell s, a layer at a time, and
// returns its size, or 0 when it has more than limit cells or is the one
// an earlier fill gave up on: then what it filled goes into big.
func (d *deadRegions) fill(s int, done []uint64, limit int) int {
	w := d.w
	clear(d.region)
	setBit(d.region, s)
	copy(d.front, d.region)
	n := 1
	for {
		clear(d.grow)
		for k, f := range d.front {
			for ; f != 0; f &= f - 1 {
				c := k*64 + bits.TrailingZeros64(f)
				for i, x := range d.next[c*w:][:w] {
					d.grow[i] |= x
				}
			}
		}
		added, meets := 0, false
		for i, g := range d.grow {
			g &^= done[i] | d.region[i]
			d.front[i] = g
			d.region[i] |= g
			added += bits.OnesCount64(g)
			meets = meets || g&d.big[i] != 0
		}
		if n += added; meets || n > limit {
			for i, x := range d.region {
				d.big[i] |= x
			}
			return 0
		}
		if added == 0 {
			return n
		}
	}
}

func isSet(m []uint64, b int32) bool { return m[b/64]&(1<<(b%64)) != 0 }

// sums works out in reach the sums of sizes of the pieces left, taking
// each piece at most as often as it is left, up to maxRegion, and returns
// the least and the greatest number up to maxRegion that is not one (or
// maxRegion+1 and -1 when every number is).
func (d *deadRegions) sums(done []uint64, count, hi []int32) (low, high int32) {
	if d.sizes == nil {
		d.sumPieces(done, count, hi)
		return d.gaps()
	}
	key := uint64(0)
	for i := range d.sizes {
		n := 0
		for k, m := range d.sizeMask[i*d.w:][:d.w] {
			n += bits.OnesCount64(m &^ done[k])
		}
		key |= uint64(min(n, 64)) << (7 * i)
	}
	key++
	e := &d.sumsSeen[(key*0x9e3779b97f4a7c15)>>56]
	if e.key != key {
		clear(d.reach)
		d.reach[0] = 1
		for i, s := range d.sizes {
			for range (key - 1) >> (7 * i) & 127 {
				if !orShifted(d.reach, int(s)) {
					break
				}
			}
		}
		e.key = key
		copy(e.reach[:], d.reach)
		e.low, e.high = d.gaps()
	}
	copy(d.reach, e.reach[:])
	return e.low, e.high
}

// sumPieces works out in reach the sums of sizes of the pieces left, one
// piece at a time.
func (d *deadRegions) sumPieces(done []uint64, count, hi []int32) {
	clear(d.reach)
	d.reach[0] = 1
	for _, pc := range d.pieces {
		if isSet(done, pc.rank) {
			continue
		}
		for range hi[pc.rank] - count[pc.rank] {
			if !orShifted(d.reach, int(pc.size)) {
				break
			}
		}
	}
}

// gaps returns the least and the greatest number up to maxRegion that
// reach does not hold, or maxRegion+1 and -1.
func (d *deadRegions) gaps() (low, high int32) {
	low, high = maxRegion+1, -1
	for n := range int32(maxRegion + 1) {
		if !isSet(d.reach, n) {
			low, high = min(low, n), n
		}
	}
	return low, high
}

// orShifted sets m to m | m<<s and reports whether that changed m.
func orShifted(m []uint64, s int) bool {
	words, sh := s/64, uint(s%64)
	changed := false
	for k := len(m) - 1; k >= words; k-- {
		x := m[k-words] << sh
		if sh != 0 && k-words > 0 {
			x |= m[k-words-1] >> (64 - sh)
		}
		if x&^m[k] != 0 {
			m[k] |= x
			changed = true
		}
	}
	return changed
}
