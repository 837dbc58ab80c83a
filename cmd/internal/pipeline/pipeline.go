// Package pipeline is the solve pipeline that polyspec and solve_polypips
// share. An input of any kind is loaded as a Job: the exact-cover problems
// to search, in turn, and what prints and draws their solutions; Run
// searches each and prints what it finds, the same way for every kind.
package pipeline

import (
	"context"
	"io"
	"time"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
)

// A Job is an input made ready for the pipeline.
type Job struct {
	Parts []*Part // the puzzles of the input, searched in turn
	Text  Printer // the text output
	// Draw writes solution s in a picture format ("svg", "png", "x3d",
	// "gltf"); nil when the input has no pictures.
	Draw func(format string, w io.Writer, s emit.Solution, pngSize int) error
}

// A Part is one puzzle of an input.
type Part struct {
	Title    string // names the puzzle in an input of several
	Problem  *cover.Problem
	Distinct *cover.Distinct // symmetry reduction, or nil
	Regions  *cover.Regions  // rules the sums backend checks, or nil
	Backend  cover.Backend   // overrides the caller's choice, or nil
	Solution func(sol []int) emit.Solution
	// Load, when set, compiles the part (its Problem and Solution) just
	// before it is searched, and both are dropped after: a file of
	// many puzzles then holds one compiled at a time, not all of them.
	Load func(pt *Part) error
	// Why, when set, says what cheap checks tell of why the part has no
	// solution, for a search that found none.
	Why func() []string
}

// Prepare compiles a part that is loaded when it is searched (see Load).
func (pt *Part) Prepare() error {
	if pt.Load == nil || pt.Problem != nil {
		return nil
	}
	return pt.Load(pt)
}

// Solve searches the part with b, split by par unless par is nil.
func (pt *Part) Solve(ctx context.Context, b cover.Backend, par *cover.Parallel, visit cover.Visit) (cover.Stats, error) {
	if pt.Backend != nil {
		b = pt.Backend
	}
	switch {
	case pt.Distinct != nil && par != nil:
		return par.SolveDistinct(ctx, pt.Distinct, visit)
	case pt.Distinct != nil:
		return pt.Distinct.Solve(ctx, b, visit)
	case par != nil:
		return par.Solve(ctx, pt.Problem, visit)
	}
	return cover.SolveRegions(ctx, b, pt.Problem, pt.Regions, visit)
}

// A Printer writes a job's results. Its functions may be nil.
type Printer struct {
	Start    func(w io.Writer, pt *Part) error
	Solution func(w io.Writer, s emit.Solution) error
	End      func(w io.Writer, pt *Part, sum emit.Summary) error
	Close    func(w io.Writer, total emit.Summary) error
}

// A Search runs one part, calling print with each solution and its number,
// in order, and sums it up; an interrupted search is a summary that says
// so, not an error.
type Search func(pt *Part, print func(n int, sol []int)) (emit.Summary, error)

// Run searches the job's parts in turn with search and prints their
// solutions with out (j.Text or another format's printer), stopping at the
// first interrupted part. It returns the sum of the parts' summaries,
// Limited if any part's was, and whether a part had no solution. It leaves
// out.Close to the caller, who knows what the total should say.
func (j *Job) Run(w io.Writer, out Printer, search Search) (total emit.Summary, unsolved bool, err error) {
	start := time.Now()
	for _, pt := range j.Parts {
		if err := pt.Prepare(); err != nil {
			return total, unsolved, err
		}
		if out.Start != nil {
			if err := out.Start(w, pt); err != nil {
				return total, unsolved, err
			}
		}
		var werr error
		sum, err := search(pt, func(n int, sol []int) {
			if werr == nil && out.Solution != nil {
				s := pt.Solution(sol)
				s.Number = n
				if len(j.Parts) > 1 {
					s.Puzzle = pt.Title
				}
				werr = out.Solution(w, s)
			}
		})
		if err == nil {
			err = werr
		}
		if pt.Load != nil {
			pt.Problem, pt.Solution = nil, nil
		}
		// An interrupted puzzle's count is no result to print.
		if err == nil && out.End != nil && !sum.Interrupted {
			err = out.End(w, pt, sum)
		}
		if err != nil {
			return total, unsolved, err
		}
		unsolved = unsolved || sum.Solutions == 0
		total.Solutions += sum.Solutions
		total.Searches += sum.Searches
		total.Updates += sum.Updates
		total.Interrupted = sum.Interrupted
		total.Limited = total.Limited || sum.Limited
		if sum.Interrupted {
			break
		}
	}
	total.Duration = time.Since(start)
	return total, unsolved, nil
}
