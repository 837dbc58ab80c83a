package pips

import (
	"fmt"
	"slices"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/grammar"
)

// A regionSet is what Compile needs of the game's regions: which cell is
// in which, the bounds of all pips, and the secondary items of the rules
// that exact cover says (grammar.Coverer).
type regionSet struct {
	g      *Game
	p      *cover.Problem
	of     map[grammar.Point]int
	lo, hi int
	items  map[int][]int32 // region -> its rule's items
	shares []share         // split's result, reused
	pips   []int           // the pips of shares
}

func newRegionSet(g *Game, p *cover.Problem, lo, hi int) *regionSet {
	rs := &regionSet{g: g, p: p, of: map[grammar.Point]int{}, lo: lo, hi: hi, items: map[int][]int32{}}
	for i, r := range g.Regions {
		for _, c := range r.Cells {
			rs.of[c] = i
		}
		cr, ok := r.Rule.(grammar.Coverer)
		if len(r.Cells) < 2 || !ok {
			continue // dropping placements says everything about one cell
		}
		for _, name := range cr.CoverItems(lo, hi) {
			rs.items[i] = append(rs.items[i], int32(p.AddSecondary(fmt.Sprintf("R%d%s", i+1, name))))
		}
	}
	return rs
}

// A share is the pips a placement puts in one region.
type share struct {
	region int
	pips   []int
}

// split returns the pips a placement puts in each region it touches, in
// order of regions. The result is valid until the next call: Compile tries
// thousands of placements, and allocating for each showed in profiles.
func (rs *regionSet) split(cells look) []share {
	type at struct{ region, pips int }
	var buf [8]at
	found := buf[:0]
	for _, c := range cells {
		if r, ok := rs.of[c.Point]; ok {
			found = append(found, at{r, c.Pips})
		}
	}
	slices.SortStableFunc(found, func(a, b at) int { return a.region - b.region })
	rs.shares, rs.pips = rs.shares[:0], rs.pips[:0]
	for _, f := range found {
		rs.pips = append(rs.pips, f.pips)
	}
	start := 0
	for i, f := range found {
		if i+1 == len(found) || found[i+1].region != f.region {
			rs.shares = append(rs.shares, share{region: f.region, pips: rs.pips[start : i+1 : i+1]})
			start = i + 1
		}
	}
	return rs.shares
}

// allows reports whether a placement leaves every region it touches able
// to meet its rule, whatever the other pieces bring.
func (rs *regionSet) allows(cells look) bool {
	for _, s := range rs.split(cells) {
		reg := rs.g.Regions[s.region]
		if !reg.Rule.Feasible(s.pips, len(reg.Cells)-len(s.pips), rs.lo, rs.hi) {
			return false
		}
	}
	return true
}

// entries returns a placement's secondary entries: the items its pips
// take in each region whose rule exact cover says.
func (rs *regionSet) entries(cells look) []cover.Entry {
	var out []cover.Entry
	for _, s := range rs.split(cells) {
		items, ok := rs.items[s.region]
		if !ok {
			continue
		}
		for _, e := range rs.g.Regions[s.region].Rule.(grammar.Coverer).CoverEntries(s.pips, rs.lo) {
			en := cover.Entry{Item: items[e.Item]}
			if e.Color != "" {
				en.Color = rs.p.Color(e.Color)
			}
			out = append(out, en)
		}
	}
	return out
}

// searched returns the regions whose rules only a search that tracks
// values can check: arithmetic rules on two cells or more.
func (rs *regionSet) searched(cellItem map[grammar.Point]int32) []cover.Region {
	var out []cover.Region
	for i, r := range rs.g.Regions {
		if r.Rule.Kind() != grammar.Arithmetic || len(r.Cells) < 2 {
			continue
		}
		items := make([]int, len(r.Cells))
		for j, c := range r.Cells {
			items[j] = int(cellItem[c])
		}
		out = append(out, cover.Region{Name: fmt.Sprintf("R%d %s", i+1, r.Rule), Items: items, Rule: r.Rule})
	}
	return out
}
