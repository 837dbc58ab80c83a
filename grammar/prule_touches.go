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
	return keepBy(b, t.Targets, t.Cells, func(inside, _ int) bool { return inside > 0 })
}
