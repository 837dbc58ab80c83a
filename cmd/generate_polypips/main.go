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
	"strings"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/cmd/internal/process"
	"github.com/polyspec/polyspec/compile/pips"
)

// CLI is the command line; kong builds --help from the tags.
type CLI struct {
	pipscli.GenerateFlags `embed:""`
	pipscli.LimitFlags    `embed:""`
}

func main() { process.Main("generate_polypips", run) }

// run is main without the process: it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var cli CLI
	vars := kong.Vars{"boards": strings.Join(pips.BoardNames, ", ")}
	if code, done := pipscli.Parse("generate_polypips", pipscli.GenerateHelp, &cli, vars, args, stdout, stderr); done {
		return code
	}
	err := pipscli.Generate(ctx, stdout, cli.GenerateFlags, cli.MaxPlacements)
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "generate_polypips: interrupted")
	case err != nil:
		fmt.Fprintln(stderr, "generate_polypips:", err)
	}
	return pipscli.GenerateStatus(err)
}
