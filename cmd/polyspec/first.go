package main

import (
	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/cover"
)

// FirstFlags choose how solve looks for the first solutions of a search
// that --stop-after cuts short (see cover.Restarts).
type FirstFlags struct {
	Restarts string `default:"auto" enum:"auto,on,off" group:"search" help:"With -n: restart a search stuck without a solution, in a random order."`
	Seed     uint64 `default:"1" group:"search" help:"The seed of --restarts' random orders."`
}

// restarts returns the backend and split search for a part's search: b
// wrapped in restarts, on one core, when the flags and the search allow
// it, and b and par as they are otherwise. Restarts are for finding
// solutions, so only a search with a limit uses them; a part searched by
// its own backend (Pips, Sudoku) or with rules on sums keeps its search.
func (c *SolveCmd) restarts(stopAfter int, pt *pipeline.Part, b cover.Backend, par *cover.Parallel) (cover.Backend, *cover.Parallel) {
	on := c.First.Restarts == "on" || c.First.Restarts == "auto" && c.Workers <= 1
	if !on || stopAfter <= 0 || c.Scale.used() || pt.Backend != nil || pt.Regions != nil {
		return b, par
	}
	return cover.Restarts{Backend: b, Seed: c.First.Seed}, nil
}
