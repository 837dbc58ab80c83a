package pipscli

import (
	"fmt"
	"io"

	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/emit/boxart"
	"github.com/polyspec/polyspec/emit/pipsart"
	"github.com/polyspec/polyspec/grammar"
)

// printGame prints a game as the generator's output does: the board with
// its regions, then each piece with its notation.
func printGame(w io.Writer, g *pips.Game) {
	regions := make([]pipsart.Region, len(g.Regions))
	for i, r := range g.Regions {
		regions[i] = pipsart.Region{Cells: r.Cells, Label: r.Rule.Label()}
	}
	fmt.Fprintf(w, "game:\n%s\npieces (ascii):\n", pipsart.Board(g.Board, regions).Draw())
	for _, p := range g.Pieces {
		fmt.Fprintf(w, "%s\n%s\n", p, pipsart.Piece(p.Cells()).Draw())
	}
}

// printSolution draws the pieces of a solution on the board.
func printSolution(w io.Writer, sol []pips.Placement) {
	pieces := make([][]grammar.Cell, len(sol))
	for i, p := range sol {
		pieces[i] = p.Cells
	}
	fmt.Fprint(w, pipsart.Solution(pieces).Draw())
}

// pipsBoard describes a solved game for emit's SVG drawing.
func pipsBoard(g *pips.Game, sol []pips.Placement) emit.PipsBoard {
	var b emit.PipsBoard
	for i, p := range sol {
		for _, c := range p.Cells {
			b.Cells = append(b.Cells, emit.PipsCell{At: boxart.Point(c.Point), Piece: i, Pips: c.Pips})
		}
	}
	for _, r := range g.Regions {
		region := emit.PipsRegion{Label: r.Rule.Label()}
		for _, c := range r.Cells {
			region.Cells = append(region.Cells, boxart.Point(c))
		}
		b.Regions = append(b.Regions, region)
	}
	return b
}
