package pipscli

import (
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/grammar"
)

// board describes a solved game for emit's SVG drawing.
func board(g *pips.Game, sol []pips.Placement) emit.PipsBoard {
	var b emit.PipsBoard
	for i, p := range sol {
		for _, c := range p.Cells {
			b.Cells = append(b.Cells, emit.PipsCell{At: c.Point, Piece: i, Pips: c.Pips})
		}
	}
	for _, r := range g.Regions {
		b.Regions = append(b.Regions, emit.PipsRegion{Label: r.Rule.Label(), Cells: r.Cells})
	}
	return b
}

// placements turns a solution back into pieces on the board.
func placements(s emit.Solution) []pips.Placement {
	out := make([]pips.Placement, len(s.Pieces))
	for i, p := range s.Pieces {
		out[i].Piece = i
		for k, c := range p.Cells {
			out[i].Cells = append(out[i].Cells, grammar.Cell{Point: grammar.Point{Col: c[0], Row: c[1]}, Pips: p.Pips[k]})
		}
	}
	return out
}
