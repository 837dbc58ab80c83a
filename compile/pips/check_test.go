package pips

import (
	"slices"
	"testing"

	"github.com/polyspec/polyspec/grammar"
)

// checkGame checks a solution of a game without the compiler: each piece
// used once, turned but not flipped, the board covered exactly once, and
// every region's rule met.
func checkGame(t *testing.T, g *Game, sol []Placement) {
	t.Helper()
	pips := map[grammar.Point]int{}
	used := make([]bool, len(g.Pieces))
	for _, p := range sol {
		if used[p.Piece] {
			t.Fatalf("%s: piece %s used twice", g.Name, g.Pieces[p.Piece])
		}
		used[p.Piece] = true
		if !isTurnOf(p.Cells, g.Pieces[p.Piece]) {
			t.Fatalf("%s: %v is no turn of %s", g.Name, p.Cells, g.Pieces[p.Piece])
		}
		for _, c := range p.Cells {
			if _, twice := pips[c.Point]; twice {
				t.Fatalf("%s: cell %v covered twice", g.Name, c.Point)
			}
			pips[c.Point] = c.Pips
		}
	}
	for _, c := range g.Board {
		if _, ok := pips[c]; !ok {
			t.Fatalf("%s: cell %v not covered", g.Name, c)
		}
	}
	if len(pips) != len(g.Board) || slices.Contains(used, false) {
		t.Fatalf("%s: cells off the board, or a piece unused", g.Name)
	}
	for _, r := range g.Regions {
		var vals []int
		for _, c := range r.Cells {
			vals = append(vals, pips[c])
		}
		if !r.Rule.Check(vals) {
			t.Fatalf("%s: region %s holds %v", g.Name, r.Rule, vals)
		}
	}
}

// isTurnOf reports whether cells are the piece turned a number of quarter
// turns and moved, pips included: it turns the piece's own cells with
// Polypip.Cells rather than the compiler's looks, and compares them as sets.
func isTurnOf(cells []grammar.Cell, p *grammar.Polypip) bool {
	got := shifted(cells)
	for _, deg := range []string{"", "90", "180", "270"} {
		q := *p
		q.Rotation = deg
		if slices.Equal(shifted(q.Cells()), got) {
			return true
		}
	}
	return false
}

// shifted returns cells moved so that the least column and row are 0, in
// reading order.
func shifted(cells []grammar.Cell) []grammar.Cell {
	out := slices.Clone(cells)
	low := out[0].Point
	for _, c := range out {
		low = grammar.Point{Col: min(low.Col, c.Col), Row: min(low.Row, c.Row)}
	}
	for i := range out {
		out[i].Col -= low.Col
		out[i].Row -= low.Row
	}
	slices.SortFunc(out, func(a, b grammar.Cell) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	return out
}
