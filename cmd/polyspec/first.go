package main

import (
	"runtime"

	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/cover"
)

// FirstFlags choose how solve looks for the first solutions of a search
// that --stop-after cuts short (see cover.Restarts and cover.Portfolio).
type FirstFlags struct {
	Restarts string `default:"auto" enum:"auto,on,off,portfolio" group:"search" help:"With -n: restarts, then other searches in turn (off: the plain search)."`
	Seed     uint64 `default:"1" group:"search" help:"The seed of the restarts' random orders."`
}

// restarts returns the backend and split search for a part's search: b
// in a portfolio of strategies that starts with restarts, on --workers
// cores (auto, portfolio), or in restarts alone (on),
// when the flags and the search allow it, and b and par as they are
// otherwise. They are for finding solutions, so only a search with a
// limit uses them; a part searched by its own backend (Pips, Sudoku) or
// with rules on sums keeps its search.
func (c *SolveCmd) restarts(stopAfter int, pt *pipeline.Part, b cover.Backend, par *cover.Parallel) (cover.Backend, *cover.Parallel) {
	mode, workers := c.First.Restarts, c.Workers
	if mode == "auto" {
		mode = "portfolio"
	}
	if mode == "off" || stopAfter <= 0 || c.Scale.used() || pt.Backend != nil || pt.Regions != nil {
		return b, par
	}
	if mode == "on" {
		return cover.Restarts{Backend: b, Seed: c.First.Seed}, nil
	}
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	return cover.Portfolio{Backend: b, Seed: c.First.Seed, Workers: workers}, nil
}
