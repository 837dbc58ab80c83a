package cover

import (
	"context"
	"fmt"
	"maps"
	"slices"
)

// A counter is a backend that counts faster with no visitor than with one,
// as memo does, which can then add up the counts it remembers. Counting
// modulo symmetry, Distinct gives it the solutions that need no filter
// with no visitor (see count). Other backends search one tree with the
// filter, which keeps their nodes the same however the search is split
// (with a State, a Meter, on any number of workers), which the split
// count would not: on the 3×4×5 solid pentominoes algx searches 0.6 %
// fewer nodes split, on the 4×15 pentominoes 4 more of 169,647.
type counter interface{ countsAlone() bool }

// countsAlone reports whether b is a counter that says it counts faster
// alone.
func countsAlone(b Backend) bool {
	c, ok := b.(counter)
	return ok && c.countsAlone()
}

func (memoBackend) countsAlone() bool { return true }

// A Parallel counts alone if its backend does.
func (par Parallel) countsAlone() bool { return countsAlone(par.backend()) }

// A checkedPart is a share of the reduced problem's solutions that the
// filter must see: those that take the pivot option o (a reduced index),
// which some symmetries fix, and, when a second item breaks those, that
// item's option r (an original index), which some of them fix too.
type checkedPart struct {
	o    int
	item int // the second item, or -1
	r    int32
}

// checkedParts lists the parts of the reduced problem whose solutions the
// filter must see, in the order of their pivot options.
func (d *Distinct) checkedParts() []checkedPart {
	var parts []checkedPart
	for o, s := range d.stabilize {
		switch {
		case s == nil:
		case d.second[o] == nil:
			parts = append(parts, checkedPart{o: o, item: -1})
		default:
			for _, r := range slices.Sorted(maps.Keys(d.second[o])) {
				parts = append(parts, checkedPart{o: o, item: d.secondItem[o], r: r})
			}
		}
	}
	return parts
}

// count counts the distinct solutions without visiting them all. The
// solutions of the reduced problem fall into the checked parts, which
// are few and small (a piece in the centre of the board with a second
// one across a mirror line) and are searched with the filter, and the
// rest, which are distinct as they are: those are counted by a plain
// search of the reduced problem in which every checked part is ruled out,
// by dropping its pivot option when it has no second item and otherwise
// by a secondary item that it shares with its second option. The rest is
// searched with b, the checked parts with each: a split search (Parallel)
// takes longer to split a part that small than to search it (on the
// Soma cube, 15 parts of a node or two each; on the 3×4×5 solid
// pentominoes, 48 parts of 2 % of the nodes in all).
func (d *Distinct) count(ctx context.Context, b, each Backend) (Stats, error) {
	parts := d.checkedParts()
	st, err := b.Solve(ctx, d.unchecked(parts), nil)
	for _, pt := range parts {
		if err != nil {
			break
		}
		var s Stats
		s, err = d.countPart(ctx, each, pt)
		st.add(s)
	}
	return st, err
}

// unchecked returns the reduced problem without the solutions of parts.
func (d *Distinct) unchecked(parts []checkedPart) *Problem {
	r := d.reduced
	q := sameItems(r)
	drop := map[int]bool{}
	joins := map[int][]int32{}    // reduced pivot option -> its exclusion items
	joined := map[int32][]int32{} // original second option -> its exclusion items
	for _, pt := range parts {
		if pt.item < 0 {
			drop[pt.o] = true
			continue
		}
		it := int32(q.AddSecondary(freeName(q, fmt.Sprintf("checked-%d-%d", pt.o, pt.r))))
		joins[pt.o] = append(joins[pt.o], it)
		joined[pt.r] = append(joined[pt.r], it)
	}
	var entries []Entry
	for i := range r.NumOptions() {
		if drop[i] {
			continue
		}
		entries = append(entries[:0], r.Option(i)...)
		for _, it := range joins[i] {
			entries = append(entries, Entry{Item: it})
		}
		for _, it := range joined[d.originalOf(i)] {
			entries = append(entries, Entry{Item: it})
		}
		q.AddOption(entries)
	}
	return q
}

// originalOf returns the original index of reduced option i.
func (d *Distinct) originalOf(i int) int32 {
	if d.original == nil {
		return int32(i)
	}
	return d.original[i]
}

// countPart counts the distinct solutions of a checked part: the reduced
// problem with the pivot's options but pt.o, and the second item's but
// pt.r, left out, searched with the filter.
func (d *Distinct) countPart(ctx context.Context, b Backend, pt checkedPart) (Stats, error) {
	r := d.reduced
	q := sameItems(r)
	var index []int // option of q -> option of the reduced problem
	for i := range r.NumOptions() {
		if i != pt.o && coversItem(r, i, d.pivot) ||
			pt.item >= 0 && d.originalOf(i) != pt.r && coversItem(r, i, pt.item) {
			continue
		}
		index = append(index, i)
		q.AddOption(r.Option(i))
	}
	var found int64
	var sol []int
	st, err := b.Solve(ctx, q, func(s []int) bool {
		sol = sol[:0]
		for _, o := range s {
			sol = append(sol, index[o])
		}
		if d.accept(sol) {
			found++
		}
		return true
	})
	st.Solutions = found
	return st, err
}

// sameItems returns a problem with the colours, items, Order, Cells and
// Colourings of p and no options.
func sameItems(p *Problem) *Problem {
	q := NewProblem()
	for _, c := range p.Colors[1:] {
		q.Color(c)
	}
	for _, it := range p.Items {
		q.AddItem(it)
	}
	q.Order, q.Cells, q.Colourings = p.Order, p.Cells, p.Colourings
	return q
}

// freeName returns name, primed as often as it takes for no item of p to
// have it.
func freeName(p *Problem, name string) string {
	for {
		if _, dup := p.ItemIndex(name); !dup {
			return name
		}
		name += "'"
	}
}
