package cover

import (
	"context"
	"math"
	"unsafe"
)

// dlxBackend is dancing links in the style of Knuth's DLX2 (colours) and
// Algorithm M (multiplicities): every option is a row of nodes in one int32
// array, every item a circular doubly linked list through those nodes.
type dlxBackend struct{}

func (dlxBackend) Name() string { return "dlx" }

// A dnode is a header when its index is at most the number of items; then
// top holds the length of the item's list. Otherwise it is an option node
// whose top is its item, or a spacer between options whose top is minus the
// index of the option before it, up the first node of that option and down
// the last node of the option after it. One struct per node keeps the four
// fields a link update touches in one cache line.
type dnode struct {
	up, down, top int32
	// color is 0 for no colour, >0 for a colour, and -1 once the item has
	// been purified to this node's colour, which tells hide to leave it.
	color int32
}

// A ditem is the horizontal side of a primary item: its place in the list
// of items still to cover and its multiplicity state.
type ditem struct {
	prev, next int32
	lo, hi     int32
	count      int32 // options chosen so far that cover the item
	// bias is theta minus the list length, kept up to date with count so
	// that choosing an item costs one add per candidate.
	bias int32
}

type dlx struct {
	run
	nd     []dnode
	base   unsafe.Pointer // &nd[0], for at
	items  []ditem        // index 0 is the root of the active list; 1..nprim
	nprim  int32
	chosen []int32 // the node of each option in the partial solution
	hidden []int32 // options set aside by multiplicity branches, LIFO
}

func (dlxBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	pl, r, err := start(ctx, p, visit)
	if err != nil {
		return Stats{}, err
	}
	d := newDLX(pl)
	d.run = r
	d.search()
	return d.finish()
}

func newDLX(pl *plan) *dlx {
	n := int32(len(pl.rank))
	d := &dlx{
		nd:    make([]dnode, n+1, int(n)+2+len(pl.opts)+pl.prob.NumEntries()),
		items: make([]ditem, pl.nprim+1),
		nprim: int32(pl.nprim),
	}
	for i := int32(1); i <= n; i++ {
		d.nd[i] = dnode{up: i, down: i}
	}
	for i := int32(0); i <= d.nprim; i++ {
		it := &d.items[i]
		it.prev, it.next = i-1, i+1
		if i > 0 {
			it.lo, it.hi = pl.lo[i-1], pl.hi[i-1]
			it.bias = bias(0, it.lo)
		}
	}
	d.items[0].prev, d.items[d.nprim].next = d.nprim, 0

	spacer := int32(len(d.nd))
	d.nd = append(d.nd, dnode{})
	for _, o := range pl.opts {
		for _, e := range pl.prob.Option(int(o)) {
			x := int32(len(d.nd))
			i := pl.rank[e.Item] + 1
			last := d.nd[i].up
			d.nd = append(d.nd, dnode{up: last, down: i, top: i, color: e.Color})
			d.nd[last].down, d.nd[i].up = x, x
			d.nd[i].top++
		}
		end := int32(len(d.nd))
		d.nd[spacer].down = end - 1
		d.nd = append(d.nd, dnode{up: spacer + 1, top: -o})
		spacer = end
	}
	d.base = unsafe.Pointer(unsafe.SliceData(d.nd))
	return d
}

// search explores the subtree below the current partial solution and
// reports whether to go on.
func (d *dlx) search() bool {
	best, t := d.choose()
	if best == 0 {
		if !d.counting() {
			d.sol = d.sol[:0]
			for _, x := range d.chosen {
				d.sol = append(d.sol, d.optionOf(x))
			}
		}
		return d.found()
	}
	if t <= 0 {
		return true
	}
	it := &d.items[best]
	if it.count+1 == it.hi {
		return d.branchLast(best)
	}
	return d.branchMore(best, t)
}

// choose returns the active primary item with the smallest theta (the first
// in item order on ties), or 0 when none is left.
func (d *dlx) choose() (best, t int32) {
	t = math.MaxInt32
	nd, items := d.nd, d.items
	for i := items[0].next; i != 0; i = items[i].next {
		if s := nd[i].top + items[i].bias; s < t {
			best, t = i, s
			if s <= 0 {
				break
			}
		}
	}
	return best, t
}

// branchLast branches on an item whose next option fills it, which is the
// plain dancing-links step: cover the item, then try each of its options,
// after trying "no more" if the item has already reached its lower bound.
func (d *dlx) branchLast(i int32) bool {
	d.coverPrimary(i)
	ok := true
	if d.items[i].count >= d.items[i].lo {
		ok = d.search()
	}
	for x := d.nd[i].down; ok && x != i; x = d.nd[x].down {
		ok = d.try(x)
	}
	d.uncoverPrimary(i)
	return ok
}

// branchMore branches on an item that stays open after its next option: the
// t branches are "x is the next option to cover i" for the first options x
// in i's list, and finally "no more" if the lower bound allows. Each option
// tried is set aside for the later branches, which is what makes every
// solution appear once instead of once per ordering of its options.
func (d *dlx) branchMore(i, t int32) bool {
	it := &d.items[i]
	tries := t
	if it.count >= it.lo {
		tries-- // the last branch is "no more"
	}
	base := len(d.hidden)
	ok := true
	for ; ok && tries > 0; tries-- {
		x := d.nd[i].down
		d.hideAll(x)
		d.hidden = append(d.hidden, x)
		d.bump(i, 1)
		ok = d.try(x)
		d.bump(i, -1)
	}
	if ok && it.count >= it.lo {
		d.coverPrimary(i)
		ok = d.search()
		d.uncoverPrimary(i)
	}
	for len(d.hidden) > base {
		x := d.hidden[len(d.hidden)-1]
		d.hidden = d.hidden[:len(d.hidden)-1]
		d.unhideAll(x)
	}
	return ok
}

// try chooses the option of node x, whose own item is already dealt with
// and whose other nodes are already out of their lists, and searches on.
func (d *dlx) try(x int32) bool {
	if !d.node() {
		return false
	}
	d.chosen = append(d.chosen, x)
	d.commitRest(x)
	ok := d.search()
	d.uncommitRest(x)
	d.chosen = d.chosen[:len(d.chosen)-1]
	return ok
}

// optionOf finds the problem's index of the option that node x belongs to
// from the spacer after it.
func (d *dlx) optionOf(x int32) int {
	for d.nd[x].top > 0 {
		x++
	}
	return int(-d.nd[x].top)
}
