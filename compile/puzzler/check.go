package puzzler

import (
	"fmt"
	"slices"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/spec"
)

// check compiles the spec the puzzle writes and compares it with the file:
// the same board, the same pieces by name and shape, and the first
// solution's pieces among the placements.
func (pz *Puzzle) check(onBoard, all []piece) error {
	s, err := spec.Parse(pz.FileName(false), pz.TOML())
	if err != nil {
		return err
	}
	c, err := compile.FromSpecLimits(s, pz.limits)
	if err != nil {
		return err
	}
	board := slices.Clone(pz.Board)
	slices.SortFunc(board, func(a, b compile.Cell) int { return slices.Compare(a[:], b[:]) })
	if !slices.Equal(c.Board, board) {
		return fmt.Errorf("the board differs")
	}
	count := 0
	for _, p := range c.Pieces {
		count += p.Count
	}
	if count != len(all) {
		return fmt.Errorf("the spec has %d pieces, the file %d", count, len(all))
	}
	for _, p := range all {
		i := slices.IndexFunc(c.Pieces, func(q compile.Piece) bool { return q.Name == p.name })
		if i < 0 || !slices.ContainsFunc(c.Pieces[i].Orientations, func(o []compile.Cell) bool { return slices.Equal(o, p.shape) }) {
			return fmt.Errorf("piece %s has another shape in the spec", p.name)
		}
	}
	for _, p := range onBoard {
		if !c.HasPlacement(p.name, p.cells) {
			cells := slices.Clone(p.cells)
			slices.SortFunc(cells, func(a, b compile.Cell) int { return slices.Compare(a[:], b[:]) })
			return fmt.Errorf("piece %s at %v is no placement of the spec", p.name, cells)
		}
	}
	return nil
}
