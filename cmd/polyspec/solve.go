package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/cover/dlxfile"
	"github.com/polyspec/polyspec/emit"
)

// SolveCmd solves a puzzle or a DLX file.
type SolveCmd struct {
	Target    string `arg:"" help:"Catalogue name (see 'polyspec list'), spec file (.toml, .yaml, .yml), DLX file (.dlx), or a Pips game (NYT .json, Polypips text game or generator output)."`
	Count     bool   `help:"Print only the closing count line, not the solutions."`
	StopAfter int    `short:"n" name:"stop-after" placeholder:"N" help:"Stop after N solutions (0: find them all)."`
	Backend   string `default:"${default_backend}" enum:"${backends}" help:"Search backend: ${backends} (default ${default_backend})."`
	Format    string `default:"text" enum:"text,json" help:"Output format: text (Polyform Puzzler's solution records) or json (one object per line)."`
	All       bool   `help:"Count every solution, not one per symmetry class (overrides unique = true in the spec)."`
	Workers   int    `default:"1" placeholder:"N" help:"Search on N cores at once, splitting the search tree into independent parts (0: every core). Counts and solutions are the same for every N."`
	// Difficulty picks the puzzles of an NYT Pips file.
	Difficulty string `enum:",easy,medium,hard" default:"" help:"For an NYT Pips JSON file: solve only the easy, medium or hard puzzle (default: all three)."`
	// Pictures draws the first solution, or solution N of --stop-after
	// (render.go).
	Pictures Pictures `embed:""`
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
	if filepath.Ext(c.Target) == ".dlx" {
		return c.solveDLX(e, b)
	}
	if pipscli.DetectFile(c.Target) != pipscli.None {
		return c.solvePips(e)
	}
	s, err := loadSpec(c.Target)
	if err != nil {
		return err
	}
	if s.Kind.V == "sudoku" {
		return c.solveSudoku(e, b, s)
	}
	pz, err := compile.FromSpec(s)
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
	sum, err := search(e, stopAfter, func(ctx context.Context, visit cover.Visit) (cover.Stats, error) {
		if c.Workers != 1 {
			return c.parallel(b).SolveDistinct(ctx, d, visit)
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

// parallel runs a backend on c.Workers cores.
func (c *SolveCmd) parallel(b cover.Backend) cover.Parallel {
	return cover.Parallel{Backend: b, Workers: c.Workers}
}

// solvePips solves a Pips or Polypips game: an NYT JSON file, a text game
// or a generator's output.
func (c *SolveCmd) solvePips(e *env) error {
	opts := pipscli.Options{Count: c.Count, Backend: c.Backend, Difficulty: c.Difficulty}
	if p := c.Pictures; p.PNG != "" || p.X3D != "" || p.GLTF != "" {
		return errors.New("a Pips game is drawn with --svg only")
	}
	var svg bytes.Buffer
	if c.Pictures.SVG != "" {
		opts.SVG = &svg
	}
	solved, err := pipscli.Run(e.ctx, e.stdout, c.Target, opts)
	if err == nil && svg.Len() > 0 {
		if c.Pictures.SVG == "-" {
			_, err = c.Pictures.stdout.Write(svg.Bytes())
		} else {
			err = os.WriteFile(c.Pictures.SVG, svg.Bytes(), 0o644)
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
	sum, err := search(e, c.StopAfter, func(ctx context.Context, visit cover.Visit) (cover.Stats, error) {
		if c.Workers != 1 {
			return c.parallel(b).Solve(ctx, p, visit)
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

// search runs a solve with a solution limit, a progress line on a terminal,
// and Ctrl-C turned into an orderly stop. found sees each solution with its
// number, in order; a nil found with no limit lets the backend count without
// building solutions, and the progress line then shows only the time.
func search(e *env, stopAfter int, solve func(context.Context, cover.Visit) (cover.Stats, error), found func(int, []int)) (emit.Summary, error) {
	start := time.Now()
	var n atomic.Int64
	done := make(chan struct{})
	var shown sync.WaitGroup
	if e.progress {
		shown.Go(func() { showProgress(e.stderr, &n, start, done) })
	}
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
	st, err := solve(e.ctx, visit)
	if visit == nil {
		n.Store(st.Solutions)
	}
	close(done)
	shown.Wait()
	if e.progress {
		fmt.Fprint(e.stderr, "\r\033[K")
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
	return sum, err
}

// showProgress redraws one status line on a terminal until done closes.
func showProgress(w io.Writer, n *atomic.Int64, start time.Time, done <-chan struct{}) {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			fmt.Fprintf(w, "\r\033[K%d solutions, %s elapsed (Ctrl-C stops and reports)", n.Load(), time.Since(start).Round(time.Second))
		}
	}
}
