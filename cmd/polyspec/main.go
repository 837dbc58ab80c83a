// Command polyspec solves, counts and checks polyform puzzles written as
// spec files, and exact-cover problems written in Knuth's DLX format.
//
// Start reading at CLI (this file), the commands and their flags; each
// command is a file of its own (solve.go, verify.go, ...). load.go turns
// every kind of input into a job of the solve pipeline, and help.go and
// topics/ hold the help texts. docs/cli.md describes the command line.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/cmd/internal/process"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/cover"
)

// CLI is the command line; kong builds --help from the tags, in the groups
// of commandGroups, with the examples of help.go.
type CLI struct {
	Version versionFlag `hidden:"" help:"Print the version in one line (--build-info: all of the build information)."`
	// BuildInfo is read by versionFlag, which prints before the other
	// flags are applied.
	BuildInfo bool `name:"build-info" hidden:"" help:"With --version, print all of the build information."`

	New      NewCmd      `cmd:"" group:"start" help:"Write a commented spec to start a puzzle from (NAME.toml)."`
	Solve    SolveCmd    `cmd:"" group:"start" help:"Solve or count a puzzle: catalogue name, spec, DLX, Pips, Sudoku."`
	List     ListCmd     `cmd:"" group:"start" help:"List the catalogue, or the puzzles whose names match."`
	Studio   StudioCmd   `cmd:"" group:"start" help:"Serve the studio: edit, draw, solve and share in a browser."`
	Render   RenderCmd   `cmd:"" group:"draw" help:"Draw a solution of a saved solution file as SVG, PNG, X3D or glTF."`
	Draw     DrawCmd     `cmd:"" group:"draw" help:"Draw Polypips pieces (5F+:12345) as box-drawing art."`
	Gallery  GalleryCmd  `cmd:"" group:"draw" help:"Write HTML pages with a solution of every catalogue puzzle drawn."`
	Merge    MergeCmd    `cmd:"" group:"long" help:"Add up the parts of a search split with 'solve --shard --out'."`
	Verify   VerifyCmd   `cmd:"" group:"long" help:"Check the catalogue's known counts (status 1 on a mismatch)."`
	Estimate EstimateCmd `cmd:"" group:"long" help:"Estimate how big a count's search is, before starting one."`
	Compile  CompileCmd  `cmd:"" group:"formats" help:"Write a puzzle in Knuth's DLX exact-cover format."`
	Import   ImportCmd   `cmd:"" group:"formats" help:"Turn other programs' puzzle files into spec files."`
	Schema   SchemaCmd   `cmd:"" group:"formats" help:"Print the JSON Schema of spec files, for editors."`

	Enumerate  EnumerateCmd  `cmd:"" group:"more" help:"Count (or list) every polyform of one order on a lattice."`
	Generate   GenerateCmd   `cmd:"" group:"more" help:"Generate a Polypips game, or a Sudoku or polyform puzzle with one solution."`
	Completion CompletionCmd `cmd:"" group:"more" help:"Print a shell's completion script (bash, zsh, fish)."`
	Help       HelpCmd       `cmd:"" group:"more" help:"Print a help topic (spec, limits, ...) or a command's help."`
}

// commandGroups are the headings of the command list, in order.
var commandGroups = []kong.Group{
	{Key: "start", Title: "Start:"},
	{Key: "draw", Title: "Draw:"},
	{Key: "long", Title: "Long searches:"},
	{Key: "formats", Title: "Formats:"},
	{Key: "more", Title: "More:"},
}

// LimitFlags bound what a spec (and, for placements, a Pips game) may ask
// for before it is built (see docs/limits.md), for the commands that
// compile specs from outside the catalogue.
type LimitFlags struct {
	MaxCells      int `name:"max-cells" default:"10000" placeholder:"N" group:"limits" help:"Refuse a spec whose board has more cells (0: no limit)."`
	MaxPlacements int `name:"max-placements" default:"2000000" placeholder:"N" group:"limits" help:"Refuse a spec or Pips game with more placements (0: no limit)."`
}

func (l *LimitFlags) limits() compile.Limits {
	return compile.Limits{Cells: l.MaxCells, Placements: l.MaxPlacements}
}

// StatusFlags are the flags of the commands that draw a status line.
type StatusFlags struct {
	Quiet bool `help:"Draw no status line (drawn only when standard error is a terminal)."`
}

func (s *StatusFlags) quiet() bool { return s.Quiet }

// env is what every command runs with: its output streams and a context that
// Ctrl-C cancels.
type env struct {
	ctx    context.Context
	stdout io.Writer
	stderr io.Writer
	// status is the live status line, on when stderr is a terminal (so
	// that it helps rather than pollutes a log) and --quiet is not given;
	// stdout and stderr erase it before they print.
	status *progress.Line
	// limits bound the specs the command compiles.
	limits compile.Limits
	// terminal is whether stdout is a terminal, where solve shows a
	// picture rather than records.
	terminal bool
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status. Ctrl-C and
// SIGTERM cancel the context of the command (see process.Interruptible).
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := process.Interruptible("polyspec", stderr)
	defer stop()
	return runContext(ctx, args, stdout, stderr)
}

// errReported marks an error whose message was already printed.
var errReported = errors.New("reported")

// exitError carries an exit status other than 1.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// runContext runs a command line under ctx, which the tests cancel to
// interrupt a run as Ctrl-C does.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var cli CLI
	exit := -1
	// polyspec alone prints its usage as 'go' does: on stderr, status 2.
	if len(args) == 0 && os.Getenv("COMP_LINE") == "" {
		stdout, args, exit = stderr, []string{"--help"}, 2
	}
	parser, err := newParser(&cli, stdout, stderr, func(code int) {
		if exit < 0 {
			exit = code
		}
	})
	if err != nil {
		fmt.Fprintln(stderr, "polyspec:", err)
		return 2
	}
	if os.Getenv("COMP_LINE") != "" {
		completeLine(parser)
		return exit
	}
	kctx, err := parser.Parse(args)
	if exit >= 0 {
		return exit
	}
	if err != nil {
		fmt.Fprintln(stderr, "polyspec:", err)
		return 2
	}
	cmd := kctx.Selected().Target.Addr().Interface()
	var limits compile.Limits
	if l, ok := cmd.(interface{ limits() compile.Limits }); ok {
		limits = l.limits()
	}
	quiet := false
	if q, ok := cmd.(interface{ quiet() bool }); ok {
		quiet = q.quiet()
	}
	status := progress.New(stderr, progress.IsTerminal(stderr) && !quiet)
	out := process.NewSticky(stdout)
	e := &env{ctx: ctx, stdout: status.Writer(out), stderr: status.Writer(stderr), status: status,
		limits: limits, terminal: progress.IsTerminal(stdout)}
	err = kctx.Run(e)
	if werr := out.Err(); werr != nil && err == nil {
		err = fmt.Errorf("writing the output: %w", werr)
	}
	var ee exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, errReported):
		return 1
	case errors.Is(err, context.Canceled):
		// Interrupted in a phase without a summary of its own to print.
		fmt.Fprintln(stderr, "polyspec: interrupted")
		return process.InterruptStatus
	}
	fmt.Fprintln(stderr, "polyspec:", err)
	return 1
}

// newParser builds the command line's parser, writing to stdout and
// stderr and calling exit where kong would end the process.
func newParser(cli *CLI, stdout, stderr io.Writer, exit func(int)) (*kong.Kong, error) {
	lattices, latticeWords := latticeNames()
	return kong.New(cli,
		kong.Name("polyspec"),
		kong.Description("Solve, count, check and draw polyform puzzles written as spec files, Pips and Polypips games, and Sudoku. polyspec --version prints the version."),
		kong.UsageOnError(),
		kong.Writers(stdout, stderr),
		kong.Exit(exit),
		kong.ExplicitGroups(append(commandGroups, flagGroups...)),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true, WrapUpperBound: helpWidth}),
		kong.Help(printHelp),
		kong.Vars{
			"default_backend": cover.DefaultBackend,
			"backends":        strings.Join(cover.BackendNames(), ","),
			"boards":          strings.Join(pips.BoardNames, ", "),
			"lattices":        lattices,
			"lattice_words":   latticeWords,
			"default_lattice": compile.Lattices[0].Name(),
		},
	)
}
