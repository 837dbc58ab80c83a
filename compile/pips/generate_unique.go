package pips

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/grammar"
)

// uniqueNodes bounds each search of makeUnique, in options tried. A game
// with weak constraints can take the solver minutes to tell whether a
// second solution exists, where one with tighter constraints takes
// milliseconds; a bound in nodes rather than seconds keeps the outcome the
// same on every run and every machine.
const uniqueNodes = 1 << 16

// releaseNodes bounds each search of release, which makes one per region
// it tries to take out: a region whose absence takes the solver longer to
// see through stays.
const releaseNodes = 1 << 12

// errSamePips says that two solutions show the same pips on every cell, in
// pieces laid otherwise: no constraint tells them apart, but other pips
// may.
var errSamePips = fmt.Errorf("%w: another solution shows the same pips on every cell, in pieces laid otherwise, which no constraint tells apart", ErrNotUnique)

// makeUnique makes the generator's solution the game's only one. First
// each cell in no region goes into a new region of one or two free cells
// with a rule that rules out at least half the pips such a region could
// show, and weaker rules are replaced: the solver needs constraints
// everywhere to finish quickly. Then, while the solver finds a solution
// other than the generator's, it adds or tightens a constraint that the
// other solution breaks and the generator's meets, where their pips differ
// (see exclude); and while the solver needs more than uniqueNodes to tell,
// it tightens the weakest constraint. Constraints only ever get tighter, so
// each round rules out at least the solution found or makes the search
// smaller, and the rounds are bounded. Last, release takes out the new
// regions that uniqueness does not need.
func (gen *generator) makeUnique(out *Generated) error {
	gen.constrain()
	own := solutionKey(out.Solution)
	rounds := 4*len(gen.b.points) + 64
	for range rounds {
		other, complete, err := gen.other(out, own, uniqueNodes)
		switch {
		case err != nil:
			return err
		case !complete:
			if !gen.tightenWeakest() {
				return fmt.Errorf("%w: the solver needs more than %d nodes to tell whether there is a second solution, and no constraint can be tightened", ErrNotUnique, uniqueNodes)
			}
		case other == nil:
			return gen.release(out, own)
		default:
			if err := gen.exclude(other); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("%w: the game still has other solutions after %d rounds", ErrNotUnique, rounds)
}

// other solves the game as the regions now stand, within a bound of nodes, and
// returns the pips of each cell in a solution other than the generator's,
// or nil if there is none. complete is false if the solver gave up.
func (gen *generator) other(out *Generated, own string, nodes int64) (pips []int, complete bool, err error) {
	g := &Game{Name: out.Game.Name, Board: out.Game.Board, Pieces: out.Game.Pieces, Regions: gen.gameRegions(), PiecesPos: gen.c.PiecesPos}
	c, err := Compile(g, gen.opts.MaxPlacements)
	if err != nil {
		return nil, false, err
	}
	var other []Placement
	found, mine := 0, false
	_, complete, err = c.solveWithin(gen.ctx, nodes, func(sol []Placement) bool {
		found++
		if solutionKey(sol) == own {
			mine = true
		} else if other == nil {
			other = sol
		}
		return found < 2
	})
	switch {
	case err != nil || !complete:
		return nil, false, err
	case other == nil && !mine:
		return nil, false, fmt.Errorf("pips: the solver does not find the generator's solution")
	case other == nil:
		return nil, true, nil
	}
	pips = make([]int, len(gen.b.points))
	for _, p := range other {
		for _, cell := range p.Cells {
			pips[gen.b.at(cell.Col, cell.Row)] = cell.Pips
		}
	}
	return pips, true, nil
}

// release takes out, one at a time in random order, each region that
// makeUnique added on free cells and without which the solver still finds
// no other solution within releaseNodes: the constraints left are those
// the game needs, or those the solver needs to see it quickly.
func (gen *generator) release(out *Generated, own string) error {
	var added []*genRegion
	for _, reg := range gen.regions {
		if reg.added {
			added = append(added, reg)
		}
	}
	gen.r.Shuffle(len(added), func(i, j int) { added[i], added[j] = added[j], added[i] })
	for _, reg := range added {
		at := slices.Index(gen.regions, reg)
		gen.regions = slices.Delete(gen.regions, at, at+1)
		other, complete, err := gen.other(out, own, releaseNodes)
		if err != nil {
			return err
		}
		if other != nil || !complete {
			gen.regions = slices.Insert(gen.regions, at, reg)
		}
	}
	return nil
}

// solveWithin is Solve with a bound on the nodes searched, and returns
// its Stats. complete is false when the search needed more: then the search is stopped (by a
// watcher of the node count, which the backends report every few thousand
// nodes), and whatever it found is to be ignored. A search that finishes
// within the bound is unaffected by the watcher, and one that needs more
// counts as given up even if it finished before the watcher saw it, so
// the answer is the same on every run.
func (c *Compiled) solveWithin(ctx context.Context, nodes int64, visit func([]Placement) bool) (st cover.Stats, complete bool, err error) {
	var counted atomic.Int64
	inner, cancel := context.WithCancel(cover.CountNodes(ctx, &counted))
	defer cancel()
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if counted.Load() > nodes {
					cancel()
					return
				}
			}
		}
	}()
	st, err = c.Solve(inner, "", visit)
	close(done)
	switch {
	case ctx.Err() != nil:
		return st, false, ctx.Err()
	case st.Nodes > nodes || counted.Load() > nodes || errors.Is(err, context.Canceled):
		return st, false, nil
	}
	return st, err == nil, err
}

// constrain gives every region a rule that says something (see
// informative) where its type has one, and puts the cells in no region
// into new regions of one or two cells with such rules.
func (gen *generator) constrain() {
	for _, reg := range gen.regions {
		if !informative(reg.rule, len(reg.cells)) {
			if rule := gen.ruleFor(reg.cells, func(r grammar.Rule) bool { return informative(r, len(reg.cells)) }); rule != nil {
				reg.rule = rule
			}
		}
	}
	owner := gen.owners()
	for _, c := range gen.r.Perm(len(owner)) {
		if owner[c] >= 0 {
			continue
		}
		var free []int
		for _, n := range gen.b.neighbours(c) {
			if owner[n] < 0 {
				free = append(free, n)
			}
		}
		cells := []int{c}
		if len(free) > 0 && gen.r.IntN(2) == 0 {
			cells = slices.Sorted(slices.Values([]int{c, free[gen.r.IntN(len(free))]}))
		}
		rule := gen.ruleFor(cells, func(r grammar.Rule) bool { return informative(r, len(cells)) })
		if rule == nil && len(cells) > 1 {
			cells = []int{c}
			rule = gen.ruleFor(cells, func(r grammar.Rule) bool { return informative(r, 1) })
		}
		if rule != nil {
			for _, d := range cells {
				owner[d] = len(gen.regions)
			}
			gen.regions = append(gen.regions, &genRegion{cells: cells, rule: rule, added: true})
		}
	}
}

// informative reports whether a rule on a region of n cells rules out at
// least half of the ways to fill it with pips from 0 to 6.
func informative(rule grammar.Rule, n int) bool {
	return 2*allowed(rule, n) <= int(math.Pow(7, float64(n)))
}

// exact reports whether a rule on one cell allows only the pips v.
func exact(rule grammar.Rule, v int) bool {
	for w := range 7 {
		if rule.Check([]int{w}) != (w == v) {
			return false
		}
	}
	return true
}

// A part is a rule on some of a region's cells, by their indices.
type part struct {
	rule  grammar.Rule
	cells []int
}

// tighter reports whether rules on parts of a region of n cells allow no
// filling of it that old does not: a region's rule replaced by tighter ones
// lets no solution back in that it ruled out, so that the rounds of
// makeUnique never undo one another.
func tighter(old grammar.Rule, n int, parts ...part) bool {
	var values []int
next:
	for region := range fillings(n) {
		for _, p := range parts {
			values = values[:0]
			for _, i := range p.cells {
				values = append(values, region[i])
			}
			if !p.rule.Check(values) {
				continue next
			}
		}
		if !old.Check(region) {
			return false
		}
	}
	return true
}

// owners returns the index of each cell's region, or -1.
func (gen *generator) owners() []int {
	owner := slices.Repeat([]int{-1}, len(gen.b.points))
	for i, reg := range gen.regions {
		for _, c := range reg.cells {
			owner[c] = i
		}
	}
	return owner
}

// exclude adds or tightens constraints that a solution with other pips
// breaks and the generator's meets: a new region on each free cell where
// they differ, else a rule of another type or target for a region where
// they differ, else such a cell split off its region into one of its own.
func (gen *generator) exclude(other []int) error {
	var diff []int
	for c, v := range other {
		if v != gen.pips[c] {
			diff = append(diff, c)
		}
	}
	if len(diff) == 0 {
		return errSamePips
	}
	gen.r.Shuffle(len(diff), func(i, j int) { diff[i], diff[j] = diff[j], diff[i] })
	owner := gen.owners()
	breaks := func(cells []int) func(grammar.Rule) bool {
		return func(rule grammar.Rule) bool {
			values := make([]int, len(cells))
			for i, c := range cells {
				values[i] = other[c]
			}
			return !rule.Check(values)
		}
	}
	added := false
	for _, c := range diff {
		if owner[c] >= 0 {
			continue
		}
		if rule := gen.ruleFor([]int{c}, breaks([]int{c})); rule != nil {
			owner[c] = len(gen.regions)
			gen.regions = append(gen.regions, &genRegion{cells: []int{c}, rule: rule, added: true})
			added = true
		}
	}
	if added {
		return nil
	}
	for _, c := range diff {
		if owner[c] < 0 {
			continue
		}
		reg := gen.regions[owner[c]]
		all := make([]int, len(reg.cells))
		for i := range all {
			all[i] = i
		}
		if rule := gen.ruleFor(reg.cells, func(r grammar.Rule) bool {
			return breaks(reg.cells)(r) && tighter(reg.rule, len(reg.cells), part{r, all})
		}); rule != nil {
			reg.rule = rule
			return nil
		}
	}
	for _, c := range diff {
		if owner[c] < 0 {
			continue
		}
		reg := gen.regions[owner[c]]
		at := slices.Index(reg.cells, c)
		rest := slices.Delete(slices.Clone(reg.cells), at, at+1)
		if len(rest) == 0 || !gen.connected(rest) {
			continue
		}
		restAt := make([]int, 0, len(rest))
		for i := range reg.cells {
			if i != at {
				restAt = append(restAt, i)
			}
		}
		single := gen.ruleFor([]int{c}, breaks([]int{c}))
		if single == nil {
			continue
		}
		kept := gen.ruleFor(rest, func(r grammar.Rule) bool {
			return tighter(reg.rule, len(reg.cells), part{r, restAt}, part{single, []int{at}})
		})
		if kept != nil {
			reg.cells, reg.rule = rest, kept
			gen.regions = append(gen.regions, &genRegion{cells: []int{c}, rule: single, added: reg.added})
			return nil
		}
	}
	for _, c := range diff {
		if owner[c] >= 0 && gen.toSingles(owner[c]) {
			return nil
		}
	}
	return fmt.Errorf("%w: no rule of the types %s tells the generator's solution from another", ErrNotUnique, ruleNames(gen.opts.Rules))
}

// toSingles replaces a region by its cells, each on its own with a rule
// that allows only its pips, which is tighter than any rule on the region.
// It reports whether the rule types have such rules.
func (gen *generator) toSingles(i int) bool {
	reg := gen.regions[i]
	singles := make([]*genRegion, len(reg.cells))
	for j, c := range reg.cells {
		rule := gen.ruleFor([]int{c}, func(r grammar.Rule) bool { return exact(r, gen.pips[c]) })
		if rule == nil {
			return false
		}
		singles[j] = &genRegion{cells: []int{c}, rule: rule, added: reg.added}
	}
	gen.regions[i] = singles[0]
	gen.regions = append(gen.regions, singles[1:]...)
	return true
}

// tightenWeakest tightens the constraint that allows the largest share of
// the ways to fill its cells: with a rule that allows at most half as many,
// or else by putting its cells each on its own (see toSingles). It
// reports whether some constraint could be tightened.
func (gen *generator) tightenWeakest() bool {
	type weak struct {
		region, allowed int
		share           float64
	}
	ws := make([]weak, len(gen.regions))
	for i, reg := range gen.regions {
		n := allowed(reg.rule, len(reg.cells))
		ws[i] = weak{i, n, float64(n) / math.Pow(7, float64(len(reg.cells)))}
	}
	slices.SortStableFunc(ws, func(a, b weak) int { return cmp.Compare(b.share, a.share) })
	for _, w := range ws {
		reg := gen.regions[w.region]
		if w.allowed <= 1 {
			continue
		}
		all := make([]int, len(reg.cells))
		for i := range all {
			all[i] = i
		}
		if rule := gen.ruleFor(reg.cells, func(r grammar.Rule) bool {
			return 2*allowed(r, len(reg.cells)) <= w.allowed && tighter(reg.rule, len(reg.cells), part{r, all})
		}); rule != nil {
			reg.rule = rule
			return true
		}
		if len(reg.cells) > 1 && gen.toSingles(w.region) {
			return true
		}
	}
	return false
}

// connected reports whether cells form one area.
func (gen *generator) connected(cells []int) bool {
	seen := []int{cells[0]}
	for i := 0; i < len(seen); i++ {
		for _, n := range gen.b.neighbours(seen[i]) {
			if slices.Contains(cells, n) && !slices.Contains(seen, n) {
				seen = append(seen, n)
			}
		}
	}
	return len(seen) == len(cells)
}
