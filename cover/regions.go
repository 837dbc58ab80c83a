package cover

import (
	"context"
	"fmt"
	"slices"
)

// A Rule is what a search needs to know of a region's rule, such as "the
// values add up to 12". Puzzle grammars declare richer rule types; any that
// has this method will do.
type Rule interface {
	// Feasible reports whether a region whose covered items hold values,
	// with open more items to be given values from lo to hi, can still
	// meet the rule. It may say true wrongly but never false wrongly, and
	// with open == 0 it must say exactly whether values meet the rule. It
	// must not depend on the order of values, keep the slice or change it.
	Feasible(values []int, open, lo, hi int) bool
}

// A Region is a set of primary items whose values must together meet a
// rule. Its items must be primary and covered exactly once (Lo == Hi == 1),
// so that a complete solution gives each of them exactly one value.
type Region struct {
	Name  string
	Items []int
	Rule  Rule
}

// A Value is a value an option gives to one of its items.
type Value struct {
	Item  int32
	Value int
}

// Regions is the part of a problem that exact cover cannot say: the values
// options give to items, and rules on the values of regions. Puzzles whose
// cells carry numbers (Pips, Kakuro-like sums) need it; a solution must
// then also meet every region's rule.
//
// Only backends that implement RegionBackend check regions; SolveRegions
// refuses the others.
type Regions struct {
	// Values[o] lists the values option o gives to its items. An option
	// that covers an item of some region must give it a value; other
	// values are allowed and ignored.
	Values [][]Value
	List   []Region
}

// Validate checks r against p: one list of values per option (or none for
// trailing options), values only on items of their option, region items
// primary with Lo == Hi == 1, and a value wherever an option covers a
// region's item.
func (r *Regions) Validate(p *Problem) error {
	if len(r.Values) > p.NumOptions() {
		return fmt.Errorf("cover: values for %d options, problem has %d", len(r.Values), p.NumOptions())
	}
	inRegion := make([]bool, len(p.Items))
	for _, reg := range r.List {
		if reg.Rule == nil {
			return fmt.Errorf("cover: region %s has no rule", reg.Name)
		}
		for i, it := range reg.Items {
			if it < 0 || it >= len(p.Items) {
				return fmt.Errorf("cover: region %s: item index %d out of range", reg.Name, it)
			}
			if item := p.Items[it]; item.Secondary || item.Lo != 1 || item.Hi != 1 {
				return fmt.Errorf("cover: region %s: item %s is not a primary item covered exactly once", reg.Name, item.Name)
			}
			if slices.Contains(reg.Items[:i], it) {
				return fmt.Errorf("cover: region %s: item %s appears twice", reg.Name, p.Items[it].Name)
			}
			inRegion[it] = true
		}
	}
	for o := range p.NumOptions() {
		var vals []Value
		if o < len(r.Values) {
			vals = r.Values[o]
		}
		for _, v := range vals {
			if !coversItem(p, o, int(v.Item)) {
				return fmt.Errorf("cover: option %d gives a value to item %d, which it does not cover", o, v.Item)
			}
		}
		for _, e := range p.Option(o) {
			if inRegion[e.Item] && valueOf(vals, e.Item) == nil {
				return fmt.Errorf("cover: option %d covers item %s of a region without giving it a value", o, p.Items[e.Item].Name)
			}
		}
	}
	return nil
}

// valueOf returns the value vals give to item, or nil.
func valueOf(vals []Value, item int32) *Value {
	for i := range vals {
		if vals[i].Item == item {
			return &vals[i]
		}
	}
	return nil
}

// A RegionBackend is a Backend that also checks regions' rules.
type RegionBackend interface {
	Backend
	// SolveRegions is Solve for the solutions of p that also meet every
	// rule in r.
	SolveRegions(ctx context.Context, p *Problem, r *Regions, visit Visit) (Stats, error)
}

// SolveRegions solves p under the rules of r with b. A problem with no
// region is an ordinary one, which any backend solves. Otherwise a backend
// that does not check regions is refused with an error naming one that
// does: it would return covers that break the rules, and filtering them
// afterwards could take forever on a puzzle whose covers are many and whose
// solutions are few.
func SolveRegions(ctx context.Context, b Backend, p *Problem, r *Regions, visit Visit) (Stats, error) {
	if r == nil || len(r.List) == 0 {
		return b.Solve(ctx, p, visit)
	}
	rb, ok := b.(RegionBackend)
	if !ok {
		return Stats{}, fmt.Errorf("cover: backend %s cannot check rules on regions (sums, comparisons); use backend %s", b.Name(), sumsName)
	}
	return rb.SolveRegions(ctx, p, r, visit)
}
