package main

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/polyspec/polyspec/cmd/internal/process"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// VerifyCmd checks the catalogue's published counts (expect, expect-all)
// and, when asked, polyspec's own (count, count-all).
type VerifyCmd struct {
	Own         bool     `help:"Also re-count the counts polyspec made itself (count, count-all), as a check that a change to the search keeps them."`
	Backend     string   `default:"${default_backend}" enum:"${backends}" group:"search" help:"Search backend: ${backends}."`
	Family      string   `placeholder:"F" predictor:"family" help:"Check only this family (a catalogue folder: ominoes, cubes, ...)."`
	MaxSeconds  float64  `name:"max-seconds" placeholder:"S" help:"Stop a count after S seconds and report it as skipped for time (0: no limit)."`
	Workers     int      `default:"1" placeholder:"N" group:"search" help:"Count each puzzle on N cores (default 1; 0: every core; a Sudoku on one)."`
	Pivot       string   `default:"auto" enum:"auto,fewest,free,estimate" group:"search" help:"How a count modulo symmetry picks the piece it fixes, as for solve."`
	Balance     string   `default:"auto" enum:"auto,on,off" group:"search" help:"The colour-balance check, as for solve: a check that counts do not depend on it."`
	DeadRegions string   `name:"dead-regions" default:"auto" enum:"auto,on,off" group:"search" help:"The dead-region check, as for solve: a check that counts do not depend on it."`
	Names       []string `arg:"" optional:"" predictor:"name" help:"Catalogue names to check (default: every puzzle with a known count)."`
	StatusFlags `embed:""`

	pivot cover.PivotRule // Pivot, parsed by Run
}

// A countCheck is one count verify makes: the count it wants, whether
// modulo symmetry, and its label in the report.
type countCheck struct {
	want   spec.Value[int64]
	unique bool
	label  string
}

// familyTally is one row of verify's closing table.
type familyTally struct {
	puzzles, withCount, matched, mismatched, timedOut, notApplicable int
	time                                                             time.Duration
}

func (c *VerifyCmd) Run(e *env) error {
	b, err := cover.Lookup(c.Backend)
	if err != nil {
		return err
	}
	if c.pivot, err = pivotRule(c.Pivot, false); err != nil {
		return err
	}
	entries, err := catalogue(c.Family, c.Names)
	if err != nil {
		return err
	}
	tallies := map[string]*familyTally{}
	var families []string
	interrupted, done := false, 0
	for _, entry := range entries {
		if interrupted {
			break
		}
		s, err := spec.LoadFS(puzzles.FS, entry.Path)
		if err != nil {
			return err
		}
		t := tallies[entry.Family]
		if t == nil {
			t = &familyTally{}
			tallies[entry.Family] = t
			families = append(families, entry.Family)
		}
		t.puzzles++
		checks := []countCheck{{s.Expect, s.Unique.V, "distinct"}, {s.ExpectAll, false, "all"}}
		if c.Own {
			checks = append(checks, countCheck{s.Count, s.Unique.V, "own"}, countCheck{s.CountAll, false, "own-all"})
		}
		checked := slices.ContainsFunc(checks, func(c countCheck) bool { return c.want.Set })
		if checked {
			t.withCount++
		}
		// A puzzle counts once in the table, by its worst check.
		mismatched, timedOut, notApplicable := false, false, false
	checks:
		for _, check := range checks {
			if !check.want.Set {
				continue
			}
			got, took, err := c.count(e, entry.Name+" "+check.label, s, b, check.unique)
			t.time += took
			// A count leaves its tables (up to the sweep's bound of
			// 2 GiB) to the collector, which would let the next count's
			// heap grow to twice theirs first.
			debug.FreeOSMemory()
			status := "ok  "
			switch {
			case errors.Is(err, context.DeadlineExceeded):
				timedOut = true
				fmt.Fprintf(e.stdout, "SLOW %-44s %-8s skipped after %.0fs          want %10d\n", entry.Name, check.label, c.MaxSeconds, check.want.V)
				continue
			case errors.Is(err, context.Canceled) && e.ctx.Err() != nil:
				// Ctrl-C: the counts so far are still worth their table.
				interrupted = true
				fmt.Fprintf(e.stdout, "STOP %-44s %-8s interrupted after %.2fs    want %10d\n", entry.Name, check.label, took.Seconds(), check.want.V)
				break checks
			case errors.Is(err, cover.ErrUnsupported):
				// A backend that takes some problems only (sweep) says
				// why it does not take this one: no count, no mismatch.
				notApplicable = true
				fmt.Fprintf(e.stdout, "N/A  %-44s %-8s %v\n", entry.Name, check.label, err)
				continue
			case err != nil:
				return err
			case got != check.want.V:
				mismatched = true
				status = "FAIL"
			}
			fmt.Fprintf(e.stdout, "%s %-44s %-8s %10d  want %10d  %7.2fs\n", status, entry.Name, check.label, got, check.want.V, took.Seconds())
		}
		if !interrupted {
			done++
		}
		switch {
		case interrupted:
		case mismatched:
			t.mismatched++
		case timedOut:
			t.timedOut++
		case notApplicable:
			t.notApplicable++
		case checked:
			t.matched++
		}
	}
	err = c.summary(e, b, families, tallies, interrupted)
	if interrupted && err == nil {
		return e.failed(fmt.Errorf("interrupted after %d of the %d puzzles", done, len(entries)), process.InterruptStatus)
	}
	return err
}

// summary prints the table per family and fails on any mismatch.
func (c *VerifyCmd) summary(e *env, b cover.Backend, families []string, tallies map[string]*familyTally, interrupted bool) error {
	tw := tabwriter.NewWriter(e.stdout, 2, 8, 2, ' ', tabwriter.AlignRight)
	limit := "no time limit"
	if c.MaxSeconds > 0 {
		limit = fmt.Sprintf("at most %gs a count", c.MaxSeconds)
	}
	fmt.Fprintf(e.stdout, "\nbackend %s, %s; a puzzle counts once, by its worst check\n", b.Name(), limit)
	if interrupted {
		fmt.Fprintln(e.stdout, "interrupted: the puzzles checked so far, the one stopped among them but in no column")
	}
	fmt.Fprintln(tw, "FAMILY\tPUZZLES\tWITH COUNT\tMATCHED\tMISMATCHED\tTIMED OUT\tNOT APPLICABLE\tTIME\t")
	var total familyTally
	row := func(name string, t *familyTally) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.1fs\t\n", name, t.puzzles, t.withCount, t.matched, t.mismatched, t.timedOut, t.notApplicable, t.time.Seconds())
	}
	for _, f := range families {
		t := tallies[f]
		row(f, t)
		total.puzzles += t.puzzles
		total.withCount += t.withCount
		total.matched += t.matched
		total.mismatched += t.mismatched
		total.timedOut += t.timedOut
		total.notApplicable += t.notApplicable
		total.time += t.time
	}
	row("all", &total)
	if err := tw.Flush(); err != nil {
		return err
	}
	if total.mismatched > 0 {
		return errReported
	}
	return nil
}

// count compiles and counts a spec within the time bound, with a status
// line named label. The bound covers compiling, since building a large
// puzzle's placements and symmetries can take longer than searching it;
// compiling cannot be stopped, so a count that runs out of time is left to
// finish in the background (its search then stops at once) while verify
// goes on. The status line shows the nodes, not the solutions: the search
// visits none (see countPuzzle).
func (c *VerifyCmd) count(e *env, label string, s *spec.Spec, b cover.Backend, unique bool) (int64, time.Duration, error) {
	var nodes atomic.Int64
	stop := e.status.Show(func() progress.Status {
		return progress.Status{Label: label, Solutions: -1, Nodes: nodes.Load()}
	})
	defer stop()
	ctx := cover.CountNodes(e.ctx, &nodes)
	start := time.Now()
	if c.MaxSeconds > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(c.MaxSeconds*float64(time.Second)))
		defer cancel()
	}
	type result struct {
		n   int64
		err error
	}
	done := make(chan result, 1)
	go func() {
		n, err := countPuzzle(ctx, s, b, c.Workers, unique, c.pivot, c.DeadRegions, c.Balance)
		done <- result{n, err}
	}()
	select {
	case r := <-done:
		return r.n, time.Since(start), r.err
	case <-ctx.Done():
		return 0, time.Since(start), ctx.Err()
	}
}

// countPuzzle compiles and counts a spec, modulo symmetry when unique
// with the pivot the rule picks, on the given number of workers, with the
// dead-region check as deadRegions (--dead-regions) says and the
// colour-balance check as balance (--balance) says. It visits no
// solution, as solve --count does not: a visitor would make memo search as
// algx, and the symmetry filter look at every solution instead of those it
// must check.
func countPuzzle(ctx context.Context, s *spec.Spec, b cover.Backend, workers int, unique bool, pivot cover.PivotRule, deadRegions, balance string) (int64, error) {
	j, err := specJob(s, loadOptions{all: !unique, pivot: pivot, deadRegions: deadRegions, balance: balance, workers: workers})
	if err != nil {
		return 0, err
	}
	pt := j.Parts[0]
	var par *cover.Parallel
	// A Sudoku's rules are its own backend's, which a split search does
	// not take.
	if workers != 1 && pt.Regions == nil && pt.Backend == nil {
		par = &cover.Parallel{Backend: b, Workers: workers}
	}
	st, err := pt.Solve(ctx, b, par, nil)
	return st.Solutions, err
}
