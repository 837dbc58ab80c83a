package pipscli

import (
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/emit/boxart"
)

// Board describes a solved game for emit's SVG drawing.
func Board(g *pips.Game, sol []pips.Placement) emit.PipsBoard {
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
