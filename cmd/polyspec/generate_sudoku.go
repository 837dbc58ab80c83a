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
	"github.com/polyspec/polyspec/cmd/internal/genspec"
	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile/sudoku"
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
	SVG      string `name:"svg" placeholder:"FILE" help:"Draw the puzzle made (a Sudoku's givens, fixed pieces) as SVG too."`
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

// sudokuSource reads the layout from --sudoku or from the spec.
func (c *GenerateCmd) sudokuSource(s *spec.Spec) (*genspec.Sudoku, error) {
	if s != nil {
		return genspec.SpecSudoku(s, "polyspec generate "+c.Config)
	}
	n, err := genspec.SudokuSize("--sudoku", c.Sudoku)
	if err != nil {
		return nil, err
	}
	return genspec.PlainSudoku(n, "--sudoku "+c.Sudoku, "polyspec generate --sudoku "+c.Sudoku)
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
	if c.Symmetry != "" {
		return errors.New("--symmetry is for Sudoku (--sudoku NxN or a Sudoku spec), not Polypips games")
	}
	if c.SVG != "" {
		return errors.New("--svg draws a Sudoku or a polyform puzzle made, not a Polypips game")
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
	g, err := src.Layout.Generate(e.ctx, src.Start, opt)
	stop()
	switch {
	case errors.Is(err, context.Canceled):
		return e.failed(errors.New("interrupted"), 130)
	case errors.Is(err, sudoku.ErrNoGrid):
		return e.failed(fmt.Errorf("%s: %w: its givens, blocks and groups leave no solution", c.Config, err), 1)
	case err != nil:
		return e.failed(err, 2)
	}
	if err := c.writeSVG(func(w io.Writer) error { return genspec.SudokuSVG(w, src, g) }); err != nil {
		return err
	}
	return genspec.WriteSudoku(e.stdout, src, g, opt)
}

// writeSVG writes the picture of the puzzle made to --svg's file, if
// given.
func (c *GenerateCmd) writeSVG(draw func(io.Writer) error) error {
	if c.SVG == "" {
		return nil
	}
	var b bytes.Buffer
	if err := draw(&b); err != nil {
		return err
	}
	return outfile.Write(c.SVG, b.Bytes())
}
