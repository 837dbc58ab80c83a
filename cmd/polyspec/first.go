package main

import (
	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/cover"
)

// FirstFlags choose how solve looks for the first solutions of a search
// that --stop-after cuts short (see cover.Restarts).
type FirstFlags struct {
	Restarts string `default:"auto" enum:"auto,on,off" help:"For a search cut short by --stop-after: when the search has tried 65,536 nodes (bits: eight times as many, its nodes being that much cheaper) without a solution, search again with the items and options in a random order, again and again under node budgets that grow as Luby's sequence, reporting each solution once; where auto picks bits, whose fixed order of items suits whole searches, its runs take turns with runs of algx or dlx, which branch on the item with fewest options left. on, off (the search a count makes), or auto (on unless --workers asks for more than one core). It searches on one core, and its solutions, their order and its searches depend only on the puzzle and --seed."`
	Seed     uint64 `default:"1" help:"The seed of --restarts' random orders."`
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
