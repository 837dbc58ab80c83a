package cover

import "unsafe"

// The link operations below are Knuth's, and each undo walks in exactly the
// reverse order of its do, which is what lets the stale links of a removed
// node put it back.

// at returns node i without a bounds check. Every index the links hold was
// made by newDLX and lies inside nd, which never moves after that; the
// checks cost more than a tenth of the time of the loops below.
func at(base unsafe.Pointer, i int32) *dnode {
	return (*dnode)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(dnode{})))
}

// noColor is a colour no node has, for hideFrom and unhideFrom to keep no
// option.
const noColor = -2

// hideFrom walks down a list from node p until node stop and hides the
// option of each node it meets, that is, takes every other node of the
// option out of its item's list; but a node of colour c is marked as
// purified (colour -1) instead, and hides leave nodes marked so alone. One
// loop with the hide inside serves cover, purify and hiding one option:
// a call per option would cost a tenth of the search.
func (d *dlx) hideFrom(p, stop, c int32) {
	base := d.base
	n := int64(0)
	for ; p != stop; p = at(base, p).down {
		if np := at(base, p); np.color == c {
			np.color = -1
			continue
		}
		for q := p + 1; q != p; {
			nq := at(base, q)
			x := nq.top
			if x <= 0 {
				q = nq.up
				continue
			}
			if nq.color >= 0 {
				u, w := nq.up, nq.down
				at(base, u).down = w
				at(base, w).up = u
				at(base, x).top--
				n++
			}
			q++
		}
	}
	d.stats.Updates += n
}

// unhideFrom undoes hideFrom(first, stop, c), walking up from the node p
// where hideFrom's walk ended; for a purify (c > 0) it gives marked nodes
// their colour back.
func (d *dlx) unhideFrom(p, stop, c int32) {
	base := d.base
	for ; p != stop; p = at(base, p).up {
		if np := at(base, p); c > 0 && np.color < 0 {
			np.color = c
			continue
		}
		for q := p - 1; q != p; {
			nq := at(base, q)
			x := nq.top
			if x <= 0 {
				q = nq.down
				continue
			}
			if nq.color >= 0 {
				u, w := nq.up, nq.down
				at(base, u).down = q
				at(base, w).up = q
				at(base, x).top++
			}
			q--
		}
	}
}

// cover hides every option left in item i's list.
func (d *dlx) cover(i int32) { d.hideFrom(at(d.base, i).down, i, noColor) }

func (d *dlx) uncover(i int32) { d.unhideFrom(at(d.base, i).up, i, noColor) }

// coverPrimary also takes a primary item out of the active list.
func (d *dlx) coverPrimary(i int32) {
	d.cover(i)
	it := &d.items[i]
	d.items[it.prev].next = it.next
	d.items[it.next].prev = it.prev
}

func (d *dlx) uncoverPrimary(i int32) {
	it := &d.items[i]
	d.items[it.prev].next = i
	d.items[it.next].prev = i
	d.uncover(i)
}

// purify keeps, in p's secondary item, only the options that agree with
// p's colour.
func (d *dlx) purify(p int32) {
	np := at(d.base, p)
	d.hideFrom(at(d.base, np.top).down, np.top, np.color)
}

func (d *dlx) unpurify(p int32) {
	np := at(d.base, p)
	d.unhideFrom(at(d.base, np.top).up, np.top, np.color)
}

// hideAll takes the option of x out of every list, x's own included; a
// multiplicity branch uses it to set an option aside. The walk from x to
// its old successor meets x alone.
func (d *dlx) hideAll(x int32) {
	nx := at(d.base, x)
	at(d.base, nx.up).down = nx.down
	at(d.base, nx.down).up = nx.up
	at(d.base, nx.top).top--
	d.hideFrom(x, nx.down, noColor)
}

func (d *dlx) unhideAll(x int32) {
	nx := at(d.base, x)
	d.unhideFrom(x, nx.up, noColor)
	at(d.base, nx.up).down = x
	at(d.base, nx.down).up = x
	at(d.base, nx.top).top++
}

// bump adds delta to a primary item's count and keeps its bias in step.
func (d *dlx) bump(i, delta int32) {
	it := &d.items[i]
	it.count += delta
	it.bias = bias(it.count, it.lo)
}

// commitRest accounts for choosing x's option on every item but x's own: a
// primary item counts it and is covered once full, a secondary item is
// covered (no colour) or purified (colour), and an item already purified to
// this colour needs nothing.
func (d *dlx) commitRest(x int32) {
	nd := d.nd
	for q := x + 1; q != x; {
		i := nd[q].top
		switch {
		case i <= 0:
			q = nd[q].up
			continue
		case i <= d.nprim:
			if d.bump(i, 1); d.items[i].count == d.items[i].hi {
				d.coverPrimary(i)
			}
		case nd[q].color == 0:
			d.cover(i)
		case nd[q].color > 0:
			d.purify(q)
		}
		q++
	}
}

func (d *dlx) uncommitRest(x int32) {
	nd := d.nd
	for q := x - 1; q != x; {
		i := nd[q].top
		switch {
		case i <= 0:
			q = nd[q].down
			continue
		case i <= d.nprim:
			if d.items[i].count == d.items[i].hi {
				d.uncoverPrimary(i)
			}
			d.bump(i, -1)
		case nd[q].color == 0:
			d.uncover(i)
		case nd[q].color > 0:
			d.unpurify(q)
		}
		q--
	}
}
