package polygen

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/polyspec/polyspec/compile"
)

// Board is a board that a piece set tiles one way only.
type Board struct {
	// Cells are the board's cells, moved to the lattice's origin.
	Cells []compile.Cell
	// Solution is its one solution, on those cells.
	Solution []Placed
	// Unique is the search modulo the board's symmetries (Symmetries of
	// them, the identity included), which ran on for a second solution
	// and found none; All counted every solution, without the symmetry.
	Unique, All Proof
	Symmetries  int
	// Assembled reports that the start board had no solution, so that the
	// search started from the pieces laid side by side instead.
	Assembled bool
	// Moves counts the boards tried, Accepted those kept.
	Moves, Accepted int
	// Searches and Nodes count every search, the proofs among them.
	Searches, Nodes int64
}

// BoardOptions say how FindBoard searches.
type BoardOptions struct {
	Options
	// Moves bounds the boards tried (0: DefaultMoves).
	Moves int
	// Cap is where the count of the start board stops (0: DefaultCap):
	// a board with more solutions is as far from one as any.
	Cap int64
}

// The defaults of BoardOptions.
const (
	DefaultMoves       = 20000
	DefaultCap   int64 = 1000
)

// ErrNoBoard is wrapped by the error of a search that found no board with
// one solution within its moves.
var ErrNoBoard = errors.New("no board with one solution found")

// margin is how far, in cells, a board may grow beyond the start board's
// bounding box: boards that sprawl have one solution more easily but are
// dull, thin arms each filled one way.
const margin = 1

// FindBoard searches for a board of the start board's area (the
// puzzle's own board if start is nil) that the puzzle's pieces tile in one
// way only, up to the board's symmetries. It keeps a tiling of the board
// at hand, and each move takes a piece of it away and lays it elsewhere
// along the board's edge, keeping the board connected, so that every board
// tried has a solution; a move is kept when the board's count, stopped one
// past the count of the board before, is no greater. A start board the
// pieces cannot tile is replaced by the pieces laid side by side, which
// they always tile.
func FindBoard(ctx context.Context, pz *compile.Puzzle, start []compile.Cell, opt BoardOptions) (*Board, error) {
	build := pz.Options
	if len(build.Rules) > 0 || build.Regions != nil || build.Colours != nil || build.Wrap > 0 || build.Omit > 0 || build.Orientations != nil {
		return nil, errors.New("polygen: a board is searched for pieces alone, without rules, regions, colours, a tube, orientations or pieces left out")
	}
	var shapes []compile.Shape
	for _, p := range pz.Pieces {
		for range p.Count {
			shapes = append(shapes, p.Shape)
		}
	}
	if start == nil {
		start = pz.Board
	}
	s, err := newSearcher(ctx, opt.Options)
	if err != nil {
		return nil, err
	}
	l := pz.Lattice
	if pz, err = compile.Build(l, start, shapes, build); err != nil {
		return nil, err
	}
	sh := &shaper{s: s, l: l, shapes: shapes, build: build, pieces: pz.Pieces}
	out := &Board{}
	sol, err := s.first(pz.Problem)
	if err != nil {
		return nil, err
	}
	if sol != nil {
		for _, o := range sol {
			if pl := pz.Placement(o); len(pl.Cells) > 0 {
				sh.tiles = append(sh.tiles, tile(pl))
			}
		}
	} else if err := sh.assemble(); err != nil {
		return nil, err
	}
	out.Assembled = sol == nil
	sh.bounds(margin)
	cur, err := sh.count(sh.board(), cmp.Or(opt.Cap, DefaultCap))
	if err != nil {
		return nil, err
	}
	for moves := cmp.Or(opt.Moves, DefaultMoves); cur > 1 && out.Moves < moves; {
		tiles, ok := sh.propose()
		if !ok {
			continue
		}
		out.Moves++
		s.progress.Moves.Add(1)
		n, err := sh.count(boardOf(tiles), cur+1)
		if err != nil {
			return nil, err
		}
		if n >= 1 && n <= cur {
			sh.tiles, cur = tiles, n
			out.Accepted++
			s.progress.Best.Store(n)
		}
	}
	if cur > 1 {
		return nil, fmt.Errorf("%w in %d moves (the fewest solutions of a board tried: %d)", ErrNoBoard, out.Moves, cur)
	}
	return out, sh.prove(out)
}

// A tile is a piece of the tiling at hand.
type tile compile.Placement

type shaper struct {
	s      *searcher
	l      compile.Lattice
	shapes []compile.Shape
	build  compile.Options
	pieces []compile.Piece
	tiles  []tile
	// lo and hi bound the first two coordinates of the boards tried.
	lo, hi [2]int
}

func boardOf(tiles []tile) []compile.Cell {
	var cells []compile.Cell
	for _, t := range tiles {
		cells = append(cells, t.Cells...)
	}
	return cells
}

func (sh *shaper) board() []compile.Cell { return boardOf(sh.tiles) }

// bounds sets the box the boards stay in: the board's, grown by m.
func (sh *shaper) bounds(m int) {
	cells := sh.board()
	sh.lo, sh.hi = [2]int{cells[0][0], cells[0][1]}, [2]int{cells[0][0], cells[0][1]}
	for _, c := range cells {
		for k := range 2 {
			sh.lo[k], sh.hi[k] = min(sh.lo[k], c[k]), max(sh.hi[k], c[k])
		}
	}
	for k := range 2 {
		sh.lo[k] -= m
		sh.hi[k] += m
	}
}

func (sh *shaper) inBounds(c compile.Cell) bool {
	return c[0] >= sh.lo[0] && c[0] <= sh.hi[0] && c[1] >= sh.lo[1] && c[1] <= sh.hi[1]
}

// count counts a board's solutions without its symmetry, stopping at
// limit, except that a board with no more solutions than the lattice has
// motions is counted modulo its symmetries, which may make them one.
func (sh *shaper) count(board []compile.Cell, limit int64) (int64, error) {
	pz, err := compile.Build(sh.l, board, sh.shapes, sh.build)
	if err != nil {
		return 0, err
	}
	pr, err := sh.s.count(pz.Problem, nil, limit)
	if err != nil || pr.Solutions <= 1 || pr.Solutions > int64(len(sh.l.Motions())) {
		return pr.Solutions, err
	}
	pr, err = sh.s.count(pz.Problem, pz.Symmetries(), limit)
	return pr.Solutions, err
}

// place lays an orientation of piece p with its k-th cell on cell at.
func (sh *shaper) place(p, o, k int, at compile.Cell) ([]compile.Cell, bool) {
	orient := sh.pieces[p].Orientations[o]
	off, ok := sh.l.Offset(orient[k], at)
	if !ok {
		return nil, false
	}
	cells := make([]compile.Cell, len(orient))
	for i, c := range orient {
		cells[i] = compile.Cell{c[0] + off[0], c[1] + off[1], c[2] + off[2]}
	}
	slices.SortFunc(cells, func(a, b compile.Cell) int { return slices.Compare(a[:], b[:]) })
	return cells, true
}

// frontier lists the cells off the board that touch it, within bounds
// unless bounded is false, in a fixed order.
func (sh *shaper) frontier(on map[compile.Cell]bool, cells []compile.Cell, bounded bool) []compile.Cell {
	seen := map[compile.Cell]bool{}
	var out []compile.Cell
	for _, c := range cells {
		for _, n := range sh.l.Neighbours(c) {
			if !on[n] && !seen[n] && (!bounded || sh.inBounds(n)) {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// fits reports whether cells can join the board: none on it, and none
// crossing a piece on a lattice of segments.
func (sh *shaper) fits(cells []compile.Cell, on map[compile.Cell]bool, claimed map[string]bool) bool {
	for _, c := range cells {
		if on[c] {
			return false
		}
	}
	for _, k := range sh.l.Claims(cells) {
		if claimed[k] {
			return false
		}
	}
	return true
}

// state is the cells and the claims of some tiles.
func (sh *shaper) state(tiles []tile) (map[compile.Cell]bool, map[string]bool) {
	on, claimed := map[compile.Cell]bool{}, map[string]bool{}
	for _, t := range tiles {
		for _, c := range t.Cells {
			on[c] = true
		}
		if !sh.build.MayCross {
			for _, k := range sh.l.Claims(t.Cells) {
				claimed[k] = true
			}
		}
	}
	return on, claimed
}

// propose moves a random piece of the tiling to a random place along the
// edge of the rest, keeping the board connected.
func (sh *shaper) propose() ([]tile, bool) {
	rng := sh.s.rng
	i := rng.IntN(len(sh.tiles))
	rest := slices.Delete(slices.Clone(sh.tiles), i, i+1)
	moved := sh.tiles[i]
	on, claimed := sh.state(rest)
	front := sh.frontier(on, boardOf(rest), true)
	if len(front) == 0 {
		return nil, false
	}
	p := moved.Piece
	for range 20 {
		o := rng.IntN(len(sh.pieces[p].Orientations))
		cells, ok := sh.place(p, o, rng.IntN(len(moved.Cells)), front[rng.IntN(len(front))])
		if !ok || slices.Equal(cells, moved.Cells) || !sh.fits(cells, on, claimed) || slices.ContainsFunc(cells, func(c compile.Cell) bool { return !sh.inBounds(c) }) {
			continue
		}
		tiles := append(rest, tile{Piece: p, Cells: cells})
		if compile.Components(sh.l, boardOf(tiles), nil) == 1 {
			return tiles, true
		}
	}
	return nil, false
}

// assemble lays the pieces side by side, in a random order, each where it
// touches those laid before along the most edges of a few places drawn at
// random: a compact board that they tile.
func (sh *shaper) assemble() error {
	rng := sh.s.rng
	var order []int
	for p, pc := range sh.pieces {
		for range pc.Count {
			order = append(order, p)
		}
	}
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	sh.tiles = []tile{{Piece: order[0], Cells: sh.pieces[order[0]].Orientations[0]}}
	for _, p := range order[1:] {
		on, claimed := sh.state(sh.tiles)
		front := sh.frontier(on, sh.board(), false)
		var best []compile.Cell
		bestScore := -1
		for range 200 {
			o := rng.IntN(len(sh.pieces[p].Orientations))
			cells, ok := sh.place(p, o, rng.IntN(sh.pieces[p].Order()), front[rng.IntN(len(front))])
			if !ok || !sh.fits(cells, on, claimed) {
				continue
			}
			score := 0
			for _, c := range cells {
				for _, n := range sh.l.Neighbours(c) {
					if on[n] {
						score++
					}
				}
			}
			if score > bestScore {
				best, bestScore = cells, score
			}
		}
		if best == nil {
			return fmt.Errorf("polygen: piece %s could not be laid beside the others", sh.pieces[p].Name)
		}
		sh.tiles = append(sh.tiles, tile{Piece: p, Cells: best})
	}
	return nil
}

// prove counts the board found again, modulo its symmetries and without,
// and writes it, moved to the origin, into out.
func (sh *shaper) prove(out *Board) error {
	cells, off := sh.l.Normalize(sh.board())
	pz, err := compile.Build(sh.l, cells, sh.shapes, sh.build)
	if err != nil {
		return err
	}
	group := pz.Symmetries()
	if out.Unique, err = sh.s.count(pz.Problem, group, 2); err != nil {
		return err
	}
	if out.All, err = sh.s.count(pz.Problem, nil, 0); err != nil {
		return err
	}
	if out.Unique.Solutions != 1 {
		return fmt.Errorf("polygen: the board found has %d solutions", out.Unique.Solutions)
	}
	out.Cells, out.Symmetries = pz.Board, len(group)
	for _, t := range sh.tiles {
		moved := make([]compile.Cell, len(t.Cells))
		for i, c := range t.Cells {
			moved[i] = compile.Cell{c[0] + off[0], c[1] + off[1], c[2] + off[2]}
		}
		out.Solution = append(out.Solution, Placed{sh.pieces[t.Piece].Name, moved})
	}
	out.Searches, out.Nodes = sh.s.progress.Searches.Load(), sh.s.progress.Nodes.Load()
	return nil
}
