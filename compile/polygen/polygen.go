// Package polygen makes polyform puzzles with one solution (issue 42), in
// two ways: by fixing the fewest pieces of a solution of a given puzzle
// (FixPieces), or by reshaping a board until a piece set tiles it one way
// only (FindBoard).
//
// Nothing is assumed: every claim a result makes (one solution, each fixed
// piece needed) is the outcome of a complete search run after the puzzle
// was made, and the result carries the figures of those searches. The same
// puzzle and seed make the same result every time.
package polygen

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
)

// Options say how a puzzle is made.
type Options struct {
	// Seed seeds every random choice.
	Seed uint64
	// Backend names the exact-cover backend of every search; "" is algx,
	// whose search takes the same path every time, which auto (racing
	// several) does not promise.
	Backend string
	// Progress, if not nil, is kept up to date for a status line.
	Progress *Progress
}

// Progress is how far a generation has got; another goroutine may read it
// while the generation runs.
type Progress struct {
	// Searches and Nodes count the searches run so far and their nodes.
	Searches, Nodes atomic.Int64
	// Best is the fewest solutions of a board so far (FindBoard), or the
	// fixed pieces so far (FixPieces); Moves counts FindBoard's boards
	// tried.
	Best, Moves atomic.Int64
}

// A Placed piece is a piece of a solution: its name and cells.
type Placed struct {
	Name  string
	Cells []compile.Cell
}

// A Proof is a search that backs a claim: it ran to the end, or to the
// second solution, and found Solutions.
type Proof struct {
	Backend   string
	Solutions int64
	Nodes     int64
}

// ErrNoSolution is returned for a puzzle with no solution at all.
var ErrNoSolution = errors.New("the puzzle has no solution")

// searcher runs the searches of one generation and counts them.
type searcher struct {
	ctx      context.Context
	backend  cover.Backend
	rng      *rand.Rand
	progress *Progress
}

func newSearcher(ctx context.Context, opt Options) (*searcher, error) {
	name := opt.Backend
	if name == "" {
		name = "algx"
	}
	b, err := cover.Lookup(name)
	if err != nil {
		return nil, err
	}
	p := opt.Progress
	if p == nil {
		p = &Progress{}
	}
	return &searcher{ctx: ctx, backend: b, rng: rand.New(rand.NewPCG(opt.Seed, 0x9017)), progress: p}, nil
}

// count counts the problem's solutions, stopping at the limit-th (0: all),
// modulo the group when it has more than the identity.
func (s *searcher) count(p *cover.Problem, group []cover.Symmetry, limit int64) (Proof, error) {
	var n int64
	visit := func([]int) bool { n++; return n != limit }
	var (
		st  cover.Stats
		err error
	)
	if len(group) > 1 {
		var d *cover.Distinct
		if d, err = cover.NewDistinct(p, group); err == nil {
			st, err = d.Solve(s.ctx, s.backend, visit)
		}
	} else {
		st, err = s.backend.Solve(s.ctx, p, visit)
	}
	s.progress.Searches.Add(1)
	s.progress.Nodes.Add(st.Nodes)
	return Proof{Backend: s.backend.Name(), Solutions: n, Nodes: st.Nodes}, err
}

// first draws a solution of the puzzle at random: the first the search
// finds when the options come in an order drawn from the seed, since the
// search tries the options of the item it picks in their order. It returns
// the options of the solution, or nil when there is none.
func (s *searcher) first(p *cover.Problem) ([]int, error) {
	q, order := withItems(p), s.rng.Perm(p.NumOptions())
	for _, o := range order {
		q.AddOption(entriesOf(p, q, o))
	}
	var sol []int
	st, err := s.backend.Solve(s.ctx, q, func(found []int) bool {
		for _, o := range found {
			sol = append(sol, order[o])
		}
		return false
	})
	s.progress.Searches.Add(1)
	s.progress.Nodes.Add(st.Nodes)
	return sol, err
}

// withItems is a problem with p's items and hints and no options yet. The
// hints (the scan order, the board's cells, its colourings) name items
// only, so they hold for any options taken from p.
func withItems(p *cover.Problem) *cover.Problem {
	q := cover.NewProblem()
	for _, it := range p.Items {
		q.AddItem(it)
	}
	q.Order, q.Cells, q.Colourings = p.Order, p.Cells, p.Colourings
	return q
}

// entriesOf is option o of p as entries of q, which has p's items and
// colours in the same order.
func entriesOf(p, q *cover.Problem, o int) []cover.Entry {
	es := p.Option(o)
	if len(p.Colors) == 1 {
		return es
	}
	out := make([]cover.Entry, len(es))
	for i, e := range es {
		out[i] = cover.Entry{Item: e.Item, Color: q.Color(p.Colors[e.Color])}
	}
	return out
}

// placed names the cells of a solution's options, leaving out the options
// that leave a piece out.
func placed(pz *compile.Puzzle, sol []int) []Placed {
	var out []Placed
	for _, o := range sol {
		if pl := pz.Placement(o); len(pl.Cells) > 0 {
			out = append(out, Placed{pz.Pieces[pl.Piece].Name, pl.Cells})
		}
	}
	return out
}
