package cover

import (
	"context"
	"fmt"
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
// itself and that exactly one option of every solution covers, keeps one
// option per orbit of the pivot's options, and, where a kept option is fixed
// by some symmetries, keeps only the solutions that are smallest among their
// images under those symmetries. Without such a pivot, every solution is
// checked against the whole group.
type Distinct struct {
	problem   *Problem
	reduced   *Problem
	original  []int32      // reduced option index -> problem option index
	stabilize [][]Symmetry // per reduced option: symmetries fixing it, if it is a pivot option
	group     []Symmetry   // used when there is no pivot
	pivot     int          // -1 without a pivot
	buf, img  []int
}

// NewDistinct prepares a problem for a search modulo group.
func NewDistinct(p *Problem, group []Symmetry) (*Distinct, error) {
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
	d.pivot = choosePivot(p, nontrivial)
	if d.pivot < 0 {
		d.reduced = p
		return d, nil
	}
	keep := make([]bool, n)
	stab := map[int][]Symmetry{}
	for _, o := range optionsOf(p, d.pivot) {
		if representative(o, nontrivial) {
			keep[o] = true
			for _, g := range nontrivial {
				if int(g[o]) == o {
					stab[o] = append(stab[o], g)
				}
			}
		}
	}
	d.reduced = NewProblem()
	for _, c := range p.Colors[1:] {
		d.reduced.Color(c)
	}
	for _, it := range p.Items {
		d.reduced.AddItem(it)
	}
	if p.Order != nil {
		// The pivot, left with few options, is the item to cover first.
		d.reduced.Order = append([]int{d.pivot}, slices.DeleteFunc(slices.Clone(p.Order), func(i int) bool { return i == d.pivot })...)
	}
	for o := 0; o < n; o++ {
		if !coversItem(p, o, d.pivot) || keep[o] {
			d.original = append(d.original, int32(o))
			d.stabilize = append(d.stabilize, stab[o])
			d.reduced.AddOption(p.Option(o))
		}
	}
	return d, nil
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
	for _, s := range d.stabilize {
		if s != nil {
			return true
		}
	}
	return false
}

// Problem returns the problem a backend should search: the original with the
// pivot's redundant options removed.
func (d *Distinct) Problem() *Problem { return d.reduced }

// Solve runs a backend on the reduced problem and reports each distinct
// solution with option indices of the original problem. A nil visit only
// counts.
func (d *Distinct) Solve(ctx context.Context, b Backend, visit Visit) (Stats, error) {
	if visit == nil && !d.Checked() {
		return b.Solve(ctx, d.reduced, nil)
	}
	if visit == nil {
		visit = func([]int) bool { return true }
	}
	var found int64
	st, err := b.Solve(ctx, d.reduced, func(sol []int) bool {
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
	var checks []Symmetry
	for _, o := range sol {
		if d.original != nil {
			if s := d.stabilize[o]; s != nil {
				checks = s
			}
			o = int(d.original[o])
		}
		d.buf = append(d.buf, o)
	}
	if d.pivot < 0 {
		checks = d.group
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

// choosePivot returns the primary item of exact multiplicity one whose
// options every symmetry keeps among themselves and which leaves the fewest
// options after reduction, or -1.
func choosePivot(p *Problem, group []Symmetry) int {
	best, bestKept := -1, 0
	for it, item := range p.Items {
		if item.Secondary || item.Lo != 1 || item.Hi != 1 {
			continue
		}
		opts := optionsOf(p, it)
		closed, kept := true, 0
		for _, o := range opts {
			for _, g := range group {
				if !coversItem(p, int(g[o]), it) {
					closed = false
					break
				}
			}
			if !closed {
				break
			}
			if representative(o, group) {
				kept++
			}
		}
		if closed && len(opts) > 0 && (best < 0 || kept < bestKept) {
			best, bestKept = it, kept
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

func optionsOf(p *Problem, item int) []int {
	var out []int
	for o := 0; o < p.NumOptions(); o++ {
		if coversItem(p, o, item) {
			out = append(out, o)
		}
	}
	return out
}

func coversItem(p *Problem, o, item int) bool {
	for _, e := range p.Option(o) {
		if int(e.Item) == item {
			return true
		}
	}
	return false
}
