package cover

import (
	"math"
	"math/bits"
	"slices"
)

// A splitter searches the top of the tree the way the backends do, on a
// plain state that is easy to copy and to turn back into a Problem. Its
// splits take a few thousand nodes, but Knuth's walks (estimate.go) take
// it down millions of steps to weigh pivots, subproblems and auto's
// choices, so a node keeps the dead options as a bitset and no count per
// primary: a kill is one bit, or one word per 64 options of an item, and
// pick counts the live options of each primary afresh, a word at a time.
// Keeping counts cost a decrement per primary of every option killed, and
// a walk kills most options: on the 3×4×5 solid pentominoes the pivots'
// weighing took 2.8 times as long that way (bench/results/walks.md).
type splitter struct {
	pl *plan
	// Option j (a position in pl.opts) names the primaries
	// prims[pstart[j]:pstart[j+1]] and the secondary entries
	// secs[sstart[j]:sstart[j+1]], all by rank.
	prims, pstart []int32
	secs          []Entry
	sstart        []int32
	// uses lists the options naming each ranked item, in problem order,
	// with the colour they give it; words has the same options as bits,
	// by word of the node's dead set, for killing them a word at a time.
	uses  [][]use
	words [][]wordBits
	// order, when the split is for bits, gives each primary its place in
	// bits's order: the splitter then branches on the first open primary
	// in that order, and on its options in bits's order, so that the
	// subproblems are nodes of bits's tree, not algx's.
	order []int32
	// regions, when the split is for a backend that gives up on dead
	// regions (algx, memo), makes the splitter give up where it does, so
	// that a split search tries the nodes of the search it splits.
	regions *deadRegions
	// balance, likewise, makes it give up where algx and memo give up on
	// the colours of the node (see balance).
	balance *balance
	done    []uint64 // scratch for deadEnd
}

type use struct{ opt, color int32 }

func newSplitter(pl *plan, byOrder, regions bool) *splitter {
	s := &splitter{pl: pl, pstart: []int32{0}, sstart: []int32{0}, uses: make([][]use, len(pl.rank)), words: make([][]wordBits, len(pl.rank))}
	if regions {
		s.regions = newDeadRegions(pl)
		s.balance = newBalance(pl)
		s.done = make([]uint64, (pl.nprim+63)/64)
	}
	for j, o := range pl.opts {
		for _, e := range pl.prob.Option(int(o)) {
			r := pl.rank[e.Item]
			s.uses[r] = append(s.uses[r], use{int32(j), e.Color})
			if int(r) < pl.nprim {
				s.prims = append(s.prims, r)
			} else {
				s.secs = append(s.secs, Entry{r, e.Color})
			}
		}
		s.pstart = append(s.pstart, int32(len(s.prims)))
		s.sstart = append(s.sstart, int32(len(s.secs)))
	}
	for r, us := range s.uses {
		for _, u := range us {
			k, b := u.opt/64, uint64(1)<<(u.opt%64)
			if ws := s.words[r]; len(ws) > 0 && ws[len(ws)-1].k == k {
				ws[len(ws)-1].m |= b
			} else {
				s.words[r] = append(ws, wordBits{k, b})
			}
		}
	}
	if byOrder {
		rank := bitsRank(pl.prob)
		s.order = make([]int32, pl.nprim)
		for i, r := range pl.rank {
			if int(r) < pl.nprim {
				s.order[r] = rank[i]
			}
		}
		// An open primary's live options are those whose other primaries
		// all come later; bits takes them by their last primary.
		last := make([]int32, len(pl.opts))
		for j := range pl.opts {
			for _, r := range s.prims[s.pstart[j]:s.pstart[j+1]] {
				last[j] = max(last[j], s.order[r])
			}
		}
		for r := range pl.nprim {
			slices.SortStableFunc(s.uses[r], func(a, b use) int { return int(last[a.opt] - last[b.opt]) })
		}
	}
	return s
}

// A node is a state of the splitter's search.
type node struct {
	// count is, per primary, the number of chosen options that cover it,
	// or its hi once a "no more" branch has closed it: either way it is
	// done with.
	count []int32
	// color is, per secondary (by rank - nprim), 0 while unused, -1 once
	// used without colour, or the colour every later option must agree on.
	color []int32
	// dead has the bit of each option that can no longer be chosen:
	// chosen, set aside by a multiplicity branch, or in conflict with the
	// choices.
	dead   []uint64
	chosen []int32 // in the order chosen
}

func (s *splitter) root() *node {
	np := s.pl.nprim
	n := &node{
		count: make([]int32, np),
		color: make([]int32, len(s.pl.rank)-np),
		dead:  make([]uint64, (len(s.pl.opts)+63)/64),
	}
	return n
}

func (n *node) clone() *node {
	c := new(node)
	c.copy(n)
	return c
}

// pick returns the open primary with the smallest theta and its theta,
// choosing as the backends do, or -1 when every primary is done. For
// bits, it is the first open primary in bits's order.
func (s *splitter) pick(n *node) (best, t int32) {
	best, t = -1, math.MaxInt32
	if s.order != nil {
		// bits covers every primary exactly once: theta is the number
		// of options left.
		for r := range int32(s.pl.nprim) {
			if n.count[r] == 0 && (best < 0 || s.order[r] < s.order[best]) {
				best = r
			}
		}
		if best < 0 {
			return best, t
		}
		return best, int32(s.live(n, best, math.MaxInt64))
	}
	for r := range int32(s.pl.nprim) {
		if n.count[r] >= s.pl.hi[r] {
			continue
		}
		b := bias(n.count[r], s.pl.lo[r])
		if th := int32(s.live(n, r, int64(t)-int64(b))) + b; th < t {
			best, t = r, th
			if th <= 0 {
				break
			}
		}
	}
	return best, t
}

// live returns the number of live options of primary r, or some number
// at least below once it knows there are that many: the walks count them
// afresh at each step rather than keep counts that every kill would
// update.
func (s *splitter) live(n *node, r int32, below int64) int64 {
	c := int64(0)
	for _, w := range s.words[r] {
		if c += int64(bits.OnesCount64(w.m &^ n.dead[w.k])); c >= below {
			break
		}
	}
	return c
}

// branch turns n into its child by branch b of the t branches on primary r
// and reports whether that chose an option (a search node, in Stats terms).
// The branches are the backends': "no more options for r" first if the next
// option would fill r and last otherwise, when r has reached its lower
// bound; and "the next option for r is x" for the first options x in turn,
// each with the options before it set aside. Setting them aside when x
// fills r changes nothing, since r's other options go then anyway.
func (s *splitter) branch(n *node, r, t, b int32) bool {
	k := n.count[r]
	if last := k+1 == s.pl.hi[r]; k >= s.pl.lo[r] {
		if last && b == 0 || !last && b == t-1 {
			s.close(n, r)
			return false
		}
		if last {
			b--
		}
	}
	for _, u := range s.uses[r] {
		if isSet(n.dead, u.opt) {
			continue
		}
		if b == 0 {
			s.choose(n, u.opt)
			return true
		}
		s.kill(n, u.opt)
		b--
	}
	panic("cover: split branch beyond the options of its item")
}

// deadEnd reports whether the option n chose last leaves a region of
// empty cells that the pieces left cannot fill, or colours that the
// options left cannot make, when the splitter looks for them.
func (s *splitter) deadEnd(n *node) bool {
	if s.regions == nil && s.balance == nil {
		return false
	}
	clear(s.done)
	for r, c := range n.count {
		if c >= s.pl.hi[r] {
			setBit(s.done, r)
		}
	}
	return s.regions != nil && s.regions.dead(n.chosen[len(n.chosen)-1:], s.done, n.count, s.pl.hi) ||
		s.balance != nil && s.balance.dead(s.done, n.count, s.pl.lo, s.pl.hi)
}

// kill takes option j out of the running.
func (s *splitter) kill(n *node, j int32) {
	setBit(n.dead, int(j))
}

// killAll kills every option of ranked item r.
func (s *splitter) killAll(n *node, r int32) {
	for _, w := range s.words[r] {
		n.dead[w.k] |= w.m
	}
}

// close ends primary r: no more options for it.
func (s *splitter) close(n *node, r int32) {
	n.count[r] = s.pl.hi[r]
	s.killAll(n, r)
}

// choose adds option j to the partial solution and kills what it rules
// out: the options of primaries it fills, and the options that disagree
// with it on a secondary item.
func (s *splitter) choose(n *node, j int32) {
	s.kill(n, j)
	n.chosen = append(n.chosen, j)
	for _, r := range s.prims[s.pstart[j]:s.pstart[j+1]] {
		if n.count[r]++; n.count[r] == s.pl.hi[r] {
			s.close(n, r)
		}
	}
	for _, e := range s.secs[s.sstart[j]:s.sstart[j+1]] {
		c := &n.color[int(e.Item)-s.pl.nprim]
		if *c != 0 {
			continue // j is live, so it agrees with the colour already set
		}
		if e.Color == 0 {
			*c = -1
			s.killAll(n, e.Item)
			continue
		}
		*c = e.Color
		for _, u := range s.uses[e.Item] {
			if u.color != e.Color {
				s.kill(n, u.opt)
			}
		}
	}
}

// restrict returns the problem left at n: the primaries still open, with
// their bounds lowered by the options chosen; the secondaries no chosen
// option uses (a used one is either exclusive, and all its other options
// are dead, or purified to one colour, which all its live options give, so
// it constrains nothing more); and the live options over those items, in
// problem order. It also returns the chosen options and, per option of the
// new problem, the option of the old one it came from, both as problem
// indices.
func (s *splitter) restrict(n *node) (q *Problem, forced []int, orig []int32) {
	p, pl := s.pl.prob, s.pl
	q = NewProblem()
	q.itemIndex = make(map[string]int32, len(p.Items))
	for _, c := range p.Colors[1:] {
		q.Color(c)
	}
	index := make([]int32, len(p.Items))
	for i, it := range p.Items {
		index[i] = -1
		r := pl.rank[i]
		if int(r) < pl.nprim {
			if n.count[r] >= pl.hi[r] {
				continue
			}
			k := int(n.count[r])
			it.Lo, it.Hi = max(0, it.Lo-k), it.Hi-k
		} else if n.color[int(r)-pl.nprim] != 0 {
			continue
		}
		index[i] = int32(q.AddItem(it))
	}
	for _, i := range p.Order { // valid: newPlan checked it
		if index[i] >= 0 {
			q.Order = append(q.Order, int(index[i]))
		}
	}
	if p.Cells != nil {
		q.Cells = &Cells{}
		for _, i := range p.Cells.Items {
			if index[i] >= 0 {
				q.Cells.Items = append(q.Cells.Items, int(index[i]))
			}
		}
		for _, e := range p.Cells.Edges {
			if a, b := index[e[0]], index[e[1]]; a >= 0 && b >= 0 {
				q.Cells.Edges = append(q.Cells.Edges, [2]int{int(a), int(b)})
			}
		}
	}
	for _, c := range p.Colourings {
		var d Colouring
		for k, i := range c.Items {
			if index[i] >= 0 {
				d.Items = append(d.Items, int(index[i]))
				d.Colours = append(d.Colours, c.Colours[k])
			}
		}
		q.Colourings = append(q.Colourings, d)
	}
	// Sized up front: grown by appends, the arrays of a few thousand
	// subproblems make garbage enough to show in the time of a split.
	size := 0
	for j, o := range pl.opts {
		if !isSet(n.dead, int32(j)) {
			orig = append(orig, o)
			size += int(p.start[o+1] - p.start[o])
		}
	}
	q.entries = make([]Entry, 0, size)
	q.start = slices.Grow(q.start, len(orig))
	for _, o := range orig {
		for _, e := range p.Option(int(o)) {
			if x := index[e.Item]; x >= 0 {
				q.entries = append(q.entries, Entry{x, e.Color})
			}
		}
		q.start = append(q.start, int32(len(q.entries)))
	}
	for _, j := range n.chosen {
		forced = append(forced, int(pl.opts[j]))
	}
	return q, forced, orig
}
