package grammar

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// NoTouch says that pieces may not touch: "no-touch F, L" (no two of F
// and L, nor two copies of one, share an edge), "no-touch same" (no two
// copies of one piece do), and either with "corners" (nor a point). It
// compiles to a secondary item for each pair of touching cells, which a
// placement of a piece it names uses when it covers one of the two cells
// and not the other: two such placements that touch there both use it.
// For "same", each piece has pairs of its own.
type NoTouch struct {
	Pos     lexer.Position
	Same    bool     `parser:"'no' '-' 'touch' ( @'same'"`
	Targets *Targets `parser:"| @@ )"`
	Corners bool     `parser:"@'corners'?"`
}

func init() { registerPuzzleRule(&NoTouch{}, "no-touch X, Y [corners] or no-touch same [corners]") }

func (n *NoTouch) String() string {
	s := "no-touch "
	if n.Same {
		s += "same"
	} else {
		s += n.Targets.String()
	}
	if n.Corners {
		s += " corners"
	}
	return s
}

func (n *NoTouch) Apply(b Builder) error {
	var target []bool
	if n.Same {
		target = make([]bool, len(b.Pieces()))
		for i := range target {
			target[i] = true
		}
	} else {
		pieces, err := n.Targets.pieces(b)
		if err != nil {
			return err
		}
		target = isTarget(b, pieces)
	}
	type pair struct {
		a, b  LatticeCell
		piece int
	}
	items := map[pair]int{}
	for i := range b.Placements() {
		p, cells := b.Placement(i)
		if !target[p] || b.Dropped(i) {
			continue
		}
		in := make(map[LatticeCell]bool, len(cells))
		for _, c := range cells {
			in[c] = true
		}
		for _, c := range cells {
			for _, d := range b.Touching(c, n.Corners) {
				if in[d] {
					continue
				}
				k := pair{c, d, -1}
				if compareLatticeCells(d, c) < 0 {
					k.a, k.b = d, c
				}
				if n.Same {
					k.piece = p
				}
				item, ok := items[k]
				if !ok {
					item = b.AddItem(n.String(), true, 0, 0)
					items[k] = item
				}
				b.Use(i, item, "")
			}
		}
	}
	return nil
}
