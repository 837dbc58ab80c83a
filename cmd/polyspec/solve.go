package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/cmd/internal/process"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
)

// SolveCmd solves a puzzle or a DLX file.
type SolveCmd struct {
	Target    string `arg:"" predictor:"target" help:"Catalogue name (see 'polyspec list'), spec file (.toml, .yaml, .yml), DLX file (.dlx), Pips game (NYT .json, Polypips text game or generator output), or a list of Sudoku puzzles (one grid per line, '.' for a blank)."`
	Count     bool   `help:"Print only the closing count line, not the solutions."`
	StopAfter *int   `short:"n" name:"stop-after" placeholder:"N" help:"Stop after N solutions, of each puzzle of a file of several (0: find them all; the default, except for Pips games and lists of Sudoku puzzles, which print each puzzle's first solution)."`
	Backend   string `default:"${default_backend}" enum:"${backends}" help:"Search backend: ${backends} (default ${default_backend})."`
	Format    string `default:"text" enum:"text,json" help:"Output format: text (Polyform Puzzler's solution records; a Sudoku's grid; a Pips game's box art) or json (one object per line, the same shape for every kind: docs/json.md)."`
	All       bool   `help:"Count every solution, not one per symmetry class (overrides unique = true in the spec)."`
	Pivot     string `default:"auto" enum:"auto,fewest,free,estimate" help:"How a polyform puzzle's search modulo its symmetries picks the piece it keeps to one placement per symmetry class: auto (estimate for a search that runs to its end, fewest for one cut short by --stop-after, whose first solutions come before weighing would pay; the default), fewest (the piece with fewest placements left), free (a piece none of whose placements a symmetry fixes, if there is one), or estimate (when fewest's search is estimated at over 2 million nodes and would be searched by algx, weigh the six pieces with fewest placements by Knuth's estimate of their searches and take the smallest, if it is at most 0.8 of fewest's and algx would search it too; 0.1 to 0.9 s in all on the hard catalogue puzzles, which pays on searches of seconds: docs/bench/2026-11-26-puzzler-complete.md). Counts are the same for each; the searches (nodes), and the order and drawing of the solutions listed, differ."`
	// DeadRegions switches the dead-region check (load.go).
	DeadRegions string `name:"dead-regions" default:"auto" enum:"auto,on,off" help:"For a polyform puzzle with --backend algx, memo or auto when it picks algx: give up on a node whose empty cells hold a region that the pieces left cannot fill: on, off, or auto (on for squares and triangles, where it mostly makes searches faster). The solutions are the same either way."`
	// Balance switches the colour-balance check (load.go).
	Balance string `default:"auto" enum:"auto,on,off" help:"For a polyform puzzle with --backend algx, memo or auto when it picks algx: give up on a node whose empty cells, counted by colour under the lattice's colourings (the checkerboard, the directions of segments, ...), the pieces left cannot cover: on, off, or auto (on for triangles, where it makes searches faster). The solutions are the same either way; a split search (--workers, --shard) may try fewer nodes than one search with it."`
	Workers int    `default:"0" placeholder:"N" help:"Search a polyform puzzle, Sudoku or DLX file on N cores at once, splitting the search tree into independent parts (0: every core, but one for a Sudoku, whose search takes milliseconds; 1: one core, and no split unless --shard, --out or --state asks for one). Solutions, their order and their count are the same for every N (for a search cut short by --stop-after too, except with --restarts on, which takes one core), and so are the searches (nodes) of a whole search, except with --backend sums or memo, or with the colour-balance check (--balance), which can try fewer in a split; a run cut short (--stop-after, Ctrl-C) counts what every core searched, which varies from run to run, and a split search counts fewer updates, how many depending on N."`
	// Difficulty picks the puzzles of an NYT Pips file.
	Difficulty string `enum:",easy,medium,hard" default:"" help:"For an NYT Pips JSON file: solve only the easy, medium or hard puzzle (default: all three)."`
	// ShowGame prints a Pips game before its solution.
	ShowGame bool `name:"show-game" help:"For a Pips game: print the game first, the board with its regions and then the pieces."`
	// Pictures draws the first solution, or solution N of --stop-after
	// (render.go).
	Pictures Pictures `embed:""`
	// Scale splits and records long searches (scale.go).
	Scale Scale `embed:""`
	// First looks for the first solutions with restarts (first.go).
	First FirstFlags `embed:""`
	// Estimate sizes the search instead of making it (estimate.go).
	Estimate bool `help:"Search nothing: print Knuth's estimate of the nodes and the solutions of the count's search (of algx's tree, which memo's is at most; the solutions before any filtering of symmetric ones), from some 20,000 random walks down it, to tell before a count whether it takes seconds, hours or centuries (the walks took under 4 s on nine in ten of the 489 catalogue puzzles without a count, a minute or more on the biggest boards). The estimate is rough: on the hard catalogue counts it came within 0.4 to 1.3 of the tree, but on boards of 24 heptiamonds it was off by up to 7 times below and 31 above (docs/estimates-2026-11-26.md); the solutions are rougher still, near the count where solutions are many (a quasi-tritwig strip: 9.3 million for 10.6 million) and far below it, or none, where they are rare. A million nodes of a catalogue search took from a third of a second (the 3×4×5 solid pentominoes) to a second and a half (a heptiamond hexagon) of one core."`
}

func (c *SolveCmd) Run(e *env) error {
	b, err := cover.Lookup(c.Backend)
	if err != nil {
		return err
	}
	// Reading and compiling do not watch the context: an interrupt ends
	// them at once.
	loaded := process.Unwatched(e.ctx)
	pivot, err := pivotRule(c.Pivot, c.StopAfter != nil && *c.StopAfter > 0)
	if err != nil {
		return err
	}
	j, err := load(c.Target, loadOptions{all: c.All, pivot: pivot, deadRegions: c.DeadRegions, balance: c.Balance, count: c.Count, showGame: c.ShowGame, difficulty: c.Difficulty, backend: c.Backend, limits: e.limits})
	loaded()
	if err != nil {
		return err
	}
	if err := c.check(j, b); err != nil {
		return err
	}
	if c.Estimate {
		return c.estimate(e, j)
	}
	stopAfter := 0
	switch {
	case c.StopAfter != nil:
		stopAfter = *c.StopAfter
	case j.firstOnly && !c.Count:
		stopAfter = 1
	}
	e, stopAfter = c.Pictures.forSolve(e, stopAfter)
	if err := c.Scale.check(c.Count, stopAfter); err != nil {
		return err
	}
	out := j.Text
	if c.Format == "json" {
		js := emit.NewJSON(e.stdout, j.dims)
		out = pipeline.Printer{
			Solution: func(_ io.Writer, s emit.Solution) error { return js.Solution(s) },
			Close:    func(_ io.Writer, sum emit.Summary) error { return js.Summary(sum) },
		}
	}
	total, unsolved, err := j.Run(e.stdout, out, func(pt *pipeline.Part, print func(int, []int)) (emit.Summary, error) {
		if c.Count {
			print = nil
		}
		rb, par := c.restarts(stopAfter, pt, b, c.parallel(b, j.serial))
		return c.search(e, stopAfter, pt, rb, par, c.Pictures.capture(print, pt.Solution))
	})
	if err != nil {
		return err
	}
	// The first solution of each game or list entry is no user's limit.
	total.Limited = total.Limited && (c.StopAfter != nil || !j.firstOnly)
	if out.Close != nil {
		if err := out.Close(e.stdout, total); err != nil {
			return err
		}
	}
	if err := c.Pictures.finish(j); err != nil {
		return err
	}
	// Ctrl-C exits with the shell's status for it, once the partial
	// results are printed.
	if total.Interrupted {
		return exitError{130}
	}
	if j.failUnsolved && unsolved {
		return exitError{1}
	}
	return nil
}

// check refuses the flags that do not apply to the job's kind, naming the
// flag, the kind and why, so that no flag is ever silently ignored.
func (c *SolveCmd) check(j *job, b cover.Backend) error {
	p := c.Pictures
	given := []struct {
		flag string
		on   bool
	}{
		{"--all", c.All}, {"--pivot", c.Pivot != pivotAuto}, {"--dead-regions", c.DeadRegions != "auto"}, {"--balance", c.Balance != "auto"}, {"--workers", c.Workers > 1}, {"--difficulty", c.Difficulty != ""}, {"--show-game", c.ShowGame},
		{"--shard", c.Scale.Shard != ""}, {"--out", c.Scale.Out != ""}, {"--resume", c.Scale.Resume}, {"--state", c.Scale.State != ""},
		{"--svg", p.SVG != ""}, {"--png", p.PNG != ""}, {"--x3d", p.X3D != ""}, {"--gltf", p.GLTF != ""},
	}
	for _, g := range given {
		if why, ok := j.refuse[g.flag]; ok && g.on {
			return fmt.Errorf("%s is not available for %s: %s", g.flag, j.kind, why)
		}
	}
	for _, pt := range j.Parts {
		if _, ok := b.(cover.RegionBackend); pt.Regions != nil && pt.Backend == nil && !ok {
			return fmt.Errorf("--backend %s is not available for %s with rules on sums (%s): only backend sums checks them", c.Backend, j.kind, pt.Title)
		}
		if c.First.Restarts == "on" && (pt.Backend != nil || pt.Regions != nil) {
			return fmt.Errorf("--restarts on is not available for %s: they are searched by backend sums, which has no restarts", j.kind)
		}
	}
	if err := p.check(); err != nil {
		return err
	}
	switch {
	case p.wanted() && len(j.Parts) > 1:
		return fmt.Errorf("%s holds %d puzzles and a picture draws one: pick one (--difficulty for an NYT file)", c.Target, len(j.Parts))
	case c.ShowGame && c.Format == "json":
		return errors.New("--show-game draws the game as box art, which --format json does not hold")
	}
	return nil
}

// parallel returns the split search of a backend on c.Workers cores, or
// nil for the backend alone: one worker and no shard or record. A serial
// job takes --workers 0 (every core) as one.
func (c *SolveCmd) parallel(b cover.Backend, serial bool) *cover.Parallel {
	if (c.Workers == 1 || serial && c.Workers == 0) && !c.Scale.used() {
		return nil
	}
	return &cover.Parallel{Backend: b, Workers: c.Workers}
}

// search runs a part's search with b, a solution limit, a status line on a
// terminal, the --shard, --out and --state of c.Scale, and Ctrl-C turned
// into an orderly stop. par is the split search, or nil for the backend
// alone. found sees each solution with its number, in order; a nil found
// with no limit lets the backend count without building solutions.
func (c *SolveCmd) search(e *env, stopAfter int, pt *pipeline.Part, b cover.Backend, par *cover.Parallel, found func(int, []int)) (emit.Summary, error) {
	start := time.Now()
	var n atomic.Int64
	var visit cover.Visit
	if found != nil || stopAfter > 0 {
		visit = func(sol []int) bool {
			k := n.Add(1)
			if found != nil {
				found(int(k), sol)
			}
			return stopAfter <= 0 || k < int64(stopAfter)
		}
	}
	ctx, poll := e.ctx, (func() progress.Status)(nil)
	if par != nil {
		if err := c.Scale.setup(e, par); err != nil {
			return emit.Summary{}, err
		}
		// A meter weighs the subproblems before the search, for the
		// time left; with no status line nobody would read it.
		if e.status != nil {
			par.Meter = new(cover.Meter)
			poll = func() progress.Status { return meterStatus(par.Meter.Progress()) }
		}
	} else {
		var nodes atomic.Int64
		ctx = cover.CountNodes(ctx, &nodes)
		poll = func() progress.Status {
			s := progress.Status{Solutions: -1, Nodes: nodes.Load()}
			if visit != nil {
				s.Solutions = n.Load()
			}
			return s
		}
	}
	stopSaving := c.Scale.saving(par)
	stopStatus := e.status.Show(poll)
	st, err := pt.Solve(ctx, b, par, visit)
	stopStatus()
	saveErr := stopSaving()
	if visit == nil {
		n.Store(st.Solutions)
	}
	sum := emit.Summary{
		Solutions: n.Load(),
		Searches:  st.Nodes,
		Updates:   st.Updates,
		Duration:  time.Since(start),
		Limited:   stopAfter > 0 && n.Load() >= int64(stopAfter),
	}
	if errors.Is(err, context.Canceled) {
		sum.Interrupted = true
		err = nil
	}
	if err != nil {
		return sum, c.Scale.explain(err)
	}
	if err := c.Scale.finish(e, par, !sum.Interrupted); err != nil {
		return sum, err
	}
	return sum, saveErr
}

// meterStatus is what the status line shows of a split search.
func meterStatus(p cover.Progress) progress.Status {
	return progress.Status{
		Solutions: p.Solutions, Nodes: p.Nodes, ResumedNodes: p.ResumedNodes,
		Done: p.Done, Total: p.Total, Resumed: p.Resumed,
		Weight: p.Weight, DoneWeight: p.DoneWeight, ResumedWeight: p.ResumedWeight,
	}
}
