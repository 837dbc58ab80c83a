// Command solve_polypips solves a Polypips game, as the generator writes it
// or as the text games write it, or a NYT Pips puzzle in JSON, and prints
// the first solution as box-drawing art; --count counts them all.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/cmd/internal/process"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
)

// description is the body of --help.
const description = `Solve a Polypips game or a NYT Pips puzzle.

FILE is a Polypips game (board:, pieces: and constraints: sections, as the
generator writes them; what follows the constraints is ignored), or a NYT
Pips file (.json) with easy, medium and hard puzzles. Pieces are written as
in draw_polypips (5F+:12345, 2I:06), and dominoes also as their two pips
alone (06,26,24). Pieces turn but never flip. Constraints are one per line: Exactly N, LessThan N, MoreThan N,
AllSame None, AllSame Some(v) or AllDifferent {pips}, or an expression
(12, <5, >3, =, =4, ≠, ∅), then the region's cells as {(x, y), ...}.

Exit status: 0 if every game has a solution, 1 if one has none, 2 for bad
input, 130 if interrupted.`

// CLI is the command line; kong builds --help from the tags.
type CLI struct {
	Count      bool   `help:"Print the number of solutions instead of the first one."`
	ShowGame   bool   `name:"show-game" help:"Print the game first: the board with its regions, then the pieces."`
	Backend    string `default:"${default_backend}" enum:"${backends}" help:"Search backend: ${backends} (default ${default_backend}, the only one that checks sums)."`
	Difficulty string `enum:"easy,medium,hard," default:"" help:"The NYT puzzle to solve: easy, medium or hard (default: all three)."`
	Quiet      bool   `help:"Draw no status line. (It is drawn only when standard error is a terminal, during long searches.)"`
	File       string `arg:"" help:"The game to solve."`

	pipscli.LimitFlags `embed:""`
}

func main() { process.Main("solve_polypips", run) }

// run is main without the process: it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var cli CLI
	vars := kong.Vars{"default_backend": pips.DefaultBackend, "backends": strings.Join(cover.BackendNames(), ",")}
	if code, done := pipscli.Parse("solve_polypips", description, &cli, vars, args, stdout, stderr); done {
		return code
	}
	status := progress.New(stderr, progress.IsTerminal(stderr) && !cli.Quiet)
	ctx, stopStatus := status.ShowNodes(ctx)
	unsolved, err := solve(ctx, status.Writer(stdout), cli)
	stopStatus()
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "solve_polypips: interrupted")
		return 130
	case err != nil:
		fmt.Fprintln(stderr, "solve_polypips:", err)
		return 2
	case unsolved:
		return 1
	}
	return 0
}

// solve runs the games of the file through the solve pipeline: each
// game's first solution, or with --count their number. It reports whether
// a game has no solution.
func solve(ctx context.Context, w io.Writer, cli CLI) (unsolved bool, err error) {
	loaded := process.Unwatched(ctx) // reading and compiling end at once on an interrupt
	j, err := pipscli.Load(cli.File, pipscli.Options{Count: cli.Count, ShowGame: cli.ShowGame, Backend: cli.Backend, Difficulty: cli.Difficulty, MaxPlacements: cli.MaxPlacements})
	loaded()
	if err != nil {
		return false, err
	}
	b, err := cover.Lookup(cli.Backend)
	if err != nil {
		return false, err
	}
	total, unsolved, err := j.Run(w, j.Text, func(pt *pipeline.Part, print func(int, []int)) (emit.Summary, error) {
		var visit cover.Visit
		if !cli.Count {
			visit = func(sol []int) bool { print(1, sol); return false }
		}
		st, err := pt.Solve(ctx, b, nil, visit)
		// The pipeline takes an interrupted search as a summary that says
		// so, and its printer then says how far the count got.
		sum := emit.Summary{Solutions: st.Solutions, Interrupted: errors.Is(err, context.Canceled)}
		if sum.Interrupted {
			err = nil
		}
		return sum, err
	})
	if err != nil {
		return unsolved, err
	}
	if j.Text.Close != nil {
		if err := j.Text.Close(w, total); err != nil {
			return unsolved, err
		}
	}
	if total.Interrupted {
		return unsolved, context.Canceled
	}
	return unsolved, nil
}
