package cover

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// TestFitTriesSnuggestFirst checks the order in which fit has a node try
// the options of cell c2 on a strip of five cells with a domino and a
// tromino (options: the domino at c0..c3, numbered 0 to 3, then the
// tromino at c0..c2, 4 to 6): the options with most neighbours covered
// or off the strip first, ties in the problem's order.
func TestFitTriesSnuggestFirst(t *testing.T) {
	for _, tc := range []struct {
		name    string
		live    []int32 // the options left at the node
		covered []int   // the cells covered there
		want    []int32
	}{
		// At the root only the strip's ends count: the trominoes on
		// c0..c2 and c2..c4 have one each.
		{"root", []int32{0, 1, 2, 3, 4, 5, 6}, nil, []int32{4, 6, 1, 2, 5}},
		// With c4 covered, the domino on c2..c3 and the tromino on
		// c1..c3 touch it, and the tromino on c0..c2 the end c0.
		{"c4 covered", []int32{0, 1, 2, 4, 5}, []int{4}, []int32{2, 4, 5, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := strip(5, 2, 3)
			pl, err := newPlan(p)
			if err != nil {
				t.Fatal(err)
			}
			a := newAlgX(pl)
			ft := newFit(pl)
			copy(a.ids, tc.live)
			f := make([]uint64, a.w)
			for _, c := range tc.covered {
				setBit(f, int(pl.rank[p.Cells.Items[c]]))
			}
			c2 := int(pl.rank[p.Cells.Items[2]])
			base := ft.push(a, 0, len(tc.live), c2/64, 1<<(c2%64), f)
			var got []int32
			for _, try := range ft.tries[base:] {
				got = append(got, pl.opts[a.ids[try.pos]])
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("tried %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRestartsTakeTurnsWithFit checks that the restarts of auto run fit
// in turn with the plain search where the problem has Cells, and only
// there, and that they stay deterministic with it: two searches for the
// first 20 domino tilings of a 2×8 board give the same solutions in the
// same order and the same nodes.
func TestRestartsTakeTurnsWithFit(t *testing.T) {
	p := NewProblem()
	piece := p.AddPrimary("domino")
	p.Items[piece].Lo, p.Items[piece].Hi = 8, 8
	var cell [2][8]int
	cells := &Cells{}
	for r := range 2 {
		for c := range 8 {
			cell[r][c] = p.AddPrimary(fmt.Sprint(r, c))
			cells.Items = append(cells.Items, cell[r][c])
		}
	}
	domino := func(a, b int) {
		cells.Edges = append(cells.Edges, [2]int{a, b})
		p.AddOption([]Entry{{Item: int32(piece)}, {Item: int32(a)}, {Item: int32(b)}})
	}
	for c := range 8 {
		domino(cell[0][c], cell[1][c])
		if c > 0 {
			domino(cell[0][c-1], cell[0][c])
			domino(cell[1][c-1], cell[1][c])
		}
	}
	p.Cells = cells
	r := Restarts{Seed: 1, Unit: 8}
	hasFit := func(q *Problem) bool {
		return slices.ContainsFunc(r.portfolio(q), func(run restartRun) bool { return run.b == fitBackend{} })
	}
	if !hasFit(p) {
		t.Errorf("no fit runs on a board with cells")
	}
	var runs [2][][]int
	var stats [2]Stats
	for k := range runs {
		var err error
		stats[k], err = r.Solve(context.Background(), p, func(s []int) bool {
			runs[k] = append(runs[k], slices.Clone(s))
			return len(runs[k]) < 20
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(runs[0]) != 20 || !slices.EqualFunc(runs[0], runs[1], slices.Equal) || stats[0] != stats[1] {
		t.Errorf("two searches: %d and %d solutions in %d and %d nodes, want the same 20 each", len(runs[0]), len(runs[1]), stats[0].Nodes, stats[1].Nodes)
	}
	p.Cells = nil
	if hasFit(p) {
		t.Errorf("fit runs on a problem without cells")
	}
}
