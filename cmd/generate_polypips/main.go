// Command generate_polypips generates a Polypips game: it tiles a board
// with pieces, lays constraint regions over it, draws pips and rules that
// the tiling meets, and prints the board, pieces and constraints, which
// solve_polypips reads, then pictures of the game and of its solution.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/compile/pips"
)

// description is the body of --help.
const description = `Generate a Polypips game that has a solution.

CONFIG is a configuration in the Polypips text format (board:, pieces:,
constraints:, constraint-coverage:, constraint-selection:, seed:), or the
same keys in a TOML (.toml) or YAML (.yaml, .yml) file, with the board as a
string of rows of '#' cells. The flags override its keys; with --board and
--pieces no file is needed.

A selection rule (--pieces, --constraints) is any, none (constraints
only), orders such as 4*, shapes with or without chirality (4L+, 3L),
pentomino letters (X), or 12x5 (pieces only: the twelve pentominoes, each
once in either hand, on a board of 60 cells), joined by commas.

The game is the same for the same configuration and seed, every time; with
no seed anywhere the seed is 1. Pieces turn but never flip.

Exit status: 0 on success, 1 if no game can be made (the pieces cannot
tile the board, the constraint shapes cannot reach the coverage, a search
reached its bound, or --unique failed), 2 for bad input, 130 if
interrupted.`

// CLI is the command line; kong builds --help from the tags.
type CLI struct {
	Board       string `placeholder:"NAME" help:"A board by name instead of the configuration's: WxH (6x10, 8x8), ${boards}."`
	Pieces      string `placeholder:"RULE" help:"The shapes of the pieces, such as 12x5 or 4*,X."`
	Constraints string `placeholder:"RULE" help:"The shapes of the constraint regions, such as any, 2* or none."`
	Coverage    string `placeholder:"SHARE" help:"The share of the board the constraint regions cover, from 0 to 1 (default 0.5)."`
	Selection   string `placeholder:"HOW" help:"How constraint shapes are drawn: uniform-all (every shape alike, the default) or uniform-size (a size first, then a shape of it)."`
	Seed        string `placeholder:"N" help:"The seed of every random choice (default 1)."`
	Unique      bool   `help:"Add and tighten constraints until the game has exactly one solution."`
	Config      string `arg:"" optional:"" help:"The configuration file."`
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is main without the process: it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var cli CLI
	exit := -1
	parser, err := kong.New(&cli,
		kong.Name("generate_polypips"),
		kong.Description(description),
		kong.UsageOnError(),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exit = code }),
		kong.Vars{"boards": strings.Join(pips.BoardNames, ", ")},
	)
	if err != nil {
		fmt.Fprintln(stderr, "generate_polypips:", err)
		return 2
	}
	_, err = parser.Parse(args)
	if exit >= 0 {
		return exit
	}
	if err != nil {
		fmt.Fprintln(stderr, "generate_polypips:", err)
		return 2
	}
	err = pipscli.Generate(ctx, stdout, cli.Config, pipscli.GenerateOptions{
		Board: cli.Board, Pieces: cli.Pieces, Constraints: cli.Constraints,
		Coverage: cli.Coverage, Selection: cli.Selection, Seed: cli.Seed, Unique: cli.Unique,
	})
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "generate_polypips: interrupted")
		return 130
	case err != nil:
		fmt.Fprintln(stderr, "generate_polypips:", err)
		if failed(err) {
			return 1
		}
		return 2
	}
	return 0
}

// failed reports whether an error says that no game could be made, rather
// than that the input is wrong.
func failed(err error) bool {
	for _, e := range []error{pips.ErrArea, pips.ErrNoTiling, pips.ErrCoverage, pips.ErrBudget, pips.ErrNotUnique} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
