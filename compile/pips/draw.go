package pips

import (
	"fmt"
	"io"

	"github.com/polyspec/polyspec/emit/pipsart"
	"github.com/polyspec/polyspec/grammar"
)

// DrawGame writes the pictures of a game that follow its constraints in
// the generator's output: "game:" and the board with its regions outlined
// and labelled, then "pieces (ascii):" and each piece under its notation.
// solve_polypips --show-game prints the same.
func DrawGame(w io.Writer, g *Game) error {
	regions := make([]pipsart.Region, len(g.Regions))
	for i, r := range g.Regions {
		regions[i] = pipsart.Region{Cells: r.Cells, Label: r.Rule.Label()}
	}
	if _, err := fmt.Fprintf(w, "game:\n%s\npieces (ascii):\n", pipsart.Board(g.Board, regions).Draw()); err != nil {
		return err
	}
	for _, p := range g.Pieces {
		if _, err := fmt.Fprintf(w, "%s\n%s\n", p, pipsart.Piece(p.Cells()).Draw()); err != nil {
			return err
		}
	}
	return nil
}

// DrawSolution writes the pieces of a solution on the board, each
// outlined, with their pips.
func DrawSolution(w io.Writer, sol []Placement) error {
	pieces := make([][]grammar.Cell, len(sol))
	for i, p := range sol {
		pieces[i] = p.Cells
	}
	_, err := io.WriteString(w, pipsart.Solution(pieces).Draw())
	return err
}
