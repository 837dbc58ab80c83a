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
	"strings"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/cmd/internal/process"
	"github.com/polyspec/polyspec/compile/pips"
)

func main() {
	ctx, stop := process.Interruptible("generate_polypips", os.Stderr)
	out := process.NewSticky(os.Stdout)
	code := run(ctx, os.Args[1:], out, os.Stderr)
	stop()
	if err := out.Err(); err != nil && code != 130 {
		fmt.Fprintln(os.Stderr, "generate_polypips: writing the output:", err)
		code = 2
	}
	os.Exit(code)
}

// run is main without the process: it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var cli pipscli.GenerateFlags
	exit := -1
	parser, err := kong.New(&cli,
		kong.Name("generate_polypips"),
		kong.Description(pipscli.GenerateHelp),
		kong.UsageOnError(),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exit = code }),
		kong.Vars{"boards": strings.Join(pips.BoardNames, ", ")},
	)
	if err == nil {
		_, err = parser.Parse(args)
		if exit >= 0 {
			return exit
		}
		if err != nil {
			fmt.Fprintln(stderr, "generate_polypips:", err)
			return 2
		}
		err = pipscli.Generate(ctx, stdout, cli)
	}
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "generate_polypips: interrupted")
	case err != nil:
		fmt.Fprintln(stderr, "generate_polypips:", err)
	}
	return pipscli.GenerateStatus(err)
}
