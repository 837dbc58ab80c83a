package grammar

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// A PuzzleRule is one rule of a polyform spec's rules list, such as
// "X: 0..2", "F at 0,0 1,0 1,1 2,1 1,2", "no-touch same" or "symmetric
// half-turn". Each rule type is one grammar node that also says what it
// adds to the exact-cover problem, through a Builder, so that a new type is
// one file in this package: its syntax in struct tags, its meaning in
// Apply, and a call to registerPuzzleRule.
type PuzzleRule interface {
	// String prints the rule in normal form, which parses back to it.
	String() string
	// Apply adds the rule to the problem b is building. An error is an
	// *Error positioned within the rule's string, or any error, which the
	// caller places at the rule.
	Apply(b Builder) error
}

// A LatticeCell is a cell of a polyform lattice in the lattice's own
// coordinates, as package compile writes them (the same [3]int).
type LatticeCell = [3]int

// PieceInfo is what a rule sees of one kind of piece.
type PieceInfo struct {
	Name string
	// Lo and Hi bound how many copies a solution uses: both the count of
	// the piece set unless a rule changed them.
	Lo, Hi int
	// Order is the number of cells of one copy.
	Order int
}

// A Builder is the problem a puzzle's rules act on, while it is being
// built: the board, the pieces and their placements (the options to be),
// and what a rule may add. Package compile implements it; a rule knows
// nothing else of lattices or of the exact-cover problem.
//
// Placements are numbered from 0 and keep their numbers while rules
// drop some; a dropped placement is still listed, so that rules may be
// applied in any order and see the same placements.
type Builder interface {
	// Lattice names the lattice, as a spec does.
	Lattice() string
	// Dims is how many coordinates a cell is written with.
	Dims() int
	// Board returns the board's cells, sorted.
	Board() []LatticeCell
	// OnBoard reports whether c is a board cell.
	OnBoard(c LatticeCell) bool
	// Touching lists the board cells that touch c: along an edge (a face
	// of a cube, an end of a segment) or, with corners, also at a point.
	Touching(c LatticeCell, corners bool) []LatticeCell
	// Border lists the board cells that have a neighbour off the board.
	Border() []LatticeCell
	// Colour returns the cells of the board's colour name, and false when
	// the board has no such colour; Colours lists the names.
	Colour(name string) ([]LatticeCell, bool)
	Colours() []string
	// Corners lists the points where four cells of the board meet, each
	// as its four cells: only the square lattice has them, and false
	// says that the lattice has no such points.
	Corners() ([][4]LatticeCell, bool)

	// Pieces lists the puzzle's pieces; a piece is named by its index.
	Pieces() []PieceInfo
	// Piece returns the index of the piece named name, or -1.
	Piece(name string) int
	// Bound sets how many copies of piece a solution uses: lo to hi,
	// where hi < 0 means as many as fit on the board.
	Bound(piece, lo, hi int)

	// Placements is the number of placements.
	Placements() int
	// Placement returns placement i's piece and cells, sorted; a
	// placement without cells leaves its piece out.
	Placement(i int) (piece int, cells []LatticeCell)
	// Dropped reports whether placement i was dropped; Drop drops it.
	Dropped(i int) bool
	Drop(i int)
	// Mirror returns what the board symmetry named name (one of
	// SymmetryNames) makes of each placement and of each board cell, or
	// an error that says why the board or the pieces have no such
	// symmetry.
	Mirror(name string) (placements []int, cells map[LatticeCell]LatticeCell, err error)

	// AddItem adds an item that the placements Use: a primary one, which
	// a solution's placements use from lo to hi times, or a secondary
	// one, which they may use once, or any number of times when they give
	// it the same colour. name is for people, and need not be unique.
	AddItem(name string, secondary bool, lo, hi int) int
	// Use makes placement i use item, with a colour ("" for none; only
	// secondary items take colours). A placement uses an item once.
	Use(i, item int, colour string)
}

// SymmetryNames are the board symmetries a rule may name: turns of the
// plane, and reflections named by the line they keep (left-right keeps
// the vertical line).
var SymmetryNames = []string{"half-turn", "left-right", "top-bottom", "diagonal", "anti-diagonal"}

// puzzleRuleTypes are the polyform rules' node types. Each rule type's
// file registers its own with registerPuzzleRule from an init function.
var puzzleRuleTypes registry[PuzzleRule]

// registerPuzzleRule makes a polyform rule's node type known to the parser
// (see registry).
func registerPuzzleRule(node PuzzleRule, form string) { puzzleRuleTypes.add(node, form) }

// PuzzleRuleForms returns the forms of every rule type the parser knows,
// in the order they were registered.
func PuzzleRuleForms() []string { return puzzleRuleTypes.forms() }

type puzzleRuleRoot struct {
	Rule PuzzleRule `parser:"@@"`
}

// Several rules start with a piece list, so the parser looks ahead past it
// to the word that tells them apart.
var puzzleRuleParser = sync.OnceValue(func() *participle.Parser[puzzleRuleRoot] {
	return participle.MustBuild[puzzleRuleRoot](participle.Lexer(lex), participle.Union[PuzzleRule](puzzleRuleTypes.nodes()...),
		participle.UseLookahead(participle.MaxLookahead))
})

// ParsePuzzleRule parses one rule of a polyform spec. Any error is an
// *Error positioned within src; one that names no known form lists them.
func ParsePuzzleRule(src string) (PuzzleRule, error) {
	root, err := puzzleRuleParser().ParseString("", src)
	if err != nil {
		return nil, explain(src, err, "rule", func(prev []lexer.Token) string { return expectedInPuzzleRule(src, prev) })
	}
	return root.Rule, nil
}

// expectedInPuzzleRule says what may follow the tokens prev of src: a
// rule whose start no form has gets the list of forms; one that has read
// a known start gets the end of the rule when it is complete, else the
// forms that begin as it does.
func expectedInPuzzleRule(src string, prev []lexer.Token) string {
	if len(prev) > 0 {
		last := prev[len(prev)-1]
		if _, err := puzzleRuleParser().ParseString("", src[:last.Pos.Offset+len(last.Value)]); err == nil {
			return "the end of the rule"
		}
	}
	return puzzleRuleFormList()
}

// puzzleRuleFormList lists the forms for messages.
func puzzleRuleFormList() string {
	forms := PuzzleRuleForms()
	return "a rule: " + strings.Join(forms[:len(forms)-1], "; ") + "; or " + forms[len(forms)-1]
}

// Targets names the pieces a rule is about: piece names joined with ",",
// or "all" for every piece.
type Targets struct {
	Pos   lexer.Position
	Names []*PieceRef `parser:"@@ ( ',' @@ )*"`
}

// PieceRef is a piece named in a rule.
type PieceRef struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

func (t *Targets) String() string {
	names := make([]string, len(t.Names))
	for i, n := range t.Names {
		names[i] = n.Name
	}
	return strings.Join(names, ", ")
}

// pieces returns the indices of the pieces named, each once, or an *Error
// at the first name that is none of the puzzle's.
func (t *Targets) pieces(b Builder) ([]int, error) {
	if len(t.Names) == 1 && t.Names[0].Name == "all" && b.Piece("all") < 0 {
		out := make([]int, len(b.Pieces()))
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	var out []int
	for _, n := range t.Names {
		p, err := n.piece(b)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// piece returns the index of the piece named, or an *Error listing the
// puzzle's pieces.
func (n *PieceRef) piece(b Builder) (int, error) {
	p := b.Piece(n.Name)
	if p < 0 {
		names := make([]string, len(b.Pieces()))
		for k, pc := range b.Pieces() {
			names[k] = pc.Name
		}
		return 0, &Error{Pos: n.Pos, Msg: fmt.Sprintf("expected one of the puzzle's pieces (%s) or \"all\"; found %q", strings.Join(names, ", "), n.Name)}
	}
	return p, nil
}

// isTarget reports for each piece whether targets names it.
func isTarget(b Builder, targets []int) []bool {
	out := make([]bool, len(b.Pieces()))
	for _, p := range targets {
		out[p] = true
	}
	return out
}

// CellSet is the cells a rule is about: cells as written, "border" (the
// board's cells that have a neighbour off it), or a colour of the
// board's colours table.
type CellSet struct {
	Pos    lexer.Position
	Border bool        `parser:"( @'border'"`
	Colour string      `parser:"| @Ident"`
	Cells  []*RuleCell `parser:"| @@+ )"`
}

func (s *CellSet) String() string {
	switch {
	case s.Border:
		return "border"
	case s.Colour != "":
		return s.Colour
	}
	return cellsString(s.Cells)
}

// cells returns the set as a lookup of cells.
func (s *CellSet) cells(b Builder) (map[LatticeCell]bool, error) {
	var list []LatticeCell
	switch {
	case s.Border:
		list = b.Border()
	case s.Colour != "":
		var ok bool
		if list, ok = b.Colour(s.Colour); !ok {
			known := "the board has no colours table"
			if names := b.Colours(); len(names) > 0 {
				known = "the board's colours are " + strings.Join(names, ", ")
			}
			return nil, &Error{Pos: s.Pos, Msg: fmt.Sprintf("expected cells, \"border\" or a colour of the board; found %q, and %s", s.Colour, known)}
		}
	default:
		var err error
		if list, err = cellList(b, s.Cells); err != nil {
			return nil, err
		}
	}
	out := make(map[LatticeCell]bool, len(list))
	for _, c := range list {
		out[c] = true
	}
	return out, nil
}

// dropPlacements drops each placement of the target pieces whose cells
// drop says no to.
func dropPlacements(b Builder, targets []int, drop func(cells []LatticeCell) bool) {
	target := isTarget(b, targets)
	for i := range b.Placements() {
		if p, cells := b.Placement(i); target[p] && len(cells) > 0 && !b.Dropped(i) && drop(cells) {
			b.Drop(i)
		}
	}
}

// keepBy applies a rule that keeps the placements of some pieces by how
// many of their cells lie inside a cell set and how many outside it.
func keepBy(b Builder, targets *Targets, set *CellSet, keep func(inside, outside int) bool) error {
	pieces, err := targets.pieces(b)
	if err != nil {
		return err
	}
	in, err := set.cells(b)
	if err != nil {
		return err
	}
	dropPlacements(b, pieces, func(cells []LatticeCell) bool {
		inside := 0
		for _, c := range cells {
			if in[c] {
				inside++
			}
		}
		return !keep(inside, len(cells)-inside)
	})
	return nil
}

// RuleCell is a cell as a rule writes it: its coordinates joined with ",",
// as a spec's board cells are ("3,4" or "1,0,1").
type RuleCell struct {
	Pos    lexer.Position
	Coords []Coordinate `parser:"@@ ( ',' @@ )+"`
}

// Coordinate is one coordinate of a cell, which may be negative.
type Coordinate struct {
	Minus bool `parser:"@'-'?"`
	N     Num  `parser:"@(Int | BadInt)"`
}

func (c Coordinate) value() int {
	if c.Minus {
		return -int(c.N)
	}
	return int(c.N)
}

func (c *RuleCell) String() string {
	parts := make([]string, len(c.Coords))
	for i, k := range c.Coords {
		parts[i] = fmt.Sprint(k.value())
	}
	return strings.Join(parts, ",")
}

// cell returns the cell, or an *Error when it has the wrong number of
// coordinates for the lattice or lies off the board.
func (c *RuleCell) cell(b Builder) (LatticeCell, error) {
	if len(c.Coords) != b.Dims() {
		return LatticeCell{}, &Error{Pos: c.Pos, Msg: fmt.Sprintf("expected a cell of %d coordinates on the %s lattice; found %q", b.Dims(), b.Lattice(), c.String())}
	}
	var out LatticeCell
	for i, k := range c.Coords {
		out[i] = k.value()
	}
	if !b.OnBoard(out) {
		return LatticeCell{}, &Error{Pos: c.Pos, Msg: fmt.Sprintf("expected a cell of the board; found %s, which is not on it", c.String())}
	}
	return out, nil
}

// cellList turns cells as written into cells, each once.
func cellList(b Builder, cells []*RuleCell) ([]LatticeCell, error) {
	var out []LatticeCell
	for _, rc := range cells {
		c, err := rc.cell(b)
		if err != nil {
			return nil, err
		}
		for _, d := range out {
			if d == c {
				return nil, &Error{Pos: rc.Pos, Msg: fmt.Sprintf("expected each cell once; found %s again", rc.String())}
			}
		}
		out = append(out, c)
	}
	return out, nil
}

func cellsString(cells []*RuleCell) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// cellName writes a cell as a spec does, with dims coordinates.
func cellName(c LatticeCell, dims int) string {
	parts := make([]string, dims)
	for i := range dims {
		parts[i] = strconv.Itoa(c[i])
	}
	return strings.Join(parts, ",")
}
