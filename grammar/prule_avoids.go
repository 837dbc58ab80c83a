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
	pieces, err := a.Targets.pieces(b)
	if err != nil {
		return err
	}
	set, err := a.Cells.cells(b)
	if err != nil {
		return err
	}
	dropPlacements(b, pieces, func(cells []LatticeCell) bool {
		for _, c := range cells {
			if set[c] {
				return true
			}
		}
		return false
	})
	return nil
}
