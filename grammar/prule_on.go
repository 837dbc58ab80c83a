package grammar

import "github.com/alecthomas/participle/v2/lexer"

// On says that some pieces lie within some cells: "X on red" keeps X on
// the board's red cells, as a colour rule of a puzzle whose pieces and
// board cells have colours that must match; "F on border" keeps F on
// the border. It drops the placements with a cell outside.
type On struct {
	Pos     lexer.Position
	Targets *Targets `parser:"@@ 'on'"`
	Cells   *CellSet `parser:"@@"`
}

func init() { registerPuzzleRule(&On{}, "X on CELLS") }

func (o *On) String() string { return o.Targets.String() + " on " + o.Cells.String() }

func (o *On) Apply(b Builder) error {
	return keepBy(b, o.Targets, o.Cells, func(_, outside int) bool { return outside == 0 })
}
