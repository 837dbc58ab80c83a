package main

import (
	"context"
	"errors"
	"fmt"

	"io"

	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/grammar"
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

// GenerateCmd is generate_polypips as a polyspec command.
type GenerateCmd struct {
	pipscli.GenerateFlags `embed:""`
}

// Help is the long help of polyspec generate --help.
func (c *GenerateCmd) Help() string { return pipscli.GenerateHelp }

func (c *GenerateCmd) Run(e *env) error {
	err := pipscli.Generate(e.ctx, e.stdout, c.GenerateFlags)
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
	games, err := pipscli.Load(path, opts.difficulty)
	if err != nil {
		return nil, err
	}
	var sums cover.Backend
	if opts.backend == "auto" {
		// auto knows nothing of region rules; sums checks them all.
		if sums, err = cover.Lookup(pips.DefaultBackend); err != nil {
			return nil, err
		}
	}
	j := &job{kind: "Pips games", dims: 2, firstOnly: true, serial: true, failUnsolved: true,
		refuse: refusing(refusing(refusing(nil, "a Pips game has no symmetry reduction", "--all"),
			"a Pips game is drawn with --svg only", pictureFlags[1:]...),
			"a Pips game is searched in a fraction of a second by the sums backend, whose search of region rules is not split", splitFlags...)}
	game := map[*part]*pips.Game{}
	for _, g := range games {
		c, err := pips.Compile(g)
		if err != nil {
			return nil, err
		}
		pt := &part{title: g.Name, problem: c.Problem, regions: c.Regions, backend: sums, solution: func(sol []int) emit.Solution {
			var s emit.Solution
			for _, p := range c.Placements(sol) {
				pl := emit.Placed{Name: g.Pieces[p.Piece].String()}
				for _, cell := range p.Cells {
					pl.Cells = append(pl.Cells, [3]int{cell.Col, cell.Row})
					pl.Pips = append(pl.Pips, cell.Pips)
				}
				s.Pieces = append(s.Pieces, pl)
			}
			return s
		}}
		game[pt] = g
		j.parts = append(j.parts, pt)
	}
	j.text = printer{
		start: func(w io.Writer, pt *part) error { return pipscli.Start(w, game[pt], len(j.parts) > 1, opts.showGame) },
		solution: func(w io.Writer, s emit.Solution) error {
			if s.Number > 1 {
				fmt.Fprintln(w)
			}
			return pips.DrawSolution(w, placements(s))
		},
		end: func(w io.Writer, _ *part, sum emit.Summary) error { return pipscli.End(w, opts.count, sum.Solutions) },
	}
	j.draw = func(_ string, w io.Writer, s emit.Solution, _ int) error {
		return emit.PipsSVG(w, pipscli.Board(games[0], placements(s)))
	}
	return j, nil
}

// placements turns a Pips solution back into pieces on the board.
func placements(s emit.Solution) []pips.Placement {
	out := make([]pips.Placement, len(s.Pieces))
	for i, p := range s.Pieces {
		out[i].Piece = i
		for k, c := range p.Cells {
			out[i].Cells = append(out[i].Cells, grammar.Cell{Point: grammar.Point{Col: c[0], Row: c[1]}, Pips: p.Pips[k]})
		}
	}
	return out
}
