package grammar

import "github.com/alecthomas/participle/v2/lexer"

// Touches says that every copy of some pieces covers at least one of some
// cells: "X touches border" (X reaches the edge of the board), "F touches
// 0,0 9,0". It drops the placements that cover none.
type Touches struct {
	Pos     lexer.Position
	Targets *Targets `parser:"@@ 'touches'"`
	Cells   *CellSet `parser:"@@"`
}

func init() { registerPuzzleRule(&Touches{}, "X touches CELLS") }

func (t *Touches) String() string { return t.Targets.String() + " touches " + t.Cells.String() }

func (t *Touches) Apply(b Builder) error {
	pieces, err := t.Targets.pieces(b)
	if err != nil {
		return err
	}
	set, err := t.Cells.cells(b)
	if err != nil {
		return err
	}
	dropPlacements(b, pieces, func(cells []LatticeCell) bool {
		for _, c := range cells {
			if set[c] {
				return false
			}
		}
		return true
	})
	return nil
}
