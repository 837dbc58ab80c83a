package compile

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/polyspec/polyspec/grammar"
	"github.com/polyspec/polyspec/spec"
)

// FromSpec compiles a checked spec without limits, for specs that can be
// trusted, as the catalogue's. Errors name the spec file, and the line and
// column of the field (or the character inside the pieces rule) at fault.
func FromSpec(s *spec.Spec) (*Puzzle, error) { return FromSpecLimits(s, Limits{}) }

// FromSpecLimits is FromSpec within limits: a board or a problem beyond
// them is an error (a *spec.Error whose message is a LimitError's) before
// it takes the memory.
func FromSpecLimits(s *spec.Spec, lim Limits) (*Puzzle, error) {
	if s.Kind.V == "sudoku" {
		return nil, &spec.Error{Pos: s.Kind.Pos, Msg: "kind: a sudoku spec has no pieces to place (package compile/sudoku compiles it)"}
	}
	l, err := LatticeByName(s.Lattice.V)
	if err != nil {
		return nil, &spec.Error{Pos: s.Lattice.Pos, Msg: err.Error()}
	}
	lib := LibraryFor(l)
	if len(s.Shapes) > 0 {
		defined := make([]Shape, len(s.Shapes))
		for i, sh := range s.Shapes {
			cells, err := latticeCells(l, sh.Cells, "shapes."+sh.Name)
			if err != nil {
				return nil, err
			}
			if n := Components(l, cells, nil); n > 1 && !segments(l) {
				// A tile or a cube is one polyform; only segments have
				// quasi-polyforms, joined at a point where no segment
				// runs.
				return nil, &spec.Error{Pos: sh.Cells.Pos, Msg: fmt.Sprintf("shapes.%s: its cells fall into %d parts that do not touch: a piece is one connected polyform", sh.Name, n)}
			}
			defined[i] = Shape{sh.Name, cells}
		}
		lib = lib.Define(defined)
	}
	rule, err := grammar.ParsePieceSet(s.Pieces.S)
	if err != nil {
		return nil, ruleError(s.Pieces, "pieces", err)
	}
	shapes, err := lib.Resolve(rule, s.OneSided.V)
	if err != nil {
		return nil, ruleError(s.Pieces, "pieces", err)
	}
	omittable, err := omittable(s, lib, shapes)
	if err != nil {
		return nil, err
	}
	board, err := BoardCells(l, s.Board, lim)
	if err != nil {
		return nil, err
	}
	regions, err := boardRegions(l, s.Board, board)
	if err != nil {
		return nil, err
	}
	if board == nil {
		board = slices.Concat(regions...)
	}
	restricted, err := restrictedOrientations(l, s)
	if err != nil {
		return nil, err
	}
	rules, err := puzzleRules(s)
	if err != nil {
		return nil, err
	}
	colours, err := boardColours(l, s.Board, board)
	if err != nil {
		return nil, err
	}
	lim = lim.forSpec(s)
	opts := Options{
		Rules:         rules,
		Colours:       colours,
		MaxPlacements: lim.Placements,
		Orientations:  restricted,
		OneSided:      s.OneSided.V,
		Omit:          int(s.Omit.V),
		Omittable:     omittable,
		Regions:       regions,
		Rotations:     s.Symmetry.V == "rotations",
		Parts:         s.Symmetry.V == "parts",
		MayCross:      s.MayCross.V,
	}
	if s.Board.Tube.V {
		for _, c := range board {
			opts.Wrap = max(opts.Wrap, c[0]+1)
		}
	}
	pz, err := Build(l, board, shapes, opts)
	if err != nil {
		pos := s.Board.Pos
		var (
			oe *OrientationError
			le *LimitError
			re *RuleError
		)
		switch {
		case errors.As(err, &re):
			return nil, ruleError(s.Rules[re.Index], fmt.Sprintf("rules[%d]", re.Index), re.Err)
		case errors.As(err, &oe):
			i := slices.IndexFunc(s.Orientations, func(po spec.PieceOrientations) bool { return po.Name == oe.Piece })
			pos = s.Orientations[i].Pos
		case errors.As(err, &le) && s.MaxPlacements.Set:
			le.Key = "max-placements"
			return nil, &spec.Error{Pos: s.MaxPlacements.Pos, Msg: le.Error(), Err: le}
		case errors.Is(err, errParts):
			pos = s.Symmetry.Pos
		case !errors.Is(err, errNoCells):
			pos = s.Pieces.Pos
		}
		return nil, &spec.Error{Pos: pos, Msg: err.Error(), Err: err}
	}
	return pz, nil
}

// puzzleRules parses the spec's rules.
func puzzleRules(s *spec.Spec) ([]grammar.PuzzleRule, error) {
	var out []grammar.PuzzleRule
	for i, t := range s.Rules {
		r, err := grammar.ParsePuzzleRule(t.S)
		if err != nil {
			return nil, ruleError(t, fmt.Sprintf("rules[%d]", i), err)
		}
		out = append(out, r)
	}
	return out, nil
}

// boardColours reads the board's colours table: cells of the board, each
// in one colour at most.
func boardColours(l Lattice, b spec.Board, board []Cell) ([]NamedCells, error) {
	var out []NamedCells
	owner := map[Cell]string{}
	on := map[Cell]bool{}
	for _, c := range board {
		on[c] = true
	}
	for _, nc := range b.Colours {
		key := "board.colours." + nc.Name
		cells, err := latticeCells(l, nc.Cells, key)
		if err != nil {
			return nil, err
		}
		for _, c := range cells {
			switch {
			case !on[c]:
				return nil, &spec.Error{Pos: nc.Cells.Pos, Msg: fmt.Sprintf("%s: expected cells of the board; found %s, which is not on it", key, CellName(c, l))}
			case owner[c] != "":
				return nil, &spec.Error{Pos: nc.Cells.Pos, Msg: fmt.Sprintf("%s: cell %s is already %s; a cell has one colour at most", key, CellName(c, l), owner[c])}
			}
			owner[c] = nc.Name
		}
		out = append(out, NamedCells{nc.Name, cells})
	}
	return out, nil
}

// restrictedOrientations reads a spec's orientations table: for each piece
// it names, the normalized cells of the orientations it allows. A restricted
// piece breaks the board's symmetry, so unique cannot go with it.
func restrictedOrientations(l Lattice, s *spec.Spec) (map[string][][]Cell, error) {
	if len(s.Orientations) == 0 {
		return nil, nil
	}
	if s.Unique.V {
		return nil, &spec.Error{Pos: s.Unique.Pos, Msg: "unique: a piece restricted by orientations already breaks the board's symmetry; count the restricted puzzle without unique"}
	}
	out := map[string][][]Cell{}
	for _, po := range s.Orientations {
		for i, v := range po.Cells {
			cells, err := latticeCells(l, v, fmt.Sprintf("orientations.%s[%d]", po.Name, i))
			if err != nil {
				return nil, err
			}
			cells, _ = l.Normalize(cells)
			out[po.Name] = append(out[po.Name], cells)
		}
	}
	return out, nil
}

// latticeCells reads a spec's list of cells, which must have as many
// coordinates as the lattice writes.
func latticeCells(l Lattice, v spec.Value[string], key string) ([]Cell, error) {
	cells, err := ParseCells(v.V)
	if err == nil {
		for _, f := range strings.Fields(v.V) {
			if n := strings.Count(f, ",") + 1; n != l.Dims() {
				err = fmt.Errorf("expected cells of %d coordinates on the %s lattice, found %q", l.Dims(), l.Name(), f)
				break
			}
		}
	}
	if err != nil {
		return nil, &spec.Error{Pos: v.Pos, Msg: key + ": " + err.Error()}
	}
	return cells, nil
}

// ruleError moves an error inside a piece rule to its place in the file.
func ruleError(rule spec.Text, key string, err error) error {
	var ge *grammar.Error
	if errors.As(err, &ge) {
		return &spec.Error{Pos: rule.PosAt(ge.Pos.Offset), Msg: key + ": " + ge.Msg}
	}
	return &spec.Error{Pos: rule.Pos, Msg: key + ": " + err.Error()}
}

// boardRegions reads the board's regions, which must not overlap and, when
// the board is also given as a shape, must cover exactly its cells.
func boardRegions(l Lattice, b spec.Board, board []Cell) ([][]Cell, error) {
	var regions [][]Cell
	owner := map[Cell]int{}
	for i, v := range b.Regions {
		key := fmt.Sprintf("board.regions[%d]", i)
		cells, err := latticeCells(l, v, key)
		if err != nil {
			return nil, err
		}
		for _, c := range cells {
			if j, dup := owner[c]; dup {
				return nil, &spec.Error{Pos: v.Pos, Msg: fmt.Sprintf("%s: cell %s is also in board.regions[%d]", key, CellName(c, l), j)}
			}
			owner[c] = i
		}
		regions = append(regions, cells)
	}
	if board == nil || regions == nil {
		return regions, nil
	}
	for _, c := range board {
		if _, ok := owner[c]; !ok {
			return nil, &spec.Error{Pos: b.Regions[0].Pos, Msg: fmt.Sprintf("board.regions: board cell %s is in no region", CellName(c, l))}
		}
	}
	for i, r := range regions {
		for _, c := range r {
			if !slices.Contains(board, c) {
				return nil, &spec.Error{Pos: b.Regions[i].Pos, Msg: fmt.Sprintf("board.regions[%d]: cell %s is not on the board", i, CellName(c, l))}
			}
		}
	}
	return regions, nil
}

// omittable resolves the spec's omittable rule to piece names, each of
// which must be one of the puzzle's pieces; nil means every piece.
func omittable(s *spec.Spec, lib *Library, pieces []Shape) ([]string, error) {
	if s.Omittable.S == "" {
		return nil, nil
	}
	if s.Omit.V == 0 {
		return nil, &spec.Error{Pos: s.Omittable.Pos, Msg: "omittable: the spec omits no pieces (set omit too)"}
	}
	rule, err := grammar.ParsePieceSet(s.Omittable.S)
	if err != nil {
		return nil, ruleError(s.Omittable, "omittable", err)
	}
	shapes, err := lib.Resolve(rule, s.OneSided.V)
	if err != nil {
		return nil, ruleError(s.Omittable, "omittable", err)
	}
	names := make([]string, 0, len(shapes))
	for _, sh := range shapes {
		if !slices.ContainsFunc(pieces, func(p Shape) bool { return p.Name == sh.Name }) {
			return nil, &spec.Error{Pos: s.Omittable.Pos, Msg: fmt.Sprintf("omittable: %s is not one of the puzzle's pieces", sh.Name)}
		}
		names = append(names, sh.Name)
	}
	return names, nil
}

// Resolve turns a piece-set rule into shapes with the library's names,
// those it defines included: included terms in order, then excluded terms
// taken away. In a one-sided set, every term that names a group of pieces
// ("5*", "12x5", "any") brings both hands of each chiral piece, and a name
// picks one hand (P or p).
func (lib *Library) Resolve(rule *grammar.PieceSet, oneSided bool) ([]Shape, error) {
	var include, exclude []Shape
	for _, t := range rule.Terms {
		shapes, err := resolveItem(lib, t.Item, oneSided)
		if err != nil {
			return nil, &grammar.Error{Pos: t.Pos, Msg: err.Error()}
		}
		if t.Exclude {
			exclude = append(exclude, shapes...)
		} else {
			include = append(include, shapes...)
		}
	}
	for _, x := range exclude {
		include = slices.DeleteFunc(include, func(s Shape) bool { return s.Name == x.Name })
	}
	return include, nil
}

func resolveItem(lib *Library, it grammar.Item, oneSided bool) ([]Shape, error) {
	group := func(shapes []Shape) []Shape {
		if oneSided {
			return lib.OneSided(shapes)
		}
		return shapes
	}
	byOrder := func(n int) ([]Shape, error) {
		shapes := lib.Order(n)
		if len(shapes) == 0 {
			return nil, fmt.Errorf("the %s lattice names no pieces of order %d (it names orders 1 to %d)", lib.lattice.Name(), n, lib.MaxOrder())
		}
		return shapes, nil
	}
	switch it := it.(type) {
	case *grammar.Keyword:
		if it.Word == "none" {
			return nil, nil
		}
		return group(lib.shapes), nil
	case *grammar.Order:
		shapes, err := byOrder(it.Order)
		return group(shapes), err
	case *grammar.Run:
		var all []Shape
		for _, n := range it.Orders() {
			shapes, err := byOrder(n)
			if err != nil {
				return nil, err
			}
			all = append(all, shapes...)
		}
		return group(all), nil
	case *grammar.Tally:
		shapes, err := byOrder(it.Order)
		if err != nil {
			return nil, err
		}
		if len(shapes) != it.Count {
			return nil, fmt.Errorf("%s asks for %d pieces of order %d, but the %s lattice has %d", it, it.Count, it.Order, lib.lattice.Name(), len(shapes))
		}
		return group(shapes), nil
	case *grammar.Piece:
		if set, ok := lib.Set(it.Name); ok {
			return slices.Repeat(group(set), max(it.Copies, 1)), nil
		}
		s, ok := lib.Lookup(it.Name)
		if !ok {
			return nil, lib.errUnknownPiece(it.Name)
		}
		if !lib.Named(it.Name) && !oneSided {
			other := swapFirstCase(it.Name)
			return nil, fmt.Errorf("%s is the mirror image of %s, which only a one-sided set tells apart (set one-sided = true, or write %s)", it.Name, other, other)
		}
		return slices.Repeat([]Shape{s}, max(it.Copies, 1)), nil
	}
	if sh, ok := it.(*grammar.Shape); ok {
		return nil, fmt.Errorf("%s is a Polypips shape, which only Pips games use; a %s puzzle names its pieces (%s)", sh, lib.lattice.Name(), lib.exampleNames())
	}
	return nil, fmt.Errorf("unsupported rule term %s", it)
}

// BoardCells returns the cells of a spec's board as its size, drawing or
// list of cells gives them, within lim's limit on cells (counted as
// BoardCost counts them, before they are made); none for a board that
// only its regions give. board.size is a rectangle of squares, and on
// the other lattices the board that 'polyspec new --board WxH' writes:
// a parallelogram of triangles or hexagons, the segments of a grid.
func BoardCells(l Lattice, b spec.Board, lim Limits) ([]Cell, error) {
	if w, h := b.Size.V.W, b.Size.V.H; b.Size.Set && lim.Cells > 0 && w > lim.Cells/h {
		le := &LimitError{What: "cells", Limit: lim.Cells}
		return nil, &spec.Error{Pos: b.Size.Pos, Msg: fmt.Sprintf("board.size: %dx%d is %s", w, h, le), Err: le}
	}
	if err := lim.checkCells(b, BoardCost(b)); err != nil {
		return nil, err
	}
	var (
		board []Cell
		err   error
	)
	switch {
	case b.Size.Set && l.Squares():
		for y := range b.Size.V.H {
			for x := range b.Size.V.W {
				board = append(board, Cell{x, y, 0})
			}
		}
	case b.Size.Set:
		// Two or three cells per square of the block: counted again.
		size := b.Size
		if board = l.Block(size.V.W, size.V.H, 1); board == nil {
			return nil, &spec.Error{Pos: size.Pos, Msg: fmt.Sprintf("board.size: the %s lattice has no WxH board: list its cells in board.cells", l.Name())}
		}
		if err := lim.checkCells(b, len(board)); err != nil {
			return nil, err
		}
	case b.Cells.Set:
		if board, err = latticeCells(l, b.Cells, "board.cells"); err != nil {
			return nil, err
		}
	case b.Art.Set:
		board = ArtCells(b.Art.V)
	}
	return board, nil
}

// Components counts the parts cells fall into, joined through
// neighbours, each neighbour first passed through join when it is not
// nil (to wrap a tube).
func Components(l Lattice, cells []Cell, join func(Cell) Cell) int {
	in := map[Cell]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[Cell]bool{}
	n := 0
	for _, start := range cells {
		if seen[start] {
			continue
		}
		n++
		seen[start] = true
		stack := []Cell{start}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, m := range l.Neighbours(c) {
				if join != nil {
					m = join(m)
				}
				if in[m] && !seen[m] {
					seen[m] = true
					stack = append(stack, m)
				}
			}
		}
	}
	return n
}
