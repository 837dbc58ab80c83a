package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile/sudoku"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/internal/infile"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
	"go.yaml.in/yaml/v3"
)

// generateHelp is polyspec generate --help: generate_polypips's, less its
// first sentence, which the command's summary takes over. Its examples
// name the help topics on Sudoku and polyform specs.
func generateHelp() string {
	_, pips, _ := strings.Cut(pipscli.GenerateHelp, "\n\n")
	return pips
}

// SudokuGenerateFlags are generate's flags for Sudoku.
type SudokuGenerateFlags struct {
	Sudoku   string `placeholder:"NxN" help:"A Sudoku of this size (9x9; 6x6 has 2x3 boxes), not a game."`
	Symmetry string `placeholder:"NAME" help:"A Sudoku's symmetry: none, half-turn, quarter-turn, mirror or diagonal."`
	SVG      string `name:"svg" placeholder:"FILE" help:"Draw the Sudoku (its givens) as SVG too."`
	StatusFlags
}

// sudokuTarget reports whether generate was asked for a Sudoku, and loads
// the spec CONFIG names if it is one. A TOML or YAML file is a Sudoku spec
// when its kind key says so, read before the rest, so that a spec's
// mistakes are reported as a spec's and not as a Polypips configuration's.
func (c *GenerateCmd) sudokuTarget() (bool, *spec.Spec, error) {
	target := c.Config
	switch {
	case c.Sudoku != "":
		return true, nil, nil
	case target == "":
		return false, nil, nil
	}
	switch filepath.Ext(target) {
	case ".toml", ".yaml", ".yml":
		data, err := infile.ReadFile(target, infile.SpecBytes, "a spec")
		if err != nil || !kindSudoku(target, data) {
			return false, nil, nil
		}
		s, err := spec.Load(target)
		return true, s, err
	}
	e, ok := puzzles.Lookup(target)
	if !ok {
		return false, nil, nil
	}
	s, err := spec.LoadFS(puzzles.FS, e.Path)
	if err == nil && s.Kind.V != "sudoku" {
		err = fmt.Errorf("%s is a polyform puzzle: generate makes Sudoku from Sudoku specs, and Polypips games from configurations", target)
	}
	return true, s, err
}

// kindSudoku reports whether a TOML or YAML file's kind key is "sudoku".
func kindSudoku(name string, data []byte) bool {
	var head struct {
		Kind string `toml:"kind" yaml:"kind"`
	}
	if filepath.Ext(name) == ".toml" {
		_, err := toml.Decode(string(data), &head)
		return err == nil && head.Kind == "sudoku"
	}
	return yaml.Unmarshal(data, &head) == nil && head.Kind == "sudoku"
}

// sudokuGeneration is what a Sudoku is generated from: its layout, the
// givens its solution keeps, and the keys of its spec that the output
// repeats.
type sudokuGeneration struct {
	lay    *sudoku.Layout
	start  []int
	title  string
	blocks []string   // the rows of the blocks key, none for the usual boxes
	groups [][]string // the rows of each value of the groups key
	source string     // what the command line asked for, for the comment
}

// sudokuSource reads the layout from --sudoku or from the spec.
func (c *GenerateCmd) sudokuSource(s *spec.Spec) (*sudokuGeneration, error) {
	if s != nil {
		pz, err := sudoku.FromSpec(s)
		if err != nil {
			return nil, err
		}
		g := &sudokuGeneration{lay: pz.Layout, start: pz.Givens, title: s.Title.V, source: "polyspec generate " + c.Config}
		if s.Blocks.Set {
			g.blocks = s.Blocks.V
		}
		for _, v := range s.Groups {
			g.groups = append(g.groups, v.V)
		}
		return g, nil
	}
	n, err := sudokuSize(c.Sudoku)
	if err != nil {
		return nil, err
	}
	labels, err := sudoku.BoxLabels(n)
	if err != nil {
		return nil, fmt.Errorf("--sudoku %s: %v", c.Sudoku, err)
	}
	lay, err := sudoku.NewLayout(n, labels, nil)
	if err != nil {
		return nil, err
	}
	g := &sudokuGeneration{lay: lay, source: "polyspec generate --sudoku " + c.Sudoku}
	for r := 0; r < len(labels); r += n {
		g.blocks = append(g.blocks, strings.Join(labels[r:r+n], " "))
	}
	return g, nil
}

// sudokuSize reads --sudoku: NxN, or N alone.
func sudokuSize(v string) (int, error) {
	w, h, found := strings.Cut(v, "x")
	if !found {
		h = w
	}
	n, err := strconv.Atoi(w)
	m, err2 := strconv.Atoi(h)
	switch {
	case err != nil || err2 != nil:
		return 0, fmt.Errorf("--sudoku %q: expected a size such as 9x9", v)
	case n != m:
		return 0, fmt.Errorf("--sudoku %s: a Sudoku grid is square (%dx%d has %d rows of %d cells, and needs as many of each)", v, n, m, m, n)
	case n < 4 || n > len(sudoku.Symbols):
		return 0, fmt.Errorf("--sudoku %s: expected 4x4 up to %dx%d", v, len(sudoku.Symbols), len(sudoku.Symbols))
	}
	return n, nil
}

// refusePips names the first Polypips flag given with a Sudoku.
func (c *GenerateCmd) refusePips() error {
	for _, f := range []struct{ name, value string }{
		{"--board", c.Board}, {"--pieces", c.Pieces}, {"--constraints", c.Constraints},
		{"--coverage", c.Coverage}, {"--selection", c.Selection},
	} {
		if f.value != "" {
			return fmt.Errorf("%s is for Polypips games, not Sudoku", f.name)
		}
	}
	if c.Unique {
		return errors.New("--unique is for Polypips games: a Sudoku is always made with one solution")
	}
	if c.Sudoku != "" && c.Config != "" {
		return errors.New("--sudoku makes a plain Sudoku: give it, or a Sudoku spec, not both")
	}
	return nil
}

// refuseSudoku names the first Sudoku flag given with a Polypips game.
func (c *GenerateCmd) refuseSudoku() error {
	for _, f := range []struct{ name, value string }{{"--symmetry", c.Symmetry}, {"--svg", c.SVG}} {
		if f.value != "" {
			return fmt.Errorf("%s is for Sudoku (--sudoku NxN or a Sudoku spec), not Polypips games", f.name)
		}
	}
	return nil
}

// runSudoku generates a Sudoku if asked for one, and prints its spec,
// showing on a terminal how far the removal of givens has got. It reports
// whether it handled the command, which it also does by refusing a Sudoku
// flag given for a Polypips game.
func (c *GenerateCmd) runSudoku(e *env) (bool, error) {
	ok, s, err := c.sudokuTarget()
	switch {
	case err != nil:
		return true, e.failed(err, 2)
	case !ok:
		if err := c.refuseSudoku(); err != nil {
			return true, e.failed(err, 2)
		}
		return false, nil
	}
	return true, c.generateSudoku(e, s)
}

func (c *GenerateCmd) generateSudoku(e *env, s *spec.Spec) error {
	if err := c.refusePips(); err != nil {
		return e.failed(err, 2)
	}
	src, err := c.sudokuSource(s)
	if err != nil {
		return e.failed(err, 2)
	}
	opt := sudoku.GenerateOptions{Seed: 1, Progress: &sudoku.Progress{}}
	if c.Seed != "" {
		if opt.Seed, err = strconv.ParseUint(c.Seed, 10, 64); err != nil {
			return e.failed(fmt.Errorf("--seed %q: expected a whole number from 0 to %d", c.Seed, uint64(1<<64-1)), 2)
		}
	}
	if c.Symmetry != "" {
		if opt.Symmetry, err = sudoku.ParseSymmetry(c.Symmetry); err != nil {
			return e.failed(fmt.Errorf("--%v", err), 2)
		}
	}
	p := opt.Progress
	// The cells decided go in the label rather than as parts done: the
	// last take the longest, the grid sparsest, so an estimate of the
	// time left from them would be far too short.
	unit := "cells"
	if opt.Symmetry != sudoku.NoSymmetry {
		unit = "orbits"
	}
	stop := e.status.Show(func() progress.Status {
		return progress.Status{Label: fmt.Sprintf("generating a Sudoku, %d/%d %s decided", p.Done.Load(), p.Total.Load(), unit),
			Solutions: -1, Nodes: p.Nodes.Load()}
	})
	g, err := src.lay.Generate(e.ctx, src.start, opt)
	stop()
	switch {
	case errors.Is(err, context.Canceled):
		return e.failed(errors.New("interrupted"), 130)
	case errors.Is(err, sudoku.ErrNoGrid):
		return e.failed(fmt.Errorf("%s: %w: its givens, blocks and groups leave no solution", c.Config, err), 1)
	case err != nil:
		return e.failed(err, 2)
	}
	if c.SVG != "" {
		var b bytes.Buffer
		rows := strings.Split(strings.TrimSuffix(sudoku.Format(src.lay.N, g.Givens), "\n"), "\n")
		if err := emit.SudokuSVG(&b, rows, src.lay.Blocks(), g.Givens); err != nil {
			return err
		}
		if err := outfile.Write(c.SVG, b.Bytes()); err != nil {
			return err
		}
	}
	return writeSudokuSpec(e.stdout, src, g, opt)
}

// writeSudokuSpec writes a generated Sudoku as a spec in the catalogue's
// form, its comments saying what was proved and how hard it is. Nothing in
// it depends on the time or the build, so that a seed makes the same
// bytes.
func writeSudokuSpec(w io.Writer, src *sudokuGeneration, g *sudoku.Generated, opt sudoku.GenerateOptions) error {
	n := src.lay.N
	givens := 0
	for _, d := range g.Givens {
		if d != 0 {
			givens++
		}
	}
	var b strings.Builder
	made := fmt.Sprintf("%s --seed %d", src.source, opt.Seed)
	orbits := "givens"
	if opt.Symmetry != sudoku.NoSymmetry {
		made += " --symmetry " + opt.Symmetry.String()
		orbits = "orbits of givens under the " + opt.Symmetry.String() + " symmetry"
	}
	fmt.Fprintf(&b, "# A %d×%d Sudoku with %d givens, made by %s.\n", n, n, givens, made)
	fmt.Fprintf(&b, "# Unique: a search for a second solution (algx, %d nodes) found none.\n", g.Unique.Nodes)
	fmt.Fprintf(&b, "# Minimal: each of its %d %s, taken away, lets in a second solution.\n", g.Needed, orbits)
	if len(g.Spare) > 0 {
		fmt.Fprintf(&b, "# %d givens could go alone, breaking the symmetry.\n", len(g.Spare))
	}
	fmt.Fprintf(&b, "# Difficulty: %s.\n", g.Rating)
	title := src.title
	if title == "" {
		title = fmt.Sprintf("Sudoku %d×%d", n, n)
	}
	fmt.Fprintf(&b, "kind = \"sudoku\"\ntitle = %s\n", tomlString(fmt.Sprintf("%s, generated (seed %d)", title, opt.Seed)))
	b.WriteString("count = 1\ncount-by = \"polyspec generate, algx\"\n")
	if src.blocks != nil {
		fmt.Fprintf(&b, "blocks = %s\n", tomlRows(src.blocks))
	}
	if len(src.groups) > 0 {
		var vals []string
		for _, rows := range src.groups {
			vals = append(vals, tomlRows(rows))
		}
		fmt.Fprintf(&b, "groups = [%s]\n", strings.Join(vals, ", "))
	}
	rows := strings.Split(strings.TrimSuffix(sudoku.Format(n, g.Givens), "\n"), "\n")
	fmt.Fprintf(&b, "givens = %s\n", tomlRows(boxed(rows, src.lay.Blocks())))
	_, err := io.WriteString(w, b.String())
	return err
}

// tomlRows writes rows as a TOML string: one line as a plain string
// ("diagonals"), more as a multi-line one, a row a line.
func tomlRows(rows []string) string {
	if len(rows) == 1 {
		return tomlString(rows[0])
	}
	escaped := make([]string, len(rows))
	for i, r := range rows {
		escaped[i] = tomlEscape(r)
	}
	return "\"\"\"\n" + strings.Join(escaped, "\n") + "\n\"\"\""
}

func tomlString(s string) string { return `"` + tomlEscape(s) + `"` }

// tomlEscape escapes what a TOML basic string cannot hold as it is.
func tomlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r == 0x7f:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
