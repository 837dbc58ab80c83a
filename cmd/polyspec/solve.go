package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/cover/dlxfile"
	"github.com/polyspec/polyspec/cover/outfile"
	"github.com/polyspec/polyspec/emit"
)

// SolveCmd solves a puzzle or a DLX file.
type SolveCmd struct {
	Target    string `arg:"" help:"Catalogue name (see 'polyspec list'), spec file (.toml, .yaml, .yml), DLX file (.dlx), Pips game (NYT .json, Polypips text game or generator output), or a list of Sudoku puzzles (one grid per line, '.' for a blank)."`
	Count     bool   `help:"Print only the closing count line, not the solutions."`
	StopAfter int    `short:"n" name:"stop-after" placeholder:"N" help:"Stop after N solutions (0: find them all)."`
	Backend   string `default:"${default_backend}" enum:"${backends}" help:"Search backend: ${backends} (default ${default_backend})."`
	Format    string `default:"text" enum:"text,json" help:"Output format: text (Polyform Puzzler's solution records) or json (one object per line)."`
	All       bool   `help:"Count every solution, not one per symmetry class (overrides unique = true in the spec)."`
	Workers   int    `default:"0" placeholder:"N" help:"Search a polyform puzzle or DLX file on N cores at once, splitting the search tree into independent parts (0: every core; 1: one core, and no split unless --shard, --out or --state asks for one). Solutions, their order and their count are the same for every N, and so are the searches (nodes) of a whole search, except with --backend sums; a run cut short (--stop-after, Ctrl-C) counts what every core searched, which varies from run to run, and a split search counts fewer updates, how many depending on N."`
	// Difficulty picks the puzzles of an NYT Pips file.
	Difficulty string `enum:",easy,medium,hard" default:"" help:"For an NYT Pips JSON file: solve only the easy, medium or hard puzzle (default: all three)."`
	// ShowGame prints a Pips game before its solution.
	ShowGame bool `name:"show-game" help:"For a Pips game: print the game first, the board with its regions and then the pieces."`
	// Pictures draws the first solution, or solution N of --stop-after
	// (render.go).
	Pictures Pictures `embed:""`
	// Scale splits and records long searches (scale.go).
	Scale Scale `embed:""`
}

// A writer prints solutions and the closing summary in one format.
type writer interface {
	Solution(emit.Solution) error
	Summary(emit.Summary) error
}

func (c *SolveCmd) Run(e *env) error {
	e, stopAfter, err := c.Pictures.forSolve(e, c.Target, c.StopAfter)
	if err != nil {
		return err
	}
	b, err := cover.Lookup(c.Backend)
	if err != nil {
		return err
	}
	if err := c.Scale.check(c.Count, stopAfter); err != nil {
		return err
	}
	if filepath.Ext(c.Target) == ".dlx" {
		return c.solveDLX(e, b)
	}
	if pipscli.DetectFile(c.Target) != pipscli.None {
		if err := c.Scale.refuse("Pips games"); err != nil {
			return err
		}
		return c.solvePips(e)
	}
	if isSudokuList(c.Target) {
		if err := c.Scale.refuse("Sudoku"); err != nil {
			return err
		}
		return c.solveSudokuList(e, b)
	}
	s, err := loadSpec(c.Target)
	if err != nil {
		return err
	}
	if s.Kind.V == "sudoku" {
		if err := c.Scale.refuse("Sudoku"); err != nil {
			return err
		}
		return c.solveSudoku(e, b, s)
	}
	pz, err := compile.FromSpecLimits(s, e.limits)
	if err != nil {
		return err
	}
	d, err := distinct(pz, s.Unique.V && !c.All)
	if err != nil {
		return err
	}
	var out writer
	if c.Format == "json" {
		out = emit.NewJSON(e.stdout, pz.Lattice.Dims())
	} else {
		records, err := emit.NewRecords(e.stdout, pz.Lattice.Name(), boardCells(pz))
		if err != nil {
			return err
		}
		if !c.Count {
			if err := records.Header(s.Name.V); err != nil {
				return err
			}
		}
		out = records
	}
	var werr error
	sum, err := c.search(e, stopAfter, c.parallel(b), func(ctx context.Context, par *cover.Parallel, visit cover.Visit) (cover.Stats, error) {
		if par != nil {
			return par.SolveDistinct(ctx, d, visit)
		}
		return d.Solve(ctx, b, visit)
	}, c.Pictures.capture(c.solutions(func(n int, sol []int) {
		if werr == nil {
			werr = out.Solution(emit.Solution{Number: n, Pieces: placed(pz, sol)})
		}
	}), func(sol []int) []emit.Placed { return placed(pz, sol) }))
	if err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	if err := out.Summary(sum); err != nil {
		return err
	}
	if err := c.Pictures.finish(pz.Lattice.Name()); err != nil {
		return err
	}
	return interrupted(sum)
}

// parallel returns the split search of a backend on c.Workers cores, or
// nil for the backend alone: one worker and no shard or record.
func (c *SolveCmd) parallel(b cover.Backend) *cover.Parallel {
	if c.Workers == 1 && !c.Scale.used() {
		return nil
	}
	return &cover.Parallel{Backend: b, Workers: c.Workers}
}

// solvePips solves a Pips or Polypips game: an NYT JSON file, a text game
// or a generator's output.
func (c *SolveCmd) solvePips(e *env) error {
	opts := pipscli.Options{Count: c.Count, ShowGame: c.ShowGame, Backend: c.Backend, Difficulty: c.Difficulty}
	if p := c.Pictures; p.PNG != "" || p.X3D != "" || p.GLTF != "" {
		return errors.New("a Pips game is drawn with --svg only")
	}
	var svg bytes.Buffer
	if c.Pictures.SVG != "" {
		opts.SVG = &svg
	}
	ctx, stop := e.status.ShowNodes(e.ctx)
	solved, err := pipscli.Run(ctx, e.stdout, c.Target, opts)
	stop()
	if err == nil && svg.Len() > 0 {
		if c.Pictures.SVG == "-" {
			_, err = c.Pictures.stdout.Write(svg.Bytes())
		} else {
			err = outfile.Write(c.Pictures.SVG, svg.Bytes())
		}
	}
	switch {
	case errors.Is(err, context.Canceled):
		return exitError{130}
	case err != nil:
		return err
	case !solved:
		return exitError{1}
	}
	return nil
}

// solveDLX solves a problem in Knuth's format and prints each solution's
// options as they are written in the file.
func (c *SolveCmd) solveDLX(e *env, b cover.Backend) error {
	f, err := os.Open(c.Target)
	if err != nil {
		return err
	}
	p, err := dlxfile.Read(f, c.Target)
	f.Close()
	if err != nil {
		return err
	}
	var werr error
	sum, err := c.search(e, c.StopAfter, c.parallel(b), func(ctx context.Context, par *cover.Parallel, visit cover.Visit) (cover.Stats, error) {
		if par != nil {
			return par.Solve(ctx, p, visit)
		}
		return b.Solve(ctx, p, visit)
	}, c.solutions(func(n int, sol []int) {
		if werr != nil {
			return
		}
		_, werr = fmt.Fprintf(e.stdout, "solution %d:\n", n)
		for _, o := range sol {
			if werr == nil {
				werr = dlxfile.WriteOption(e.stdout, p, o)
			}
		}
		if werr == nil {
			_, werr = io.WriteString(e.stdout, "\n")
		}
	}))
	if err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	if c.Format == "json" {
		err = emit.NewJSON(e.stdout, 0).Summary(sum)
	} else {
		_, err = fmt.Fprintf(e.stdout, "%s%d solutions, %d nodes, %d updates, duration %s\n",
			sum.Notice(), sum.Solutions, sum.Searches, sum.Updates, emit.Duration(sum.Duration))
	}
	if err != nil {
		return err
	}
	return interrupted(sum)
}

// solutions returns the function that prints each solution, or nil when
// only the count is wanted.
func (c *SolveCmd) solutions(print func(int, []int)) func(int, []int) {
	if c.Count {
		return nil
	}
	return print
}

// interrupted turns an interrupted run into exit status 130, the shell's
// convention for Ctrl-C, once its partial results are printed.
func interrupted(s emit.Summary) error {
	if s.Interrupted {
		return exitError{130}
	}
	return nil
}

// search runs a solve with a solution limit, a status line on a terminal,
// the --shard, --out and --state of c.Scale, and Ctrl-C turned into an
// orderly stop. par is the split search, or nil for the backend alone;
// solve runs the one it is given. found sees each solution with its number,
// in order; a nil found with no limit lets the backend count without
// building solutions.
func (c *SolveCmd) search(e *env, stopAfter int, par *cover.Parallel, solve func(context.Context, *cover.Parallel, cover.Visit) (cover.Stats, error), found func(int, []int)) (emit.Summary, error) {
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
	st, err := solve(ctx, par, visit)
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
