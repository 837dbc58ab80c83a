package suite

import (
	"context"
	"fmt"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// FirstSolution is the search for a catalogue puzzle's first solution,
// as polyspec solve NAME -n 1 makes it: cover.Portfolio around auto,
// modulo the board's symmetries when the spec asks for it, its lanes in
// turn (workers 0) or that many at once. Its count is the 1 solution it
// stops at.
func FirstSolution(name, puzzle string) Workload {
	return Workload{
		Name: name, About: "polyspec solve " + puzzle + " -n 1 (cover.Portfolio)", Want: 1,
		Backends: []string{"auto"}, Workers: []int{0, 2},
		Prepare: func() (Work, error) {
			e, ok := puzzles.Lookup(puzzle)
			if !ok {
				return nil, fmt.Errorf("suite: no catalogue puzzle %q", puzzle)
			}
			s, err := spec.LoadFS(puzzles.FS, e.Path)
			if err != nil {
				return nil, err
			}
			pz, err := compile.FromSpec(s)
			if err != nil {
				return nil, err
			}
			var group []cover.Symmetry
			if s.Unique.V {
				group = pz.Symmetries()
			}
			d, err := cover.NewDistinct(pz.Problem, group)
			if err != nil {
				return nil, err
			}
			return func(ctx context.Context, c Case) (cover.Stats, error) {
				b, err := cover.Lookup(c.Backend)
				if err != nil {
					return cover.Stats{}, err
				}
				f := cover.Portfolio{Backend: b, Workers: max(1, c.Workers)}
				return d.Solve(ctx, f, func([]int) bool { return false })
			}, nil
		},
	}
}
