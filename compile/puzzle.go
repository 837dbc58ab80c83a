package compile

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/polyspec/polyspec/cover"
)

// A Piece is one kind of piece in a puzzle: a shape and how many copies of
// it the puzzle uses.
type Piece struct {
	Shape
	Count int
	// Orientations are the distinct images of the shape under the motions
	// the puzzle allows, each normalized.
	Orientations [][]Cell
}

// A Placement is one way to put a piece on the board: an option of the
// exact-cover problem. A placement without cells leaves the piece out.
type Placement struct {
	Piece int
	Cells []Cell // sorted
}

// Options are the choices of a puzzle besides its board and pieces.
type Options struct {
	// OneSided forbids turning pieces over.
	OneSided bool
	// Omit is how many pieces are left out of every solution, as when 16
	// tetrasticks fill a grid with room for 15.
	Omit int
	// Omittable, when not nil, names the only pieces that may be left
	// out.
	Omittable []string
	// Wrap, when positive, joins the board's x coordinates modulo Wrap, so
	// that a rectangle becomes a tube.
	Wrap int
	// Rotations restricts the symmetries that make solutions alike to the
	// board's rotations: a solution and its mirror image count twice.
	Rotations bool
	// Parts makes each connected part of the board movable on its own, and
	// congruent parts interchangeable, in the symmetries that make
	// solutions alike.
	Parts bool
	// Regions, when not nil, split the board into parts that each
	// placement must lie within; together they hold every board cell once.
	Regions [][]Cell
	// MayCross drops the rule that pieces of a segment lattice do not
	// cross: the problem has no secondary items.
	MayCross bool
	// NoBalance keeps the placements that the colour balance of the board
	// rules out (see pruneByBalance), and OmitPrimary counts the pieces
	// left out with a primary item even when one secondary item would do
	// (see buildProblem). Both only make the search slower; tests use
	// them to show that the counts do not depend on them.
	NoBalance, OmitPrimary bool
	// MaxPlacements, when positive, makes Build fail with a *LimitError
	// as soon as it finds more placements.
	MaxPlacements int
}

// A Puzzle is a compiled spec: the board, the pieces, and the exact-cover
// problem whose option i is Placements[i].
type Puzzle struct {
	Lattice    Lattice
	Board      []Cell
	Pieces     []Piece
	Options    Options
	Problem    *cover.Problem
	Placements []Placement
}

var errNoCells = errors.New("the board has no cells")

// OmitItem names the item that counts the pieces left out.
const OmitItem = "omitted"

// Build compiles a board and a piece set into an exact-cover problem: one
// primary item per piece (with its count as multiplicity), the item counting
// omitted pieces when some are, one primary item per board cell, then the
// secondary items that placements claim (the grid points of segment
// lattices), and one option per placement, plus one per piece that may be
// left out. Placements that the board's colour balance rules out are left
// out (see pruneByBalance).
func Build(l Lattice, board []Cell, shapes []Shape, opt Options) (*Puzzle, error) {
	if len(board) == 0 {
		return nil, errNoCells
	}
	if len(shapes) == 0 {
		return nil, fmt.Errorf("the piece set is empty")
	}
	pz := &Puzzle{Lattice: l, Board: slices.Clone(board), Options: opt}
	slices.SortFunc(pz.Board, compareCells)
	pz.Board = slices.Compact(pz.Board)
	pz.Pieces = mergeShapes(l, shapes, opt.OneSided)
	if err := pz.checkArea(); err != nil {
		return nil, err
	}
	if opt.Parts {
		if err := pz.checkParts(); err != nil {
			return nil, err
		}
	}
	// region numbers each board cell's region: placements stay within one.
	region := map[Cell]int{}
	for _, c := range pz.Board {
		region[c] = 0
	}
	for i, r := range opt.Regions {
		for _, c := range r {
			region[c] = i
		}
	}
	// Distinct orientations at distinct places cover distinct cells, except
	// on a tube, where places a turn apart coincide.
	var seen map[string]bool
	if opt.Wrap > 0 {
		seen = map[string]bool{}
	}
	var key []byte
	for pi, p := range pz.Pieces {
		if opt.Omit > 0 && (opt.Omittable == nil || slices.Contains(opt.Omittable, p.Name)) {
			pz.Placements = append(pz.Placements, Placement{Piece: pi})
		}
		fits := false
		for _, o := range p.Orientations {
			for _, b := range pz.Board {
				cells, ok := pz.place(o, b, region)
				if !ok {
					continue
				}
				if seen != nil {
					if key = placementKey(key[:0], pi, cells); seen[string(key)] {
						continue
					}
					seen[string(key)] = true
				}
				pz.Placements = append(pz.Placements, Placement{pi, cells})
				if opt.MaxPlacements > 0 && len(pz.Placements) > opt.MaxPlacements {
					return nil, &LimitError{What: "placements", Limit: opt.MaxPlacements}
				}
				fits = true
			}
		}
		if !fits {
			return nil, fmt.Errorf("piece %s fits nowhere on the board", p.Name)
		}
	}
	if !opt.NoBalance {
		pz.pruneByBalance()
	}
	pz.buildProblem()
	return pz, nil
}

// checkArea checks that the pieces, less the omitted ones, can fill the
// board exactly.
func (pz *Puzzle) checkArea() error {
	var orders []int
	area := 0
	for _, p := range pz.Pieces {
		for range p.Count {
			orders = append(orders, p.Order())
			area += p.Order()
		}
	}
	n := pz.Options.Omit
	if n >= len(orders) {
		return fmt.Errorf("the puzzle omits %d of its %d pieces", n, len(orders))
	}
	slices.Sort(orders)
	least, most := area-sumInts(orders[len(orders)-n:]), area-sumInts(orders[:n])
	switch {
	case n == 0 && area != len(pz.Board):
		return fmt.Errorf("the pieces cover %d cells but the board has %d", area, len(pz.Board))
	case len(pz.Board) < least || len(pz.Board) > most:
		return fmt.Errorf("the pieces, %d of them omitted, cover %d to %d cells but the board has %d", n, least, most, len(pz.Board))
	}
	return nil
}

func sumInts(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// place translates an orientation so that its first cell lands on b, and
// reports whether all of it lies on the board, in b's region.
func (pz *Puzzle) place(o []Cell, b Cell, region map[Cell]int) ([]Cell, bool) {
	d, ok := pz.Lattice.Offset(o[0], b)
	if !ok {
		return nil, false
	}
	cells := make([]Cell, len(o))
	first := region[b]
	for i, c := range o {
		cells[i] = pz.wrap(plus(c, d))
		if r, on := region[cells[i]]; !on || r != first {
			return nil, false
		}
	}
	slices.SortFunc(cells, compareCells)
	if len(slices.Compact(slices.Clone(cells))) != len(cells) {
		return nil, false // a piece longer than a tube's girth overlaps itself
	}
	return cells, true
}

func (pz *Puzzle) wrap(c Cell) Cell {
	if pz.Options.Wrap > 0 {
		c[0] = mod(c[0], pz.Options.Wrap)
	}
	return c
}

// buildProblem writes the items and options.
func (pz *Puzzle) buildProblem() {
	p := cover.NewProblem()
	pz.Problem = p
	for _, pc := range pz.Pieces {
		p.AddItem(cover.Item{Name: pc.Name, Lo: pc.Count, Hi: pc.Count})
	}
	// With one piece left out, the board's area already says that one
	// is (checkArea has made it smaller than the pieces' area), so the
	// ways to leave a piece out need only exclude each other, which a
	// secondary item does: the search never branches on it, where it
	// would on a primary item. Leaving out more takes a primary item
	// counting them.
	omit := int32(-1)
	secondaryOmit := pz.Options.Omit == 1 && !pz.Options.OmitPrimary
	if pz.Options.Omit > 0 && !secondaryOmit {
		omit = int32(p.AddItem(cover.Item{Name: OmitItem, Lo: pz.Options.Omit, Hi: pz.Options.Omit}))
	}
	cellItem := map[Cell]int32{}
	for _, c := range pz.Board {
		cellItem[c] = int32(p.AddPrimary(CellName(c, pz.Lattice)))
	}
	if secondaryOmit {
		omit = int32(p.AddSecondary(OmitItem))
	}
	if scans(pz.Lattice) {
		for _, c := range scanOrder(pz.Board) {
			p.Order = append(p.Order, int(cellItem[c]))
		}
	}
	claims := make([][]string, len(pz.Placements))
	var secondary []string
	for i, pl := range pz.Placements {
		if !pz.Options.MayCross {
			claims[i] = pz.Lattice.Claims(pl.Cells)
		}
		secondary = append(secondary, claims[i]...)
	}
	slices.Sort(secondary)
	claimItem := map[string]int32{}
	for _, name := range slices.Compact(secondary) {
		claimItem[name] = int32(p.AddSecondary(name))
	}
	var entries []cover.Entry
	for i, pl := range pz.Placements {
		entries = append(entries[:0], cover.Entry{Item: int32(pl.Piece)})
		if pl.Cells == nil {
			entries = append(entries, cover.Entry{Item: omit})
		}
		for _, c := range pl.Cells {
			entries = append(entries, cover.Entry{Item: cellItem[c]})
		}
		for _, name := range claims[i] {
			entries = append(entries, cover.Entry{Item: claimItem[name]})
		}
		p.AddOption(entries)
	}
}

// scans reports whether boards of the lattice get a cover.Problem.Order,
// which lets auto search them with bits: the plane lattices of cells
// (squares, triangles, hexagons). Measured over the catalogue's searches
// of up to a second, bits with a scan order is up to ten times faster than
// algx on many plane boards (pentomino rectangles, hexiamond strips) and
// at worst about twice as slow where auto's walks let it through. On
// solids it is often a hundred times slower, and on segments (polysticks,
// polytrigs, polytwigs) a third slower on the 6×6 tetrasticks, which the
// walks did not see.
func scans(l Lattice) bool {
	g, ok := l.(*grid)
	return ok && g.segments == nil && (g.dims == 2 || g.kinds)
}

// scanOrder returns the board's cells in the order a search that fills
// the first empty cell should take them: along the board's shortest
// extent first and its longest last, from the least cell. So a 10×6
// rectangle is read in columns of 6, which keeps the frontier between
// filled and empty cells short: read in rows of 10, the pentominoes take
// ten times the nodes. The least cell comes first because the options a
// symmetry reduction keeps are those nearest it.
func scanOrder(board []Cell) []Cell {
	var lo, hi Cell
	for i, c := range board {
		for k := range c {
			if i == 0 || c[k] < lo[k] {
				lo[k] = c[k]
			}
			if i == 0 || c[k] > hi[k] {
				hi[k] = c[k]
			}
		}
	}
	axes := []int{0, 1, 2}
	slices.SortStableFunc(axes, func(a, b int) int { return (hi[b] - lo[b]) - (hi[a] - lo[a]) })
	cells := slices.Clone(board)
	slices.SortFunc(cells, func(a, b Cell) int {
		for _, k := range axes {
			if a[k] != b[k] {
				return a[k] - b[k]
			}
		}
		return 0
	})
	return cells
}

// mergeShapes turns a list of shapes into pieces, counting repeats, in the
// order of first appearance.
func mergeShapes(l Lattice, shapes []Shape, oneSided bool) []Piece {
	var pieces []Piece
	for _, s := range shapes {
		i := slices.IndexFunc(pieces, func(p Piece) bool { return p.Name == s.Name })
		if i >= 0 {
			pieces[i].Count++
			continue
		}
		pieces = append(pieces, Piece{Shape: s, Count: 1, Orientations: orientations(l, s.Cells, oneSided)})
	}
	return pieces
}

// orientations lists the distinct normalized images of a shape.
func orientations(l Lattice, cells []Cell, oneSided bool) [][]Cell {
	var out [][]Cell
	for _, m := range PieceMotions(l, oneSided) {
		o := transform(l, m, cells)
		if !slices.ContainsFunc(out, func(p []Cell) bool { return slices.Equal(p, o) }) {
			out = append(out, o)
		}
	}
	return out
}

// Symmetries returns the symmetries of the board that map the piece set onto
// itself, as permutations of the options. The identity is included. A
// symmetry is a motion of the lattice followed by the translation that
// brings the board back; on a tube, also followed by any turn of the tube.
// With Options.Parts, each part of the board moves on its own.
func (pz *Puzzle) Symmetries() []cover.Symmetry {
	index := pz.newPlacementIndex()
	if pz.Options.Parts {
		return pz.partSymmetries(index)
	}
	var group []cover.Symmetry
	for _, m := range pz.Lattice.Motions() {
		if m.Reflect && pz.Options.Rotations {
			continue
		}
		pieceMap, ok := pz.pieceImages(m)
		if !ok {
			continue
		}
		for _, move := range pz.boardMoves(m) {
			if g, ok := pz.permutation(move, pieceMap, index); ok {
				group = append(group, g)
			}
		}
	}
	return group
}

// boardMoves lists the maps of cells that apply m and take the board onto
// itself.
func (pz *Puzzle) boardMoves(m Motion) []func(Cell) Cell {
	l := pz.Lattice
	_, boardShift := l.Normalize(pz.Board)
	moved := make([]Cell, len(pz.Board))
	for i, c := range pz.Board {
		moved[i] = m.Apply(c)
	}
	_, shift := l.Normalize(moved)
	back := minus(shift, boardShift)
	turns := []int{0}
	if w := pz.Options.Wrap; w > 0 {
		// A tube's motions keep its axis of turning, and any turn is one.
		if d := minus(m.Apply(Cell{1, 0, 0}), m.Apply(Cell{})); d[1] != 0 || d[2] != 0 {
			return nil
		}
		back[0] = 0
		turns = make([]int, w)
		for k := range turns {
			turns[k] = k
		}
	}
	var out []func(Cell) Cell
	for _, k := range turns {
		move := func(c Cell) Cell { return pz.wrap(plus(plus(m.Apply(c), back), Cell{k, 0, 0})) }
		image := make([]Cell, len(pz.Board))
		for i, c := range pz.Board {
			image[i] = move(c)
		}
		slices.SortFunc(image, compareCells)
		if slices.Equal(image, pz.Board) {
			out = append(out, move)
		}
	}
	return out
}

// A placementIndex finds a placement by its piece and cells, with the
// cells numbered by their place in the board: a large puzzle's
// symmetries look up millions of placements, once per symmetry.
type placementIndex struct {
	cell  map[Cell]int32
	cells [][]int32 // each placement's cells, ascending
	// byFirst lists the placements of piece p whose first cell is c at
	// p×len(Board)+c; omitted[p] is the way to leave p out, or -1.
	byFirst [][]int32
	omitted []int32
}

func (pz *Puzzle) newPlacementIndex() *placementIndex {
	n := len(pz.Board)
	ix := &placementIndex{
		cell:    make(map[Cell]int32, n),
		cells:   make([][]int32, len(pz.Placements)),
		byFirst: make([][]int32, len(pz.Pieces)*n),
		omitted: slices.Repeat([]int32{-1}, len(pz.Pieces)),
	}
	for i, c := range pz.Board {
		ix.cell[c] = int32(i)
	}
	for i, pl := range pz.Placements {
		if pl.Cells == nil {
			ix.omitted[pl.Piece] = int32(i)
			continue
		}
		cells := make([]int32, len(pl.Cells))
		for k, c := range pl.Cells {
			cells[k] = ix.cell[c]
		}
		ix.cells[i] = cells
		f := pl.Piece*n + int(cells[0])
		ix.byFirst[f] = append(ix.byFirst[f], int32(i))
	}
	return ix
}

// find returns the placement of piece on cells (ascending), or -1.
func (ix *placementIndex) find(piece int, cells []int32) int32 {
	if len(cells) == 0 {
		return ix.omitted[piece]
	}
	for _, i := range ix.byFirst[piece*len(ix.cell)+int(cells[0])] {
		if slices.Equal(ix.cells[i], cells) {
			return i
		}
	}
	return -1
}

// permutation maps every placement through a board move, which must take
// the board onto itself.
func (pz *Puzzle) permutation(move func(Cell) Cell, pieceMap []int, ix *placementIndex) (cover.Symmetry, bool) {
	image := make([]int32, len(pz.Board))
	for k, c := range pz.Board {
		i, ok := ix.cell[move(c)]
		if !ok {
			return nil, false
		}
		image[k] = i
	}
	g := make(cover.Symmetry, len(pz.Placements))
	var cells []int32
	for i, pl := range pz.Placements {
		cells = cells[:0]
		for _, c := range ix.cells[i] {
			cells = append(cells, image[c])
		}
		slices.Sort(cells)
		j := ix.find(pieceMap[pl.Piece], cells)
		if j < 0 {
			return nil, false
		}
		g[i] = j
	}
	return g, true
}

// pieceImages says which piece each piece becomes under a motion: itself,
// unless the motion reflects and the piece may not be turned over, when it
// becomes the piece with the mirror shape. ok is false when that piece is
// missing or has a different count.
func (pz *Puzzle) pieceImages(m Motion) ([]int, bool) {
	out := make([]int, len(pz.Pieces))
	for i, p := range pz.Pieces {
		img := transform(pz.Lattice, m, p.Cells)
		fits := func(q Piece) bool {
			return q.Count == p.Count && slices.ContainsFunc(q.Orientations, func(o []Cell) bool { return slices.Equal(o, img) })
		}
		// A piece that can be its own image must be: two congruent pieces
		// with different names would otherwise both map to the first.
		out[i] = i
		if !fits(p) {
			out[i] = slices.IndexFunc(pz.Pieces, fits)
		}
		if out[i] < 0 {
			return nil, false
		}
	}
	return out, true
}

// placementKey appends a placement's map key to buf: built by hand rather
// than with fmt, as a large puzzle has millions of placements.
func placementKey(buf []byte, piece int, cells []Cell) []byte {
	buf = strconv.AppendInt(buf, int64(piece), 10)
	for _, c := range cells {
		for _, v := range c {
			buf = append(buf, ',')
			buf = strconv.AppendInt(buf, int64(v), 10)
		}
	}
	return buf
}
