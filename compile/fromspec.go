package compile

import (
	"errors"
	"fmt"
	"slices"

	"github.com/polyspec/polyspec/grammar"
	"github.com/polyspec/polyspec/spec"
)

// FromSpec compiles a checked spec. Errors name the spec file, and the line
// and column of the field (or the character inside the pieces rule) at
// fault.
func FromSpec(s *spec.Spec) (*Puzzle, error) {
	l, err := LatticeByName(s.Lattice.V)
	if err != nil {
		return nil, &spec.Error{Pos: s.Lattice.Pos, Msg: err.Error()}
	}
	rule, err := grammar.ParsePieceSet(s.Pieces.S)
	if err != nil {
		return nil, ruleError(s, err)
	}
	shapes, err := Resolve(l, rule, s.OneSided.V)
	if err != nil {
		return nil, ruleError(s, err)
	}
	var board []Cell
	switch {
	case s.Board.Size.Set:
		for y := range s.Board.Size.V.H {
			for x := range s.Board.Size.V.W {
				board = append(board, Cell{x, y, 0})
			}
		}
	case s.Board.Cells.Set:
		if board, err = ParseCells(s.Board.Cells.V); err != nil {
			return nil, &spec.Error{Pos: s.Board.Cells.Pos, Msg: "board.cells: " + err.Error()}
		}
	default:
		board = ArtCells(s.Board.Art.V)
	}
	opts := Options{
		OneSided:  s.OneSided.V,
		Omit:      int(s.Omit.V),
		Rotations: s.Symmetry.V == "rotations",
	}
	if s.Board.Tube.V {
		for _, c := range board {
			opts.Wrap = max(opts.Wrap, c[0]+1)
		}
	}
	pz, err := Build(l, board, shapes, opts)
	if err != nil {
		pos := s.Board.Pos
		if !errors.Is(err, errNoCells) {
			pos = s.Pieces.Pos
		}
		return nil, &spec.Error{Pos: pos, Msg: err.Error()}
	}
	return pz, nil
}

// ruleError moves an error inside the pieces rule to its place in the file.
func ruleError(s *spec.Spec, err error) error {
	var ge *grammar.Error
	if errors.As(err, &ge) {
		return &spec.Error{Pos: s.Pieces.PosAt(ge.Pos.Offset), Msg: "pieces: " + ge.Msg}
	}
	return &spec.Error{Pos: s.Pieces.Pos, Msg: "pieces: " + err.Error()}
}

// Resolve turns a piece-set rule into shapes: included terms in order, then
// excluded terms taken away. In a one-sided set, every term that names a
// group of pieces ("5*", "12x5", "any") brings both hands of each chiral
// piece, and a name picks one hand (P or p).
func Resolve(l Lattice, rule *grammar.PieceSet, oneSided bool) ([]Shape, error) {
	lib := LibraryFor(l)
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
	return nil, fmt.Errorf("unsupported rule term %s", it)
}
