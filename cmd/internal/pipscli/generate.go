package pipscli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/grammar"
)

// GenerateOptions say what Generate does, as generate_polypips's flags.
// Each setting that is not "" overrides the configuration's key of the
// same meaning, written as a configuration writes it, except Board, which
// names a board (pips.NamedBoard: 6x10, 8x8-hole, 8x8-corners).
type GenerateOptions struct {
	Board       string // board
	Pieces      string // pieces
	Constraints string // constraints
	Coverage    string // constraint-coverage
	Selection   string // constraint-selection
	Seed        string // seed
	// Unique tightens the constraints until the game has one solution.
	Unique bool
}

// Generate reads the configuration at path (TOML, YAML or the text
// format; "" for none, when the options name the board and the pieces),
// applies the options, generates a game and writes it to w. Errors from
// generation itself wrap pips.ErrArea, ErrNoTiling, ErrCoverage, ErrBudget
// or ErrNotUnique; the others are the input's.
func Generate(ctx context.Context, w io.Writer, path string, opts GenerateOptions) error {
	c := pips.NewConfig()
	if path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if c, err = pips.ReadConfigFile(path, data); err != nil {
			return err
		}
	}
	flags := []struct{ flag, key, value string }{
		{"--board", "board", opts.Board},
		{"--pieces", "pieces", opts.Pieces},
		{"--constraints", "constraints", opts.Constraints},
		{"--coverage", "constraint-coverage", opts.Coverage},
		{"--selection", "constraint-selection", opts.Selection},
		{"--seed", "seed", opts.Seed},
	}
	for _, f := range flags {
		if f.value == "" {
			continue
		}
		if err := c.Set(f.key, f.value); err != nil {
			var ge *grammar.Error
			if errors.As(err, &ge) {
				return fmt.Errorf("%s %q, column %d: %s", f.flag, f.value, ge.Pos.Column, ge.Msg)
			}
			return fmt.Errorf("%s %q: %w", f.flag, f.value, err)
		}
	}
	if len(c.Board) == 0 || c.Pieces == nil {
		return errors.New("expected a configuration file, or --board and --pieces")
	}
	g, err := pips.Generate(ctx, c, pips.GenerateOptions{Unique: opts.Unique})
	if err != nil {
		return err
	}
	return g.Write(w)
}
