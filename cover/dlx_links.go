package cover

// The link operations below are Knuth's, and each undo walks in exactly the
// reverse order of its do, which is what lets the stale links of a removed
// node put it back.

// hide takes every node of p's option except p out of its item's list,
// leaving nodes of purified items alone (they are restored by unpurify).
func (d *dlx) hide(p int32) {
	nd := d.nd
	n := int64(0)
	for q := p + 1; q != p; {
		x := nd[q].top
		if x <= 0 {
			q = nd[q].up
			continue
		}
		if nd[q].color >= 0 {
			u, w := nd[q].up, nd[q].down
			nd[u].down = w
			nd[w].up = u
			nd[x].top--
			n++
		}
		q++
	}
	d.stats.Updates += n
}

func (d *dlx) unhide(p int32) {
	nd := d.nd
	for q := p - 1; q != p; {
		x := nd[q].top
		if x <= 0 {
			q = nd[q].down
			continue
		}
		if nd[q].color >= 0 {
			u, w := nd[q].up, nd[q].down
			nd[u].down = q
			nd[w].up = q
			nd[x].top++
		}
		q--
	}
}

// cover hides every option left in item i's list.
func (d *dlx) cover(i int32) {
	for p := d.nd[i].down; p != i; p = d.nd[p].down {
		d.hide(p)
	}
}

func (d *dlx) uncover(i int32) {
	for p := d.nd[i].up; p != i; p = d.nd[p].up {
		d.unhide(p)
	}
}

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
// p's colour, marking them so that later hides leave them in place.
func (d *dlx) purify(p int32) {
	nd := d.nd
	c, i := nd[p].color, nd[p].top
	for q := nd[i].down; q != i; q = nd[q].down {
		if nd[q].color == c {
			nd[q].color = -1
		} else {
			d.hide(q)
		}
	}
}

func (d *dlx) unpurify(p int32) {
	nd := d.nd
	c, i := nd[p].color, nd[p].top
	for q := nd[i].up; q != i; q = nd[q].up {
		if nd[q].color < 0 {
			nd[q].color = c
		} else {
			d.unhide(q)
		}
	}
}

// hideAll takes the option of x out of every list, x's own included; a
// multiplicity branch uses it to set an option aside.
func (d *dlx) hideAll(x int32) {
	nd := d.nd
	i, u, w := nd[x].top, nd[x].up, nd[x].down
	nd[u].down = w
	nd[w].up = u
	nd[i].top--
	d.hide(x)
}

func (d *dlx) unhideAll(x int32) {
	d.unhide(x)
	nd := d.nd
	i, u, w := nd[x].top, nd[x].up, nd[x].down
	nd[u].down = x
	nd[w].up = x
	nd[i].top++
}

// bump adds delta to a primary item's count and keeps its bias in step.
func (d *dlx) bump(i, delta int32) {
	it := &d.items[i]
	it.count += delta
	it.bias = theta(0, it.count, it.lo)
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
