package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
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
	Target    string `arg:"" predictor:"target" help:"A catalogue name or a spec, DLX, Pips or Sudoku-list file ('polyspec help inputs')."`
	Count     bool   `help:"Print only the closing count line, not the solutions."`
	StopAfter *int   `short:"n" name:"stop-after" placeholder:"N" help:"Stop after N solutions of each puzzle (0: all; Pips and Sudoku lists: 1)."`
	Format    string `enum:"auto,text,json" default:"auto" help:"text: records; json: docs/json.md; auto: text, or a picture on a terminal."`
	All       bool   `help:"Count every solution, not one per symmetry class (overrides unique = true)."`
	// StatusFlags hold --quiet.
	StatusFlags `embed:""`
	Backend     string `default:"${default_backend}" enum:"${backends}" group:"search" help:"Search backend: ${backends}."`
	Workers     int    `default:"0" placeholder:"N" group:"search" help:"Search on N cores (0: every core); the solutions and count are the same."`
	Pivot       string `default:"auto" enum:"auto,fewest,free,estimate" group:"search" help:"How a search modulo symmetry picks the piece it fixes."`
	// DeadRegions switches the dead-region check (load.go).
	DeadRegions string `name:"dead-regions" default:"auto" enum:"auto,on,off" group:"search" help:"Prune regions no piece left fills (auto: by lattice; 'help search')."`
	// Balance switches the colour-balance check (load.go).
	Balance string `default:"auto" enum:"auto,on,off" group:"search" help:"Prune by colours the pieces left cannot cover (auto: on for triangles)."`
	// First looks for the first solutions with restarts (first.go).
	First FirstFlags `embed:""`
	// Pictures draws the first solution, or solution N of --stop-after
	// (render.go).
	Pictures Pictures `embed:""`
	// Difficulty picks the puzzles of an NYT Pips file.
	Difficulty string `enum:",easy,medium,hard" default:"" group:"pips" help:"Solve only this puzzle of an NYT Pips file (default: all three)."`
	// ShowGame prints a Pips game before its solution.
	ShowGame bool `name:"show-game" group:"pips" help:"Print the game (its board, regions and pieces) before its solution."`
	// Estimate sizes the search instead of making it (estimate.go), as
	// the estimate command does.
	Estimate bool `hidden:"" help:"Search nothing: print an estimate of the count's search, as 'polyspec estimate' does."`
	// Scale splits and records long searches (scale.go).
	Scale Scale `embed:""`
	// LimitFlags bound the spec or game (main.go).
	LimitFlags `embed:""`
}

func (c *SolveCmd) Run(e *env) error {
	b, err := cover.Lookup(c.Backend)
	if err != nil {
		return err
	}
	// Reading and compiling do not watch the context: an interrupt ends
	// them at once.
	loaded := process.Unwatched(e.ctx)
	first := c.StopAfter != nil && *c.StopAfter > 0
	pivot, err := pivotRule(c.Pivot, first)
	if err != nil {
		return err
	}
	// Building a big puzzle's placements, and weighing its pivots, can
	// take seconds of their own.
	stopStatus := e.status.Show(preparing)
	gc := debug.SetGCPercent(loadGCPercent)
	j, err := load(c.Target, loadOptions{all: c.All, pivot: pivot, deadRegions: c.DeadRegions, balance: c.Balance, count: c.Count, first: first, showGame: c.ShowGame, difficulty: c.Difficulty, backend: c.Backend, limits: e.limits, workers: c.Workers})
	stopStatus()
	debug.SetGCPercent(gc)
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
	e, stopAfter = c.Pictures.forSolve(e, stopAfter, c.Count)
	if err := c.Scale.check(c.Count, stopAfter); err != nil {
		return err
	}
	if stopAfter <= 0 && (c.First.Restarts == "on" || c.First.Restarts == "portfolio") {
		return fmt.Errorf("--restarts %s looks for first solutions, and this search runs to its end: add -n N, or leave --restarts out", c.First.Restarts)
	}
	if c.showFirst(e, j) {
		return c.first(e, j, b)
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
		if stopAfter == 0 && !c.Scale.used() {
			defer warnEndless(e, pt)()
		}
		rb, par := c.restarts(stopAfter, pt, b, c.parallel(b, j.serial))
		return c.search(e, stopAfter, pt, rb, par, c.Pictures.capture(print, pt.Solution))
	})
	if err != nil {
		return err
	}
	// The first solution of each game or list entry is no user's limit.
	total.Limited = total.Limited && (c.StopAfter != nil || !j.firstOnly)
	return c.close(e, j, out, total, unsolved)
}

// close ends a run: the notice of a run stopped before its end, the
// closing line, and the exit status of an interrupted run or a puzzle
// without a solution.
func (c *SolveCmd) close(e *env, j *job, out pipeline.Printer, total emit.Summary, unsolved bool) error {
	if notice := c.notice(j, total); notice != "" {
		if _, err := fmt.Fprintln(e.stdout, notice); err != nil {
			return err
		}
		total.Limited = false
	}
	if out.Close != nil {
		if err := out.Close(e.stdout, total); err != nil {
			return err
		}
	}
	if err := c.Pictures.finish(j); err != nil {
		return err
	}
	if !c.Scale.used() {
		explainNone(e, j, total) // a shard of a search without solutions says nothing of the whole
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

// notice says in text why a run stopped before its end, when it was not
// at the user's -n: at the solution a picture draws, or at the first
// solution of each puzzle of a Pips game or a list of Sudoku.
func (c *SolveCmd) notice(j *job, total emit.Summary) string {
	switch {
	case c.Format == "json" || total.Interrupted || c.StopAfter != nil:
		return ""
	case j.firstOnly && !c.Count && len(j.Parts) == 1:
		return "Solution limit reached: the first solution (-n 0 finds them all)."
	case j.firstOnly && !c.Count:
		return "Solution limit reached: the first solution of each puzzle (-n 0 finds them all)."
	case total.Limited:
		return "Solution limit reached at the solution drawn (--count draws it and counts them all)."
	}
	return ""
}

// loadGCPercent is the garbage collector's percent while solve reads and
// compiles a puzzle: what a build allocates it mostly keeps, so a
// collection then finds little to free, and on the largest board each
// one costs more than it saves (polycubes-56-crystal-1's first solution:
// 7.2 s of CPU against 14; bench/results/first-solutions.md). The
// search that follows runs with the percent the process had.
const loadGCPercent = 1000

// showFirst reports whether solve shows only the first solution, drawn,
// and then counts: the default on a terminal, where thousands of records
// would scroll by unread. A file, a pipe, --format, -n, --count, a
// picture or a split search's record asks for the records or says what it
// wants.
func (c *SolveCmd) showFirst(e *env, j *job) bool {
	return e.terminal && c.Format == "auto" && c.StopAfter == nil && !c.Count && !c.Pictures.wanted() && !c.Scale.used() && !j.firstOnly && len(j.Parts) == 1
}

// first shows the first solution in its picture, then counts them all,
// each search with the flags as given, and closes with the count line and
// a word on how to see the others.
func (c *SolveCmd) first(e *env, j *job, b cover.Backend) error {
	show := j.picture
	picture := pipeline.Printer{Solution: func(w io.Writer, s emit.Solution) error {
		if _, err := fmt.Fprintf(w, "solution %d:\n", s.Number); err != nil {
			return err
		}
		if err := show(w, s); err != nil {
			return err
		}
		_, err := fmt.Fprintln(w)
		return err
	}}
	total, _, err := j.Run(e.stdout, picture, func(pt *pipeline.Part, print func(int, []int)) (emit.Summary, error) {
		rb, par := c.restarts(1, pt, b, c.parallel(b, j.serial))
		return c.search(e, 1, pt, rb, par, print)
	})
	if err != nil {
		return err
	}
	if total.Limited && !total.Interrupted {
		// The first search stopped at the picture: count the whole.
		first := total
		total, _, err = j.Run(e.stdout, pipeline.Printer{}, func(pt *pipeline.Part, _ func(int, []int)) (emit.Summary, error) {
			rb, par := c.restarts(0, pt, b, c.parallel(b, j.serial))
			return c.search(e, 0, pt, rb, par, nil)
		})
		total.Duration += first.Duration
		if err != nil {
			return err
		}
	}
	if err := c.close(e, j, j.Text, total, false); err != nil {
		return err
	}
	if total.Solutions > 1 {
		fmt.Fprintf(e.stderr, "(the first of %s shown; -n N or --format text lists records)\n", emit.Count(total.Solutions, "solution"))
	}
	return nil
}

// algxBackends make algx's search, which the dead-region and balance
// checks prune.
var algxBackends = map[string]bool{"auto": true, "algx": true, "memo": true}

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
		if (c.First.Restarts == "on" || c.First.Restarts == "portfolio") && (pt.Backend != nil || pt.Regions != nil) {
			return fmt.Errorf("--restarts %s is not available for %s: they are searched by backend sums, which has no restarts", c.First.Restarts, j.kind)
		}
	}
	if err := p.check(); err != nil {
		return err
	}
	switch {
	case (c.DeadRegions != "auto" || c.Balance != "auto") && !algxBackends[c.Backend]:
		return fmt.Errorf("--dead-regions and --balance prune algx's search, which --backend %s does not make: use auto, algx or memo", c.Backend)
	case c.Backend == "sweep" && c.Scale.Shard != "" && c.Scale.Out == "":
		return errors.New("--shard with --backend sweep needs --out FILE: a shard of the sweep's count holds sums modulo 2^64, not solutions, and 'polyspec merge' adds the parts up")
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
		var nodes, done, total atomic.Int64
		ctx = cover.CountParts(cover.CountNodes(ctx, &nodes), &done, &total)
		poll = func() progress.Status {
			s := progress.Status{Solutions: -1, Nodes: nodes.Load(), Done: int(done.Load()), Total: int(total.Load())}
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
