package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/polyspec/polyspec/cover"
)

// A Symmetry is a map of the grid onto itself that the pattern of a
// generated puzzle's givens keeps: a given's images are givens too.
type Symmetry int

const (
	NoSymmetry  Symmetry = iota
	HalfTurn             // turned 180° about the centre
	QuarterTurn          // turned 90° about the centre
	Mirror               // reflected left to right
	Diagonal             // reflected in the diagonal from the top left
)

// SymmetryNames are the names ParseSymmetry reads, in Symmetry's order.
var SymmetryNames = []string{"none", "half-turn", "quarter-turn", "mirror", "diagonal"}

func (s Symmetry) String() string { return SymmetryNames[s] }

// ParseSymmetry reads a symmetry by name.
func ParseSymmetry(name string) (Symmetry, error) {
	if i := slices.Index(SymmetryNames, name); i >= 0 {
		return Symmetry(i), nil
	}
	return 0, fmt.Errorf("symmetry %q: expected one of %s", name, strings.Join(SymmetryNames, ", "))
}

// orbits parts the cells of a grid of side n into the sets s maps onto
// each other, each listed from its smallest cell.
func (s Symmetry) orbits(n int) [][]int {
	image := func(c int) int {
		r, col := c/n, c%n
		switch s {
		case HalfTurn:
			return (n-1-r)*n + n - 1 - col
		case QuarterTurn:
			return col*n + n - 1 - r
		case Mirror:
			return r*n + n - 1 - col
		case Diagonal:
			return col*n + r
		}
		return c
	}
	seen := make([]bool, n*n)
	var out [][]int
	for c := range n * n {
		var orbit []int
		for d := c; !seen[d]; d = image(d) {
			seen[d] = true
			orbit = append(orbit, d)
		}
		if orbit != nil {
			slices.Sort(orbit)
			out = append(out, orbit)
		}
	}
	return out
}

// BoxLabels returns the blocks of a grid of side n with no drawing of its
// own: nil for the usual square boxes when n is a square, else boxes of
// r rows by c columns, r*c = n with r the largest factor up to √n (2×3
// for 6×6, 2×4 for 8×8), drawn as one label per cell for NewLayout. A
// side with no such factor, a prime, has no boxes.
func BoxLabels(n int) ([]string, error) {
	if n < 1 || n > len(Symbols) {
		return nil, fmt.Errorf("a grid of side %d: expected 1 to %d", n, len(Symbols))
	}
	r := 1
	for f := 2; f*f <= n; f++ {
		if n%f == 0 {
			r = f
		}
	}
	switch {
	case r*r == n:
		return nil, nil
	case r == 1 && n > 1:
		return nil, fmt.Errorf("a %d×%d grid has no boxes (%d is prime, so no rectangles of %d cells tile it): draw its blocks in a spec", n, n, n, n)
	}
	c := n / r
	labels := make([]string, n*n)
	for cell := range labels {
		labels[cell] = string(Symbols[cell/n/r*r+cell%n/c])
	}
	return labels, nil
}

// GenerateOptions say how Generate makes a puzzle.
type GenerateOptions struct {
	// Seed seeds every random choice: the same layout, start and seed
	// make the same puzzle.
	Seed uint64
	// Symmetry is kept by the pattern of givens.
	Symmetry Symmetry
	// Backend names the exact-cover backend of every search; "" is algx,
	// whose search (one worker) takes the same path every time, which
	// auto does not promise.
	Backend string
	// Progress, if not nil, is kept up to date for a status line.
	Progress *Progress
}

// Progress is how far Generate has got; another goroutine may read it
// while Generate runs.
type Progress struct {
	// Searches and Nodes count the searches run so far and their nodes.
	Searches, Nodes atomic.Int64
	// Done counts the cells (orbits, with a symmetry) whose given has
	// been kept or taken away, of Total.
	Done, Total atomic.Int64
}

// A Generated puzzle: its givens, its one solution, and the proofs of
// both claims made by searches run after the puzzle was made.
type Generated struct {
	Givens []int // per cell, 0 for a blank
	Grid   []int // the solution
	// Unique is the search that proved the solution unique: it ran on to
	// look for a second and found none.
	Unique cover.Stats
	// Needed counts the orbits of givens (single givens without a
	// symmetry) each shown needed by a search that, with that orbit taken
	// away, found a second solution: all of them.
	Needed int
	// Spare lists, with a symmetry, the givens that could be taken away
	// alone, breaking it, with the solution still unique.
	Spare []int
	// Searches and Nodes count every search Generate ran, the proofs
	// among them.
	Searches int64
	Nodes    int64
	Rating   Rating
}

// ErrNoGrid is returned when no grid fits a layout and its start.
var ErrNoGrid = errors.New("no grid can be filled in")

// Generate makes a puzzle on the layout with one solution from which no
// given (no orbit of givens, with a symmetry) can be taken away without
// letting in a second. start holds givens the solution keeps (nil or all
// blanks for none); they may end up blank in the puzzle.
//
// The solution is filled in at random: a blank cell after another, in an
// order drawn from the seed, gets a digit drawn from those its groups
// allow, and keeps it if the grid still has a solution, until only one is
// left. Then the givens are taken away orbit by orbit, in another random
// order, each put back if the grid then has a second solution. An orbit
// kept then is kept for good, since taking others away only adds
// solutions: the result is minimal. Every claim is then checked again by
// searches, never assumed: the grid's solution is unique, and each orbit
// of givens taken away lets in a second.
func (lay *Layout) Generate(ctx context.Context, start []int, opt GenerateOptions) (*Generated, error) {
	if start == nil {
		start = make([]int, lay.N*lay.N)
	}
	if err := lay.Check(start); err != nil {
		return nil, err
	}
	name := opt.Backend
	if name == "" {
		name = "algx"
	}
	b, err := cover.Lookup(name)
	if err != nil {
		return nil, err
	}
	g := &generator{lay: lay, ctx: ctx, backend: b, progress: opt.Progress,
		rng: rand.New(rand.NewPCG(opt.Seed, 0x5d0c))}
	if g.progress == nil {
		g.progress = &Progress{}
	}
	grid, err := g.fill(start)
	if err != nil {
		return nil, err
	}
	orbits := opt.Symmetry.orbits(lay.N)
	givens, err := g.thin(grid, orbits)
	if err != nil {
		return nil, err
	}
	out := &Generated{Givens: givens, Grid: grid}
	if err := g.prove(out, orbits); err != nil {
		return nil, err
	}
	if out.Rating, err = lay.rate(ctx, b, givens); err != nil {
		return nil, err
	}
	out.Searches, out.Nodes = g.progress.Searches.Load(), g.progress.Nodes.Load()
	return out, nil
}

type generator struct {
	lay      *Layout
	ctx      context.Context
	backend  cover.Backend
	rng      *rand.Rand
	progress *Progress
}

// solutions searches the grids that fill givens in, up to the second: it
// returns how many it found (0, 1 or 2), the first, and the search's
// figures.
func (g *generator) solutions(givens []int) (int, []int, cover.Stats, error) {
	found, first, st, err := g.lay.search(g.ctx, g.backend, givens, 2)
	g.progress.Searches.Add(1)
	g.progress.Nodes.Add(st.Nodes)
	return found, first, st, err
}

// search runs b on the givens' problem until it has found limit grids (0:
// every one), returning how many it found, the first, and its figures.
func (lay *Layout) search(ctx context.Context, b cover.Backend, givens []int, limit int) (int, []int, cover.Stats, error) {
	pz, err := lay.Compile(givens)
	if err != nil {
		return 0, nil, cover.Stats{}, err
	}
	found := 0
	var first []int
	st, err := b.Solve(ctx, pz.Problem, func(sol []int) bool {
		if found++; found == 1 {
			first = pz.Grid(sol)
		}
		return found != limit
	})
	return found, first, st, err
}

// CountUpTo counts the solutions of a grid's givens with the named backend,
// stopping at the limit-th (0: counting them all), as a proof of
// uniqueness stops at a second.
func (lay *Layout) CountUpTo(ctx context.Context, givens []int, limit int, backend string) (int, error) {
	b, err := cover.Lookup(backend)
	if err != nil {
		return 0, err
	}
	found, _, _, err := lay.search(ctx, b, givens, limit)
	return found, err
}

// fill draws a solution of start at random: the first that the search
// finds when the options come in an order drawn from the seed. The search
// takes the cell or group digit with fewest options left and tries them
// in order, so the order decides which grid comes first. Placing random
// digits one at a time and searching after each, the other way, met
// 16×16 grids whose search ran for minutes: a few random digits can leave
// a grid with no solution that takes long to rule out.
func (g *generator) fill(start []int) ([]int, error) {
	pz, err := g.lay.Compile(start)
	if err != nil {
		return nil, err
	}
	p, order := cover.NewProblem(), g.rng.Perm(pz.Problem.NumOptions())
	for _, it := range pz.Problem.Items {
		p.AddItem(it)
	}
	for _, o := range order {
		p.AddOption(pz.Problem.Option(o))
	}
	var grid []int
	st, err := g.backend.Solve(g.ctx, p, func(sol []int) bool {
		options := make([]int, len(sol))
		for i, o := range sol {
			options[i] = order[o]
		}
		grid = pz.Grid(options)
		return false
	})
	g.progress.Searches.Add(1)
	g.progress.Nodes.Add(st.Nodes)
	if err != nil {
		return nil, err
	}
	if grid == nil {
		return nil, ErrNoGrid
	}
	return grid, nil
}

// thin takes the givens of a full grid away, orbit by orbit in a random
// order, putting back each orbit whose loss lets in a second solution.
func (g *generator) thin(grid []int, orbits [][]int) ([]int, error) {
	givens := slices.Clone(grid)
	g.progress.Total.Store(int64(len(orbits)))
	for _, i := range g.rng.Perm(len(orbits)) {
		for _, c := range orbits[i] {
			givens[c] = 0
		}
		found, _, _, err := g.solutions(givens)
		if err != nil {
			return nil, err
		}
		if found > 1 {
			for _, c := range orbits[i] {
				givens[c] = grid[c]
			}
		}
		g.progress.Done.Add(1)
	}
	return givens, nil
}

// prove checks the puzzle's claims by searching again: the givens have one
// solution, the grid; each orbit of givens taken away lets in a second;
// and, with a symmetry, which single givens could go on their own.
func (g *generator) prove(out *Generated, orbits [][]int) error {
	found, sol, st, err := g.solutions(out.Givens)
	if err != nil {
		return err
	}
	if found != 1 || !slices.Equal(sol, out.Grid) {
		return fmt.Errorf("sudoku: the generated puzzle has %d solutions", found)
	}
	out.Unique = st
	without := func(cells []int) (int, error) {
		givens := slices.Clone(out.Givens)
		for _, c := range cells {
			givens[c] = 0
		}
		f, _, _, err := g.solutions(givens)
		return f, err
	}
	for _, orbit := range orbits {
		if out.Givens[orbit[0]] == 0 {
			continue
		}
		f, err := without(orbit)
		if err != nil {
			return err
		}
		if f < 2 {
			return fmt.Errorf("sudoku: the generated puzzle is not minimal: cell %s can go", cellName(orbit[0], g.lay.N))
		}
		out.Needed++
		if len(orbit) == 1 {
			continue
		}
		for _, c := range orbit {
			if f, err := without([]int{c}); err != nil {
				return err
			} else if f == 1 {
				out.Spare = append(out.Spare, c)
			}
		}
	}
	return nil
}
