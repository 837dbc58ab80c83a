package grammar

import "github.com/alecthomas/participle/v2/lexer"

// Avoids says that some pieces cover none of some cells: "X avoids 0,0
// 1,1", "F, L avoids border", "I avoids red". It drops the placements that
// do.
type Avoids struct {
	Pos     lexer.Position
	Targets *Targets `parser:"@@ 'avoids'"`
	Cells   *CellSet `parser:"@@"`
}

func init() { registerPuzzleRule(&Avoids{}, "X avoids CELLS") }

func (a *Avoids) String() string { return a.Targets.String() + " avoids " + a.Cells.String() }

func (a *Avoids) Apply(b Builder) error {
	return keepBy(b, a.Targets, a.Cells, func(inside, _ int) bool { return inside == 0 })
}
