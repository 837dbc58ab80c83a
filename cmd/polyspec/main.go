// Command polyspec solves, counts and checks polyform puzzles written as
// spec files, and exact-cover problems written in Knuth's DLX format.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/cmd/internal/process"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/spec"
)

// CLI is the command line; kong builds --help from the tags.
type CLI struct {
	Quiet   bool             `help:"Draw no status line. (It is drawn only when standard error is a terminal, during long searches.)"`
	Version kong.VersionFlag `help:"Print the module version, VCS revision and whether the tree was modified, from the build information."`
	// The limits bound what a spec (and, for placements, a Pips game) may
	// ask for before it is built (see docs/limits.md).
	MaxCells      int `name:"max-cells" default:"10000" placeholder:"N" help:"Refuse a spec whose board has more cells (default ${default}; 0: no limit)."`
	MaxPlacements int `name:"max-placements" default:"2000000" placeholder:"N" help:"Refuse a spec or Pips game whose pieces have more placements on the board, each an option of the problem that takes memory (default ${default}; 0: no limit). A spec known to need more says so with its max-placements key, which replaces this limit for it, up to ${max_declared_placements}."`

	Solve     SolveCmd     `cmd:"" help:"Solve a puzzle of any kind (a catalogue name, a spec file, a DLX file, a Pips game, a list of Sudoku puzzles); a flag that does not apply to the kind is refused, saying why."`
	Compile   CompileCmd   `cmd:"" help:"Compile a puzzle to an exact-cover problem and write it in Knuth's DLX format."`
	List      ListCmd      `cmd:"" help:"List the puzzles in the embedded catalogue."`
	Merge     MergeCmd     `cmd:"" help:"Add up the parts of a search split with 'solve --shard --out' and print the closing count line, whose duration is the parts' search time added up."`
	Verify    VerifyCmd    `cmd:"" help:"Solve every catalogue puzzle with a known count and report mismatches (exit status 1 on any)."`
	Enumerate EnumerateCmd `cmd:"" help:"Count (or list) every polyform of one order on a lattice."`
	Render    RenderCmd    `cmd:"" help:"Draw a solution of a saved solution file (polyspec's or Polyform Puzzler's) as SVG, PNG, X3D or glTF."`
	Gallery   GalleryCmd   `cmd:"" help:"Write static HTML pages showing a solution of every catalogue puzzle, one page per family."`
	Import    ImportCmd    `cmd:"" help:"Turn other programs' puzzle files into spec files."`
	Draw      DrawCmd      `cmd:"" help:"Draw Polypips pieces (5F+:12345, 4L+:3456:90) as box-drawing art, as draw_polypips does."`
	Generate  GenerateCmd  `cmd:"" help:"Generate a Polypips game from a configuration, as generate_polypips does."`
	Studio    StudioCmd    `cmd:"" help:"Serve the studio, a local web app that edits, draws, solves and shares specs and plays Pips games, and print its address."`

	Completion CompletionCmd `cmd:"" help:"Print a shell's completion script (bash, zsh, fish): commands, flags, their values and catalogue names."`
	Help       HelpCmd       `cmd:"" help:"Print the reference of spec files ('polyspec help spec'), or a command's help."`
	Schema     SchemaCmd     `cmd:"" help:"Print the JSON Schema of spec files, for editors to check them with."`
	New        NewCmd        `cmd:"" help:"Write a commented spec to start a puzzle from: NAME.toml, which solves as written."`
}

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
	lattices, latticeWords := latticeNames()
	parser, err := kong.New(&cli,
		kong.Name("polyspec"),
		kong.Description("Solve, count, check and draw polyform puzzles written as spec files, Pips and Polypips games, and Sudoku."),
		kong.UsageOnError(),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exit = code }),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.Vars{
			"default_backend":         cover.DefaultBackend,
			"backends":                strings.Join(cover.BackendNames(), ","),
			"boards":                  strings.Join(pips.BoardNames, ", "),
			"lattices":                lattices,
			"lattice_words":           latticeWords,
			"default_lattice":         compile.Lattices[0].Name(),
			"version":                 version(),
			"max_declared_placements": strconv.Itoa(spec.MaxDeclaredPlacements),
		},
	)
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
	status := progress.New(stderr, progress.IsTerminal(stderr) && !cli.Quiet)
	out := process.NewSticky(stdout)
	e := &env{ctx: ctx, stdout: status.Writer(out), stderr: status.Writer(stderr), status: status,
		limits: compile.Limits{Cells: cli.MaxCells, Placements: cli.MaxPlacements}}
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
