// Package suite times a fixed list of exact-cover workloads with every
// backend, one worker and many, and reports the figures as Markdown and
// JSON. Each case runs in a fresh process (see Isolated), so that its peak
// memory is its own.
package suite

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/cover/dlxfile"
)

// A Workload is a problem to time.
type Workload struct {
	Name string
	// Load builds the problem, and the symmetries to count it modulo (nil
	// for every solution). A catalogue puzzle is compile.FromSpec's
	// Problem and Symmetries.
	Load func() (*cover.Problem, []cover.Symmetry, error)
	// Want is the known count, which every run must find.
	Want int64
}

// DLX is a workload read from a file in Knuth's format.
func DLX(name, path string, want int64) Workload {
	return Workload{Name: name, Want: want, Load: func() (*cover.Problem, []cover.Symmetry, error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		p, err := dlxfile.Read(f, path)
		return p, nil, err
	}}
}

// Standard returns the fixed workloads, from the DLX files in dir (the
// module's cover/testdata): dense and sparse, few solutions and millions.
func Standard(dir string) []Workload {
	return []Workload{
		DLX("pentominoes-6x10-unique", filepath.Join(dir, "pentominoes-6x10-unique.dlx"), 2339),
		DLX("pentominoes-6x10", filepath.Join(dir, "pentominoes-6x10.dlx"), 9356),
		DLX("queens-12", filepath.Join(dir, "queens-12.dlx"), 14200),
		DLX("dominoes-8x8", filepath.Join(dir, "dominoes-8x8.dlx"), 12988816),
	}
}

// A Case is one timing: a workload, a backend, and the number of workers
// of a cover.Parallel around the backend, or 0 for the backend alone.
type Case struct {
	Workload string `json:"workload"`
	Backend  string `json:"backend"`
	Workers  int    `json:"workers"`
}

func (c Case) String() string { return fmt.Sprintf("%s/%s/%d", c.Workload, c.Backend, c.Workers) }

// ParseCase reads a case written by Case.String.
func ParseCase(s string) (Case, error) {
	var c Case
	// Workload names may hold slashes; the last two fields are fixed.
	i := len(s)
	var fields [2]string
	for k := 1; k >= 0; k-- {
		j := i - 1
		for j >= 0 && s[j] != '/' {
			j--
		}
		if j < 0 {
			return Case{}, fmt.Errorf("suite: case %q: want workload/backend/workers", s)
		}
		fields[k], i = s[j+1:i], j
	}
	c.Workload, c.Backend = s[:i], fields[0]
	if _, err := fmt.Sscan(fields[1], &c.Workers); err != nil || c.Workers < 0 {
		return Case{}, fmt.Errorf("suite: case %q: bad number of workers", s)
	}
	return c, nil
}

// A Result is a case's figures.
type Result struct {
	Case
	Solutions int64   `json:"solutions"`
	Nodes     int64   `json:"nodes"`
	CPU       float64 `json:"cpu_s"`  // user and system time of the search
	Wall      float64 `json:"wall_s"` // elapsed time of the search
	// MaxRSS is the peak resident memory of the process, in kilobytes:
	// the case's own when it runs alone in a process.
	MaxRSS int64 `json:"maxrss_kb"`
}

// Run times a case in this process, counting solutions without visiting
// them, and checks the count.
func Run(ctx context.Context, w Workload, c Case) (Result, error) {
	p, group, err := w.Load()
	if err != nil {
		return Result{}, err
	}
	b, err := cover.Lookup(c.Backend)
	if err != nil {
		return Result{}, err
	}
	d, err := cover.NewDistinct(p, group)
	if err != nil {
		return Result{}, err
	}
	cpu0, start := cpuSeconds(), time.Now()
	var st cover.Stats
	if c.Workers == 0 {
		st, err = d.Solve(ctx, b, nil)
	} else {
		st, err = cover.Parallel{Backend: b, Workers: c.Workers}.SolveDistinct(ctx, d, nil)
	}
	r := Result{Case: c, Solutions: st.Solutions, Nodes: st.Nodes, Wall: time.Since(start).Seconds(), CPU: cpuSeconds() - cpu0, MaxRSS: maxRSS()}
	if err == nil && w.Want != st.Solutions {
		err = fmt.Errorf("suite: %s: %d solutions, want %d", c, st.Solutions, w.Want)
	}
	return r, err
}
