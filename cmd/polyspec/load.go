package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/cover/dlxfile"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// A job is an input of any kind made ready for solve's pipeline: the
// exact-cover problems to search, and what prints and draws their
// solutions. The pipeline (solve.go) is the same for every kind; a kind
// says only what it cannot do, in refuse, and why.
type job struct {
	kind  string  // what the input is, for messages: "Pips games"
	parts []*part // the puzzles of the input, searched in turn
	text  printer // the text output; JSON is the same for every kind
	dims  int     // the coordinates of a cell in JSON
	// draw writes solution s in a picture format ("svg", "png", "x3d",
	// "gltf"); a format the kind cannot draw is in refuse.
	draw func(format string, w io.Writer, s emit.Solution, pngSize int) error
	// refuse says why a flag does not apply to this kind, by flag name.
	refuse map[string]string
	// firstOnly stops at each puzzle's first solution unless --stop-after
	// says otherwise; serial searches on one core unless --workers says
	// otherwise (the searches take milliseconds).
	firstOnly, serial bool
	// failUnsolved exits with status 1 when a puzzle has no solution.
	failUnsolved bool
}

// A part is one puzzle of an input.
type part struct {
	title    string // names the puzzle in an input of several
	problem  *cover.Problem
	distinct *cover.Distinct // symmetry reduction, or nil
	regions  *cover.Regions  // rules the sums backend checks, or nil
	backend  cover.Backend   // overrides --backend's choice, or nil
	solution func(sol []int) emit.Solution
}

// solve searches the part with b, split by par unless par is nil.
func (pt *part) solve(ctx context.Context, b cover.Backend, par *cover.Parallel, visit cover.Visit) (cover.Stats, error) {
	if pt.backend != nil {
		b = pt.backend
	}
	switch {
	case pt.distinct != nil && par != nil:
		return par.SolveDistinct(ctx, pt.distinct, visit)
	case pt.distinct != nil:
		return pt.distinct.Solve(ctx, b, visit)
	case par != nil:
		return par.Solve(ctx, pt.problem, visit)
	}
	return cover.SolveRegions(ctx, b, pt.problem, pt.regions, visit)
}

// A printer writes a job's results as text. Its functions may be nil.
type printer struct {
	start    func(w io.Writer, pt *part) error
	solution func(w io.Writer, s emit.Solution) error
	end      func(w io.Writer, pt *part, sum emit.Summary) error
	close    func(w io.Writer, total emit.Summary) error
}

// load reads a target of any kind: a DLX file, a Pips game, a list of
// Sudoku puzzles, or a spec (a file or a catalogue name) of a polyform
// puzzle or a Sudoku.
func load(target string, opts loadOptions) (*job, error) {
	switch {
	case filepath.Ext(target) == ".dlx":
		return loadDLX(target)
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
	all        bool   // no symmetry reduction
	count      bool   // only the count is printed
	showGame   bool   // print a Pips game before its solution
	difficulty string // the puzzle of an NYT file
	backend    string // --backend, which a Pips game reads as its own
}

// specJob compiles a spec of a polyform puzzle or a Sudoku.
func specJob(s *spec.Spec, opts loadOptions) (*job, error) {
	if s.Kind.V == "sudoku" {
		return sudokuJob(s)
	}
	pz, err := compile.FromSpec(s)
	if err != nil {
		return nil, err
	}
	d, err := distinct(pz, s.Unique.V && !opts.all)
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
		parts: []*part{{problem: pz.Problem, distinct: d, solution: func(sol []int) emit.Solution {
			return emit.Solution{Pieces: placed(pz, sol)}
		}}},
		text: printer{
			start: func(w io.Writer, _ *part) (err error) {
				if records, err = emit.NewRecords(w, lattice, boardCells(pz)); err != nil || opts.count {
					return err
				}
				return records.Header(s.Name.V)
			},
			solution: func(_ io.Writer, sol emit.Solution) error { return records.Solution(sol) },
			close:    writeLine,
		},
		dims: pz.Lattice.Dims(),
		draw: func(format string, w io.Writer, sol emit.Solution, pngSize int) error {
			return drawPieces(format, w, lattice, sol.Pieces, pngSize)
		},
		refuse: refuse,
	}, nil
}

// writeLine writes Polyform Puzzler's closing line.
func writeLine(w io.Writer, sum emit.Summary) error {
	_, err := io.WriteString(w, sum.Line())
	return err
}

// loadDLX reads a problem in Knuth's format; a solution is its options'
// lines as the file writes them.
func loadDLX(path string) (*job, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	p, err := dlxfile.Read(f, path)
	f.Close()
	if err != nil {
		return nil, err
	}
	return &job{
		kind: "DLX files",
		parts: []*part{{problem: p, solution: func(sol []int) emit.Solution {
			var s emit.Solution
			for _, o := range sol {
				var b strings.Builder
				dlxfile.WriteOption(&b, p, o)
				s.Options = append(s.Options, strings.TrimSuffix(b.String(), "\n"))
			}
			return s
		}}},
		text: printer{
			solution: func(w io.Writer, s emit.Solution) error {
				_, err := fmt.Fprintf(w, "solution %d:\n%s\n\n", s.Number, strings.Join(s.Options, "\n"))
				return err
			},
			close: func(w io.Writer, sum emit.Summary) error {
				_, err := fmt.Fprintf(w, "%s%d solutions, %d nodes, %d updates, duration %s\n",
					sum.Notice(), sum.Solutions, sum.Searches, sum.Updates, emit.Duration(sum.Duration))
				return err
			},
		},
		refuse: refusing(refusing(notPips(), "a DLX file holds no symmetries: compile writes them into it", "--all"),
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

// nearestNames suggests the catalogue names nearest a misspelt one.
func nearestNames(target string) string {
	var names []string
	for _, e := range puzzles.Entries() {
		names = append(names, e.Name)
	}
	near := spec.Nearest(target, names)
	if near == nil {
		return "polyspec list shows them"
	}
	return "did you mean " + strings.Join(near, " or ") + "?"
}

// loadPuzzle reads and compiles a spec.
func loadPuzzle(target string) (*spec.Spec, *compile.Puzzle, error) {
	s, err := loadSpec(target)
	if err != nil {
		return nil, nil, err
	}
	pz, err := compile.FromSpec(s)
	return s, pz, err
}

// distinct prepares a puzzle's search: modulo the board's symmetries when
// unique is set, over every solution otherwise.
func distinct(pz *compile.Puzzle, unique bool) (*cover.Distinct, error) {
	var group []cover.Symmetry
	if unique {
		group = pz.Symmetries()
	}
	return cover.NewDistinct(pz.Problem, group)
}

// placed converts a cover solution to the pieces emit draws.
func placed(pz *compile.Puzzle, sol []int) []emit.Placed {
	out := make([]emit.Placed, len(sol))
	for i, o := range sol {
		pl := pz.Placements[o]
		out[i].Name = pz.Pieces[pl.Piece].Name
		for _, c := range pl.Cells {
			out[i].Cells = append(out[i].Cells, [3]int(c))
		}
	}
	return out
}

func boardCells(pz *compile.Puzzle) [][3]int {
	out := make([][3]int, len(pz.Board))
	for i, c := range pz.Board {
		out[i] = [3]int(c)
	}
	return out
}
