package puzzler

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/polyspec/polyspec/compile"
)

// Options are the choices of an import.
type Options struct {
	// Lattice is the lattice's name, or "" to infer it.
	Lattice string
	// Documented, when not nil, are the count statements of Polyform
	// Puzzler's descriptions of its puzzles: a complete run's count that
	// its puzzle's description contradicts is then no count, and a puzzle
	// with no count takes the one its description states, if any.
	Documented Documented
	// Limits bound the board read (its cells, before any piece is
	// compared with another) and the specs compiled to check and count
	// it, as polyspec's --max-cells and --max-placements; zero: none.
	Limits compile.Limits
}

// A Puzzle is what Import read from a solution file, ready to write as a
// spec.
type Puzzle struct {
	// limits bound the specs compiled to check and count the puzzle.
	limits compile.Limits
	Name   string // from the file's name
	Source string // the solution file, as given
	Matrix string // Polyform Puzzler's class, from "solving X:"
	// Lattice, Board, Wrap (the girth of a tube, or 0), Pieces, Shapes,
	// OneSided and Omit are as in a spec: Pieces is the rule and Shapes
	// the pieces it names that the library does not have.
	Lattice  compile.Lattice
	Board    []compile.Cell
	Wrap     int
	Pieces   string
	Shapes   []compile.Shape
	OneSided bool
	Omit     int
	// MayCross is true when pieces cross in the file's solution.
	MayCross bool
	Parked   []string // pieces shown beside the board
	LeftOut  []string // pieces the first solution leaves out, parked or not
	chiral   bool     // a piece and its mirror image are both in the set
	onBoard  []piece  // the first solution's pieces on the board
	// Transposed is true when x and y are swapped, to make a tube that
	// joins top and bottom one that joins left and right.
	Transposed bool
	// Count is the closing count; Complete is true when no notice says
	// the run was cut short. Verdict is what the puzzle's description says
	// of a complete run's count, when Import was given the descriptions.
	Count    int64
	Complete bool
	Verdict  Verdict
	// Target is the count the spec must reproduce to write it as expect,
	// and TargetSource its expect-source: a complete run's count that
	// the puzzle's description does not contradict; else, given the
	// descriptions, the count the description states; else none ("").
	Target       int64
	TargetSource string
	// The counting convention, which Infer sets: Symmetry is "" for the
	// board's whole symmetry group, or "rotations" or "parts" as in a
	// spec; AllSolutions counts with no reduction; Omittable, when not
	// nil, names the only pieces a solution may leave out; Regions, when
	// not nil, are parts of the board each piece must stay within.
	Symmetry     string
	AllSolutions bool
	Omittable    []string
	Regions      [][]compile.Cell
	// Restricted, when not nil, are the only orientations one piece may
	// take (each a Shape of its name), as Polyform Puzzler restricts a
	// piece to break the board's symmetry; such a count has no reduction.
	Restricted []compile.Shape
	// Expect is true when the spec, counted, reproduces Count: only then
	// does it give expect. Note says how the convention was found, or why
	// there is no expect.
	Expect bool
	Note   string
}

// CompleteCount reports whether the closing count is the whole number of
// solutions: the run was complete and the puzzle's description, when
// known, does not contradict it.
func (pz *Puzzle) CompleteCount() bool {
	return pz.Complete && pz.Verdict.Contradiction == ""
}

// Contradicted says, when the puzzle's description contradicts the file's
// complete count, how; else "".
func (pz *Puzzle) Contradicted() string {
	if pz.Verdict.Contradiction == "" {
		return ""
	}
	return fmt.Sprintf("The file's run is complete, closing with %d, but %s.", pz.Count, pz.Verdict.Contradiction)
}

// Import reads one solution file. Errors name the file, and the line where
// the file says something Import cannot use.
func Import(path string, data []byte, opt Options) (*Puzzle, error) {
	f, err := readSolutionFile(path, data)
	if err != nil {
		return nil, err
	}
	l, err := inferLattice(f, opt.Lattice)
	if err != nil {
		return nil, err
	}
	pz := &Puzzle{Name: specName(path), Source: path, Matrix: f.matrix, Lattice: l, Count: f.count, Complete: f.complete}
	if pz.Complete && opt.Documented != nil {
		pz.Verdict = opt.Documented.Judge(pz.Name, pz.Count)
	}
	switch n, ok := opt.Documented.Count(pz.Name); {
	case pz.CompleteCount() && pz.Verdict.Agrees:
		pz.Target, pz.TargetSource = pz.Count, DocumentedFileSource
	case pz.CompleteCount():
		pz.Target, pz.TargetSource = pz.Count, FileSource
	case ok && n > 0: // a description's 0 is disproved by the file's solution
		pz.Target, pz.TargetSource = n, DocumentedSource
	}
	pieces, err := readPieces(f, l)
	if err != nil {
		return nil, err
	}
	if err := checkBoard(path, f.first.Line, pieces); err != nil {
		return nil, err
	}
	cells := 0
	for _, p := range pieces {
		cells += len(p.cells)
	}
	if lim := opt.Limits.Cells; lim > 0 && cells > lim {
		return nil, fmt.Errorf("%s:%d: the first solution covers %d cells, %s", path, f.first.Line, cells, &compile.LimitError{What: "cells", Limit: lim})
	}
	pz.limits = opt.Limits
	pieces, onBoard := pz.placeBoard(pieces)
	if len(pz.Board) == 0 {
		// Every piece lies apart from the others, as parked ones do.
		return nil, fmt.Errorf("%s:%d: the first solution has no board: every piece lies apart from the others", path, f.first.Line)
	}
	pz.MayCross = crossing(l, onBoard)
	pz.onBoard = onBoard
	// One-sided when a piece and its mirror image are both there, or when
	// the file says so in its name.
	// Pairs of distinct shapes only: a file of 10,000 monominoes has one.
	var shapes [][]compile.Cell
	for _, p := range pieces {
		if !slices.ContainsFunc(shapes, func(s []compile.Cell) bool { return slices.Equal(s, p.shape) }) {
			shapes = append(shapes, p.shape)
		}
	}
	for i, p := range shapes {
		for _, q := range shapes[i+1:] {
			pz.chiral = pz.chiral || chiralPair(l, p, q)
		}
	}
	pz.OneSided = pz.chiral || strings.Contains(pz.Name, "one-sided") && l.Flips()
	pz.Pieces, pz.Shapes = pieceSet(l, pieces, pz.OneSided)
	if err := pz.check(onBoard, pieces); err != nil {
		if le := (*compile.LimitError)(nil); errors.As(err, &le) {
			return nil, fmt.Errorf("%s: the self-check of the spec written: %w", path, le)
		}
		return nil, fmt.Errorf("%s: the spec written does not reproduce the file's first solution (a bug in the importer): %v", path, err)
	}
	return pz, nil
}

// placeBoard sets the board, the pieces left out and parked, and the tube
// the board may be, and returns the pieces (with their shapes unwrapped
// from a tube) and those on the board.
func (pz *Puzzle) placeBoard(pieces []piece) ([]piece, []piece) {
	l := pz.Lattice
	park := parked(l, pieces)
	for i, p := range pieces {
		if p.cells == nil || slices.Contains(park, i) {
			pz.Omit++
			pz.LeftOut = append(pz.LeftOut, p.name)
		}
		if slices.Contains(park, i) {
			pz.Parked = append(pz.Parked, p.name)
		}
	}
	onBoard := pz.layOut(pieces, park)
	if pz.Wrap == 0 && l.Squares() && tubeWidth(l, transpose(pz.Board), transposed(onBoard)) > 0 {
		// A tube that joins top and bottom, turned to join left and right.
		pz.Transposed = true
		pieces = transposed(pieces)
		onBoard = pz.layOut(pieces, park)
	}
	if pz.Wrap > 0 {
		for i := range pieces {
			if pieces[i].cells != nil {
				pieces[i].shape = unwrap(l, pieces[i], pz.Wrap)
			}
		}
	}
	return pieces, onBoard
}

// layOut sets the board to the cells of the pieces not parked, and the
// girth of the tube it is, if it is one; it returns those pieces.
func (pz *Puzzle) layOut(pieces []piece, park []int) []piece {
	var onBoard []piece
	pz.Board = nil
	for i, p := range pieces {
		if p.cells != nil && !slices.Contains(park, i) {
			onBoard = append(onBoard, p)
			pz.Board = append(pz.Board, p.cells...)
		}
	}
	pz.Wrap = tubeWidth(pz.Lattice, pz.Board, onBoard)
	return onBoard
}

// readPieces reads the first solution's pieces, left-out ones included,
// with names the pieces rule can write.
func readPieces(f *solutionFile, l compile.Lattice) ([]piece, error) {
	var out []piece
	lib := compile.LibraryFor(l)
	for _, p := range f.first.Pieces {
		shape, _ := l.Normalize(p.Cells)
		out = append(out, piece{name: p.Name, cells: p.Cells, shape: shape})
	}
	for _, name := range f.first.Omitted {
		s, ok := lib.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("%s:%d: piece %s is left out (\"! %s\"), and the %s lattice does not name it, so its shape is unknown", f.path, f.first.Line, name, name, l.Name())
		}
		out = append(out, piece{name: name, shape: s.Cells})
	}
	for i := range out {
		name, err := ruleName(out[i].name)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", f.path, f.first.Line, err)
		}
		if name != out[i].name && slices.ContainsFunc(out, func(p piece) bool { return p.name == name }) {
			return nil, fmt.Errorf("%s:%d: piece %s would be renamed %s, which another piece has", f.path, f.first.Line, out[i].name, name)
		}
		out[i].name = name
	}
	return out, nil
}

// ruleName turns a piece name into one the pieces rule can write. Older
// files mark a flipped piece with a star ("L*"), which newer ones write in
// lower case ("l").
func ruleName(name string) (string, error) {
	if base, ok := strings.CutSuffix(name, "*"); ok && base != "" {
		r := []rune(base)
		r[0] = unicode.ToLower(r[0])
		name = string(r)
	}
	for i, r := range name {
		if !(r < unicode.MaxASCII && (unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r))) {
			return "", fmt.Errorf("piece name %q: expected letters and digits, starting with a letter", name)
		}
	}
	return name, nil
}

// specName makes a spec name of a file's base name: lower case, with '-'
// for anything but letters and digits.
func specName(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return strings.Trim(strings.Map(func(r rune) rune {
		if r = unicode.ToLower(r); r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return r
		}
		return '-'
	}, base), "-")
}
