package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"

	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/cover"
)

// estimateWalks bounds the random walks of --estimate beyond the first
// few of each subproblem: about 40 more for each of 512, which keeps a
// heptiamond board's estimate under a second.
const estimateWalks = 20000

// endlessNodes is the size of a search that warnEndless warns of: at the
// ten million nodes a second of a fast search on one core, more than a
// day.
const endlessNodes = 1e12

// warnEndless says on stderr, as a whole search starts, that it cannot
// finish in any run when a quick estimate of its tree (cover.QuickEstimate)
// is past endlessNodes, as the dorian cube's is. The estimate runs beside
// the search, so that no search waits for it (it takes a few
// milliseconds, a tenth of a second on the largest boards); the function
// it returns, called when the search ends, stops it and waits for it, and
// a search done first hears no warning.
func warnEndless(e *env, pt *pipeline.Part) (stop func()) {
	if pt.Backend != nil || pt.Regions != nil || pt.Problem == nil {
		return func() {} // the sums backend's search of a game, which it does not size
	}
	p := pt.Problem
	if pt.Distinct != nil {
		p = pt.Distinct.Problem()
	}
	ctx, cancel := context.WithCancel(e.ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		est, err := cover.QuickEstimate(ctx, p)
		if err != nil || est.Nodes < endlessNodes || ctx.Err() != nil {
			return
		}
		title := ""
		if pt.Title != "" {
			title = pt.Title + ": "
		}
		fmt.Fprintf(e.stderr, "polyspec: %sthis search is about %.1g nodes by a rough estimate, more than a run can finish; Ctrl-C stops it with what it found ('polyspec help long' tells how to split a long count)\n", title, est.Nodes)
	}()
	return func() { cancel(); <-done }
}

// estimate prints, for each part of the job, Knuth's estimate of the nodes
// and solutions of its search (cover.EstimateSearch) instead of searching it: how big a
// count would be, before starting one.
func (c *SolveCmd) estimate(e *env, j *job) error {
	switch {
	case c.StopAfter != nil:
		return errors.New("--estimate sizes the whole search, which --stop-after cuts short: leave one out")
	case c.Scale.used():
		return errors.New("--estimate searches nothing, so --shard, --out, --state and --resume have nothing to split or record")
	case c.Format == "json":
		return errors.New("--estimate prints a line of text, not the solutions --format json is for")
	case c.Pictures.wanted():
		return errors.New("--estimate finds no solution to draw")
	case c.Backend != "auto" && c.Backend != "algx" && c.Backend != "memo":
		return fmt.Errorf("--estimate sizes algx's search, which --backend %s does not make: use auto, algx or memo", c.Backend)
	}
	workers := c.Workers
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	for _, pt := range j.Parts {
		if pt.Backend != nil || pt.Regions != nil {
			return fmt.Errorf("--estimate is not available for %s: it is searched by backend sums, whose search it does not size", j.kind)
		}
		if err := pt.Prepare(); err != nil {
			return err
		}
		p := pt.Problem
		if pt.Distinct != nil {
			p = pt.Distinct.Problem()
		}
		stopStatus := e.status.Show(func() progress.Status { return progress.Status{Label: "estimating", Solutions: -1} })
		est, err := cover.EstimateSearch(e.ctx, p, workers, estimateWalks)
		stopStatus()
		if errors.Is(err, context.Canceled) {
			return exitError{130} // Ctrl-C: the shell's status for it
		}
		if err != nil {
			return err
		}
		if err := printEstimate(e, pt.Title, est); err != nil {
			return err
		}
		if c.Backend == "auto" {
			if err := c.printCountChoice(e, pt); err != nil {
				return err
			}
		}
	}
	return nil
}

// estimateSweep bounds the sweep that --estimate tries, as auto tries it
// before a count: some 2 s of a sweep's transitions.
const estimateSweep = 1 << 22

// printCountChoice writes, as a line of text, whether auto counts the
// part by the sweep or by the search, and why (cover.ChooseCount).
func (c *SolveCmd) printCountChoice(e *env, pt *pipeline.Part) error {
	stopStatus := e.status.Show(func() progress.Status { return progress.Status{Label: "sweeping", Solutions: -1} })
	var ch cover.CountChoice
	var err error
	if pt.Distinct != nil {
		ch, err = pt.Distinct.ChooseCount(e.ctx, estimateSweep)
	} else {
		ch, err = cover.ChooseCount(e.ctx, pt.Problem, estimateSweep)
	}
	stopStatus()
	if errors.Is(err, context.Canceled) {
		return exitError{130}
	}
	if err != nil {
		return err
	}
	title := pt.Title
	if title != "" {
		title += ": "
	}
	if ch.Sweep {
		_, err = fmt.Fprintf(e.stdout, "%sa count is by the sweep: %d solutions in %d transitions, %d states (the search, by auto's walks: about %.2g nodes; 'polyspec help estimate')\n", title, ch.Count, ch.Transitions, ch.States, ch.Search)
	} else {
		_, err = fmt.Fprintf(e.stdout, "%sa count is by the search: %s\n", title, ch.Why)
	}
	return err
}

// printEstimate writes one part's estimate as a line of text.
func printEstimate(e *env, title string, est cover.Estimate) error {
	if title != "" {
		title += ": "
	}
	var what string
	switch {
	case math.IsInf(est.Nodes, 0):
		what = "more nodes than a float64 holds"
	case est.Solutions == 0:
		// Where solutions are rare no walk may meet one, which says
		// nothing of how many there are.
		what = fmt.Sprintf("about %.2g nodes; no walk reached a solution", est.Nodes)
	default:
		what = fmt.Sprintf("about %.2g nodes and %.2g solutions", est.Nodes, est.Solutions)
	}
	_, err := fmt.Fprintf(e.stdout, "%sestimated search: %s (Knuth's estimate of algx's tree, from random walks; rough: 'polyspec help estimate')\n", title, what)
	return err
}
