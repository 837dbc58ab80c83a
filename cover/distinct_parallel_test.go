package cover

import (
	"context"
	"slices"
	"testing"
)

// TestSolveDistinct checks that Parallel.SolveDistinct, and Distinct.Solve
// with a Parallel backend, find the distinct solutions Distinct.Solve finds
// with a plain backend, in the same order; and that a sharded, recorded
// SolveDistinct counts distinct solutions in its parts; with the pivot
// alone, too, which leaves solutions for the filter.
func TestSolveDistinct(t *testing.T) {
	dlx, _ := Lookup("dlx")
	for _, c := range []struct {
		w, h int
		o    DistinctOptions
	}{{6, 6, DistinctOptions{}}, {4, 5, DistinctOptions{}}, {3, 6, DistinctOptions{}}, {6, 6, DistinctOptions{PivotOnly: true}}} {
		p, group := dominoes(c.w, c.h)
		d, err := c.o.New(p, group)
		if err != nil {
			t.Fatal(err)
		}
		collect := func(solve func(Visit) (Stats, error)) (Stats, [][]int) {
			var sols [][]int
			st, err := solve(func(s []int) bool {
				sols = append(sols, slices.Clone(s))
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			return st, sols
		}
		want, wantSols := collect(func(v Visit) (Stats, error) { return d.Solve(context.Background(), dlx, v) })
		par := Parallel{Backend: dlx, Workers: 3, Depth: 3}
		memo, _ := Lookup("memo")
		parMemo := Parallel{Backend: memo, Workers: 2}
		for name, solve := range map[string]func(Visit) (Stats, error){
			"counting with memo": func(Visit) (Stats, error) { return parMemo.SolveDistinct(context.Background(), d, nil) },
			"SolveDistinct":      func(v Visit) (Stats, error) { return par.SolveDistinct(context.Background(), d, v) },
			"Distinct.Solve":     func(v Visit) (Stats, error) { return d.Solve(context.Background(), par, v) },
			"counting only":      func(Visit) (Stats, error) { return par.SolveDistinct(context.Background(), d, nil) },
			"counting only 2":    func(Visit) (Stats, error) { return d.Solve(context.Background(), par, nil) },
		} {
			st, sols := collect(solve)
			if st.Solutions != want.Solutions || sols != nil && !slices.EqualFunc(sols, wantSols, slices.Equal) {
				t.Errorf("%dx%d %+v %s: %d solutions, same as plain: %v; want %d", c.w, c.h, c.o, name, st.Solutions, slices.EqualFunc(sols, wantSols, slices.Equal), want.Solutions)
			}
		}
		var parts []Part
		for i := range 3 {
			par.Shard, par.State = Shard{i, 3}, new(State)
			if _, err := par.SolveDistinct(context.Background(), d, nil); err != nil {
				t.Fatal(err)
			}
			pt, err := par.State.Part()
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, pt)
		}
		if total, err := Merge(parts); err != nil || total.Solutions != want.Solutions {
			t.Errorf("%dx%d %+v: shards merge to %d, %v; want %d", c.w, c.h, c.o, total.Solutions, err, want.Solutions)
		}
	}
}
