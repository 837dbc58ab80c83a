package grammar

import "github.com/alecthomas/participle/v2/lexer"

// Inside is a rule type that exists only in the tests, to show that a new
// polyform rule is one file in this package and nothing anywhere else: "X
// inside" keeps every copy of X off the board's border cells.
// TestInsideRule (prule_ext_test.go) counts puzzles with it through the
// spec loader, the compiler and two backends.
type Inside struct {
	Pos     lexer.Position
	Targets *Targets `parser:"@@ 'inside'"`
}

func init() { registerPuzzleRule(&Inside{}, "X inside") }

func (r *Inside) String() string { return r.Targets.String() + " inside" }

func (r *Inside) Apply(b Builder) error {
	pieces, err := r.Targets.pieces(b)
	if err != nil {
		return err
	}
	border := map[LatticeCell]bool{}
	for _, c := range b.Border() {
		border[c] = true
	}
	dropPlacements(b, pieces, func(cells []LatticeCell) bool {
		for _, c := range cells {
			if border[c] {
				return true
			}
		}
		return false
	})
	return nil
}
