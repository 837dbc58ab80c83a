package emit

import (
	"fmt"
	"io"
	"slices"
	"unicode/utf8"

	"github.com/polyspec/polyspec/grammar"
)

// A PipsBoard is a Pips or Polypips board with its tiles placed, described
// without reference to any puzzle model: the cells with the tile covering
// each and its pips, and the regions with the rule each must keep.
type PipsBoard struct {
	Cells   []PipsCell
	Regions []PipsRegion
}

// A PipsCell is one square of the board.
type PipsCell struct {
	// At is the cell's place; rows grow downward, as in boxart.
	At grammar.Point
	// Piece identifies the tile covering the cell: cells with the same
	// Piece are one domino or polypip. A negative Piece leaves the cell
	// bare.
	Piece int
	// Pips is the number of pips the tile shows on this cell, 0 to 9.
	Pips int
}

// A PipsRegion is a set of cells under one rule.
type PipsRegion struct {
	Cells []grammar.Point
	// Label is the rule as the puzzle prints it: a sum ("12"), "<N",
	// ">N", "=" or "≠"; "" draws the region without a label.
	Label string
}

// pipSpots are the spots of each pip count on a tile lying left to right,
// on a 3×3 grid of (column, row) offsets, as a physical domino shows them.
var pipSpots = [10][][2]int{
	{},
	{{0, 0}},
	{{-1, -1}, {1, 1}},
	{{-1, -1}, {0, 0}, {1, 1}},
	{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
	{{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
	{{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {0, 1}, {1, 1}},
	{{-1, -1}, {0, -1}, {1, -1}, {0, 0}, {-1, 1}, {0, 1}, {1, 1}},
	{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}},
	{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {0, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}},
}

// Pips drawing sizes, in cells.
const (
	pipRadius  = 0.09
	pipSpacing = 0.25
	tileEdge   = 0.05
	regionEdge = 0.06
	labelSize  = 0.22
	// pipsMargin leaves room for the badges on the board's edge.
	pipsMargin = 0.4
)

var (
	boardColour = rgb{0xe8, 0xe4, 0xdc}
	tileColour  = rgb{0xfd, 0xfc, 0xf8}
	inkColour   = rgb{0x22, 0x22, 0x22}
)

// PipsSVG draws a board as SVG: the board's squares, each region tinted
// and outlined with a dashed line, the tiles as white pieces with a line
// between their cells and each cell's pips as spots, and each region's rule
// in a badge at its lowest, rightmost cell.
func PipsSVG(w io.Writer, b PipsBoard) error {
	cells := slices.Clone(b.Cells)
	slices.SortFunc(cells, func(p, q PipsCell) int { return p.At.Compare(q.At) })
	piece := map[grammar.Point]int{}
	lo, hi := grammar.Point{}, grammar.Point{}
	for i, c := range cells {
		if c.Piece >= 0 && (c.Pips < 0 || c.Pips >= len(pipSpots)) {
			return fmt.Errorf("emit: cell %d,%d shows %d pips; a tile shows 0 to 9", c.At.Col, c.At.Row, c.Pips)
		}
		if i == 0 {
			lo, hi = c.At, c.At
		}
		lo = grammar.Point{Col: min(lo.Col, c.At.Col), Row: min(lo.Row, c.At.Row)}
		hi = grammar.Point{Col: max(hi.Col, c.At.Col), Row: max(hi.Row, c.At.Row)}
		piece[c.At] = c.Piece
	}
	s := newSVG(float64(hi.Col-lo.Col+1)+2*pipsMargin, float64(hi.Row-lo.Row+1)+2*pipsMargin)
	// Pips boards are drawn as read, rows down the page.
	at := func(v vec) vec {
		return vec{X: v.X - float64(lo.Col) + pipsMargin, Y: v.Y - float64(lo.Row) + pipsMargin}
	}
	outline := func(points []grammar.Point) string {
		var squares [][]node
		for _, p := range points {
			squares = append(squares, square([3]int{p.Col, p.Row}))
		}
		var paths [][]vec
		for _, r := range rings(boundary(squares)) {
			paths = append(paths, squareTiles.points(r))
		}
		return pathData(paths, true, at)
	}
	all := make([]grammar.Point, len(cells))
	for i, c := range cells {
		all[i] = c.At
	}

	s.printf(`<path d="%s" fill="%s" stroke="%s" stroke-width="%s"/>`, outline(all), boardColour, boardColour.mix(black, 0.3), num(tileEdge*svgUnit))
	regionColours := make([]rgb, len(b.Regions))
	for i, r := range b.Regions {
		regionColours[i] = palette[(7*i)%len(palette)]
		s.printf(`<path d="%s" fill="%s" fill-rule="evenodd"/>`, outline(r.Cells), regionColours[i].mix(white, 0.55))
	}
	s.tiles(cells, piece, outline, at)
	for i, r := range b.Regions {
		s.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-dasharray="%s %s" stroke-linejoin="round"/>`,
			outline(r.Cells), regionColours[i].mix(black, 0.35), num(regionEdge*svgUnit), num(0.15*svgUnit), num(0.1*svgUnit))
	}
	for i, r := range b.Regions {
		if r.Label != "" && len(r.Cells) > 0 {
			s.label(r, regionColours[i].mix(black, 0.35), at)
		}
	}
	return s.end(w)
}

// tiles draws the tiles: the outline of each, a short line across each
// side two of its cells share, and the pips.
func (s *svgDoc) tiles(cells []PipsCell, piece map[grammar.Point]int, outline func([]grammar.Point) string, at func(vec) vec) {
	byPiece := map[int][]grammar.Point{}
	var ids []int
	for _, c := range cells {
		if c.Piece < 0 {
			continue
		}
		if _, ok := byPiece[c.Piece]; !ok {
			ids = append(ids, c.Piece)
		}
		byPiece[c.Piece] = append(byPiece[c.Piece], c.At)
	}
	ink := inkColour.String()
	for _, id := range ids {
		s.open("g")
		s.title(fmt.Sprintf("tile %d", id))
		s.printf(`<path d="%s" fill="%s" fill-opacity="0.7" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`,
			outline(byPiece[id]), tileColour, ink, num(tileEdge*svgUnit))
		for _, p := range byPiece[id] {
			// The sides to the right and below, so each is drawn once.
			for _, q := range []grammar.Point{{Col: p.Col + 1, Row: p.Row}, {Col: p.Col, Row: p.Row + 1}} {
				if other, ok := piece[q]; !ok || other != id {
					continue
				}
				a, b := vec{X: float64(q.Col), Y: float64(q.Row)}, vec{X: float64(p.Col + 1), Y: float64(p.Row + 1)}
				a, b = a.lerp(b, 0.2), b.lerp(a, 0.2)
				s.printf(`<path d="%s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>`, pathData([][]vec{{a, b}}, false, at), ink, num(0.03*svgUnit))
			}
		}
		s.close("g")
	}
	for _, c := range cells {
		if c.Piece < 0 {
			continue
		}
		for _, spot := range pipSpots[c.Pips] {
			dx, dy := spot[0], spot[1]
			if vertical(piece, c) {
				// A tile standing upright shows its spots turned a
				// quarter.
				dx, dy = -dy, dx
			}
			centre := at(vec{X: float64(c.At.Col) + 0.5 + pipSpacing*float64(dx), Y: float64(c.At.Row) + 0.5 + pipSpacing*float64(dy)})
			s.printf(`<circle cx="%s" cy="%s" r="%s" fill="%s"/>`, num(centre.X*svgUnit), num(centre.Y*svgUnit), num(pipRadius*svgUnit), ink)
		}
	}
}

// vertical reports whether a cell's tile runs up and down through it: a
// neighbour above or below belongs to the same tile and none beside it.
func vertical(piece map[grammar.Point]int, c PipsCell) bool {
	same := func(dc, dr int) bool {
		id, ok := piece[grammar.Point{Col: c.At.Col + dc, Row: c.At.Row + dr}]
		return ok && id == c.Piece
	}
	return (same(0, -1) || same(0, 1)) && !same(-1, 0) && !same(1, 0)
}

// label draws a region's rule in a rounded badge centred on the lower
// right corner of its last cell, the way printed Pips puzzles show it: on
// the corner it covers no cell's middle, where the spots are.
func (s *svgDoc) label(r PipsRegion, colour rgb, at func(vec) vec) {
	last := slices.MaxFunc(r.Cells, grammar.Point.Compare)
	width := labelSize * (0.7 + 0.6*float64(utf8.RuneCountInString(r.Label)))
	height := labelSize * 1.4
	corner := at(vec{X: float64(last.Col+1) - width/2, Y: float64(last.Row+1) - height/2})
	s.open("g")
	s.title("rule " + r.Label)
	s.printf(`<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`,
		num(corner.X*svgUnit), num(corner.Y*svgUnit), num(width*svgUnit), num(height*svgUnit), num(height/2*svgUnit), colour)
	s.printf(`<text x="%s" y="%s" font-family="sans-serif" font-size="%s" font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="central">%s</text>`,
		num((corner.X+width/2)*svgUnit), num((corner.Y+height/2)*svgUnit), num(labelSize*svgUnit), escape(r.Label))
	s.close("g")
}
