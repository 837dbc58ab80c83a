package grammar

import (
	"fmt"
	"slices"

	"github.com/alecthomas/participle/v2/lexer"
)

// At fixes a piece on the board: "F at 1,0 2,0 0,1 1,1 1,2" puts one copy
// of F on exactly those cells, which fixes its place and orientation. It
// compiles to a primary item that only the placements of F on those cells
// cover.
type At struct {
	Pos   lexer.Position
	Piece *PieceRef   `parser:"@@ 'at'"`
	Cells []*RuleCell `parser:"@@+"`
}

func init() { registerPuzzleRule(&At{}, "X at CELLS") }

func (a *At) String() string { return a.Piece.Name + " at " + cellsString(a.Cells) }

func (a *At) Apply(b Builder) error {
	piece, err := a.Piece.piece(b)
	if err != nil {
		return err
	}
	cells, err := cellList(b, a.Cells)
	if err != nil {
		return err
	}
	slices.SortFunc(cells, compareLatticeCells)
	item := b.AddItem(a.String(), false, 1, 1)
	found, kept := false, false
	for i := range b.Placements() {
		if p, pc := b.Placement(i); p == piece && slices.Equal(pc, cells) {
			found = true
			if !b.Dropped(i) {
				kept = true
				b.Use(i, item, "")
			}
		}
	}
	switch {
	case !found:
		return &Error{Pos: a.Cells[0].Pos, Msg: fmt.Sprintf("expected the cells of a placement of %s; found cells that %s does not fit", a.Piece.Name, a.Piece.Name)}
	case !kept:
		return &Error{Pos: a.Pos, Msg: fmt.Sprintf("%s cannot lie on these cells: a rule before this one ruled that placement out", a.Piece.Name)}
	}
	return nil
}

// compareLatticeCells orders cells by their coordinates, x first.
func compareLatticeCells(a, b LatticeCell) int {
	for k := range a {
		if a[k] != b[k] {
			return a[k] - b[k]
		}
	}
	return 0
}
