package pipscli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/polyspec/polyspec/cmd/internal/process"
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/grammar"
	"github.com/polyspec/polyspec/internal/infile"
)

// GenerateHelp is the body of generate_polypips --help, and of polyspec
// generate --help.
const GenerateHelp = `Generate a Polypips game that has a solution.

CONFIG is a configuration in the Polypips text format (board:, pieces:,
constraints:, constraint-coverage:, constraint-selection:, seed:), or the
same keys in a TOML (.toml) or YAML (.yaml, .yml) file, with the board as a
string of rows of '#' cells. The flags override its keys; with --board and
--pieces no file is needed.

A selection rule (--pieces, --constraints) is any, none (constraints
only), orders such as 4*, shapes with or without chirality (4L+, 3L),
pentomino letters (X), or 12x5 (pieces only: the twelve pentominoes, each
once in either hand, on a board of 60 cells), joined by commas.

The same configuration and seed (1 unless given) make the same game.
Pieces turn but never flip.

Exit status: 0 on success, 1 if no game can be made (no tiling, coverage
out of reach, a search's bound, or --unique or --difficulty failed), 2 for
bad input, 130 if interrupted.`

// GenerateFlags are the command line of generate_polypips and polyspec
// generate. Each setting that is not "" overrides the configuration's key
// of the same meaning, written as a configuration writes it, except Board,
// which names a board (pips.NamedBoard). A command that embeds them sets
// the kong variable "boards" to the names of pips.BoardNames.
type GenerateFlags struct {
	Board       string `placeholder:"NAME" help:"A board by name instead of the configuration's: WxH (6x10, 8x8), ${boards}."`
	Pieces      string `placeholder:"RULE" help:"The shapes of the pieces, such as 12x5 or 4*,X."`
	Constraints string `placeholder:"RULE" help:"The shapes of the constraint regions, such as any, 2* or none."`
	Coverage    string `placeholder:"SHARE" help:"The share of the board the constraint regions cover, from 0 to 1 (default 0.5)."`
	Selection   string `placeholder:"HOW" help:"How constraint shapes are drawn: uniform-all (every shape alike, the default) or uniform-size (a size first, then a shape of it)."`
	Seed        string `placeholder:"N" help:"The seed of every random choice (default 1)."`
	Unique      bool   `help:"Add and tighten constraints until the game has exactly one solution."`
	Difficulty  string `enum:",easy,medium,hard" default:"" placeholder:"LEVEL" help:"A unique NYT-like game of dominoes rated easy, medium or hard ('polyspec help pips')."`
	Config      string `arg:"" optional:"" help:"The configuration file."`
}

// Generate reads the configuration the flags name (TOML, YAML or the text
// format; none when the flags name the board and the pieces), applies the
// flags, generates a game and writes it to w. maxPlacements bounds the
// placements of the game that --unique solves (0: no limit). Errors from
// generation itself wrap pips.ErrArea, ErrNoTiling, ErrCoverage, ErrBudget
// or ErrNotUnique; the others are the input's.
func Generate(ctx context.Context, w io.Writer, f GenerateFlags, maxPlacements int) error {
	c := pips.NewConfig()
	if f.Config != "" {
		data, err := infile.ReadFile(f.Config, infile.GameBytes, "a generator configuration")
		if err != nil {
			return err
		}
		if c, err = pips.ReadConfigFile(f.Config, data); err != nil {
			return err
		}
	}
	flags := []struct{ flag, key, value string }{
		{"--board", "board", f.Board},
		{"--pieces", "pieces", f.Pieces},
		{"--constraints", "constraints", f.Constraints},
		{"--coverage", "constraint-coverage", f.Coverage},
		{"--selection", "constraint-selection", f.Selection},
		{"--seed", "seed", f.Seed},
	}
	for _, fl := range flags {
		if fl.value == "" {
			continue
		}
		if err := c.Set(fl.key, fl.value); err != nil {
			var ge *grammar.Error
			if errors.As(err, &ge) {
				return fmt.Errorf("%s %q, column %d: %s", fl.flag, fl.value, ge.Pos.Column, ge.Msg)
			}
			return fmt.Errorf("%s %q: %w", fl.flag, fl.value, err)
		}
	}
	if f.Difficulty != "" {
		if err := nytDefaults(c, f); err != nil {
			return err
		}
	}
	if len(c.Board) == 0 || c.Pieces == nil {
		return errors.New("expected a configuration file, or --board and --pieces")
	}
	if f.Pieces != "" {
		// An error about the game as a whole names the flag, as the file's
		// errors name the file.
		c.PiecesPos.Filename = fmt.Sprintf("--pieces %q", f.Pieces)
	}
	// The generator watches ctx between its steps, but not while it
	// compiles the game that --unique solves, a second on the largest
	// boards; it prints nothing when stopped, so an interrupt may end it
	// at once.
	generated := process.Unwatched(ctx)
	opts := pips.GenerateOptions{Unique: f.Unique, MaxPlacements: maxPlacements}
	var g *pips.Generated
	var err error
	if f.Difficulty != "" {
		g, err = pips.GenerateRated(ctx, c, f.Difficulty, opts)
	} else {
		g, err = pips.Generate(ctx, c, opts)
	}
	generated()
	if err != nil {
		return err
	}
	return g.Write(w)
}

// nytDefaults gives a --difficulty request without a configuration what
// it leaves out: dominoes, constraints of any shape, and a board of the
// level's size.
func nytDefaults(c *pips.Config, f GenerateFlags) error {
	if f.Config != "" {
		return nil
	}
	var defaults [][2]string
	if c.Pieces == nil {
		defaults = append(defaults, [2]string{"pieces", "2*"})
	}
	if f.Constraints == "" {
		defaults = append(defaults, [2]string{"constraints", "any"})
	}
	if len(c.Board) == 0 {
		defaults = append(defaults, [2]string{"board", pips.DifficultyBoards[f.Difficulty]})
	}
	for _, d := range defaults {
		if err := c.Set(d[0], d[1]); err != nil {
			return err
		}
	}
	return nil
}

// GenerateStatus is the exit status GenerateHelp promises for an error of
// Generate: 1 when no game could be made, 130 when interrupted, and 2 for
// bad input.
func GenerateStatus(err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, context.Canceled):
		return 130
	}
	for _, e := range []error{pips.ErrArea, pips.ErrNoTiling, pips.ErrCoverage, pips.ErrBudget, pips.ErrNotUnique, pips.ErrDifficulty} {
		if errors.Is(err, e) {
			return 1
		}
	}
	return 2
}
