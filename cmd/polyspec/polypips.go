package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/emit"
)

// DrawCmd is draw_polypips as a polyspec command.
type DrawCmd struct {
	pipscli.DrawFlags `embed:""`
}

// Help is the long help of polyspec draw --help.
func (c *DrawCmd) Help() string { return pipscli.DrawHelp }

func (c *DrawCmd) Run(e *env) error {
	if err := pipscli.Draw(e.stdout, c.DrawFlags); err != nil {
		return e.failed(err, 2)
	}
	return nil
}

// GenerateCmd is generate_polypips as a polyspec command, which also makes
// Sudoku (generate_sudoku.go).
type GenerateCmd struct {
	pipscli.GenerateFlags `embed:""`
	SudokuGenerateFlags   `embed:""`
	PolyformGenerateFlags `embed:""`
	MaxPlacements         int `name:"max-placements" default:"2000000" placeholder:"N" group:"limits" help:"Refuse a game with more placements (0: no limit)."`
}

func (c *GenerateCmd) limits() compile.Limits { return compile.Limits{Placements: c.MaxPlacements} }

// Help is the long help of polyspec generate --help.
func (c *GenerateCmd) Help() string { return generateHelp() }

func (c *GenerateCmd) Run(e *env) error {
	if done, err := c.runPolyform(e); done {
		return err
	}
	if done, err := c.runSudoku(e); done {
		return err
	}
	err := pipscli.Generate(e.ctx, e.stdout, c.GenerateFlags, e.limits.Placements)
	code := pipscli.GenerateStatus(err)
	if errors.Is(err, context.Canceled) {
		err = errors.New("interrupted")
	}
	return e.failed(err, code)
}

// failed prints err, if any, and exits with the status the command's help
// promises for it.
func (e *env) failed(err error, code int) error {
	if err == nil {
		return nil
	}
	fmt.Fprintln(e.stderr, "polyspec:", err)
	return exitError{code}
}

// loadPips reads a Pips or Polypips game: an NYT JSON file (its three
// puzzles, or the one --difficulty picks), a text game or a generator's
// output. Each game prints its first solution as box art, or its count;
// --stop-after N prints N.
func loadPips(path string, opts loadOptions) (*job, error) {
	pj, err := pipscli.Load(path, pipscli.Options{Count: opts.count, ShowGame: opts.showGame, Backend: opts.backend, Difficulty: opts.difficulty, MaxPlacements: opts.limits.Placements})
	if err != nil {
		return nil, err
	}
	pipsText(pj, opts.count)
	return &job{Job: *pj, kind: "Pips games", dims: 2, firstOnly: true, serial: true, failUnsolved: true,
		refuse: refusing(refusing(refusing(refusing(nil, "a Pips game has no symmetry reduction", "--all", "--pivot"), noBoard, "--dead-regions", "--balance"),
			"a Pips game is drawn with --svg only", pictureFlags[1:]...),
			"a Pips game is searched in a fraction of a second by the sums backend, whose search of region rules is not split", splitFlags...)}, nil
}

// pipsText makes a Pips job's text output like every other kind's: a
// blank line between the puzzles of an NYT file, each game's count on its
// own line after its title, and the closing count line of every kind at
// the end, in place of solve_polypips's bare counts.
func pipsText(pj *pipeline.Job, count bool) {
	start, end := pj.Text.Start, pj.Text.End
	pj.Text.Start = func(w io.Writer, pt *pipeline.Part) error {
		if len(pj.Parts) > 1 && pt != pj.Parts[0] {
			if _, err := fmt.Fprintln(w); err != nil {
				return err
			}
		}
		return start(w, pt)
	}
	pj.Text.End = func(w io.Writer, pt *pipeline.Part, sum emit.Summary) error {
		switch {
		case count && len(pj.Parts) > 1:
			_, err := fmt.Fprintln(w, emit.Count(sum.Solutions, "solution"))
			return err
		case count:
			return nil
		}
		return end(w, pt, sum)
	}
	pj.Text.Close = writeLine
}
