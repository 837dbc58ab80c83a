package grammar

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// NoFourCorners says that no four pieces meet at a point:
// "no-four-corners", on the square lattice. It compiles to a primary item
// for each point where four board cells meet, which a placement uses when
// it covers two or more of them: four pieces meet there exactly when no
// placement does, and two placements at most can, so the item is used
// from 1 to 2 times.
type NoFourCorners struct {
	Pos     lexer.Position
	Keyword bool `parser:"@('no' '-' 'four' '-' 'corners')"`
}

func init() { registerPuzzleRule(&NoFourCorners{}, "no-four-corners") }

func (*NoFourCorners) String() string { return "no-four-corners" }

func (n *NoFourCorners) Apply(b Builder) error {
	corners, ok := b.Corners()
	if !ok {
		return &Error{Pos: n.Pos, Msg: "expected a rule for the " + b.Lattice() + " lattice; found no-four-corners, which only the square lattice has (four cells meet at its points)"}
	}
	at := map[LatticeCell][]int{}
	items := make([]int, len(corners))
	for k, cs := range corners {
		items[k] = b.AddItem("no-four-corners", false, 1, 2)
		for _, c := range cs {
			at[c] = append(at[c], k)
		}
	}
	for i := range b.Placements() {
		_, cells := b.Placement(i)
		if b.Dropped(i) {
			continue
		}
		seen := map[int]int{}
		for _, c := range cells {
			for _, k := range at[c] {
				seen[k]++
				if seen[k] == 2 {
					b.Use(i, items[k], "")
				}
			}
		}
	}
	return nil
}
