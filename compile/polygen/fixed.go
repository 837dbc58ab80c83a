package polygen

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
)

// Fixed is a puzzle made unique by fixing some pieces of one of its
// solutions where they lie, as the rule language's "X at CELLS" does.
type Fixed struct {
	// Solution is the puzzle's one solution once the pieces are fixed.
	Solution []Placed
	// Fixed lists the fixed pieces, in the order of the puzzle's
	// placements.
	Fixed []Placed
	// Unique is the search of the puzzle with the fixed pieces, which ran
	// on for a second solution and found none.
	Unique Proof
	// Needed holds, for each fixed piece, the search of the puzzle
	// without it, which found a second solution: every piece is needed.
	Needed []Proof
	// MinimumChecked reports whether every set of one piece fewer from the
	// solution was searched (MinimumSearches searches); Minimum, whether
	// none of them made the solution unique, so that no smaller set of the
	// solution's pieces does, since fixing more pieces only takes
	// solutions away.
	MinimumChecked, Minimum bool
	MinimumSearches         int
	// Searches and Nodes count every search, the proofs among them.
	Searches, Nodes int64
}

// DefaultMinimumSearches is how many searches FixPieces spends at most on
// showing that no smaller set of fixed pieces exists.
const DefaultMinimumSearches = 2000

// FixPieces makes the puzzle unique by fixing some pieces of one of its
// solutions, drawn at random: it fixes the solution's pieces one at a time,
// in a random order, until the puzzle has one solution, then unfixes each
// piece the solution stays unique without, so that every piece left is
// needed. With maxMinimum searches or fewer (0: DefaultMinimumSearches,
// negative: none) it then tries every set of one piece fewer, taking any
// that fixes the solution and trying again, until none does: the set is
// then the smallest among the solution's pieces.
//
// Solutions are counted in full, without the board's symmetry: one
// solution means one, not one up to a turn of the board.
func FixPieces(ctx context.Context, pz *compile.Puzzle, maxMinimum int, opt Options) (*Fixed, error) {
	s, err := newSearcher(ctx, opt)
	if err != nil {
		return nil, err
	}
	sol, err := s.first(pz.Problem)
	switch {
	case err != nil:
		return nil, err
	case sol == nil:
		return nil, ErrNoSolution
	}
	var pieces []int // the solution's options that place a piece
	for _, o := range sol {
		if len(pz.Placement(o).Cells) > 0 {
			pieces = append(pieces, o)
		}
	}
	slices.Sort(pieces)
	f := &fixer{s: s, p: pz.Problem}
	order := slices.Clone(pieces)
	s.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	var fixed []int
	for _, o := range order {
		fixed = append(fixed, o)
		s.progress.Best.Store(int64(len(fixed)))
		if n, err := f.count(fixed); err != nil || n == 1 {
			if err != nil {
				return nil, err
			}
			break
		}
	}
	if fixed, err = f.drop(fixed); err != nil {
		return nil, err
	}
	out := &Fixed{}
	if maxMinimum == 0 {
		maxMinimum = DefaultMinimumSearches
	}
	if fixed, err = f.minimum(pieces, fixed, maxMinimum, out); err != nil {
		return nil, err
	}
	slices.Sort(fixed)
	if err := f.prove(fixed, out); err != nil {
		return nil, err
	}
	out.Solution, out.Fixed = placed(pz, sol), placed(pz, fixed)
	out.Searches, out.Nodes = s.progress.Searches.Load(), s.progress.Nodes.Load()
	return out, nil
}

type fixer struct {
	s *searcher
	p *cover.Problem
}

// problem is p with each fixed option given an item of its own, which no
// other option covers: as "X at CELLS" compiles.
func (f *fixer) problem(fixed []int) *cover.Problem {
	q := withItems(f.p)
	extra := make(map[int]int32, len(fixed))
	for _, o := range fixed {
		extra[o] = int32(q.AddPrimary(fmt.Sprintf("fixed %d", o)))
	}
	for o := range f.p.NumOptions() {
		es := entriesOf(f.p, q, o)
		if it, ok := extra[o]; ok {
			es = append(slices.Clone(es), cover.Entry{Item: it})
		}
		q.AddOption(es)
	}
	return q
}

// count counts the solutions with the options fixed, up to a second.
func (f *fixer) count(fixed []int) (int64, error) {
	pr, err := f.s.count(f.problem(fixed), nil, 2)
	return pr.Solutions, err
}

// drop unfixes, in turn, each piece the solution stays unique without.
// A piece kept is needed for good: unfixing others only lets in more
// solutions.
func (f *fixer) drop(fixed []int) ([]int, error) {
	for i := 0; i < len(fixed); {
		without := slices.Delete(slices.Clone(fixed), i, i+1)
		n, err := f.count(without)
		if err != nil {
			return nil, err
		}
		if n == 1 {
			fixed = without
			f.s.progress.Best.Store(int64(len(fixed)))
			continue
		}
		i++
	}
	return fixed, nil
}

// minimum searches every set of one piece fewer than fixed, while there
// are at most budget of them, for one that makes the solution unique; it
// takes any it finds, made minimal, and tries again.
func (f *fixer) minimum(pieces, fixed []int, budget int, out *Fixed) ([]int, error) {
	for budget > 0 && len(fixed) > 1 {
		k := len(fixed) - 1
		if sets := new(big.Int).Binomial(int64(len(pieces)), int64(k)); !sets.IsInt64() || sets.Int64() > int64(budget) {
			return fixed, nil
		}
		var found []int
		for set := range subsets(pieces, k) {
			budget--
			out.MinimumSearches++
			n, err := f.count(set)
			if err != nil {
				return nil, err
			}
			if n == 1 {
				found = set
				break
			}
		}
		if found == nil {
			out.MinimumChecked, out.Minimum = true, true
			return fixed, nil
		}
		var err error
		if fixed, err = f.drop(found); err != nil {
			return nil, err
		}
	}
	// One piece, or none: drop saw the puzzle without it have a second
	// solution.
	out.MinimumChecked = len(fixed) <= 1
	out.Minimum = out.MinimumChecked
	return fixed, nil
}

// subsets yields the k-element subsets of xs in lexicographic order, each
// in a slice of its own.
func subsets(xs []int, k int) func(yield func([]int) bool) {
	return func(yield func([]int) bool) {
		idx := make([]int, k)
		for i := range idx {
			idx[i] = i
		}
		for {
			set := make([]int, k)
			for i, j := range idx {
				set[i] = xs[j]
			}
			if !yield(set) {
				return
			}
			i := k - 1
			for i >= 0 && idx[i] == len(xs)-k+i {
				i--
			}
			if i < 0 {
				return
			}
			idx[i]++
			for j := i + 1; j < k; j++ {
				idx[j] = idx[j-1] + 1
			}
		}
	}
}

// prove searches again: one solution with the pieces fixed, and a second
// without any one of them.
func (f *fixer) prove(fixed []int, out *Fixed) error {
	pr, err := f.s.count(f.problem(fixed), nil, 2)
	if err != nil {
		return err
	}
	if pr.Solutions != 1 {
		return fmt.Errorf("polygen: the fixed pieces leave %d solutions", pr.Solutions)
	}
	out.Unique = pr
	for i := range fixed {
		pr, err := f.s.count(f.problem(slices.Delete(slices.Clone(fixed), i, i+1)), nil, 2)
		if err != nil {
			return err
		}
		if pr.Solutions < 2 {
			return fmt.Errorf("polygen: fixed piece %d of %d is not needed", i+1, len(fixed))
		}
		out.Needed = append(out.Needed, pr)
	}
	return nil
}
