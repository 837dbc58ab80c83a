// Package spec reads polyspec puzzle specs: declarative descriptions of a
// polyform puzzle (which pieces, on which board, with which known solution
// counts) written in TOML or YAML.
//
// Both syntaxes share one schema. A file is first decoded into a small
// positioned tree that does not care which syntax it came from, and that tree
// is then checked against the schema once, so the two syntaxes accept the same
// specs and report the same problems. Every problem is reported as an *Error
// that names the file, line and column, because spec authors fix files, not Go
// values.
//
// Messages read "file:line:col: key: expected X, found Y" where they can, for
// example
//
//	p.toml:3:8: unique: expected true or false, found string "yes"
//	p.yaml:5:3: unknown key "peices" (did you mean "pieces"?)
//	p.toml:2:10: invalid TOML: expected value but found "yes" instead
//
// Columns count bytes. A value's position is where its token starts (the
// opening quote of a quoted string); an unknown key's is where the key starts.
//
// The package only checks the shape of a spec. The piece rule string is kept
// as text (see [Text]) and parsed by the compiler, which can turn an offset
// inside the rule back into a file position with [Text.PosAt].
//
// Start reading at Parse (this file) and the Spec type; toml.go and
// yaml.go decode each syntax into the tree of tree.go, and reference.go
// holds the table of keys from which help, docs/spec.md and the JSON
// Schema (schema.go) are made.
package spec

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/polyspec/polyspec/internal/infile"
)

// Pos is a position in a spec file. Line and Col start at 1; Col counts bytes,
// as the Go toolchain does, so it agrees with byte offsets into strings.
type Pos struct {
	File      string
	Line, Col int
}

// String formats p as "file:line:col", leaving out what p does not know.
func (p Pos) String() string {
	s := p.File
	if p.Line > 0 {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	return s
}

// Error is a problem in a spec file, at Pos.
type Error struct {
	Pos Pos
	Msg string
	// Err is the error Msg says, when a caller may need its type (a
	// limit passed, which a flag raises); nil for most.
	Err error
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Unwrap returns the error Msg says, if it was kept.
func (e *Error) Unwrap() error { return e.Err }

// errorf makes an *Error; every error of the package is made here.
func errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// Value is a decoded field and where its value is written.
type Value[T any] struct {
	V T
	// Pos is where the value starts in the file. When Set is false it is the
	// zero Pos, except for the defaults of Spec.Name and Spec.Lattice, which
	// are placed at the start of the file so that errors about them have a
	// position too.
	Pos Pos
	// Set reports whether the file gives the field; when it is false, V is the
	// field's default.
	Set bool
}

// Spec is one decoded and checked puzzle spec.
type Spec struct {
	File string // the file name given to Parse, Load or LoadFS

	// Name identifies the puzzle: one or more of a-z, 0-9 and '-'. When the
	// file leaves it out it is the file's base name without its extension.
	Name Value[string]
	// Title is free text for people; it may be empty.
	Title Value[string]
	// Lattice names the cell lattice; "square" unless given. Any of
	// [Lattices] is accepted here: the compiler decides which it supports.
	Lattice Value[string]
	// Pieces is the piece rule string. A list of rule strings in the file is
	// joined with ",".
	Pieces Text
	// OneSided forbids reflecting pieces.
	OneSided Value[bool]
	// Unique asks for solutions to be counted modulo the board's symmetry.
	Unique Value[bool]
	// Expect is the known number of solutions (as counted under Unique);
	// ExpectAll the known number without symmetry reduction. Each is >= 0
	// when Set. They are facts from outside polyspec, which verify checks.
	Expect, ExpectAll Value[int64]
	// ExpectSource says where Expect and ExpectAll come from: "Polyform
	// Puzzler solution file, complete run", "Polyform Puzzler
	// documentation", or a publication. The catalogue gives one with every
	// expect.
	ExpectSource Value[string]
	// Count and CountAll are polyspec's own counts (as Expect and
	// ExpectAll, with and without reduction) of a puzzle nobody else has
	// counted; CountBy says how they were made: "polyspec <version>,
	// <date>, <backends>". They are results, not facts from outside.
	Count, CountAll Value[int64]
	CountBy         Value[string]
	// Omit is how many pieces each solution leaves out (0 unless given).
	Omit Value[int64]
	// Omittable, when set, is a piece rule naming the only pieces a
	// solution may leave out (all of them unless given). Polyform Puzzler
	// parks left-out pieces in fixed spots made for some pieces only, so
	// its counts of such puzzles need it.
	Omittable Text
	// MaxPlacements, when set, is the most placements the puzzle may have,
	// which replaces the command line's limit for this spec: a puzzle that
	// is known to be big says so here (1 to MaxDeclaredPlacements).
	MaxPlacements Value[int64]
	// MayCross lets pieces of a segment lattice cross each other at grid
	// points, as in puzzles whose pieces are drawn rather than cut.
	MayCross Value[bool]
	// Symmetry says which board symmetries Unique removes: "all" (the
	// default), "rotations" for puzzles whose published counts tell mirror
	// images apart, or "parts" for boards of separate parts whose counts
	// take moving one part as no change (see Symmetries).
	Symmetry Value[string]
	// Shapes are pieces the spec defines itself, for shapes the lattice
	// does not name or names otherwise; the pieces rule can then use their
	// names.
	Shapes []NamedShape
	// Orientations restricts pieces to some of their orientations, as
	// Polyform Puzzler does to one asymmetric piece to break a board's
	// symmetry: its counts of such puzzles are counts without reduction
	// of the restricted puzzle.
	Orientations []PieceOrientations
	// Rules are the rules key's strings, each parsed by the compiler in
	// the rule language (package grammar's ParsePuzzleRule).
	Rules []Text
	Board Board

	// Kind is "polyform" (the default: pieces on a board), "sudoku"
	// (Givens, Blocks and Groups instead of pieces and a board) or "pips"
	// (a Pips or Polypips game: Pieces with pips on a Board drawn as art,
	// and Constraints).
	Kind Value[string]
	// Constraints are a Pips game's region rules, each a rule and its
	// cells as the Polypips text game writes them ("12 {(0, 0), (1, 0)}").
	Constraints []Text
	// Givens are a Sudoku's rows, top first, with '.' for a blank; spaces
	// and the separators '|', '-' and '+' are for people and are ignored.
	Givens Value[[]string]
	// Blocks, when set, draws the blocks as rows of labels, one label per
	// block (for jigsaw Sudoku); else the blocks are the usual boxes.
	Blocks Value[[]string]
	// Groups are further cell groups that hold every digit once: each is
	// "diagonals" (both long diagonals) or rows of labels, '.' for cells
	// in no group.
	Groups []Value[[]string]
}

// Kinds lists the values of the kind key, the default first.
var Kinds = []string{"polyform", "sudoku", "pips"}

// PieceOrientations is one key of the orientations table: a piece name and
// the only orientations it may take, each as cells in the lattice's
// coordinates (anywhere: only the shape counts).
type PieceOrientations struct {
	Name  string
	Pos   Pos // where the name is written
	Cells []Value[string]
}

// A NamedShape is one key of the shapes table: a piece name and its cells
// in the lattice's coordinates, as for Board.Cells; or of the board's
// colours table, a colour name and its cells.
type NamedShape struct {
	Name  string
	Pos   Pos // where the name is written
	Cells Value[string]
}

// Symmetries lists the values of the symmetry key, the default first:
// "rotations" counts mirror images apart; "parts" lets each connected part
// of the board move on its own and congruent parts swap places.
var Symmetries = []string{"all", "rotations", "parts"}

// Lattices lists the lattice names a spec may give, the default first.
var Lattices = []string{"square", "cubic", "iamond", "hex", "stick", "trig", "twig"}

// Board is the region the pieces must cover: a rectangle (Size), a drawing
// (Art) or a list of cells in the lattice's coordinates (Cells, such as
// "0,0,0 1,0,0", for lattices a drawing cannot show). Exactly one of
// Size.Set, Art.Set and Cells.Set is true.
type Board struct {
	Pos   Pos // where the board key is written
	Cells Value[string]
	// Tube joins the board's left and right edges.
	Tube Value[bool]
	Size Value[Size]
	// Art holds the rows of the drawing, top row first, without leading or
	// trailing blank rows or line-ending '\r'. Byte x of row i is a cell iff
	// it is '#'; the puzzle's y grows upward, so row i has
	// y = len(Art.V)-1-i.
	Art Value[[]string]
	// Regions, when given, split the board into parts that every piece
	// must lie within, as in puzzles that fill several shapes at once with
	// one set of pieces. Each is a string of cells; together they cover
	// the board's cells once each.
	Regions []Value[string]
	// Colours name sets of board cells for the colour rules; a cell is in
	// one at most.
	Colours []NamedShape
}

// Size is a rectangular board's width and height, both >= 1.
type Size struct{ W, H int }

// Load reads and parses the spec file at path; see Parse. A file that cannot
// be read gives the *fs.PathError from reading it.
func Load(path string) (*Spec, error) {
	data, err := infile.ReadFile(path, infile.SpecBytes, "a spec file")
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// LoadFS reads and parses the spec file at path in fsys, for catalogues that
// embed their specs; see Parse. Positions name the file by path.
func LoadFS(fsys fs.FS, path string) (*Spec, error) {
	data, err := fs.ReadFile(fsys, path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse decodes and checks a spec. The extension of filename picks the syntax
// (.toml, or .yaml or .yml) and filename is used in positions and for the
// default name. A problem is returned as one *Error, the first found, since
// later ones are often consequences of it; an unknown extension gives one
// positioned at the file name alone.
func Parse(filename string, data []byte) (*Spec, error) {
	var (
		root *node
		err  *Error
	)
	src := newSource(filename, data)
	switch ext := filepath.Ext(filename); strings.ToLower(ext) {
	case ".toml":
		root, err = decodeTOML(src)
	case ".yaml", ".yml":
		root, err = decodeYAML(src)
	default:
		return nil, errorf(Pos{File: filename}, "unknown spec format %q: want .toml, .yaml or .yml", ext)
	}
	if err != nil {
		return nil, err
	}
	s, err := check(src, root)
	if err != nil {
		return nil, err
	}
	return s, nil
}
