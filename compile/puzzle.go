package compile

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/grammar"
)

// A Piece is one kind of piece in a puzzle: a shape and how many copies of
// it the puzzle uses.
type Piece struct {
	Shape
	Count int
	// Lo and Hi bound how many copies a solution uses: both Count unless
	// a rule gave a range.
	Lo, Hi int
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
	// Orientations, when not nil, restricts the pieces it names to the
	// orientations it gives (normalized cells), as Polyform Puzzler
	// restricts one piece to break a board's symmetry.
	Orientations map[string][][]Cell
	// MayCross drops the rule that pieces of a segment lattice do not
	// cross: the problem has no secondary items.
	MayCross bool
	// NoBalance keeps the placements that the colour balance of the board
	// rules out (see pruneByBalance), and OmitPrimary counts the pieces
	// left out with a primary item even when one secondary item would do
	// (see buildProblem). Both only make the search slower; tests use
	// them to show that the counts do not depend on them.
	NoBalance, OmitPrimary bool
	// DeadRegions says whether the problem carries the hint with which
	// a search gives up on regions of empty cells that the pieces left
	// cannot fill (see SetDeadRegions).
	DeadRegions Hint
	// BalanceCheck says whether the problem carries the hint with which
	// a search gives up on a node whose uncovered cells' colours the
	// pieces left cannot make (see SetBalanceCheck).
	BalanceCheck Hint
	// MaxPlacements, when positive, makes Build fail with a *LimitError
	// as soon as it finds more placements.
	MaxPlacements int
	// Rules are rules of the rule language that the solutions keep
	// besides covering the board; a rule that cannot apply makes Build
	// fail with a *RuleError.
	Rules []grammar.PuzzleRule
	// Colours name sets of board cells that rules refer to.
	Colours []NamedCells
}

// NamedCells is a name for some cells, such as a colour of the board.
type NamedCells struct {
	Name  string
	Cells []Cell
}

// A Puzzle is a compiled spec: the board, the pieces, and the exact-cover
// problem whose option i is Placement(i).
type Puzzle struct {
	Lattice Lattice
	Board   []Cell
	Pieces  []Piece
	Options Options
	Problem *cover.Problem

	num    *numbering
	layout layout
	rules  *ruleItems // nil without rules
	// omitCopies is set when the pieces left out are counted by ranges
	// (see omitByRanges) rather than by the ways to leave a piece out.
	omitCopies bool
	// placedBy records, for Unsolvable, each piece's placements once
	// the rules applied (nil without rules), and whether the colour
	// balance then dropped some.
	placedBy struct {
		rules   []int
		balance bool
	}
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
	if err := pz.restrict(opt.Orientations); err != nil {
		return nil, err
	}
	if len(opt.Rules) == 0 {
		// Without rules the counts are known now, before placing.
		if err := pz.checkArea(); err != nil {
			return nil, err
		}
	}
	if opt.Parts {
		if err := pz.checkParts(); err != nil {
			return nil, err
		}
	}
	pz.omitByRanges()
	pz.num = newNumbering(pz.Board, opt.Wrap)
	if err := pz.place(); err != nil {
		return nil, err
	}
	if len(opt.Rules) > 0 {
		if err := pz.applyRules(); err != nil {
			return nil, err
		}
		pz.placedBy.rules = pz.placementsPerPiece()
		if err := pz.checkArea(); err != nil {
			return nil, err
		}
	}
	// The balance assumes each piece's count is known.
	if !opt.NoBalance && !pz.ranged() {
		before := pz.NumPlacements()
		pz.pruneByBalance()
		pz.placedBy.balance = pz.NumPlacements() < before
	}
	pz.buildProblem()
	pz.SetDeadRegions(opt.DeadRegions)
	pz.SetBalanceCheck(opt.BalanceCheck)
	return pz, nil
}

// A Hint says whether a puzzle's problem carries one of the optional
// hints with which algx and memo give up on nodes early (cover.Cells for
// dead regions, cover.Colourings for colour balance). The counts are the
// same either way; the searches differ.
type Hint int

const (
	// HintByLattice gives the hint on the lattices where it was measured
	// to make searches faster (see grid.deadRegions and grid.balanceCheck).
	HintByLattice Hint = iota
	// HintOn gives it on every lattice.
	HintOn
	// HintOff never gives it.
	HintOff
	// HintByLatticeFirst gives it where it was measured to pay for a
	// search that stops after its first few solutions, which gives up
	// on a barren subtree sooner with it on more lattices than a count
	// does (see grid.deadRegionsFirst).
	HintByLatticeFirst
)

// ParseHint reads a hint's switch as the command line writes it: auto
// (or nothing) for HintByLattice, on or off.
func ParseHint(s string) (Hint, error) {
	switch s {
	case "", "auto":
		return HintByLattice, nil
	case "on":
		return HintOn, nil
	case "off":
		return HintOff, nil
	}
	return 0, fmt.Errorf("%q: want auto, on or off", s)
}

// gives reports whether h gives its hint on lattice l, where pays says
// whether a grid lattice gives it by default, for a search of a few
// solutions when first is true.
func (h Hint) gives(l Lattice, pays func(g *grid, first bool) bool) bool {
	g, ok := l.(*grid)
	return h == HintOn || (h == HintByLattice || h == HintByLatticeFirst) && ok && pays(g, h == HintByLatticeFirst)
}

// firstCell returns the item of the board's first cell, from which the
// cells' items follow in board order.
func (pz *Puzzle) firstCell() int {
	cell0, _ := pz.Problem.ItemIndex(CellName(pz.Board[0], pz.Lattice))
	return cell0
}

// SetDeadRegions gives the puzzle's problem the hint cover.Cells, with
// which algx and memo give up on a node whose empty cells hold a region
// that the pieces left cannot fill, or takes it away, as d says.
func (pz *Puzzle) SetDeadRegions(d Hint) {
	pz.Options.DeadRegions = d
	pz.Problem.Cells = nil
	pays := func(g *grid, first bool) bool { return g.deadRegions || first && g.deadRegionsFirst }
	if d.gives(pz.Lattice, pays) && pz.connectedPieces() {
		pz.Problem.Cells = pz.cells(pz.firstCell())
	}
}

// connectedPieces reports whether every piece is connected through the
// lattice's neighbours, as the dead-region check needs: a
// quasi-polystick's segments join at a point where no segment runs, and a
// puzzle of them goes without the check.
func (pz *Puzzle) connectedPieces() bool {
	for _, p := range pz.Pieces {
		if Components(pz.Lattice, p.Cells, nil) > 1 {
			return false
		}
	}
	return true
}

// segments reports whether a lattice's cells are segments.
func segments(l Lattice) bool {
	g, ok := l.(*grid)
	return ok && g.segments != nil
}

// A layout is how Build placed the pieces, by cell numbers (see
// numbering): for each placement its piece, the orientation it is an
// image of and the board cell that orientation's first cell went to (-1
// for the way to leave a piece out), and its cells, ascending. On a tube
// two orientations can lie on the same cells; aliases keeps the ones
// dropped, so that Symmetries finds every image.
type layout struct {
	piece, orient, anchor []int32
	start                 []int32 // placement i's cells are cells[start[i]:start[i+1]]
	cells                 []int32
	aliases               []alias
}

// An alias is an orientation at an anchor whose cells are those of
// placement same.
type alias struct{ piece, orient, anchor, same int32 }

func (ly *layout) len() int { return len(ly.piece) }

func (ly *layout) cellsOf(i int) []int32 { return ly.cells[ly.start[i]:ly.start[i+1]] }

// reserve makes room for n more placements of size cells each, doubling
// the arrays when they are full: grown by append alone, a quarter at a
// time once they are large, the millions of placements of a board of a
// thousand cells were copied some four times over. The room for cells is
// made for at most maxReserve of them at a time: a piece as big as half
// the board fits in few of the board's places, and reserving one per
// board cell for it took the board's cells times the piece's (8 GB for a
// piece of 32,768 cells on a board of twice that) before one was placed.
func (ly *layout) reserve(n, size int) {
	grow := func(s []int32, k int) []int32 {
		if cap(s)-len(s) < k {
			return slices.Grow(s, max(k, len(s)))
		}
		return s
	}
	ly.piece, ly.orient, ly.anchor = grow(ly.piece, n), grow(ly.orient, n), grow(ly.anchor, n)
	ly.start, ly.cells = grow(ly.start, n), grow(ly.cells, min(n*size, maxReserve))
}

// maxReserve bounds the cells reserve makes room for at once.
const maxReserve = 1 << 20

func (ly *layout) add(piece, orient, anchor int32, cells []int32) {
	ly.piece = append(ly.piece, piece)
	ly.orient = append(ly.orient, orient)
	ly.anchor = append(ly.anchor, anchor)
	ly.cells = append(ly.cells, cells...)
	ly.start = append(ly.start, int32(len(ly.cells)))
}

// keep drops the placements that keep says no to, in place.
func (ly *layout) keep(keep []bool) {
	renumber := make([]int32, ly.len())
	n, end := 0, int32(0)
	for i := range ly.len() {
		renumber[i] = -1
		if !keep[i] {
			continue
		}
		renumber[i] = int32(n)
		cells := ly.cellsOf(i)
		ly.piece[n], ly.orient[n], ly.anchor[n] = ly.piece[i], ly.orient[i], ly.anchor[i]
		end += int32(copy(ly.cells[end:], cells))
		n++
		ly.start[n] = end
	}
	ly.piece, ly.orient, ly.anchor = ly.piece[:n], ly.orient[:n], ly.anchor[:n]
	ly.start, ly.cells = ly.start[:n+1], ly.cells[:end]
	aliases := ly.aliases[:0]
	for _, a := range ly.aliases {
		if a.same = renumber[a.same]; a.same >= 0 {
			aliases = append(aliases, a)
		}
	}
	ly.aliases = aliases
}

// place lays every orientation of every piece at every board cell where
// it fits, within one region, in that order: pieces, then orientations,
// then the board cell its first cell goes to.
func (pz *Puzzle) place() error {
	opt := pz.Options
	region := pz.regionNumbers()
	ly := &pz.layout
	*ly = layout{start: []int32{0}}
	// Distinct orientations at distinct places cover distinct cells, except
	// on a tube, where places a turn apart coincide: there, seen lists the
	// placements of each piece by first cell.
	var seen map[[2]int32][]int32
	if opt.Wrap > 0 {
		seen = map[[2]int32][]int32{}
	}
	var cells []int32
	var rel []Cell
	for pi, p := range pz.Pieces {
		if pz.omittable(p) && !pz.omitCopies {
			ly.add(int32(pi), -1, -1, nil)
		}
		fits := false
		for oi, o := range p.Orientations {
			rel = rel[:0]
			for _, c := range o {
				rel = append(rel, minus(c, o[0]))
			}
			st := pz.num.stencil(rel)
			ly.reserve(len(pz.Board), len(o))
		anchors:
			for b, bc := range pz.Board {
				if _, ok := pz.Lattice.Offset(o[0], bc); !ok {
					continue
				}
				var ok bool
				if cells, ok = pz.num.lay(&st, bc, cells[:0]); !ok {
					continue
				}
				for _, k := range cells {
					if region[k] != region[b] {
						continue anchors
					}
				}
				if seen != nil {
					slices.Sort(cells)
					if len(slices.Compact(slices.Clone(cells))) != len(cells) {
						continue // a piece longer than a tube's girth overlaps itself
					}
					key := [2]int32{int32(pi), cells[0]}
					if j := slices.IndexFunc(seen[key], func(j int32) bool { return slices.Equal(ly.cellsOf(int(j)), cells) }); j >= 0 {
						ly.aliases = append(ly.aliases, alias{int32(pi), int32(oi), int32(b), seen[key][j]})
						continue
					}
					seen[key] = append(seen[key], int32(ly.len()))
				}
				// Off a tube, a translation keeps the order of an
				// orientation's cells, which is sorted.
				ly.add(int32(pi), int32(oi), int32(b), cells)
				if opt.MaxPlacements > 0 && ly.len() > opt.MaxPlacements {
					return &LimitError{What: "placements", Limit: opt.MaxPlacements}
				}
				fits = true
			}
		}
		// A piece that fits nowhere is no error when every copy of it
		// may be left out.
		if !fits && (!pz.omittable(p) || p.Count > pz.Options.Omit) {
			return fmt.Errorf("piece %s fits nowhere on the board", p.Name)
		}
	}
	return nil
}

// omittable reports whether copies of p may be left out.
func (pz *Puzzle) omittable(p Piece) bool {
	return pz.Options.Omit > 0 && (pz.Options.Omittable == nil || slices.Contains(pz.Options.Omittable, p.Name))
}

// omitByRanges counts the pieces left out by ranges when a way to leave
// out one piece cannot say it: when two or more are left out and a piece
// that may be left out has copies, leaving out two of its copies would
// take its one way to leave it out twice. Each piece's item then takes
// from Count less the copies that may go, to Count, and an item that
// every placement uses holds the pieces placed to the number left.
func (pz *Puzzle) omitByRanges() {
	n := pz.Options.Omit
	if n < 2 || !slices.ContainsFunc(pz.Pieces, func(p Piece) bool { return p.Count > 1 && pz.omittable(p) }) {
		return
	}
	pz.omitCopies = true
	for i, p := range pz.Pieces {
		if pz.omittable(p) {
			pz.Pieces[i].Lo = max(0, p.Count-n)
		}
	}
}

// placedItem names the item that counts the pieces placed when the
// pieces left out are counted by ranges.
const placedItem = "placed"

// regionNumbers numbers each board cell's region (see Options.Regions):
// placements stay within one.
func (pz *Puzzle) regionNumbers() []int32 {
	region := make([]int32, len(pz.Board))
	for i, r := range pz.Options.Regions {
		for _, c := range r {
			if k := pz.num.find(c); k >= 0 {
				region[k] = int32(i)
			}
		}
	}
	return region
}

// cells returns the hint that lets a search see regions of empty cells
// (see cover.Cells): the board's cells, items cell0 on in board order,
// and the neighbours of each in the same region, between which every
// placement is connected, as a polyform is (segments through their end
// points).
func (pz *Puzzle) cells(cell0 int) *cover.Cells {
	h := &cover.Cells{}
	region := pz.regionNumbers()
	for k, c := range pz.Board {
		h.Items = append(h.Items, cell0+k)
		for _, n := range pz.Lattice.Neighbours(c) {
			if m := int(pz.num.find(n)); m > k && region[m] == region[k] {
				h.Edges = append(h.Edges, [2]int{cell0 + k, cell0 + m})
			}
		}
	}
	return h
}

// NumPlacements returns the number of placements, the problem's options.
func (pz *Puzzle) NumPlacements() int { return pz.layout.len() }

// Placement returns placement i, the problem's option i, its cells written
// afresh on each call: a board of a thousand cells has millions of
// placements, whose cells kept as Cells took 0.4 GB and a quarter of the
// build, where a solution needs a few hundred of them.
func (pz *Puzzle) Placement(i int) Placement {
	ly := &pz.layout
	pl := Placement{Piece: int(ly.piece[i])}
	if cells := ly.cellsOf(i); len(cells) > 0 {
		pl.Cells = make([]Cell, len(cells))
		for k, c := range cells {
			pl.Cells[k] = pz.Board[c]
		}
	}
	return pl
}

// HasPlacement reports whether the piece named name on cells (in any
// order) is one of the puzzle's placements.
func (pz *Puzzle) HasPlacement(name string, cells []Cell) bool {
	nums := make([]int32, len(cells))
	for k, c := range cells {
		if nums[k] = pz.num.find(c); nums[k] < 0 || pz.Board[nums[k]] != c {
			return false // off the board, or round a tube
		}
	}
	// Placements list their cells in board order, which numbers follow.
	slices.Sort(nums)
	ly := &pz.layout
	for i := range ly.len() {
		if pz.Pieces[ly.piece[i]].Name == name && slices.Equal(ly.cellsOf(i), nums) {
			return true
		}
	}
	return false
}

// checkArea checks that the pieces, less the omitted ones, can fill the
// board exactly.
func (pz *Puzzle) checkArea() error {
	var orders []int
	area, least, most := 0, 0, 0
	for _, p := range pz.Pieces {
		for range p.Hi {
			orders = append(orders, p.Order())
		}
		least += p.Lo * p.Order()
		most += p.Hi * p.Order()
	}
	area = most
	board := len(pz.Board)
	if pz.ranged() {
		if board < least || board > most {
			return fmt.Errorf("the pieces, in the numbers the rules allow, cover %d to %d cells but the board has %d", least, most, board)
		}
		return nil
	}
	n := pz.Options.Omit
	if n >= len(orders) {
		return fmt.Errorf("the puzzle omits %d of its %d pieces", n, len(orders))
	}
	slices.Sort(orders)
	least, most = area-sumInts(orders[len(orders)-n:]), area-sumInts(orders[:n])
	switch {
	case n == 0 && area != board:
		return fmt.Errorf("the pieces cover %d cells but the board has %d%s", area, board, omitHint(orders, area-board))
	case board < least || board > most:
		return fmt.Errorf("the pieces, %d of them omitted, cover %d to %d cells but the board has %d", n, least, most, board)
	}
	return nil
}

// omitHint says how many pieces omit could leave out when the pieces
// cover extra cells more than the board has and the pieces are all of
// one size that divides it.
func omitHint(orders []int, extra int) string {
	cells := func(n int) string {
		if n == 1 {
			return "1 cell"
		}
		return strconv.Itoa(n) + " cells"
	}
	switch {
	case extra < 0:
		return fmt.Sprintf(": %s too few", cells(-extra))
	case orders[0] == orders[len(orders)-1] && extra%orders[0] == 0:
		return fmt.Sprintf(": %s too many, which omit = %d would leave out", cells(extra), extra/orders[0])
	case slices.Contains(orders, extra):
		return fmt.Sprintf(": %s too many, as many as one piece has (omit = 1 leaves out one piece)", cells(extra))
	}
	return fmt.Sprintf(": %s too many", cells(extra))
}

func sumInts(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
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
		if pc.Hi == 0 {
			// A rule left the piece out: no option uses its item.
			p.AddSecondary(pc.Name)
			continue
		}
		p.AddItem(cover.Item{Name: pc.Name, Lo: pc.Lo, Hi: pc.Hi})
	}
	// With one piece left out, the board's area already says that one
	// is (checkArea has made it smaller than the pieces' area), so the
	// ways to leave a piece out need only exclude each other, which a
	// secondary item does: the search never branches on it, where it
	// would on a primary item. Leaving out more takes a primary item
	// counting them.
	omit := int32(-1)
	secondaryOmit := pz.Options.Omit == 1 && !pz.Options.OmitPrimary
	placed := int32(-1)
	switch {
	case pz.omitCopies:
		total := 0
		for _, pc := range pz.Pieces {
			total += pc.Count
		}
		placed = int32(p.AddItem(cover.Item{Name: placedItem, Lo: total - pz.Options.Omit, Hi: total - pz.Options.Omit}))
	case pz.Options.Omit > 0 && !secondaryOmit:
		omit = int32(p.AddItem(cover.Item{Name: OmitItem, Lo: pz.Options.Omit, Hi: pz.Options.Omit}))
	}
	// The board's cells are items cell0, cell0+1, ... in board order.
	cell0 := int32(len(p.Items))
	for _, c := range pz.Board {
		p.AddPrimary(CellName(c, pz.Lattice))
	}
	if secondaryOmit {
		omit = int32(p.AddSecondary(OmitItem))
	}
	if scans(pz.Lattice) {
		for _, c := range scanOrder(pz.Board) {
			p.Order = append(p.Order, int(cell0+pz.num.find(c)))
		}
	}
	n := pz.NumPlacements()
	var crossing [][]int32 // nil, or the secondary items of each placement
	if !pz.Options.MayCross {
		var names []string
		names, crossing = pz.Lattice.crossings(n, func(i int) []Cell { return pz.Placement(i).Cells })
		first := int32(len(p.Items))
		for _, name := range names {
			p.AddSecondary(name)
		}
		for _, c := range crossing {
			for k := range c {
				c[k] += first
			}
		}
	}
	var rule0 int32
	if pz.rules != nil {
		rule0 = int32(len(p.Items))
		for _, it := range pz.rules.items {
			p.AddItem(it)
		}
	}
	size := len(pz.layout.cells) + 2*n
	for _, c := range crossing {
		size += len(c)
	}
	p.Grow(n, size)
	var entries []cover.Entry
	for i := range n {
		cells := pz.layout.cellsOf(i)
		entries = append(entries[:0], cover.Entry{Item: pz.layout.piece[i]})
		if len(cells) == 0 {
			entries = append(entries, cover.Entry{Item: omit})
		}
		if placed >= 0 {
			entries = append(entries, cover.Entry{Item: placed})
		}
		for _, c := range cells {
			entries = append(entries, cover.Entry{Item: cell0 + c})
		}
		if crossing != nil {
			for _, item := range crossing[i] {
				entries = append(entries, cover.Entry{Item: item})
			}
		}
		if pz.rules != nil {
			for _, u := range pz.rules.uses[i] {
				entries = append(entries, cover.Entry{Item: rule0 + u.item, Color: p.Color(u.colour)})
			}
		}
		p.AddOption(entries)
	}
}

// scans reports whether boards of the lattice get a cover.Problem.Order,
// which lets auto search them with bits: the lattices of cells, plane and
// solid. Measured over the catalogue's searches of up to a second, bits
// with a scan order is up to ten times faster than algx on many plane
// boards (pentomino rectangles, hexiamond strips) and at worst about twice
// as slow where auto's walks let it through. On solids its trees are 2 to
// 100 times algx's, and it is faster on about one solid in five (open
// boxes and ring walls of polycubes), which the walks mostly find. On
// segments (polysticks, polytrigs, polytwigs) the same order was a third
// slower on the 6×6 tetrasticks, which the walks did not see; over the
// catalogue's segment puzzles that algx counts in a second it was never
// faster on sticks and trigs, and on twigs auto would have gained 7 % in
// all but chosen one search 3.6 times slower: not worth it.
func scans(l Lattice) bool {
	g, ok := l.(*grid)
	return ok && g.segments == nil
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
	for i := range pieces {
		pieces[i].Lo, pieces[i].Hi = pieces[i].Count, pieces[i].Count
	}
	return pieces
}

// An OrientationError is a restriction of a piece's orientations that the
// puzzle cannot have.
type OrientationError struct {
	Piece, Problem string
}

func (e *OrientationError) Error() string {
	return "orientations." + e.Piece + ": " + e.Piece + " " + e.Problem
}

// cellNames writes cells as a spec does, separated by spaces.
func cellNames(l Lattice, cells []Cell) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = CellName(c, l)
	}
	return strings.Join(names, " ")
}

// restrict keeps, of each piece that allowed names, only the orientations
// it gives, each of which must be one of the piece's.
func (pz *Puzzle) restrict(allowed map[string][][]Cell) error {
	for _, name := range slices.Sorted(maps.Keys(allowed)) {
		i := slices.IndexFunc(pz.Pieces, func(p Piece) bool { return p.Name == name })
		if i < 0 {
			return &OrientationError{name, "is not one of the puzzle's pieces"}
		}
		p := &pz.Pieces[i]
		var kept [][]Cell
		for _, o := range allowed[name] {
			if !slices.ContainsFunc(p.Orientations, func(q []Cell) bool { return slices.Equal(q, o) }) {
				return &OrientationError{name, "has no orientation of the cells " + cellNames(pz.Lattice, o)}
			}
			if !slices.ContainsFunc(kept, func(q []Cell) bool { return slices.Equal(q, o) }) {
				kept = append(kept, o)
			}
		}
		p.Orientations = kept
	}
	return nil
}

// orientations lists the distinct normalized images of a shape.
func orientations(l Lattice, cells []Cell, oneSided bool) [][]Cell {
	var out [][]Cell
	for _, m := range PieceMotions(l, oneSided) {
		o := Transform(l, m, cells)
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
			if g, ok := pz.permutation([]boardMove{move}, nil, pieceMap, index); ok && pz.keepsRules(g) {
				group = append(group, g)
			}
		}
	}
	return group
}

// keepsRules reports whether a symmetry of the board and the pieces also
// maps the rules' items onto themselves.
func (pz *Puzzle) keepsRules(g cover.Symmetry) bool {
	return pz.rules == nil || pz.rules.keepsRules(g)
}

// A boardMove maps cells by a motion of the lattice, then a translation,
// then round a tube.
type boardMove struct {
	m    Motion
	back Cell
}

func (pz *Puzzle) apply(mv boardMove, c Cell) Cell { return pz.wrap(plus(mv.m.Apply(c), mv.back)) }

// boardMoves lists the moves that apply m and take the board onto itself.
func (pz *Puzzle) boardMoves(m Motion) []boardMove {
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
		turns = make([]int, w)
		for k := range turns {
			turns[k] = k
		}
	}
	var out []boardMove
	for _, k := range turns {
		move := boardMove{m, back}
		if pz.Options.Wrap > 0 {
			move.back[0] = k
		}
		image := make([]Cell, len(pz.Board))
		for i, c := range pz.Board {
			image[i] = pz.apply(move, c)
		}
		slices.SortFunc(image, compareCells)
		if slices.Equal(image, pz.Board) {
			out = append(out, move)
		}
	}
	return out
}

// A placementIndex finds a placement by its piece, orientation and the
// board cell (by number) where the orientation's first cell lies: the
// image of a placement under a motion is found so, from the image of its
// orientation and of one of its cells, without comparing cells.
type placementIndex struct {
	// at[base[p]+o×len(Board)+b] is the placement, or -1.
	at   []int32
	base []int
	// omitted[p] is the way to leave p out, or -1.
	omitted []int32
}

func (pz *Puzzle) newPlacementIndex() *placementIndex {
	n := len(pz.Board)
	ix := &placementIndex{base: make([]int, len(pz.Pieces)), omitted: slices.Repeat([]int32{-1}, len(pz.Pieces))}
	size := 0
	for pi, p := range pz.Pieces {
		ix.base[pi] = size
		size += len(p.Orientations) * n
	}
	ix.at = slices.Repeat([]int32{-1}, size)
	ly := &pz.layout
	for i := range ly.len() {
		if ly.orient[i] < 0 {
			ix.omitted[ly.piece[i]] = int32(i)
			continue
		}
		ix.at[ix.base[ly.piece[i]]+int(ly.orient[i])*n+int(ly.anchor[i])] = int32(i)
	}
	for _, a := range ly.aliases {
		ix.at[ix.base[a.piece]+int(a.orient)*n+int(a.anchor)] = a.same
	}
	return ix
}

// An orientationImage is where a move takes an orientation of a piece:
// to orientation orient of the image piece, whose first cell is the image
// of the orientation's cell number index, at first relative to its first
// cell.
type orientationImage struct {
	orient, index int32
	first         Cell
}

// orientationImages returns the image of each orientation of each piece
// under a move's motion, or false when one is not an orientation of the
// piece pieceMap names.
func (pz *Puzzle) orientationImages(m Motion, pieceMap []int) ([][]orientationImage, bool) {
	out := make([][]orientationImage, len(pz.Pieces))
	for pi, p := range pz.Pieces {
		to := pz.Pieces[pieceMap[pi]].Orientations
		for _, o := range p.Orientations {
			img := Transform(pz.Lattice, m, o)
			oi := slices.IndexFunc(to, func(q []Cell) bool { return slices.Equal(q, img) })
			if oi < 0 {
				return nil, false
			}
			// A translation keeps the order of cells, so the image's
			// first cell is the least image of a cell.
			j := 0
			for k, c := range o {
				if compareCells(m.Apply(c), m.Apply(o[j])) < 0 {
					j = k
				}
			}
			out[pi] = append(out[pi], orientationImage{int32(oi), int32(j), minus(o[j], o[0])})
		}
	}
	return out, true
}

// permutation maps every placement through board moves, which must
// together take the board onto itself: moves[part[b]] moves the
// placements whose first cell lies on board cell b (moves[0] all of them
// when part is nil).
func (pz *Puzzle) permutation(moves []boardMove, part []int32, pieceMap []int, ix *placementIndex) (cover.Symmetry, bool) {
	n := len(pz.Board)
	image := make([]int32, n)
	for k, c := range pz.Board {
		mv := moves[0]
		if part != nil {
			mv = moves[part[k]]
		}
		if image[k] = pz.num.find(pz.apply(mv, c)); image[k] < 0 {
			return nil, false
		}
	}
	orients := make([][][]orientationImage, len(moves))
	for i, mv := range moves {
		var ok bool
		if orients[i], ok = pz.orientationImages(mv.m, pieceMap); !ok {
			return nil, false
		}
	}
	ly := &pz.layout
	g := make(cover.Symmetry, ly.len())
	for i := range g {
		p := pieceMap[ly.piece[i]]
		if ly.orient[i] < 0 {
			if g[i] = ix.omitted[p]; g[i] < 0 {
				return nil, false
			}
			continue
		}
		b := ly.anchor[i]
		k := 0
		if part != nil {
			k = int(part[b])
		}
		oi := orients[k][ly.piece[i]][ly.orient[i]]
		var first int32
		if pz.Options.Wrap == 0 {
			// Off a tube, a placement's cells are its orientation's,
			// in order (see place).
			first = ly.cells[ly.start[i]+oi.index]
		} else {
			first = pz.num.find(plus(pz.Board[b], oi.first))
		}
		if g[i] = ix.at[ix.base[p]+int(oi.orient)*n+int(image[first])]; g[i] < 0 {
			return nil, false
		}
	}
	return g, true
}

// pieceImages says which piece each piece becomes under a motion: itself,
// unless the motion reflects and the piece may not be turned over, when it
// becomes the piece with the mirror shape. ok is false when that piece is
// missing or has a different count.
func (pz *Puzzle) pieceImages(m Motion) ([]int, bool) {
	out := make([]int, len(pz.Pieces))
	taken := make([]bool, len(pz.Pieces))
	for i, p := range pz.Pieces {
		img := Transform(pz.Lattice, m, p.Cells)
		fits := func(k int) bool {
			q := pz.Pieces[k]
			return !taken[k] && q.Lo == p.Lo && q.Hi == p.Hi && slices.ContainsFunc(q.Orientations, func(o []Cell) bool { return slices.Equal(o, img) })
		}
		// A piece that can be its own image must be; congruent pieces of
		// other names each take an image of their own, so that the map is
		// one to one: two one-sided pieces of one shape mapped both to the
		// first piece of the mirror shape made a symmetry that was no
		// permutation, and a distinct count too small (the differential
		// harness's seed 108443: 18 for 60). In index order, the k-th
		// piece of a shape goes to the k-th of its image's, so that the
		// maps of the motions compose as the motions do.
		out[i] = i
		if !fits(i) {
			out[i] = -1
			for k := range pz.Pieces {
				if fits(k) {
					out[i] = k
					break
				}
			}
		}
		if out[i] < 0 {
			return nil, false
		}
		taken[out[i]] = true
	}
	return out, true
}
