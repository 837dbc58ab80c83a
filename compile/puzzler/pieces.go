package puzzler

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/compile"
)

// A piece is one piece of the file's first solution.
type piece struct {
	name  string
	cells []compile.Cell // where the solution puts it; nil if left out
	shape []compile.Cell // normalized
}

// pieceSet writes the pieces rule for a list of pieces, using the
// library's groups and names where they give exactly the file's shapes,
// and returns the shapes the spec must define for the rest.
func pieceSet(l compile.Lattice, pieces []piece, oneSided bool) (string, []compile.Shape) {
	w := &ruleWriter{l: l, lib: compile.LibraryFor(l), oneSided: oneSided, all: pieces, left: slices.Clone(pieces)}
	var orders []string
	for n := 1; n <= w.lib.MaxOrder(); n++ {
		if w.take(w.lib.Order(n)) {
			orders = append(orders, strconv.Itoa(n))
		}
	}
	terms := orderTerms(orders)
	// Larger sets first: a set of eight tetracubes beats its subsets.
	setNames := w.lib.Sets()
	slices.SortStableFunc(setNames, func(a, b string) int {
		sa, _ := w.lib.Set(a)
		sb, _ := w.lib.Set(b)
		return cmp.Compare(len(sb), len(sa))
	})
	for _, name := range setNames {
		if set, _ := w.lib.Set(name); w.take(set) {
			terms = append(terms, name)
		}
	}
	names, defined := w.names()
	terms = append(terms, names...)
	for _, x := range w.excluded {
		terms = append(terms, "-"+x)
	}
	return strings.Join(terms, ","), defined
}

// A ruleWriter takes the file's pieces, group by group, into terms.
type ruleWriter struct {
	l        compile.Lattice
	lib      *compile.Library
	oneSided bool
	all      []piece
	left     []piece  // the pieces no term brings yet
	excluded []string // the names to take away from the groups
}

// maxExcluded is how many pieces of a group a rule may take away ("5*,-X")
// rather than name the others.
const maxExcluded = 3

// take takes the pieces that match a group of library shapes, all of them
// or all but a few, which it adds to the excluded names. A one-sided rule
// brings both hands of a group, so the group must match with both.
func (w *ruleWriter) take(group []compile.Shape) bool {
	if w.oneSided {
		group = w.lib.OneSided(group)
	}
	var used []int // group names differ, so each finds its own piece
	var missing []string
	for _, s := range group {
		i := slices.IndexFunc(w.left, func(p piece) bool { return p.name == s.Name && congruent(w.l, s.Cells, p.shape, w.oneSided) })
		if i < 0 {
			missing = append(missing, s.Name)
			continue
		}
		used = append(used, i)
	}
	// Most of the group must be there for a group to be the shorter way.
	if len(missing) > maxExcluded || len(used) < 2*len(missing) {
		return false
	}
	// An excluded name must not take away a piece another term brings.
	for _, m := range missing {
		if slices.ContainsFunc(w.all, func(p piece) bool { return p.name == m }) {
			return false
		}
	}
	slices.Sort(used)
	for _, i := range slices.Backward(used) {
		w.left = slices.Delete(w.left, i, i+1)
	}
	w.excluded = append(w.excluded, missing...)
	return true
}

// names writes the pieces no group brings by name ("L*2" for copies) and
// returns those whose shape the library does not give that name.
func (w *ruleWriter) names() ([]string, []compile.Shape) {
	var names []string
	var defined []compile.Shape
	copies := map[string]int{}
	for _, p := range w.left {
		copies[p.name]++
	}
	for _, p := range w.left {
		switch n := copies[p.name]; n {
		case 0:
			continue // named already
		case 1:
			names = append(names, p.name)
		default:
			names = append(names, fmt.Sprintf("%s*%d", p.name, n))
		}
		copies[p.name] = 0
		// A free rule may not name a mirror image ("p"), so such a name is
		// defined as its own shape.
		s, ok := w.lib.Lookup(p.name)
		if !ok || !w.oneSided && !w.lib.Named(p.name) || !congruent(w.l, s.Cells, p.shape, w.oneSided) {
			defined = append(defined, compile.Shape{Name: p.name, Cells: p.shape})
		}
	}
	return names, defined
}

// orderTerms writes whole orders as one run ("1234") where the grammar
// allows, else one "n*" each.
func orderTerms(orders []string) []string {
	if len(orders) < 2 || slices.ContainsFunc(orders, func(o string) bool { return len(o) > 1 }) {
		for i, o := range orders {
			orders[i] = o + "*"
		}
		return orders
	}
	return []string{strings.Join(orders, "")}
}

// congruent reports whether shape a can be moved onto b (both normalized)
// by a motion pieces may make.
func congruent(l compile.Lattice, a, b []compile.Cell, oneSided bool) bool {
	if len(a) != len(b) {
		return false
	}
	for _, m := range compile.PieceMotions(l, oneSided) {
		if slices.Equal(compile.Transform(l, m, a), b) {
			return true
		}
	}
	return false
}

// chiralPair reports whether two pieces are mirror images of each other
// and not the same shape: a set that holds both is one-sided.
func chiralPair(l compile.Lattice, a, b []compile.Cell) bool {
	return l.Flips() && !congruent(l, a, b, true) && congruent(l, a, b, false)
}
