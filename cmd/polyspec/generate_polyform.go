package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/compile/polygen"
	"github.com/polyspec/polyspec/emit"
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
	if err := unsupportedKeys(s); err != nil {
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
	return true, writeFixedSpec(e.stdout, s, pz.Lattice, f, c.Config, seed)
}

// generateBoard searches a board that the spec's pieces tile one way
// only, from --board or the spec's board, and prints it as a spec.
func (c *GenerateCmd) generateBoard(e *env, s *spec.Spec, pz *compile.Puzzle, opt polygen.Options) error {
	if len(s.Rules) > 0 || s.Omit.V > 0 || s.Board.Tube.V {
		return e.failed(fmt.Errorf("%s: --shape searches a board for the pieces alone: its rules, omit and tube name or need the spec's board", c.Config), 2)
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
	if b.Assembled {
		from += ", which the pieces do not tile, so from the pieces laid side by side"
	}
	return writeBoardSpec(e.stdout, s, pz.Lattice, b, fmt.Sprintf("%s --shape --seed %d", c.Config, opt.Seed), from, opt.Seed)
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
	for _, f := range []struct{ name, value string }{{"--symmetry", c.Symmetry}, {"--svg", c.SVG}} {
		if f.value != "" {
			return fmt.Errorf("%s is for Sudoku, not polyform specs", f.name)
		}
	}
	return nil
}

// unsupportedKeys refuses the keys the generated spec could not repeat
// faithfully yet.
func unsupportedKeys(s *spec.Spec) error {
	msg := ": generate does not copy this key to the puzzle it makes yet"
	switch {
	case len(s.Orientations) > 0:
		return &spec.Error{Pos: s.Orientations[0].Pos, Msg: "orientations" + msg}
	case len(s.Board.Regions) > 0:
		return &spec.Error{Pos: s.Board.Regions[0].Pos, Msg: "board.regions" + msg}
	case len(s.Board.Colours) > 0:
		return &spec.Error{Pos: s.Board.Colours[0].Pos, Msg: "board.colours" + msg}
	}
	return nil
}

// writeFixedSpec writes the puzzle with its fixed pieces as a spec in the
// catalogue's form: the spec's own keys, the fixed pieces as rules after
// its own, and polyspec's count, never an expect, which is for published
// counts. Nothing in it depends on the time or the build, so that a seed
// makes the same bytes.
func writeFixedSpec(w io.Writer, s *spec.Spec, l compile.Lattice, f *polygen.Fixed, source string, seed uint64) error {
	var b strings.Builder
	title := s.Title.V
	if title == "" {
		title = s.Name.V
	}
	fmt.Fprintf(&b, "# %s with %s fixed, made by polyspec generate %s --seed %d.\n", title, emit.Count(int64(len(f.Fixed)), "piece"), source, seed)
	fmt.Fprintf(&b, "# Unique: a search for a second solution (%s, %d nodes) found none.\n", f.Unique.Backend, f.Unique.Nodes)
	fmt.Fprintf(&b, "# Minimal: each fixed piece, unfixed, lets in a second solution (a search for each).\n")
	switch {
	case f.Minimum && len(f.Fixed) > 1:
		fmt.Fprintf(&b, "# Minimum: no set of %d of the solution's %d pieces fixes it (searches: %d).\n", len(f.Fixed)-1, len(f.Solution), f.MinimumSearches)
	case f.Minimum:
		fmt.Fprintf(&b, "# Minimum: the puzzle has more than one solution with no piece fixed.\n")
	default:
		fmt.Fprintf(&b, "# Not shown minimum: the sets of %d of the solution's %d pieces are too many to search.\n", len(f.Fixed)-1, len(f.Solution))
	}
	writeKeys(&b, s, fmt.Sprintf("%s, generated (seed %d)", title, seed), s.Unique.V, 1, seed, f.Unique.Backend)
	var rules []string
	for _, r := range s.Rules {
		rules = append(rules, tomlString(r.S))
	}
	for _, p := range f.Fixed {
		cells := make([]string, len(p.Cells))
		for i, c := range p.Cells {
			cells[i] = compile.CellName(c, l)
		}
		rules = append(rules, tomlString(p.Name+" at "+strings.Join(cells, " ")))
	}
	fmt.Fprintf(&b, "rules = [\n  %s,\n]\n", strings.Join(rules, ",\n  "))
	writeShapesAndBoard(&b, s)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeKeys writes the keys of a generated spec before its rules: the
// spec's own, and polyspec's counts.
func writeKeys(b *strings.Builder, s *spec.Spec, title string, unique bool, all int64, seed uint64, backend string) {
	fmt.Fprintf(b, "title = %s\n", tomlString(title))
	if s.Lattice.Set {
		fmt.Fprintf(b, "lattice = %s\n", tomlString(s.Lattice.V))
	}
	fmt.Fprintf(b, "pieces = %s\n", tomlString(s.Pieces.S))
	for _, k := range []struct {
		key string
		set bool
		val string
	}{
		{"one-sided", s.OneSided.V, "true"},
		{"may-cross", s.MayCross.V, "true"},
		{"omit", s.Omit.Set, fmt.Sprint(s.Omit.V)},
		{"omittable", s.Omittable.S != "", tomlString(s.Omittable.S)},
		{"symmetry", s.Symmetry.Set, tomlString(s.Symmetry.V)},
		{"unique", unique, "true"},
	} {
		if k.set {
			fmt.Fprintf(b, "%s = %s\n", k.key, k.val)
		}
	}
	fmt.Fprintf(b, "count = 1\ncount-all = %d\ncount-by = %s\n", all, tomlString(fmt.Sprintf("polyspec generate, seed %d, %s", seed, backend)))
}

// writeBoardSpec writes the board found as a spec: the spec's pieces on
// it, and polyspec's counts.
func writeBoardSpec(w io.Writer, s *spec.Spec, l compile.Lattice, bd *polygen.Board, request, from string, seed uint64) error {
	var b strings.Builder
	title := s.Title.V
	if title == "" {
		title = s.Name.V
	}
	fmt.Fprintf(&b, "# A board of %d cells that the pieces of %s tile one way only, made by polyspec generate %s\n", len(bd.Cells), title, request)
	fmt.Fprintf(&b, "# from %s in %d moves (%d kept).\n", from, bd.Moves, bd.Accepted)
	if bd.Symmetries > 1 {
		fmt.Fprintf(&b, "# Unique: a search modulo the board's %d symmetries (%s, %d nodes) found one solution and no second;\n", bd.Symmetries, bd.Unique.Backend, bd.Unique.Nodes)
		fmt.Fprintf(&b, "# a count without them found %s.\n", emit.Count(bd.All.Solutions, "solution"))
	} else {
		fmt.Fprintf(&b, "# Unique: the board has no symmetry, and a search (%s, %d nodes) found one solution and no second.\n", bd.Unique.Backend, bd.Unique.Nodes)
	}
	writeKeys(&b, s, fmt.Sprintf("%s: a board with one solution (seed %d)", title, seed), true, bd.All.Solutions, seed, bd.Unique.Backend)
	if len(s.Shapes) > 0 {
		b.WriteString("\n[shapes]\n")
		for _, sh := range s.Shapes {
			fmt.Fprintf(&b, "%s = %s\n", tomlKey(sh.Name), tomlString(sh.Cells.V))
		}
	}
	b.WriteString("\n[board]\n")
	if l.Squares() {
		fmt.Fprintf(&b, "art = %s\n", tomlRows(artRows(bd.Cells)))
	} else {
		cells := make([]string, len(bd.Cells))
		for i, c := range bd.Cells {
			cells[i] = compile.CellName(c, l)
		}
		fmt.Fprintf(&b, "cells = %s\n", tomlString(strings.Join(cells, " ")))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// artRows draws squares as the board key's art: '#' for a cell, the top
// row (the greatest y) first.
func artRows(cells []compile.Cell) []string {
	lo, hi := cells[0], cells[0]
	for _, c := range cells {
		lo = compile.Cell{min(lo[0], c[0]), min(lo[1], c[1])}
		hi = compile.Cell{max(hi[0], c[0]), max(hi[1], c[1])}
	}
	rows := make([][]byte, hi[1]-lo[1]+1)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", hi[0]-lo[0]+1))
	}
	for _, c := range cells {
		rows[hi[1]-c[1]][c[0]-lo[0]] = '#'
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.TrimRight(string(r), ".")
	}
	return out
}

// writeShapesAndBoard writes the spec's shapes and board tables as it
// gives them.
func writeShapesAndBoard(b *strings.Builder, s *spec.Spec) {
	if len(s.Shapes) > 0 {
		b.WriteString("\n[shapes]\n")
		for _, sh := range s.Shapes {
			fmt.Fprintf(b, "%s = %s\n", tomlKey(sh.Name), tomlString(sh.Cells.V))
		}
	}
	b.WriteString("\n[board]\n")
	switch bd := s.Board; {
	case bd.Size.Set:
		fmt.Fprintf(b, "size = \"%dx%d\"\n", bd.Size.V.W, bd.Size.V.H)
	case bd.Art.Set:
		fmt.Fprintf(b, "art = %s\n", tomlRows(bd.Art.V))
	case bd.Cells.Set:
		fmt.Fprintf(b, "cells = %s\n", tomlString(bd.Cells.V))
	}
	if s.Board.Tube.V {
		b.WriteString("tube = true\n")
	}
}

// tomlKey writes a key bare when TOML allows it, else quoted.
func tomlKey(k string) string {
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return tomlString(k)
		}
	}
	return k
}
