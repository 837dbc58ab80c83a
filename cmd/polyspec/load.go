package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/cmd/internal/process"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/cover/dlxfile"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/internal/infile"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// A job is an input of any kind made ready for solve's pipeline
// (pipeline.Job), with what the command line needs to know of its kind.
// The pipeline is the same for every kind; a kind says only what it cannot
// do, in refuse, and why.
type job struct {
	pipeline.Job
	kind string // what the input is, for messages: "Pips games"
	dims int    // the coordinates of a cell in JSON
	// refuse says why a flag does not apply to this kind, by flag name;
	// it holds the picture formats the kind cannot draw.
	refuse map[string]string
	// firstOnly stops at each puzzle's first solution unless --stop-after
	// says otherwise; serial searches on one core unless --workers says
	// otherwise (the searches take milliseconds).
	firstOnly, serial bool
	// failUnsolved exits with status 1 when a puzzle has no solution.
	failUnsolved bool
	// picture draws a solution as text without its record, for a
	// terminal.
	picture func(w io.Writer, s emit.Solution) error
}

// load reads a target of any kind: a DLX file, a Pips game, a list of
// Sudoku puzzles, or a spec (a file or a catalogue name) of a polyform
// puzzle or a Sudoku.
func load(target string, opts loadOptions) (*job, error) {
	switch {
	case filepath.Ext(target) == ".dlx":
		return loadDLX(target, opts.limits.Placements)
	case pipscli.DetectFile(target) != pipscli.None:
		return loadPips(target, opts)
	case isSudokuList(target):
		return loadSudokuList(target, opts.count)
	}
	s, err := loadSpec(target)
	if err != nil {
		return nil, err
	}
	return specJob(s, opts)
}

// loadOptions are the flags that change what is loaded rather than how it
// is searched or printed.
type loadOptions struct {
	all   bool // no symmetry reduction
	pivot cover.PivotRule
	// deadRegions is --dead-regions: auto (or ""), on or off.
	deadRegions string
	// balance is --balance: auto (or ""), on or off.
	balance string
	count   bool // only the count is printed
	// first says that the search stops after its first few solutions,
	// for which --dead-regions auto gives the check on more lattices.
	first      bool
	showGame   bool   // print a Pips game before its solution
	difficulty string // the puzzle of an NYT file
	backend    string // --backend, which a Pips game reads as its own
	// limits bound what a spec may build (zero: no bound, as the
	// catalogue's own commands have).
	limits compile.Limits
	// workers is --workers, the cores the pivots are weighed on (0: every
	// core).
	workers int
}

// specJob compiles a spec of a polyform puzzle or a Sudoku.
func specJob(s *spec.Spec, opts loadOptions) (*job, error) {
	if s.Kind.V == "sudoku" {
		return sudokuJob(s)
	}
	pz, err := compile.FromSpecLimits(s, opts.limits)
	if err != nil {
		return nil, err
	}
	dead, err := compile.ParseHint(opts.deadRegions)
	if err != nil {
		return nil, fmt.Errorf("--dead-regions %w", err)
	}
	balance, err := compile.ParseHint(opts.balance)
	if err != nil {
		return nil, fmt.Errorf("--balance %w", err)
	}
	if dead == compile.HintByLattice && opts.first {
		dead = compile.HintByLatticeFirst
	}
	if dead != compile.HintByLattice {
		pz.SetDeadRegions(dead)
	}
	if balance != compile.HintByLattice {
		pz.SetBalanceCheck(balance)
	}
	d, err := distinct(pz, s.Unique.V && !opts.all, opts.pivot, opts.workers)
	if err != nil {
		return nil, err
	}
	lattice := pz.Lattice.Name()
	var records *emit.Records
	refuse := notPips()
	if !emit.Solid(lattice) {
		refusing(refuse, "X3D draws polycubes, and this puzzle is on the "+lattice+" lattice", "--x3d")
	}
	return &job{
		kind: "polyform puzzles",
		Job: pipeline.Job{Parts: []*pipeline.Part{{Problem: pz.Problem, Distinct: d, Why: pz.Unsolvable, Solution: func(sol []int) emit.Solution {
			return emit.Solution{Pieces: placed(pz, sol)}
		}}},
			Text: pipeline.Printer{
				Start: func(w io.Writer, _ *pipeline.Part) (err error) {
					if records, err = emit.NewRecords(w, lattice, pz.Board); err != nil || opts.count {
						return err
					}
					return records.Header(s.Name.V)
				},
				Solution: func(_ io.Writer, sol emit.Solution) error { return records.Solution(sol) },
				Close:    writeLine,
			},
			Draw: func(format string, w io.Writer, sol emit.Solution, pngSize int) error {
				return emit.Draw(w, format, lattice, sol.Pieces, pngSize)
			}},
		dims:   pz.Lattice.Dims(),
		refuse: refuse,
		picture: func(w io.Writer, sol emit.Solution) error {
			r, err := emit.NewRecords(w, lattice, pz.Board)
			if err == nil {
				_, err = fmt.Fprintln(w, r.Picture(sol))
			}
			return err
		},
	}, nil
}

// writeLine writes Polyform Puzzler's closing line.
func writeLine(w io.Writer, sum emit.Summary) error {
	_, err := io.WriteString(w, sum.Line())
	return err
}

// loadDLX reads a problem in Knuth's format; a solution is its options'
// lines as the file writes them.
func loadDLX(path string, maxOptions int) (*job, error) {
	f, err := infile.Open(path, infile.DLXBytes, "a DLX file")
	if err != nil {
		return nil, err
	}
	p, err := dlxfile.ReadLimit(f, path, maxOptions)
	f.Close()
	if err != nil {
		return nil, err
	}
	return &job{
		kind: "DLX files",
		Job: pipeline.Job{Parts: []*pipeline.Part{{Problem: p, Solution: func(sol []int) emit.Solution {
			var s emit.Solution
			for _, o := range sol {
				var b strings.Builder
				dlxfile.WriteOption(&b, p, o)
				s.Options = append(s.Options, strings.TrimSuffix(b.String(), "\n"))
			}
			return s
		}}},
			Text: pipeline.Printer{
				Solution: func(w io.Writer, s emit.Solution) error {
					_, err := fmt.Fprintf(w, "solution %d:\n%s\n\n", s.Number, strings.Join(s.Options, "\n"))
					return err
				},
				Close: writeLine,
			}},
		picture: func(w io.Writer, s emit.Solution) error {
			_, err := fmt.Fprintln(w, strings.Join(s.Options, "\n"))
			return err
		},
		refuse: refusing(refusing(refusing(notPips(), "a DLX file holds no symmetries: compile writes them into it", "--all", "--pivot"), noBoard, "--dead-regions", "--balance"),
			"a DLX file has no pictures: its items are only names", pictureFlags...),
	}, nil
}

// The flags that draw, and those that split a search or record it.
var (
	pictureFlags = []string{"--svg", "--png", "--x3d", "--gltf"}
	splitFlags   = []string{"--workers", "--shard", "--out", "--resume", "--state"}
)

// refusing returns m (a new map for nil) with each flag refused for why.
func refusing(m map[string]string, why string, flags ...string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	for _, f := range flags {
		m[f] = why
	}
	return m
}

// noBoard is why --dead-regions and --balance do not apply to a kind:
// only the cells of a polyform puzzle's board fall apart into regions, and
// have colours, that its pieces must fill.
const noBoard = "only a polyform puzzle's board has regions and colours of empty cells for its pieces to fill"

// notPips refuses the flags of Pips games alone, for the other kinds.
func notPips() map[string]string {
	return refusing(refusing(nil, "it picks the puzzle of an NYT Pips file", "--difficulty"),
		"it prints a Pips game before its solution", "--show-game")
}

// loadSpec reads a spec from a file, or from the catalogue by name.
func loadSpec(target string) (*spec.Spec, error) {
	switch filepath.Ext(target) {
	case ".toml", ".yaml", ".yml":
		return spec.Load(target)
	}
	if e, ok := puzzles.Lookup(target); ok {
		return spec.LoadFS(puzzles.FS, e.Path)
	}
	if _, err := os.Stat(target); err == nil {
		return nil, fmt.Errorf("%s: expected a spec file ending in .toml, .yaml or .yml, or a DLX file ending in .dlx", target)
	}
	return nil, fmt.Errorf("%s: no such file, and no catalogue puzzle of that name (%s)", target, nearestNames(target))
}

// nearestNames suggests the catalogue names a target may mean: those it
// begins or is a word of (soma: soma-3x3x3, ...), else those nearest a
// misspelt name.
func nearestNames(target string) string {
	var names, begun, worded []string
	for _, e := range puzzles.Entries() {
		names = append(names, e.Name)
		switch {
		case strings.HasPrefix(e.Name, target):
			begun = append(begun, e.Name)
		case slices.Contains(strings.Split(e.Name, "-"), target):
			worded = append(worded, e.Name)
		}
	}
	holding := append(begun, worded...)
	const most = 5
	switch {
	case len(holding) > most:
		return fmt.Sprintf("did you mean %s or another of the %d that 'polyspec list %s' shows?", strings.Join(holding[:most], ", "), len(holding), target)
	case len(holding) > 0:
		return "did you mean " + strings.Join(holding, " or ") + "?"
	}
	near := spec.Nearest(target, names)
	if near == nil {
		return "polyspec list shows them"
	}
	return "did you mean " + strings.Join(near, " or ") + "?"
}

// loadPuzzle reads and compiles a spec within the command line's limits;
// an interrupt ends the process at once, as neither watches the context.
func loadPuzzle(e *env, target string) (*spec.Spec, *compile.Puzzle, error) {
	defer process.Unwatched(e.ctx)()
	defer e.status.Show(preparing)()
	s, err := loadSpec(target)
	if err != nil {
		return nil, nil, err
	}
	pz, err := compile.FromSpecLimits(s, e.limits)
	return s, pz, err
}

// preparing is the status line while a puzzle is built, which for a big
// one takes seconds.
func preparing() progress.Status { return progress.Status{Label: "preparing", Solutions: -1} }

// pivotAuto is the default of --pivot: PivotEstimate for a search that
// runs to its end, where weighing the pivots (a few tenths of a second
// on the hard puzzles) repays itself many times over when it finds a
// smaller tree (bench/results/pivot.md), and PivotFewest for a
// search cut short, which may find what it wants in a few nodes.
const pivotAuto = "auto"

// pivotRule returns the rule --pivot names, resolving auto for a search
// that is cut short or not.
func pivotRule(name string, cutShort bool) (cover.PivotRule, error) {
	switch {
	case name != pivotAuto:
		return cover.ParsePivotRule(name)
	case cutShort:
		return cover.PivotFewest, nil
	}
	return cover.PivotEstimate, nil
}

// distinct prepares a puzzle's search: modulo the board's symmetries when
// unique is set, with the pivot that rule picks (weighed on workers cores,
// 0 meaning every core), over every solution otherwise.
func distinct(pz *compile.Puzzle, unique bool, rule cover.PivotRule, workers int) (*cover.Distinct, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var group []cover.Symmetry
	if unique {
		group = pz.Symmetries()
	}
	return cover.DistinctOptions{Pivot: rule, Workers: workers}.New(pz.Problem, group)
}

// placed converts a cover solution to the pieces emit draws.
func placed(pz *compile.Puzzle, sol []int) []emit.Placed {
	out := make([]emit.Placed, len(sol))
	for i, o := range sol {
		pl := pz.Placement(o)
		out[i] = emit.Placed{Name: pz.Pieces[pl.Piece].Name, Cells: pl.Cells}
	}
	return out
}

// explainNone says on stderr why a whole search found no solution, where a
// cheap check of the puzzle can tell.
func explainNone(e *env, j *job, total emit.Summary) {
	if total.Solutions > 0 || total.Interrupted || total.Limited {
		return
	}
	for _, pt := range j.Parts {
		if pt.Why == nil {
			continue
		}
		for _, why := range pt.Why() {
			fmt.Fprintf(e.stderr, "no solution: %s\n", why)
		}
	}
}
