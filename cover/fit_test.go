package cover

import (
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
// there (TestRestartsWithFitDeterministic searches with them).
func TestRestartsTakeTurnsWithFit(t *testing.T) {
	p := strip(6, 2, 2, 2)
	r := Restarts{Seed: 1}
	hasFit := func(q *Problem) bool {
		return slices.ContainsFunc(r.portfolio(q), func(run restartRun) bool { return run.b == fitBackend{} })
	}
	if !hasFit(p) {
		t.Errorf("no fit runs on a board with cells")
	}
	p.Cells = nil
	if hasFit(p) {
		t.Errorf("fit runs on a problem without cells")
	}
}
