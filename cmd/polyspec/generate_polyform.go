package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/BurntSushi/toml"
	"github.com/polyspec/polyspec/cmd/internal/genspec"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/compile/polygen"
	"github.com/polyspec/polyspec/internal/infile"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
	"go.yaml.in/yaml/v3"
)

// PolyformGenerateFlags are generate's flags for polyform specs.
type PolyformGenerateFlags struct {
	Shape bool `help:"Search a board the polyform spec's pieces tile one way only."`
}

// polyformTarget loads CONFIG when it is a polyform spec: a catalogue
// name, or a TOML or YAML file whose board is a table (a Polypips
// configuration's is a string) and whose kind, if given, is "polyform". A
// spec's mistakes are then reported as a spec's.
func (c *GenerateCmd) polyformTarget() (*spec.Spec, error) {
	target := c.Config
	if target == "" || c.Sudoku != "" {
		return nil, nil
	}
	switch filepath.Ext(target) {
	case ".toml", ".yaml", ".yml":
		data, err := infile.ReadFile(target, infile.SpecBytes, "a spec")
		if err != nil || !polyformSpec(target, data) {
			return nil, nil
		}
		return spec.Load(target)
	}
	e, ok := puzzles.Lookup(target)
	if !ok {
		return nil, nil
	}
	s, err := spec.LoadFS(puzzles.FS, e.Path)
	if err != nil || s.Kind.V != "polyform" {
		return nil, nil
	}
	return s, nil
}

// polyformSpec reports whether a TOML or YAML file reads as a polyform
// spec: kind polyform or none, and a board table.
func polyformSpec(name string, data []byte) bool {
	var head struct {
		Kind  string `toml:"kind" yaml:"kind"`
		Board any    `toml:"board" yaml:"board"`
	}
	if filepath.Ext(name) == ".toml" {
		if _, err := toml.Decode(string(data), &head); err != nil {
			return false
		}
	} else if yaml.Unmarshal(data, &head) != nil {
		return false
	}
	_, table := head.Board.(map[string]any)
	return table && (head.Kind == "" || head.Kind == "polyform")
}

// runPolyform generates a polyform puzzle with one solution if CONFIG is a
// polyform spec, and reports whether it did.
func (c *GenerateCmd) runPolyform(e *env) (bool, error) {
	s, err := c.polyformTarget()
	switch {
	case err != nil:
		return true, e.failed(err, 2)
	case s == nil:
		return false, nil
	}
	if err := c.refuseForPolyform(); err != nil {
		return true, e.failed(err, 2)
	}
	seed, err := c.seed()
	if err != nil {
		return true, e.failed(err, 2)
	}
	if err := genspec.UnsupportedKeys(s); err != nil {
		return true, e.failed(err, 2)
	}
	pz, err := compile.FromSpecLimits(s, e.limits)
	if err != nil {
		return true, e.failed(err, 2)
	}
	opt := polygen.Options{Seed: seed, Progress: &polygen.Progress{}}
	if c.Shape {
		return true, c.generateBoard(e, s, pz, opt)
	}
	p := opt.Progress
	stop := e.status.Show(func() progress.Status {
		return progress.Status{Label: fmt.Sprintf("fixing pieces, %d fixed", p.Best.Load()), Solutions: -1, Nodes: p.Nodes.Load()}
	})
	f, err := polygen.FixPieces(e.ctx, pz, 0, opt)
	stop()
	switch {
	case errors.Is(err, context.Canceled):
		return true, e.failed(errors.New("interrupted"), 130)
	case errors.Is(err, polygen.ErrNoSolution):
		return true, e.failed(fmt.Errorf("%s: %w, so no pieces can be fixed to make one", c.Config, err), 1)
	case err != nil:
		return true, e.failed(err, 1)
	}
	if err := c.writeSVG(func(w io.Writer) error { return genspec.FixedSVG(w, pz, f) }); err != nil {
		return true, err
	}
	return true, genspec.WriteFixed(e.stdout, s, pz.Lattice, f, c.Config, seed)
}

// generateBoard searches a board that the spec's pieces tile one way
// only, from --board or the spec's board, and prints it as a spec.
func (c *GenerateCmd) generateBoard(e *env, s *spec.Spec, pz *compile.Puzzle, opt polygen.Options) error {
	if err := genspec.CanReshape(s); err != nil {
		return e.failed(fmt.Errorf("%s: %w", c.Config, err), 2)
	}
	from := "the spec's board"
	var start []compile.Cell
	if c.Board != "" {
		var w, h int
		if _, err := fmt.Sscanf(c.Board, "%dx%d", &w, &h); err != nil || fmt.Sprintf("%dx%d", w, h) != c.Board || w < 1 || h < 1 {
			return e.failed(fmt.Errorf("--board %q: with --shape, expected a rectangle WxH such as 10x6", c.Board), 2)
		}
		if start = pz.Lattice.Block(w, h, 1); start == nil {
			return e.failed(fmt.Errorf("--board %s: the %s lattice has no WxH board", c.Board, pz.Lattice.Name()), 2)
		}
		from = "a " + c.Board + " rectangle"
	}
	p := opt.Progress
	stop := e.status.Show(func() progress.Status {
		return progress.Status{Label: fmt.Sprintf("searching a board, %d tried, fewest solutions %d", p.Moves.Load(), p.Best.Load()), Solutions: -1, Nodes: p.Nodes.Load()}
	})
	b, err := polygen.FindBoard(e.ctx, pz, start, polygen.BoardOptions{Options: opt})
	stop()
	switch {
	case errors.Is(err, context.Canceled):
		return e.failed(errors.New("interrupted"), 130)
	case errors.Is(err, polygen.ErrNoBoard):
		return e.failed(fmt.Errorf("%s: %w", c.Config, err), 1)
	case err != nil && c.Board != "":
		return e.failed(fmt.Errorf("--board %s: %w", c.Board, err), 2)
	case err != nil:
		return e.failed(err, 2)
	}
	if err := c.writeSVG(func(w io.Writer) error { return genspec.BoardSVG(w, pz.Lattice, b) }); err != nil {
		return err
	}
	return genspec.WriteBoard(e.stdout, s, pz.Lattice, b, fmt.Sprintf("%s --shape --seed %d", c.Config, opt.Seed), genspec.StartOf(b, from), opt.Seed)
}

// seed reads --seed, 1 unless given.
func (c *GenerateCmd) seed() (uint64, error) {
	if c.Seed == "" {
		return 1, nil
	}
	var n uint64
	if _, err := fmt.Sscan(c.Seed, &n); err != nil || fmt.Sprint(n) != c.Seed {
		return 0, fmt.Errorf("--seed %q: expected a whole number from 0 to %d", c.Seed, uint64(1<<64-1))
	}
	return n, nil
}

// refuseForPolyform names the first flag that means nothing for a
// polyform spec. --unique is accepted: every result is proved unique.
func (c *GenerateCmd) refuseForPolyform() error {
	if c.Board != "" && !c.Shape {
		return errors.New("--board is for Polypips games, or with --shape the board a search starts from: a polyform spec gives its own board")
	}
	for _, f := range []struct{ name, value string }{
		{"--pieces", c.Pieces}, {"--constraints", c.Constraints},
		{"--coverage", c.Coverage}, {"--selection", c.Selection},
	} {
		if f.value != "" {
			return fmt.Errorf("%s is for Polypips games: a polyform spec gives its own board and pieces", f.name)
		}
	}
	if c.Symmetry != "" {
		return errors.New("--symmetry is for Sudoku, not polyform specs")
	}
	return nil
}
