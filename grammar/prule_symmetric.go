package grammar

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Symmetric keeps the solutions that a symmetry of the board maps onto
// themselves: "symmetric half-turn", "symmetric left-right" (the mirror
// that keeps the vertical line), "symmetric top-bottom", "symmetric
// diagonal" or "symmetric anti-diagonal".
//
// Each is its own inverse, which lets colours say it: for each pair of
// cells {c, image of c}, a secondary item that every placement not mapped
// onto itself colours with the name of its pair {placement, image}. The
// cell that pairs with one a placement covers is then covered by the
// placement's image, since any other placement there would give the item
// another colour, or be mapped onto itself and so cover both cells. A
// placement whose image overlaps it cannot be in such a solution, nor one
// whose image a rule dropped.
type Symmetric struct {
	Pos  lexer.Position
	Name string `parser:"'symmetric' @Ident ( @'-' @Ident )*"`
}

func init() {
	registerPuzzleRule(&Symmetric{}, "symmetric "+strings.Join(SymmetryNames, "|"))
}

func (s *Symmetric) String() string { return "symmetric " + s.Name }

func (s *Symmetric) Apply(b Builder) error {
	if !slices.Contains(SymmetryNames, s.Name) {
		return &Error{Pos: s.Pos, Msg: fmt.Sprintf("expected a symmetry: %s; found %q", strings.Join(SymmetryNames, ", "), s.Name)}
	}
	image, cellImage, err := b.Mirror(s.Name)
	if err != nil {
		return &Error{Pos: s.Pos, Msg: err.Error()}
	}
	n := b.Placements()
	for i := range n {
		_, from := b.Placement(i)
		j := image[i]
		if j < 0 || b.Dropped(j) {
			b.Drop(i)
			continue
		}
		if _, to := b.Placement(j); j != i && slices.ContainsFunc(from, func(c LatticeCell) bool { return slices.Contains(to, c) }) {
			b.Drop(i)
		}
	}
	items := map[LatticeCell]int{}
	for i := range n {
		j := image[i]
		if b.Dropped(i) || j == i {
			continue
		}
		colour := strconv.Itoa(min(i, j))
		_, cells := b.Placement(i)
		for _, c := range cells {
			key := c
			if d := cellImage[c]; compareLatticeCells(d, c) < 0 {
				key = d
			}
			item, ok := items[key]
			if !ok {
				item = b.AddItem(s.String(), true, 0, 0)
				items[key] = item
			}
			b.Use(i, item, colour)
		}
	}
	return nil
}
