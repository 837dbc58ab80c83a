package suite

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/polyspec/polyspec/cover"
)

// Options choose the cases of a suite run; the zero value runs every
// backend alone, with one worker and with one per core, once each.
type Options struct {
	Backends []string // default cover.BackendNames()
	Workers  []int    // default 0 (the backend alone), 1 and runtime.NumCPU()
	Repeat   int      // runs per case, keeping the fastest; default 1
	Log      io.Writer
}

// Measure runs every case of the workloads through Isolated and returns the
// report, with the fastest run of each case.
func Measure(ctx context.Context, command []string, workloads []Workload, opt Options) (Report, error) {
	if opt.Backends == nil {
		opt.Backends = cover.BackendNames()
	}
	if opt.Workers == nil {
		opt.Workers = []int{0, 1, runtime.NumCPU()}
	}
	opt.Repeat = max(1, opt.Repeat)
	rep := Report{Date: time.Now().Format(time.DateOnly), Machine: ThisMachine(), Repeat: opt.Repeat}
	for _, w := range workloads {
		for _, b := range opt.Backends {
			for _, n := range opt.Workers {
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
