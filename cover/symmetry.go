package cover

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
)

// A Symmetry is a permutation of a problem's options that maps every
// solution onto a solution: Symmetry[i] is the option that option i becomes.
// Puzzles derive them from the symmetries of their board; this package only
// needs the permutations.
type Symmetry []int32

// Distinct counts solutions up to a group of symmetries: of every class of
// solutions that the group maps onto each other, exactly one is reported.
//
// group must be closed under composition; the identity may be left out. The
// method is general: it picks a pivot item that every symmetry maps onto
// itself and that exactly one option of every solution covers, and keeps
// one option per orbit of the pivot's options. A kept option that some
// symmetries fix (a piece in the centre of the board) leaves those
// symmetries among the solutions through it; for each such option, a
// second item that they map onto itself is broken the same way, only in
// the solutions through that option: a secondary item joins the pivot
// option to the second item's options that are not the least of their
// orbits under the fixing symmetries, so that no solution takes both.
// What is left (symmetries that fix the second option too, or a pivot
// option with no second item) is filtered: of those solutions, only the
// smallest among their images is kept. Without a pivot, every solution is
// checked against the whole group.
type Distinct struct {
	problem  *Problem
	reduced  *Problem
	original []int32 // reduced option index -> problem option index
	// stabilize, per reduced option, holds the symmetries that fix it if
	// it is a pivot option, and second the breaking of those symmetries
	// by its second item, if any.
	stabilize [][]Symmetry
	second    []map[int32][]Symmetry
	// secondItem, per reduced option, is the item whose options second
	// keys, or -1.
	secondItem []int
	group      []Symmetry // used when there is no pivot
	pivot      int        // -1 without a pivot
	// tree is the estimate of the reduced problem's search tree that
	// PivotEstimate weighed it by, if it did (else 0).
	tree     float64
	buf, img []int
}

// DistinctOptions switch off parts of the reduction, or pick the pivot
// another way, for tests that show that counts do not depend on them and
// for measuring the rules against each other.
type DistinctOptions struct {
	// PivotOnly leaves the symmetries that fix a pivot option to the
	// filter alone instead of breaking them with a second item.
	PivotOnly bool
	// Pivot is the rule that picks the pivot item; the zero value is
	// PivotFewest.
	Pivot PivotRule
	// WeighAbove is the estimated size of PivotFewest's tree above which
	// PivotEstimate weighs the other pivots: 0 means estimateGate
	// (2,000,000 nodes), and a negative value weighs them always, which
	// tests use on small problems.
	WeighAbove float64
	// Workers is the number of cores PivotEstimate weighs the pivots on;
	// 0 means one. The pivot it picks is the same for every number.
	Workers int
}

// NewDistinct prepares a problem for a search modulo group.
func NewDistinct(p *Problem, group []Symmetry) (*Distinct, error) {
	return DistinctOptions{}.New(p, group)
}

// New is NewDistinct with the options o.
func (o DistinctOptions) New(p *Problem, group []Symmetry) (*Distinct, error) {
	n := p.NumOptions()
	var nontrivial []Symmetry
	for _, g := range group {
		if len(g) != n {
			return nil, fmt.Errorf("cover: symmetry permutes %d options, problem has %d", len(g), n)
		}
		if !isIdentity(g) {
			nontrivial = append(nontrivial, g)
		}
	}
	d := &Distinct{problem: p, group: nontrivial, pivot: -1}
	if len(nontrivial) == 0 {
		d.reduced = p
		return d, nil
	}
	ix := newItemOptions(p)
	if o.Pivot == PivotEstimate {
		return d.byEstimate(ix, o), nil
	}
	pivot := choosePivot(p, ix, nontrivial, o.Pivot)
	if pivot < 0 {
		d.reduced = p
		return d, nil
	}
	d.reduce(ix, pivot, o)
	return d, nil
}

// reduce keeps one option of pivot per orbit and breaks the symmetries
// that fix a kept option with a second item, unless o.PivotOnly.
func (d *Distinct) reduce(ix *itemOptions, pivot int, o DistinctOptions) {
	p, nontrivial, n := d.problem, d.group, d.problem.NumOptions()
	d.pivot = pivot
	keep := make([]bool, n)
	stab := map[int][]Symmetry{}
	representatives := 0
	for _, opt := range ix.of(d.pivot) {
		if representative(int(opt), nontrivial) {
			keep[opt] = true
			representatives++
			for _, g := range nontrivial {
				if g[opt] == opt {
					stab[int(opt)] = append(stab[int(opt)], g)
				}
			}
		}
	}
	// breakers pairs options with the secondary items, one per pivot
	// option whose symmetries a second item breaks, that they must take
	// too. A list in option order rather than a map: looking each of a
	// million options up took a tenth of a second.
	type breaker struct{ opt, item int32 }
	var breakers []breaker
	second := map[int]map[int32][]Symmetry{}
	secondItem := map[int]int{}
	extra := 0 // secondary items added
	if !o.PivotOnly {
		for _, opt := range slices.Sorted(maps.Keys(stab)) {
			q := chooseSecond(p, ix, opt, d.pivot, stab[opt])
			if q < 0 {
				continue
			}
			item := int32(len(p.Items) + extra)
			extra++
			breakers = append(breakers, breaker{int32(opt), item})
			second[opt] = map[int32][]Symmetry{}
			secondItem[opt] = q
			for _, r := range ix.of(q) {
				if !representative(int(r), stab[opt]) {
					breakers = append(breakers, breaker{r, item})
					continue
				}
				for _, g := range stab[opt] {
					if g[r] == r {
						second[opt][r] = append(second[opt][r], g)
					}
				}
			}
		}
	}
	d.reduced = sameItems(p)
	for k := range extra {
		d.reduced.AddSecondary(freeName(d.reduced, fmt.Sprintf("symmetry-%d", k)))
	}
	if p.Order != nil {
		// The pivot, left with few options, is the item to cover first.
		d.reduced.Order = append([]int{d.pivot}, slices.DeleteFunc(slices.Clone(p.Order), func(i int) bool { return i == d.pivot })...)
	}
	// Sized once: on a board of a thousand cells the reduced problem has
	// millions of options, which appending copied again and again (most
	// of the reduction's time).
	kept := n - len(ix.of(d.pivot)) + representatives
	d.reduced.Grow(kept, p.NumEntries()+len(breakers))
	d.original = make([]int32, 0, kept)
	d.stabilize = make([][]Symmetry, 0, kept)
	d.second = make([]map[int32][]Symmetry, 0, kept)
	d.secondItem = make([]int, 0, kept)
	// Each option's items in the order they were added, as the map of
	// lists this replaces gave them.
	slices.SortFunc(breakers, func(a, b breaker) int { return cmp.Or(cmp.Compare(a.opt, b.opt), cmp.Compare(a.item, b.item)) })
	onPivot := ix.mark(d.pivot)
	defer ix.unmark(d.pivot)
	var entries []Entry
	for opt := range n {
		if onPivot[opt] && !keep[opt] {
			continue
		}
		d.original = append(d.original, int32(opt))
		// Only the pivot's options kept have symmetries that fix them.
		var (
			fixing []Symmetry
			sec    map[int32][]Symmetry
		)
		q := -1
		if keep[opt] {
			fixing, sec = stab[opt], second[opt]
			if s, ok := secondItem[opt]; ok {
				q = s
			}
		}
		d.stabilize = append(d.stabilize, fixing)
		d.second = append(d.second, sec)
		d.secondItem = append(d.secondItem, q)
		entries = append(entries[:0], p.Option(opt)...)
		for len(breakers) > 0 && int(breakers[0].opt) <= opt {
			if int(breakers[0].opt) == opt {
				entries = append(entries, Entry{Item: breakers[0].item})
			}
			breakers = breakers[1:]
		}
		d.reduced.AddOption(entries)
	}
}

// Order is the number of symmetries the search is reduced by, the identity
// included.
func (d *Distinct) Order() int { return len(d.group) + 1 }

// Pivot names the item whose options were reduced to one per orbit, or ""
// when every solution is checked against the whole group.
func (d *Distinct) Pivot() string {
	if d.pivot < 0 {
		return ""
	}
	return d.problem.Items[d.pivot].Name
}

// Checked reports whether some solutions of the reduced problem are
// images of others and must be filtered by Solve: when it is false, every
// solution of Problem() is distinct and a plain count of it is the answer.
func (d *Distinct) Checked() bool {
	if d.pivot < 0 {
		return len(d.group) > 0
	}
	for i, s := range d.stabilize {
		switch {
		case s == nil:
		case d.second[i] == nil:
			return true
		default:
			for _, k := range d.second[i] {
				if k != nil {
					return true
				}
			}
		}
	}
	return false
}

// Problem returns the problem a backend should search: the original with the
// pivot's redundant options removed.
func (d *Distinct) Problem() *Problem { return d.reduced }

// Solve runs a backend on the reduced problem and reports each distinct
// solution with option indices of the original problem. A nil visit only
// counts; a backend that counts faster alone (memo) then searches with no
// visitor all but the solutions that the filter must check (see count).
func (d *Distinct) Solve(ctx context.Context, b Backend, visit Visit) (Stats, error) {
	if _, auto := b.(autoBackend); auto && visit == nil {
		// A count: by the sweep where it pays (sweep_choose.go).
		if st, ok, err := sweepFirst(ctx, d.countJob(), nil); ok {
			return st, err
		}
		b = countBackend(d.reduced)
	}
	oc, orbits := b.(orbitCounter)
	switch {
	case visit == nil && orbits:
		return oc.countOrbits(ctx, d.problem, d.group, nil, Shard{})
	case visit == nil && !d.Checked():
		return b.Solve(ctx, d.reduced, nil)
	case visit == nil && d.pivot >= 0 && countsAlone(b):
		return d.count(ctx, b, b)
	}
	if visit == nil {
		visit = func([]int) bool { return true }
	}
	var found int64
	st, err := b.Solve(context.WithValue(ctx, keptKey{}, &found), d.reduced, func(sol []int) bool {
		if !d.accept(sol) {
			return true
		}
		found++
		return visit(d.buf)
	})
	st.Solutions = found
	return st, err
}

// accept maps a reduced solution to original indices in d.buf and reports
// whether it is the canonical member of its class.
func (d *Distinct) accept(sol []int) bool {
	d.buf = d.buf[:0]
	var (
		checks []Symmetry
		second map[int32][]Symmetry
	)
	for _, o := range sol {
		if d.original != nil {
			if s := d.stabilize[o]; s != nil {
				checks, second = s, d.second[o]
			}
			o = int(d.original[o])
		}
		d.buf = append(d.buf, o)
	}
	if d.pivot < 0 {
		checks = d.group
	}
	if second != nil {
		// Only the symmetries that fix the second item's option are left.
		checks = nil
		for _, o := range d.buf {
			if k, ok := second[int32(o)]; ok {
				checks = k
			}
		}
	}
	if len(checks) == 0 {
		return true
	}
	sorted := slices.Clone(d.buf)
	slices.Sort(sorted)
	for _, g := range checks {
		d.img = d.img[:0]
		for _, o := range sorted {
			d.img = append(d.img, int(g[o]))
		}
		slices.Sort(d.img)
		if slices.Compare(d.img, sorted) < 0 {
			return false
		}
	}
	return true
}

func isIdentity(g Symmetry) bool {
	for i, o := range g {
		if int(o) != i {
			return false
		}
	}
	return true
}

// choosePivot returns the pivot that rule picks among the primary items
// of exact multiplicity one whose options every symmetry keeps among
// themselves, or -1 if there is none.
func choosePivot(p *Problem, ix *itemOptions, group []Symmetry, rule PivotRule) int {
	best, bestKept, bestFixed := -1, 0, false
	for it := range p.Items {
		kept, ok := reducible(p, ix, it, group)
		if !ok {
			continue
		}
		fixed := rule == PivotFree && slices.ContainsFunc(ix.of(it), func(o int32) bool {
			return slices.ContainsFunc(group, func(g Symmetry) bool { return g[o] == o })
		})
		if best < 0 || bestFixed && !fixed || fixed == bestFixed && kept < bestKept {
			best, bestKept, bestFixed = it, kept, fixed
		}
	}
	return best
}

// reducible reports whether every symmetry of group keeps the options of
// item among themselves, and how many of them are the least of their
// orbits. Only a primary item of exact multiplicity one with options can
// be reduced.
func reducible(p *Problem, ix *itemOptions, item int, group []Symmetry) (kept int, ok bool) {
	it := p.Items[item]
	opts := ix.of(item)
	if it.Secondary || it.Lo != 1 || it.Hi != 1 || len(opts) == 0 {
		return 0, false
	}
	// A symmetry that moves the item elsewhere takes its first options
	// off it: searching for a few of them finds that before all of them
	// are marked (chooseSecond weighs thousands of items that fail).
	for _, o := range opts[:min(len(opts), 4)] {
		for _, g := range group {
			if !ix.covers(int(g[o]), item) {
				return 0, false
			}
		}
	}
	covers := ix.mark(item)
	defer ix.unmark(item)
	for _, o := range opts {
		for _, g := range group {
			if !covers[g[o]] {
				return 0, false
			}
		}
		if representative(int(o), group) {
			kept++
		}
	}
	return kept, true
}

// chooseSecond returns the item whose options break best the symmetries
// stab that fix the pivot option opt, or -1: an item that stab keeps, that
// opt does not cover, and that leaves fewest options of its own fixed by
// some of stab (each such option leaves solutions to filter), then fewest
// options per orbit. Options that cannot go with opt do not count. Only
// the secondCandidates such items with fewest options are weighed, which
// bounds the work on a board of a thousand cells.
func chooseSecond(p *Problem, ix *itemOptions, opt, pivot int, stab []Symmetry) int {
	mine := make([]bool, len(p.Items))
	for _, e := range p.Option(opt) {
		mine[e.Item] = true
	}
	best, bestFixed, bestKept := -1, 0, 0
	candidates := 0
	for _, it := range ix.byCount() {
		if it == pivot || mine[it] {
			continue
		}
		if _, ok := reducible(p, ix, it, stab); !ok {
			continue
		}
		if candidates++; candidates > secondCandidates {
			break
		}
		fixed, kept := 0, 0
		for _, r := range ix.of(it) {
			if !representative(int(r), stab) || slices.ContainsFunc(p.Option(int(r)), func(e Entry) bool { return mine[e.Item] && !p.Items[e.Item].Secondary }) {
				continue
			}
			kept++
			if slices.ContainsFunc(stab, func(g Symmetry) bool { return g[r] == r }) {
				fixed++
			}
		}
		if kept > 0 && (best < 0 || fixed < bestFixed || fixed == bestFixed && kept < bestKept) {
			best, bestFixed, bestKept = it, fixed, kept
		}
	}
	return best
}

// representative reports whether o is the smallest option of its orbit.
// Because group is closed, the orbit of o is o together with its images.
func representative(o int, group []Symmetry) bool {
	for _, g := range group {
		if int(g[o]) < o {
			return false
		}
	}
	return true
}

// itemOptions lists the options of every item, so that the symmetry
// reduction looks each item's options up instead of scanning all options
// per item, which on a board of a thousand cells took most of a build.
type itemOptions struct {
	opts   [][]int32
	sorted []int // the items by number of options, then index
	// marked[o] is set, between mark and unmark, when option o covers
	// the item marked: a look-up instead of a search of the item's
	// options, for every option of every item under every symmetry.
	marked []bool
}

// mark returns marked with the options of item set.
func (ix *itemOptions) mark(item int) []bool {
	for _, o := range ix.opts[item] {
		ix.marked[o] = true
	}
	return ix.marked
}

// unmark clears what mark(item) set.
func (ix *itemOptions) unmark(item int) {
	for _, o := range ix.opts[item] {
		ix.marked[o] = false
	}
}

// secondCandidates bounds the items chooseSecond weighs.
const secondCandidates = 16

// byCount returns the items in order of their number of options.
func (ix *itemOptions) byCount() []int {
	if ix.sorted == nil {
		ix.sorted = make([]int, len(ix.opts))
		for i := range ix.sorted {
			ix.sorted[i] = i
		}
		slices.SortStableFunc(ix.sorted, func(a, b int) int { return len(ix.opts[a]) - len(ix.opts[b]) })
	}
	return ix.sorted
}

func newItemOptions(p *Problem) *itemOptions {
	ix := &itemOptions{opts: make([][]int32, len(p.Items)), marked: make([]bool, p.NumOptions())}
	// Counted first, then written into one block: appended item by item,
	// the lists of a board of a thousand cells were copied over and over.
	count := make([]int, len(p.Items))
	for _, e := range p.entries {
		count[e.Item]++
	}
	block := make([]int32, len(p.entries))
	for it, k := range count {
		ix.opts[it], block = block[:0:k], block[k:]
	}
	for o := range p.NumOptions() {
		for _, e := range p.Option(o) {
			ix.opts[e.Item] = append(ix.opts[e.Item], int32(o))
		}
	}
	return ix
}

// of returns the options of item, in problem order.
func (ix *itemOptions) of(item int) []int32 { return ix.opts[item] }

// covers reports whether option o covers item.
func (ix *itemOptions) covers(o, item int) bool {
	_, found := slices.BinarySearch(ix.opts[item], int32(o))
	return found
}

func coversItem(p *Problem, o, item int) bool {
	for _, e := range p.Option(o) {
		if int(e.Item) == item {
			return true
		}
	}
	return false
}
