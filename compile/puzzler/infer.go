package puzzler

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/spec"
)

// FileSource is the expect-source of a count taken from a solution file
// whose run was complete; DocumentedFileSource, of one that the puzzle's
// description states too.
const (
	FileSource           = "Polyform Puzzler solution file, complete run"
	DocumentedFileSource = "Polyform Puzzler documentation and solution file, complete run"
	// DocumentedSource is the expect-source of a count that only the
	// puzzle's description gives.
	DocumentedSource = "Polyform Puzzler documentation"
)

// A convention is one way Polyform Puzzler may have counted a puzzle's
// solutions, set on a copy of the imported puzzle.
type convention struct {
	says  string // how the spec's comment names it
	apply func(pz *Puzzle) bool
}

// pieceConventions are the piece sets a count may be of, the imported one
// first: the file's pieces as they are; one-sided or free when the file
// does not settle it; only the parked pieces left out.
var pieceConventions = []convention{
	{"", func(*Puzzle) bool { return true }},
	{"only the pieces its first solution leaves out may be left out", func(pz *Puzzle) bool {
		pz.Omittable = pz.LeftOut
		return len(pz.LeftOut) > 0
	}},
	{"each piece stays within one of the congruent parts of the board that the first solution's pieces fill", func(pz *Puzzle) bool {
		if pz.Wrap == 0 {
			pz.Regions = congruentParts(pz.Lattice, pz.onBoard)
		}
		return pz.Regions != nil
	}},
	{"the pieces are one-sided (never turned over)", func(pz *Puzzle) bool {
		ok := !pz.OneSided && pz.Lattice.Flips()
		pz.OneSided = true
		return ok
	}},
	{"the pieces are free (they may be turned over)", func(pz *Puzzle) bool {
		ok := pz.OneSided && !pz.chiral
		pz.OneSided = false
		return ok
	}},
	{"pieces of one shape are interchangeable (solutions that only swap them are one)", func(pz *Puzzle) bool {
		return pz.Wrap == 0 && len(pz.LeftOut) == 0 && pz.interchangeable()
	}},
}

// interchangeable gives each piece of the first solution that has the
// shape of an earlier one, under another name, that piece's name, so that
// the pieces rule names the shape once with copies ("d2*2") and solutions
// that only swap such pieces count once, as a file that counts seven-segment
// digits 2 and 5 as one does. It reports whether a piece was renamed.
func (pz *Puzzle) interchangeable() bool {
	pieces := slices.Clone(pz.onBoard)
	renamed := false
	for i := range pieces {
		for _, q := range pieces[:i] {
			if q.name != pieces[i].name && congruent(pz.Lattice, q.shape, pieces[i].shape, pz.OneSided) {
				pieces[i].name, pieces[i].shape = q.name, q.shape
				renamed = true
				break
			}
		}
	}
	if renamed {
		pz.Pieces, pz.Shapes = pieceSet(pz.Lattice, pieces, pz.OneSided)
	}
	return renamed
}

// symmetryConventions are the ways a count may treat solutions that differ
// by a symmetry of the board, the usual one first. For one piece set, the
// parts convention counts no more solutions than the first, and the others
// no fewer, in order.
var symmetryConventions = []convention{
	{"modulo the board's symmetries", func(*Puzzle) bool { return true }},
	{"modulo each part of the board moved on its own", func(pz *Puzzle) bool {
		pz.Symmetry = "parts"
		return components(pz.Lattice, pz.Board, nil) > 1
	}},
	{"modulo the board's rotations only (mirror images counted apart)", func(pz *Puzzle) bool {
		pz.Symmetry = "rotations"
		return true
	}},
	{"with no symmetry reduction", func(pz *Puzzle) bool {
		pz.AllSolutions = true
		return true
	}},
}

// Infer finds the counting convention under which the spec reproduces the
// target (the file's complete count, or else the one the puzzle's
// description states; none: Infer does nothing), trying the piece conventions in order and, for
// each, the symmetry conventions, each count cut off after budget of CPU
// time (more for the conventions that count more solutions than the usual
// one: scaledBudget). It sets
// the puzzle's convention and Expect when one reproduces the count, and
// Note either way: how the convention was found, or why no expect is
// written. An error is a failure to count, not a count that differs.
func (pz *Puzzle) Infer(ctx context.Context, b cover.Backend, budget time.Duration) error {
	if pz.TargetSource == "" {
		return nil
	}
	target, whose := pz.Target, "the file's count"
	if pz.TargetSource == DocumentedSource {
		whose = "the description's count"
	}
	seen := map[string]bool{} // the specs counted, as written
	var tried []string
	for i, pc := range pieceConventions {
		var usual int64 = -1       // the count modulo the board's symmetries
		var usualCPU time.Duration // and the CPU time it took
		for j, sc := range symmetryConventions {
			c := pz.variant()
			if !pc.apply(c) || !sc.apply(c) {
				continue
			}
			// Only a convention that counts the other way from the usual
			// one can reach the target.
			if j == 1 && usual < target || j > 1 && usual > target {
				continue
			}
			text := string(c.TOML())
			if seen[text] {
				continue
			}
			seen[text] = true
			limit := budget
			if j > 1 && usual > 0 {
				limit = scaledBudget(budget, usualCPU, float64(target)/float64(usual))
			}
			start := cpuTime()
			n, err := countSpec(ctx, c, b, limit)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			switch {
			case errors.Is(err, errBudget):
				if i == 0 && len(tried) == 0 {
					pz.Note = fmt.Sprintf("No expect: counting this spec takes more than %s of CPU time, so %s, %d, could not be checked.", budget, whose, target)
					return nil
				}
				tried = append(tried, fmt.Sprintf("%s%s: more than %s", sc.says, with(pc.says), limit))
				continue
			case err != nil && i == 0 && j == 0:
				return fmt.Errorf("%s: counting the spec written: %v", pz.Source, err)
			case err != nil && j == 0:
				// Pieces the puzzle cannot have, as one-sided pieces that
				// no longer fill the board.
				tried = append(tried, fmt.Sprintf("when %s: no such puzzle", pc.says))
			case err != nil:
				tried = append(tried, fmt.Sprintf("%s%s: no such puzzle", sc.says, with(pc.says)))
				continue
			}
			if err != nil {
				break
			}
			if j == 0 {
				usual, usualCPU = n, cpuTime()-start
			}
			tried = append(tried, fmt.Sprintf("%s%s: %d", sc.says, with(pc.says), n))
			if n == target {
				*pz = *c
				pz.Expect = true
				pz.Note = fmt.Sprintf("%s, %d, is the number of solutions %s%s: found by counting this spec under each standard convention in turn.", capitalized(whose), n, sc.says, with(pc.says))
				return nil
			}
		}
	}
	// Last, a restricted piece: the count, without reduction, of the
	// puzzle with one asymmetric piece kept to a few of its turns.
	rs := pz.restrictions()
	for _, r := range rs {
		n, err := countSpec(ctx, r.puzzle, b, budget)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if errors.Is(err, errBudget) {
			tried = append(tried, fmt.Sprintf("%s: more than %s", r.says, budget))
			break
		}
		if err != nil || n != target {
			continue
		}
		*pz = *r.puzzle
		pz.Expect = true
		pz.Note = fmt.Sprintf("%s, %d, is the number of solutions with no symmetry reduction when %s: found by counting this spec under each standard convention in turn, and then with each asymmetric piece restricted so.", capitalized(whose), n, r.says)
		return nil
	}
	if len(rs) > 0 {
		tried = append(tried, fmt.Sprintf("no reduction with one asymmetric piece restricted to a run of its turns: %d tried, none", len(rs)))
	}
	pz.Note = fmt.Sprintf("No expect: no standard convention reproduces %s, %d (%s).", whose, target, strings.Join(tried, "; "))
	return nil
}

// A restriction is the puzzle with one piece kept to some of its
// orientations, and how the spec's comment says so.
type restriction struct {
	puzzle *Puzzle
	says   string
}

// restrictions are the ways Polyform Puzzler commonly breaks a plane
// board's symmetry: one asymmetric piece (one with as many orientations as
// the lattice has motions for it, and no congruent twin) kept, never
// turned over, to a run of k consecutive turns, k a proper divisor of the
// number of turns, the run holding the turn the file's first solution
// shows. Such a count has no
// reduction: the restriction is the reduction, and it need not match the
// board's own symmetry (a rule meant for a more symmetric board of the same
// set, counted on a less symmetric one, undercounts). The lattice's
// rotations must be the powers of its first one, so that a run of turns
// is defined.
func (pz *Puzzle) restrictions() []restriction {
	if pz.Wrap != 0 || len(pz.LeftOut) > 0 {
		return nil
	}
	var rotations []compile.Motion
	for _, m := range pz.Lattice.Motions() {
		if !m.Reflect {
			rotations = append(rotations, m)
		}
	}
	n := len(rotations)
	if n < 2 {
		return nil
	}
	var out []restriction
	for _, p := range pz.onBoard {
		if slices.ContainsFunc(pz.onBoard, func(q piece) bool { return q.name != p.name && congruent(pz.Lattice, q.shape, p.shape, pz.OneSided) }) {
			continue // a restriction of one of two like pieces is no restriction
		}
		turns := turnsOf(pz.Lattice, rotations[1], p.shape, n)
		if turns == nil || !asymmetric(pz.Lattice, p.shape, pz.OneSided) {
			continue
		}
		for k := 1; k < n; k++ {
			if n%k != 0 {
				continue
			}
			for start := n - k + 1; start <= n; start++ { // runs holding turn 0
				c := pz.variant()
				c.AllSolutions = true
				for i := range k {
					c.Restricted = append(c.Restricted, compile.Shape{Name: p.name, Cells: turns[(start+i)%n]})
				}
				out = append(out, restriction{c, fmt.Sprintf("%s may take only %d of its %d turns, not turned over, a run that holds the one its first solution shows", p.name, k, n)})
			}
		}
	}
	return out
}

// asymmetric reports whether every motion a piece may make gives another
// orientation of the shape.
func asymmetric(l compile.Lattice, shape []compile.Cell, oneSided bool) bool {
	motions := compile.PieceMotions(l, oneSided)
	var seen [][]compile.Cell
	for _, m := range motions {
		o := compile.Transform(l, m, shape)
		if slices.ContainsFunc(seen, func(s []compile.Cell) bool { return slices.Equal(s, o) }) {
			return false
		}
		seen = append(seen, o)
	}
	return true
}

// turnsOf lists a shape's n turns by the rotation r, each normalized, the
// shape first; nil when fewer than n of them are distinct (r does not
// generate the rotations, as on the cubic lattice, or the shape has some
// rotational symmetry).
func turnsOf(l compile.Lattice, r compile.Motion, shape []compile.Cell, n int) [][]compile.Cell {
	turns := [][]compile.Cell{shape}
	cur := shape
	for range n - 1 {
		cur = compile.Transform(l, r, cur)
		if slices.ContainsFunc(turns, func(t []compile.Cell) bool { return slices.Equal(t, cur) }) {
			return nil
		}
		turns = append(turns, cur)
	}
	return turns
}

// maxBudgetScale bounds how far scaledBudget raises a count's budget.
const maxBudgetScale = 4

// scaledBudget is the CPU time given to a count under a convention that
// counts more solutions than the usual one (rotations only, no reduction).
// To reproduce the file's count it must find ratio (the file's count over
// the usual count) times as many solutions, which takes about ratio times
// the usual count's time: it gets that, with half as much again for
// margin, never less than the budget nor more than maxBudgetScale times it.
func scaledBudget(budget, usual time.Duration, ratio float64) time.Duration {
	return min(max(time.Duration(1.5*ratio*float64(usual)), budget), maxBudgetScale*budget)
}

// capitalized starts a phrase with a capital letter.
func capitalized(s string) string {
	return strings.ToUpper(s[:1]) + s[1:]
}

// with joins a piece convention to a symmetry convention in a sentence.
func with(pieces string) string {
	if pieces == "" {
		return ""
	}
	return ", when " + pieces
}

// variant returns a copy of the puzzle to set a convention on.
func (pz *Puzzle) variant() *Puzzle {
	c := *pz
	c.Omittable = slices.Clone(pz.Omittable)
	return &c
}

// errBudget is countSpec's error for a count that used up its budget.
var errBudget = errors.New("the count's CPU time budget is used up")

// countSpec counts the solutions of the spec a puzzle writes, within a
// budget of the process's CPU time (else the wall clock), so that on a busy
// machine a count gets as far as on a quiet one.
func countSpec(ctx context.Context, pz *Puzzle, b cover.Backend, budget time.Duration) (int64, error) {
	s, err := spec.Parse(pz.FileName(false), pz.TOML())
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	go func() {
		start := cpuTime()
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if cpuTime()-start > budget {
					cancel(errBudget)
					return
				}
			}
		}
	}()
	type result struct {
		n   int64
		err error
	}
	// Compiling cannot be stopped, so it runs aside; a large puzzle's
	// placements can take longer than the budget.
	done := make(chan result, 1)
	go func() {
		c, err := compile.FromSpecLimits(s, pz.limits)
		if err != nil {
			done <- result{err: err}
			return
		}
		var group []cover.Symmetry
		if s.Unique.V {
			group = c.Symmetries()
		}
		d, err := cover.NewDistinct(c.Problem, group)
		if err != nil {
			done <- result{err: err}
			return
		}
		st, err := d.Solve(ctx, b, nil)
		done <- result{st.Solutions, err}
	}()
	select {
	case r := <-done:
		if r.err != nil && context.Cause(ctx) == errBudget {
			return 0, errBudget
		}
		return r.n, r.err
	case <-ctx.Done():
		return 0, context.Cause(ctx)
	}
}
