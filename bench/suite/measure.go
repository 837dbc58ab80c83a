package suite

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"slices"
	"time"

	"github.com/polyspec/polyspec/cover"
)

// Options choose the cases of a suite run; the zero value runs every
// workload but the long ones with every backend alone, with one worker and
// with one per core, once each.
type Options struct {
	Backends []string // default cover.BackendNames()
	Workers  []int    // default 0 (the backend alone), 1 and runtime.NumCPU()
	Repeat   int      // runs per case, keeping the fastest; default 1
	// Long adds the workloads marked Long, which take minutes.
	Long bool
	// Filter, if not nil, keeps only the workloads whose names it matches.
	Filter *regexp.Regexp
	Log    io.Writer
}

// Measure runs every case of the workloads through Isolated and returns the
// report, with the fastest run of each case.
func Measure(ctx context.Context, command []string, workloads []Workload, opt Options) (Report, error) {
	if opt.Workers == nil {
		opt.Workers = []int{0, 1, runtime.NumCPU()}
	}
	opt.Repeat = max(1, opt.Repeat)
	rep := Report{Date: time.Now().Format(time.DateOnly), Machine: ThisMachine(), Repeat: opt.Repeat}
	for _, w := range workloads {
		if w.Long && !opt.Long || opt.Filter != nil && !opt.Filter.MatchString(w.Name) {
			continue
		}
		backends, workers := cases(w, opt)
		if len(backends) > 0 && len(workers) > 0 {
			if rep.Workloads == nil {
				rep.Workloads = map[string]string{}
			}
			rep.Workloads[w.Name] = w.About
			if w.Reference != nil {
				if rep.References == nil {
					rep.References = map[string]Reference{}
				}
				rep.References[w.Name] = *w.Reference
			}
		}
		for _, b := range backends {
			for _, n := range workers {
				c := Case{w.Name, b, n}
				var best Result
				for i := range opt.Repeat {
					r, err := Isolated(ctx, command, c)
					if err != nil {
						return rep, err
					}
					if i == 0 || r.Wall < best.Wall {
						best = r
					}
				}
				if opt.Log != nil {
					fmt.Fprintf(opt.Log, "%-40s %8.3fs wall %8.3fs CPU\n", c, best.Wall, best.CPU)
				}
				rep.Results = append(rep.Results, best)
			}
		}
	}
	rep.Machine.LoadAfter = LoadAverage()
	return rep, nil
}

// cases returns the backends and worker counts a workload runs with: those
// of the options that it takes. A workload with NoBackend runs once
// whatever backends the options name.
func cases(w Workload, opt Options) (backends []string, workers []int) {
	backends = opt.Backends
	if backends == nil {
		// sweep counts the problems of some workloads only, which name it.
		backends = slices.DeleteFunc(cover.BackendNames(), func(b string) bool { return b == "sweep" && !slices.Contains(w.Backends, b) })
	}
	switch {
	case slices.Equal(w.Backends, []string{NoBackend}):
		backends = w.Backends
	case w.Backends != nil:
		backends = slices.DeleteFunc(slices.Clone(backends), func(b string) bool { return !slices.Contains(w.Backends, b) })
	}
	workers = opt.Workers
	if w.Workers != nil {
		workers = slices.DeleteFunc(slices.Clone(workers), func(n int) bool { return !slices.Contains(w.Workers, n) })
	}
	return backends, workers
}
