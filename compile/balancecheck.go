package compile

import "github.com/polyspec/polyspec/cover"

// SetBalanceCheck gives the puzzle's problem the hint cover.Colourings,
// with which algx and memo give up on a node whose uncovered cells,
// counted by colour under the lattice's colourings, the pieces left
// cannot cover, or takes it away, as b says. It is the search-time twin
// of pruneByBalance, which drops placements before the search under the
// same colourings.
func (pz *Puzzle) SetBalanceCheck(b Hint) {
	pz.Options.BalanceCheck = b
	pz.Problem.Colourings = nil
	if b.gives(pz.Lattice, func(g *grid, _ bool) bool { return g.balanceCheck }) {
		pz.Problem.Colourings = pz.colourings(pz.firstCell())
	}
}

// colourings colours the board's cells, items cell0 on, as the lattice's
// first colouring does. Only sticks have a second one, the directions with
// the parity of the row or column: counting its four colours on the 6×6
// tetrasticks cost a tenth more time for 0.04 % fewer nodes than the
// directions alone (bench/results/balance.md), as a stick's
// counts of them spread over the parities of its places, and the bounds
// of the pieces left with them.
func (pz *Puzzle) colourings(cell0 int) []cover.Colouring {
	var cs []cover.Colouring
	for _, col := range pz.Lattice.colourings()[:1] {
		c := cover.Colouring{Items: make([]int, len(pz.Board)), Colours: make([]uint8, len(pz.Board))}
		for k, cell := range pz.Board {
			c.Items[k], c.Colours[k] = cell0+k, uint8(col.of(cell))
		}
		cs = append(cs, c)
	}
	return cs
}
