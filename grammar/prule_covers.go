package grammar

import (
	"slices"

	"github.com/alecthomas/participle/v2/lexer"
)

// Covers says that cells must be covered by one of some pieces: "X covers
// 2,2" or "F, L covers border" (every border cell by F or L). It compiles
// to a primary item for each cell, which only those pieces' placements on
// the cell cover.
type Covers struct {
	Pos     lexer.Position
	Targets *Targets `parser:"@@ 'covers'"`
	Cells   *CellSet `parser:"@@"`
}

func init() { registerPuzzleRule(&Covers{}, "X covers CELLS") }

func (c *Covers) String() string { return c.Targets.String() + " covers " + c.Cells.String() }

func (c *Covers) Apply(b Builder) error {
	pieces, err := c.Targets.pieces(b)
	if err != nil {
		return err
	}
	set, err := c.Cells.cells(b)
	if err != nil {
		return err
	}
	target := isTarget(b, pieces)
	items := map[LatticeCell]int{}
	cells := make([]LatticeCell, 0, len(set))
	for cell := range set {
		cells = append(cells, cell)
	}
	slices.SortFunc(cells, compareLatticeCells)
	for _, cell := range cells {
		items[cell] = b.AddItem(c.Targets.String()+" covers "+cellName(cell, b.Dims()), false, 1, 1)
	}
	for i := range b.Placements() {
		p, pc := b.Placement(i)
		if !target[p] || b.Dropped(i) {
			continue
		}
		for _, cell := range pc {
			if item, ok := items[cell]; ok {
				b.Use(i, item, "")
			}
		}
	}
	return nil
}
