package cover

import (
	"fmt"
	"math/bits"
	"slices"
)

// A Colouring gives some primary items, such as a board's cells, one of a
// few colours each, so that a search can give up on a node whose
// uncovered items of each colour are too many or too few for the pieces
// left (see balance). Items[k] has colour Colours[k].
//
// Whoever knows the shape behind the items sets it: compile colours the
// cells of a board as its lattice's colourings do (the checkerboard, the
// directions of segments, ...). Any colouring is correct, as a colouring
// only states facts about the options; one under which the pieces cover
// unequal counts prunes. Like Order and Cells, it is a hint that changes
// no solution, so Equal and Fingerprint ignore it.
type Colouring struct {
	Items   []int
	Colours []uint8
}

// maxColours bounds the colours of one colouring.
const maxColours = 8

// validate checks c against p: as many colours as items, each item a
// primary covered exactly once and coloured once, colours below
// maxColours.
func (c *Colouring) validate(p *Problem) error {
	if len(c.Items) != len(c.Colours) {
		return fmt.Errorf("colouring: %d items but %d colours", len(c.Items), len(c.Colours))
	}
	seen := make([]bool, len(p.Items))
	for k, i := range c.Items {
		if i < 0 || i >= len(p.Items) {
			return fmt.Errorf("colouring: item index %d out of range", i)
		}
		if it := p.Items[i]; it.Secondary || it.Lo != 1 || it.Hi != 1 {
			return fmt.Errorf("colouring: item %s is not a primary item covered exactly once", it.Name)
		}
		if seen[i] {
			return fmt.Errorf("colouring: item %s appears twice", p.Items[i].Name)
		}
		seen[i] = true
		if c.Colours[k] >= maxColours {
			return fmt.Errorf("colouring: item %s has colour %d, more than %d colours", p.Items[i].Name, c.Colours[k], maxColours)
		}
	}
	return nil
}

// balance gives up on a node whose uncovered coloured items cannot be
// covered by the pieces left, counting colours: under each colouring of
// Problem.Colourings, the count of uncovered items of each colour must
// lie between the fewest and the most items of that colour that the
// pieces still to place can cover.
//
// A piece is the first primary that is coloured under no colouring, of an
// option that names one: the option is the piece's. It is strict when
// every option naming it is its own. With an option that covers coloured
// items but has no piece, the check is off (newBalance returns nil).
//
// Why it never gives up on a node that has a solution below it: take a
// solution that extends the node's options with a set R of options. A
// coloured item is covered exactly once (Lo == Hi == 1), by the node's
// options if it is covered there and otherwise by one option of R; so
// the count U_g of uncovered items of colour g is the sum over R of each
// option's count of g. An option of R with a nonzero count has a piece
// p; R_p, p's options in R, all name p, so there are at most hi_p -
// count_p of them, and none when p is done (its item is full or closed,
// so no option naming it is left); when p is strict, every option of
// the solution that names p is p's, so there are at least lo_p -
// count_p. Each of them has between least_p,g and most_p,g items of
// colour g, the fewest and the most that p's options have. So U_g lies
// between the sums over the pieces not done of (lo_p - count_p) ×
// least_p,g (0 for a piece that is not strict) and of (hi_p - count_p) ×
// most_p,g, which is what dead checks. A node where it does not has no
// solution below it, and giving up there loses none.
//
// Cheaper than it could be strong, by measure (the 6×6 tetrasticks,
// bench/results/balance.md): the bounds come from all of a
// piece's options, not only from those still live at the node (the live
// ones pruned 0.2 % more nodes, for a pass over the list of live options
// at every node that cost more than all the rest); and only the fewest
// and the most count, not which sums between them the pieces can make
// (a bitset of the reachable sums pruned 0.1 % more). So the check needs
// only which pieces are done and the counts of uncovered items, and runs
// on a child before its list is filtered, as the dead-region check does.
// It depends only on the node's subproblem, so a memo keyed by
// subproblems stays right, and the splitter gives up on the children algx
// gives up on. A split search may still try fewer nodes than one search:
// the problem of a subproblem has only the options live at its node, and
// its pieces' bounds come from those, and are as tight or tighter.
type balance struct {
	pw int // words of primaries in a mask
	// masks[g*pw:][:pw] marks the primaries of colour g, numbering the
	// colours of all colourings one after the other.
	masks   []uint64
	colours int
	// The pieces that are plain (strict, to be placed exactly once) are
	// summed by bytes of the done mask: bytes[q] is the byte of ranks
	// 8q to 8q+7, and sums[q][x*2*colours:] holds, for each byte value
	// x, the fewest items of each colour that the plain pieces of that
	// byte whose bit is not set in x cover, then the most. A piece placed
	// once leaves its bounds by a byte's lookup, not a loop.
	bytes []int32
	sums  [][]int32
	// pieces are the others, which go by their counts.
	pieces []balancePiece
	// Scratch: per colour, the fewest and then the most items the pieces
	// left cover.
	bounds []int32
}

// A balancePiece is a piece's primary (by rank), whether it is strict,
// and per colour the fewest and the most items of that colour that one of
// its options covers.
type balancePiece struct {
	rank        int32
	strict      bool
	least, most []int32
}

// newBalance returns the check for the plan's problem, or nil when it
// has no colourings or they cannot bound the options left.
func newBalance(pl *plan) *balance {
	p := pl.prob
	if len(p.Colourings) == 0 {
		return nil
	}
	pw := (pl.nprim + 63) / 64
	b := &balance{pw: pw}
	colour := make([][]int32, len(p.Colourings)) // per colouring, per rank
	coloured := make([]bool, pl.nprim)
	for ci, c := range p.Colourings {
		colour[ci] = make([]int32, pl.nprim)
		for r := range colour[ci] {
			colour[ci][r] = -1
		}
		n := 0
		for k, i := range c.Items {
			r := pl.rank[i]
			colour[ci][r] = int32(b.colours + int(c.Colours[k]))
			coloured[r] = true
			n = max(n, int(c.Colours[k])+1)
		}
		b.colours += n
	}
	b.masks = make([]uint64, b.colours*pw)
	for ci := range colour {
		for r, g := range colour[ci] {
			if g >= 0 {
				setBit(b.masks[int(g)*pw:][:pw], r)
			}
		}
	}
	piece := make([]int32, pl.nprim) // rank -> 1 + piece index
	notStrict := make([]bool, pl.nprim)
	counts := make([]int32, b.colours)
	var named []int32
	for _, o := range pl.opts {
		clear(counts)
		owner, any := int32(-1), false
		named = named[:0]
		for _, e := range p.Option(int(o)) {
			r := pl.rank[e.Item]
			switch {
			case int(r) >= pl.nprim:
			case coloured[r]:
				for ci := range colour {
					if g := colour[ci][r]; g >= 0 {
						counts[g]++
						any = true
					}
				}
			default:
				named = append(named, r)
				if owner < 0 {
					owner = r
				}
			}
		}
		if owner < 0 {
			if any {
				return nil
			}
			continue
		}
		for _, r := range named[1:] {
			notStrict[r] = true
		}
		if piece[owner] == 0 {
			b.pieces = append(b.pieces, balancePiece{rank: owner, least: slices.Clone(counts), most: slices.Clone(counts)})
			piece[owner] = int32(len(b.pieces))
		}
		pc := &b.pieces[piece[owner]-1]
		for g, n := range counts {
			pc.least[g] = min(pc.least[g], n)
			pc.most[g] = max(pc.most[g], n)
		}
	}
	for i := range b.pieces {
		b.pieces[i].strict = !notStrict[b.pieces[i].rank]
	}
	C := b.colours
	byByte := map[int32]int{} // rank / 8 -> index in bytes
	var others []balancePiece
	for _, pc := range b.pieces {
		if !pc.strict || pl.lo[pc.rank] != 1 || pl.hi[pc.rank] != 1 {
			others = append(others, pc)
			continue
		}
		q, ok := byByte[pc.rank/8]
		if !ok {
			q = len(b.bytes)
			byByte[pc.rank/8] = q
			b.bytes = append(b.bytes, pc.rank/8)
			b.sums = append(b.sums, make([]int32, 256*2*C))
		}
		bit := 1 << (pc.rank % 8)
		for x := range 256 {
			if x&bit == 0 {
				s := b.sums[q][x*2*C:][:2*C]
				for g := range C {
					s[g] += pc.least[g]
					s[C+g] += pc.most[g]
				}
			}
		}
	}
	b.pieces = others
	b.bounds = make([]int32, 2*C)
	return b
}

// dead reports whether the node whose done primaries are set in done (a
// cell is then covered) and whose options cover count of each primary
// has counts of uncovered items by colour that the pieces left cannot
// cover (see balance).
func (b *balance) dead(done []uint64, count, lo, hi []int32) bool {
	C := b.colours
	bounds := b.bounds
	clear(bounds)
	for q, at := range b.bytes {
		x := done[at/8] >> (at % 8 * 8) & 0xff
		for g, n := range b.sums[q][int(x)*2*C:][:2*C] {
			bounds[g] += n
		}
	}
	for i := range b.pieces {
		pc := &b.pieces[i]
		if isSet(done, pc.rank) {
			continue
		}
		fewest := int32(0)
		if pc.strict {
			fewest = max(0, lo[pc.rank]-count[pc.rank])
		}
		left := hi[pc.rank] - count[pc.rank]
		for g := range C {
			bounds[g] += fewest * pc.least[g]
			bounds[C+g] += left * pc.most[g]
		}
	}
	pw := b.pw
	for g := range C {
		want := int32(0)
		for k, m := range b.masks[g*pw:][:pw] {
			want += int32(bits.OnesCount64(m &^ done[k]))
		}
		if want < bounds[g] || want > bounds[C+g] {
			return true
		}
	}
	return false
}
