package sudoku

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"github.com/polyspec/polyspec/cover"
)

// A Technique is a step of logic that places a digit or rules one out,
// as people solve Sudoku. Each works on any layout: rows, columns, blocks
// and extra groups are all groups alike.
type Technique int

// The techniques, easiest first: Rate tries them in this order.
const (
	// HiddenSingle: a digit has one cell left in a group.
	HiddenSingle Technique = iota
	// NakedSingle: a cell has one digit left.
	NakedSingle
	// LockedCandidates: a digit's cells left in a group all lie in
	// another group too, so it is ruled out of that group's other cells
	// (pointing, and claiming, in the usual names).
	LockedCandidates
	// NakedPair, NakedTriple: k cells of a group have only k digits left
	// between them, ruled out of the group's other cells.
	NakedPair
	NakedTriple
	// HiddenPair, HiddenTriple: k digits have only k cells left in a
	// group, which lose every other digit.
	HiddenPair
	HiddenTriple
	numTechniques
)

var techniqueNames = [numTechniques]string{"hidden single", "naked single", "locked candidates", "naked pair", "naked triple", "hidden pair", "hidden triple"}

func (t Technique) String() string { return techniqueNames[t] }

// A Rating says what solving a puzzle takes: how often each technique
// was used, and, when they stall, the search that finishes the grid.
type Rating struct {
	Uses [numTechniques]int
	// Left counts the blank cells the techniques could not fill; then
	// Search is the exact-cover search of the grid as they left it,
	// through to its end.
	Left   int
	Search cover.Stats
}

// Level names the difficulty from the hardest step needed: "easy" for
// singles, "medium" for locked candidates, "hard" for pairs and triples,
// "needs search" when the techniques stall.
func (r Rating) Level() string {
	switch {
	case r.Left > 0:
		return "needs search"
	case r.Uses[NakedPair]+r.Uses[NakedTriple]+r.Uses[HiddenPair]+r.Uses[HiddenTriple] > 0:
		return "hard"
	case r.Uses[LockedCandidates] > 0:
		return "medium"
	}
	return "easy"
}

// Levels are the values of Level, easiest first.
var Levels = []string{"easy", "medium", "hard", "needs search"}

// String is the level and the techniques used, with how often, for
// example "medium: hidden single ×41, naked single ×9, locked
// candidates ×2".
func (r Rating) String() string {
	var used []string
	for t, k := range r.Uses {
		if k > 0 {
			used = append(used, fmt.Sprintf("%s ×%d", Technique(t), k))
		}
	}
	s := r.Level()
	if len(used) > 0 {
		s += ": " + strings.Join(used, ", ")
	}
	if r.Left > 0 {
		s += fmt.Sprintf("; then %d blanks left to a search of %d nodes", r.Left, r.Search.Nodes)
	}
	return s
}

// Rate solves a puzzle by the techniques, always the easiest that makes
// progress, and searches with the named backend what they leave.
func (lay *Layout) Rate(ctx context.Context, givens []int, backend string) (Rating, error) {
	b, err := cover.Lookup(backend)
	if err != nil {
		return Rating{}, err
	}
	if err := lay.Check(givens); err != nil {
		return Rating{}, err
	}
	return lay.rate(ctx, b, givens)
}

func (lay *Layout) rate(ctx context.Context, b cover.Backend, givens []int) (Rating, error) {
	l := newLogic(lay, givens)
	var r Rating
	for l.left > 0 {
		t, k := l.step()
		if k == 0 {
			break
		}
		r.Uses[t] += k
	}
	if r.Left = l.left; r.Left > 0 {
		_, _, st, err := lay.search(ctx, b, l.grid, 0)
		if err != nil {
			return Rating{}, err
		}
		r.Search = st
	}
	return r, nil
}

// step applies the easiest technique that makes progress, and returns it
// and how many times it applied (0 when none does).
func (l *logic) step() (Technique, int) {
	for t, apply := range [numTechniques]func() int{
		HiddenSingle:     l.hiddenSingle,
		NakedSingle:      l.nakedSingle,
		LockedCandidates: l.locked,
		NakedPair:        func() int { return l.nakedSubset(2) },
		NakedTriple:      func() int { return l.nakedSubset(3) },
		HiddenPair:       func() int { return l.hiddenSubset(2) },
		HiddenTriple:     func() int { return l.hiddenSubset(3) },
	} {
		if k := apply(); k > 0 {
			return Technique(t), k
		}
	}
	return 0, 0
}

// logic is a grid being solved by the techniques: its digits, and each
// blank cell's candidates as bits, 1<<(d-1) for digit d.
type logic struct {
	lay  *Layout
	grid []int
	cand []uint32
	left int
	// crossings are the layout's crossings, found once per puzzle.
	crossings [][2]int
}

func newLogic(lay *Layout, givens []int) *logic {
	n := lay.N
	l := &logic{lay: lay, grid: make([]int, n*n), cand: make([]uint32, n*n), crossings: lay.crossings()}
	for c := range l.cand {
		l.cand[c] = 1<<n - 1
	}
	l.left = n * n
	for c, d := range givens {
		if d != 0 {
			l.place(c, d)
		}
	}
	return l
}

// place puts d in c and rules it out of the cells that share a group.
func (l *logic) place(c, d int) {
	l.grid[c], l.cand[c] = d, 0
	l.left--
	for _, g := range l.lay.ofCell[c] {
		for _, o := range l.lay.groups[g] {
			l.cand[o] &^= 1 << (d - 1)
		}
	}
}

// where returns the cells of group g where d may go, as bits by their
// place in the group.
func (l *logic) where(g, d int) uint32 {
	var at uint32
	for i, c := range l.lay.groups[g] {
		if l.cand[c]&(1<<(d-1)) != 0 {
			at |= 1 << i
		}
	}
	return at
}

// hiddenSingle places every digit that has one cell left in some group,
// as one pass finds them; it returns how many it placed.
func (l *logic) hiddenSingle() int {
	placed := 0
	for g, cells := range l.lay.groups {
		for d := 1; d <= l.lay.N; d++ {
			if at := l.where(g, d); bits.OnesCount32(at) == 1 {
				l.place(cells[bits.TrailingZeros32(at)], d)
				placed++
			}
		}
	}
	return placed
}

// nakedSingle places every cell that has one digit left.
func (l *logic) nakedSingle() int {
	placed := 0
	for c, m := range l.cand {
		if bits.OnesCount32(m) == 1 {
			l.place(c, bits.TrailingZeros32(m)+1)
			placed++
		}
	}
	return placed
}

// locked rules out, for the first digit and pair of groups where it
// applies, the digit from the cells of one group outside the other, when
// the digit's cells left in the other all lie in both. It returns 1 if it
// did, else 0.
func (l *logic) locked() int {
	for _, p := range l.crossings {
		inner, outer := l.lay.groups[p[0]], l.lay.groups[p[1]]
		for d := 1; d <= l.lay.N; d++ {
			at := l.where(p[0], d)
			if at == 0 {
				continue
			}
			shared := true
			for i := range inner {
				if at&(1<<i) != 0 && !l.lay.inGroup(inner[i], p[1]) {
					shared = false
					break
				}
			}
			if !shared {
				continue
			}
			ruled := 0
			for _, c := range outer {
				if !l.lay.inGroup(c, p[0]) && l.cand[c]&(1<<(d-1)) != 0 {
					l.cand[c] &^= 1 << (d - 1)
					ruled++
				}
			}
			if ruled > 0 {
				return 1
			}
		}
	}
	return 0
}

// crossings lists the ordered pairs of groups that share two cells or
// more, where locked candidates can apply.
func (lay *Layout) crossings() [][2]int {
	var out [][2]int
	for a := range lay.groups {
		for b := range lay.groups {
			shared := 0
			for _, c := range lay.groups[a] {
				if a != b && lay.inGroup(c, b) {
					shared++
				}
			}
			if shared >= 2 {
				out = append(out, [2]int{a, b})
			}
		}
	}
	return out
}

func (lay *Layout) inGroup(c, g int) bool {
	for _, h := range lay.ofCell[c] {
		if h == g {
			return true
		}
	}
	return false
}

// subsets calls f with every set of k of the indices 0 to n-1, as bits,
// until f returns true.
func subsets(n, k int, f func(set uint32) bool) bool {
	var rec func(from, k int, set uint32) bool
	rec = func(from, k int, set uint32) bool {
		if k == 0 {
			return f(set)
		}
		for i := from; i <= n-k; i++ {
			if rec(i+1, k-1, set|1<<i) {
				return true
			}
		}
		return false
	}
	return rec(0, k, 0)
}

// nakedSubset finds k blank cells of a group with k digits left between
// them and rules those digits out of the group's other cells: 1 if it
// ruled any out, else 0.
func (l *logic) nakedSubset(k int) int {
	for _, cells := range l.lay.groups {
		var blank []int
		for _, c := range cells {
			if l.cand[c] != 0 {
				blank = append(blank, c)
			}
		}
		if len(blank) <= k {
			continue
		}
		if subsets(len(blank), k, func(set uint32) bool {
			var digits uint32
			for i, c := range blank {
				if set&(1<<i) != 0 {
					digits |= l.cand[c]
				}
			}
			if bits.OnesCount32(digits) != k {
				return false
			}
			ruled := false
			for i, c := range blank {
				if set&(1<<i) == 0 && l.cand[c]&digits != 0 {
					l.cand[c] &^= digits
					ruled = true
				}
			}
			return ruled
		}) {
			return 1
		}
	}
	return 0
}

// hiddenSubset finds k digits with only k cells left in a group and rules
// every other digit out of those cells: 1 if it ruled any out, else 0.
func (l *logic) hiddenSubset(k int) int {
	n := l.lay.N
	for g, cells := range l.lay.groups {
		var digits []int
		var where []uint32
		for d := 1; d <= n; d++ {
			if at := l.where(g, d); at != 0 {
				digits = append(digits, d)
				where = append(where, at)
			}
		}
		if len(digits) <= k {
			continue
		}
		if subsets(len(digits), k, func(set uint32) bool {
			var at, keep uint32
			for i, d := range digits {
				if set&(1<<i) != 0 {
					at |= where[i]
					keep |= 1 << (d - 1)
				}
			}
			if bits.OnesCount32(at) != k {
				return false
			}
			ruled := false
			for i, c := range cells {
				if at&(1<<i) != 0 && l.cand[c]&^keep != 0 {
					l.cand[c] &= keep
					ruled = true
				}
			}
			return ruled
		}) {
			return 1
		}
	}
	return 0
}
