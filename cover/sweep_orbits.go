package cover

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// An orbitCounter is a backend that counts solutions modulo a group of
// symmetries its own way rather than by Distinct's reduction and filter,
// which need a search that visits solutions, and in parts of its own
// rather than the subproblems of a split: sweep, by Burnside's lemma.
type orbitCounter interface {
	// countOrbits counts p's solutions modulo group (every solution if
	// group is nil), recording its parts in state and doing only the
	// shard's, as countSweep does.
	countOrbits(ctx context.Context, p *Problem, group []Symmetry, state *State, sh Shard) (Stats, error)
}

// countOrbits counts the classes of p's solutions under group by
// Burnside's lemma: their number is the mean, over the group's distinct
// permutations (the identity among them), of the solutions each maps
// onto themselves. The identity fixes every solution, a sweep of p; a
// symmetry g fixes the solutions made of whole orbits of g's options, so
// those are the solutions of the problem whose options are the orbits of
// g whose options share no item, each covering the items of all of them
// (see fixedBy). Each is a sweep (see sweep_parts.go).
func (sweepBackend) countOrbits(ctx context.Context, p *Problem, group []Symmetry, state *State, sh Shard) (Stats, error) {
	return countSweep(ctx, p, group, state, sh)
}

// distinctPerms returns group's distinct permutations of p's options,
// the identity first as nil, whether or not group lists it: two
// symmetries of a board may move the options alike, and Burnside's lemma
// counts the group that acts on the solutions.
func distinctPerms(p *Problem, group []Symmetry) []Symmetry {
	perms := []Symmetry{nil}
	seen := map[string]bool{}
	var key strings.Builder
	for _, g := range group {
		if isIdentity(g) {
			continue
		}
		key.Reset()
		for _, o := range g {
			key.WriteString(strconv.Itoa(int(o)))
			key.WriteByte(' ')
		}
		if !seen[key.String()] {
			seen[key.String()] = true
			perms = append(perms, g)
		}
	}
	return perms
}

// fixedBy returns the problem whose solutions are those of p that g maps
// onto themselves: its options are the cycles of g whose options cover
// no item twice, each covering every item its options cover; a cycle
// whose options overlap is in no solution that g fixes.
func fixedBy(p *Problem, g Symmetry) *Problem {
	q := sameItems(p)
	// An orbit's cells need not touch, nor be coloured as a piece's are:
	// the hints' promises are of p's options, not of these.
	q.Cells, q.Colourings = nil, nil
	seen := make([]bool, len(g))
	mark := make([]bool, len(p.Items))
	var entries []Entry
	for o := range g {
		if seen[o] {
			continue
		}
		entries = entries[:0]
		ok := true
		for c := o; !seen[c]; c = int(g[c]) {
			seen[c] = true
			for _, e := range p.Option(c) {
				if mark[e.Item] {
					ok = false
				}
				mark[e.Item] = true
				entries = append(entries, e)
			}
		}
		for _, e := range entries {
			mark[e.Item] = false
		}
		if ok {
			slices.SortFunc(entries, func(a, b Entry) int { return int(a.Item - b.Item) })
			q.AddOption(entries)
		}
	}
	return q
}
