// Package suite times a fixed list of workloads — exact-cover searches
// with every backend, one worker and many, and a few jobs of other kinds —
// and reports the figures as Markdown and JSON. Each case runs in a fresh
// process (see Isolated), so that its peak memory is its own.
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

// A Workload is a job to time. Most are one exact-cover search, which Load
// builds and which runs with every backend, alone and inside
// cover.Parallel; the others (a set of games, an enumeration) Prepare
// their own work.
type Workload struct {
	Name string
	// About says in a few words what the workload does, for the report.
	About string
	// Load builds the problem, and the symmetries to count it modulo (nil
	// for every solution). A catalogue puzzle is compile.FromSpec's
	// Problem and Symmetries. Loading is not timed.
	Load func() (*cover.Problem, []cover.Symmetry, error)
	// Prepare, for a workload that is not one search, does the untimed
	// setup (reading files) and returns the timed work. Load is nil then.
	Prepare func() (Work, error)
	// Backends and Workers, when set, are the only ones the workload runs
	// with: a Pips game needs the sums backend, and a job that is not
	// one search has nothing for cover.Parallel to split. NoBackend stands
	// for a job that uses none.
	Backends []string
	Workers  []int
	// Want is the known count, which every run must find.
	Want int64
	// Long marks a workload of minutes, which runs only when asked for.
	Long bool
	// Reference, if not nil, is Polyform Puzzler's recorded run of the
	// same puzzle, which the report sets beside polyspec's.
	Reference *Reference
	// First makes the search stop at its first solution, found as
	// polyspec solve -n 1 finds it (see FirstSolution).
	First bool
	// Pivot is the rule that picks the pivot of a count modulo symmetry.
	// PivotFewest's reduction is built before the timing; another rule's
	// is timed with the search, since PivotEstimate weighs trees (on the
	// case's workers, one for the backend alone).
	Pivot cover.PivotRule
}

// A Reference is Polyform Puzzler's recorded run of a catalogue puzzle:
// the closing line of its solution file
// (shared/data/puzzler-solutions/FAMILY/NAME.txt), copied here as
// constants, measured on its author's machine and so comparable only as
// an order of magnitude. Searches are its dancing-links nodes.
type Reference struct {
	Duration string `json:"duration"`
	Searches int64  `json:"searches"`
}

// Work is a prepared workload's timed job: it runs with the case's backend
// and workers and returns the count it checks against Want, and the nodes
// it searched.
type Work func(ctx context.Context, c Case) (cover.Stats, error)

// NoBackend is the backend of a case whose workload uses none.
const NoBackend = "-"

// DLX is a workload read from a file in Knuth's format.
func DLX(name, path string, want int64) Workload {
	return Workload{Name: name, Want: want, About: "a DLX file: " + filepath.Base(path), Load: func() (*cover.Problem, []cover.Symmetry, error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		p, err := dlxfile.Read(f, path)
		return p, nil, err
	}}
}

// Standard returns the fixed workloads, from the files under root (the
// module's directory): the DLX files of cover/testdata (dense and sparse,
// few solutions and millions), catalogue puzzles (the 6×10 pentominoes
// among them, as polyspec solve compiles them, with the Order that lets
// bits search them), the NYT Pips set, a list
// of hard Sudoku, 100 Sudoku and 30 Pips games generated, the build of the largest catalogue puzzle, and two
// enumerations. dlx, if not "", is another
// directory for the DLX files.
func Standard(root, dlx string) []Workload {
	if dlx == "" {
		dlx = filepath.Join(root, "cover", "testdata")
	}
	return []Workload{
		noBits(DLX("pentominoes-6x10-unique", filepath.Join(dlx, "pentominoes-6x10-unique.dlx"), 2339)),
		noBits(DLX("pentominoes-6x10", filepath.Join(dlx, "pentominoes-6x10.dlx"), 9356)),
		noBits(DLX("queens-12", filepath.Join(dlx, "queens-12.dlx"), 14200)),
		noBits(DLX("dominoes-8x8", filepath.Join(dlx, "dominoes-8x8.dlx"), 12988816)),
		Catalogue("pentominoes-6x10-spec", "pentominoes-6x10", false, 2339),
		Catalogue("pentominoes-6x10-spec-all", "pentominoes-6x10", true, 9356),
		Catalogue("soma-3x3x3-all", "soma-3x3x3", true, 11520),
		Catalogue("hexiamonds-4x10-long-hex", "hexiamonds-4x10-long-hex", false, 856),
		// The sweep's count against the searches' (bench/results/counts.md).
		sweeps(Catalogue("pentominoes-3x20-sweep", "pentominoes-3x20", false, 2)),
		sweeps(Catalogue("pentominoes-6x10-sweep-all", "pentominoes-6x10", true, 9356)),
		// Inclusion–exclusion's sweeps on one core and shared among two
		// (bench/results/counts.md); the count is polyspec's own.
		sweepTerms(Catalogue("quasi-tritwigs-10x1-sweep", "quasi-tritwigs-10x1", false, 10606944)),
		long(puzzler(Catalogue("solid-pentominoes-3x4x5", "solid-pentominoes-3x4x5", false, 3940), "1:31:01", 13543443)),
		long(noBits(puzzler(Catalogue("tetrasticks-6x6", "tetrasticks-6x6", false, 1795), "0:32:52", 16329570))),
		noBits(puzzler(Catalogue("tetrasticks-aztec-diamond", "tetrasticks-aztec-diamond", false, 3), "0:25:08", 649511)),
		long(noBits(puzzler(Catalogue("one-sided-hexiamonds-hexagram", "one-sided-hexiamonds-hexagram", false, 119), "0:04:54", 893222))),
		long(noBits(puzzler(Catalogue("polyominoes-12345-diamond-2", "polyominoes-12345-diamond-2", false, 4579), "0:01:05", 16541490))),
		long(noBits(puzzler(Catalogue("polyominoes-45-aztec-diamond", "polyominoes-45-aztec-diamond", false, 11162), "0:31:50", 446023279))),
		// Polyform Puzzler's figures for O'Beirne's hexagon are the sum of
		// its seven sub-puzzles; the diamond lattice ran for 3 days, 6:21:55.
		long(puzzler(Catalogue("one-sided-hexiamonds-obeirnes-hexagon", "one-sided-hexiamonds-obeirnes-hexagon", false, 124519), "36:27:32", 525721243)),
		long(noBits(puzzler(Catalogue("one-sided-tetrasticks-5x5-diamond-lattice", "one-sided-tetrasticks-5x5-diamond-lattice", false, 107), "78:21:55", 34978750780))),
		// The hard four with the pivot weighed (bench/results/pivot.md).
		long(estimated(puzzler(Catalogue("solid-pentominoes-3x4x5-estimate", "solid-pentominoes-3x4x5", false, 3940), "1:31:01", 13543443))),
		long(noBits(estimated(puzzler(Catalogue("tetrasticks-6x6-estimate", "tetrasticks-6x6", false, 1795), "0:32:52", 16329570)))),
		long(noBits(estimated(puzzler(Catalogue("one-sided-hexiamonds-hexagram-estimate", "one-sided-hexiamonds-hexagram", false, 119), "0:04:54", 893222)))),
		long(noBits(estimated(puzzler(Catalogue("polyominoes-12345-diamond-2-estimate", "polyominoes-12345-diamond-2", false, 4579), "0:01:05", 16541490)))),
		PipsFirst("nyt-pips-first", filepath.Join(root, "compile", "pips", "testdata", "nyt")),
		PipsCount("nyt-pips-count", filepath.Join(root, "compile", "pips", "testdata", "nyt")),
		noBits(SudokuList("sudoku-top95", filepath.Join(root, "compile", "sudoku", "testdata", "top95.txt"))),
		SudokuGenerate("sudoku-generate-100", 100),
		PipsGenerate("pips-generate-30", 10),
		// Polyform puzzles made unique (docs/generate.md): fixed pieces,
		// and boards searched for the 12 pentominoes from 6x10.
		PolyformGenerate("polyform-fix-6x10-20", "pentominoes-6x10", 20, false),
		PolyformGenerate("polyform-board-pentominoes-10", "pentominoes-6x10", 10, true),
		// First solutions that took polyspec over 5 s (bench/results/first-solutions.md).
		FirstSolution("first-one-sided-hexominoes-60x6", "one-sided-hexominoes-60x6"),
		FirstSolution("first-heptiamonds-jagged-hexagon-3", "heptiamonds-jagged-hexagon-3"),
		FirstSolution("first-one-sided-heptiamonds-triangle-9", "one-sided-heptiamonds-triangle-9"),
		FirstSolution("first-pentahexes-hexagram-3", "pentahexes-hexagram-3"),
		FirstSolution("first-heptiamonds-3x28", "heptiamonds-3x28"),
		FirstSolution("first-polycubes-12345p6-cubes-345", "polycubes-12345p6-cubes-345"),
		FirstSolution("first-polysticks-12x2", "polysticks-1234-truncated-diamond-lattice-12x2"),
		long(FirstSolution("first-polycubes-56-crystal-1", "polycubes-56-crystal-1")),
		Build("build-polycubes-56-crystal-1", "polycubes-56-crystal-1", 2365581),
		Enumeration("enumerate-decominoes", "square", 10, 4655),
		Enumeration("enumerate-octacubes", "cubic", 8, 6922),
	}
}

// noBits keeps bits and sweep out of a workload whose problems have no
// Order (a DLX file, segments, Sudoku): bits would take their items in
// problem order, for the pentomino files the pieces first, and not finish
// in minutes; the 95 Sudoku take it 49 s against algx's 0.13.
func noBits(w Workload) Workload {
	for _, b := range cover.BackendNames() {
		if b != "bits" && b != "sweep" {
			w.Backends = append(w.Backends, b)
		}
	}
	return w
}

// puzzler sets a catalogue workload's Reference: Polyform Puzzler's
// recorded duration (hours:minutes:seconds) and searches.
func puzzler(w Workload, duration string, searches int64) Workload {
	w.Reference = &Reference{Duration: duration, Searches: searches}
	return w
}

// estimated makes a catalogue workload count as polyspec solve NAME
// --count --pivot estimate does.
func estimated(w Workload) Workload {
	w.Pivot = cover.PivotEstimate
	w.About += " --pivot estimate"
	return w
}

// sweeps runs a workload with sweep beside the searches that suit a
// board with an Order, each alone: sweep counts in one piece.
func sweeps(w Workload) Workload {
	w.Backends, w.Workers = []string{"algx", "bits", "memo", "sweep"}, []int{0}
	return w
}

// sweepTerms runs a workload with sweep alone and on a Parallel of two
// workers, which share its sweeps of inclusion–exclusion.
func sweepTerms(w Workload) Workload {
	w.Backends, w.Workers = []string{"sweep"}, []int{0, 2}
	return w
}

func long(w Workload) Workload {
	w.Long = true
	return w
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

// Run times a case in this process and checks the count. A search counts
// solutions without visiting them.
func Run(ctx context.Context, w Workload, c Case) (Result, error) {
	work, err := w.prepare()
	if err != nil {
		return Result{}, err
	}
	cpu0, start := cpuSeconds(), time.Now()
	st, err := work(ctx, c)
	r := Result{Case: c, Solutions: st.Solutions, Nodes: st.Nodes, Wall: time.Since(start).Seconds(), CPU: cpuSeconds() - cpu0, MaxRSS: maxRSS()}
	if err == nil && w.Want != st.Solutions {
		err = fmt.Errorf("suite: %s: %d solutions, want %d", c, st.Solutions, w.Want)
	}
	return r, err
}

// prepare does a workload's untimed setup and returns its timed work. A
// search's work is its backend alone, or inside cover.Parallel with the
// case's workers.
func (w Workload) prepare() (Work, error) {
	if w.Prepare != nil {
		return w.Prepare()
	}
	p, group, err := w.Load()
	if err != nil {
		return nil, err
	}
	reduce := func(workers int) (*cover.Distinct, error) {
		return cover.DistinctOptions{Pivot: w.Pivot, Workers: workers}.New(p, group)
	}
	d, err := reduce(1)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, c Case) (cover.Stats, error) {
		b, err := cover.Lookup(c.Backend)
		if err != nil {
			return cover.Stats{}, err
		}
		if w.Pivot != cover.PivotFewest {
			if d, err = reduce(c.Workers); err != nil {
				return cover.Stats{}, err
			}
		}
		switch {
		case w.First:
			return d.Solve(ctx, cover.Portfolio{Backend: b, Seed: 1, Workers: max(1, c.Workers)}, func([]int) bool { return false })
		case c.Workers == 0:
			return d.Solve(ctx, b, nil)
		}
		return cover.Parallel{Backend: b, Workers: c.Workers}.SolveDistinct(ctx, d, nil)
	}, nil
}
