package pipscli

import (
	"fmt"
	"io"
	"strconv"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/compile"
)

// Parse reads a command line into cli, a kong grammar, for the command
// name, whose --help shows help and vars, and the default of LimitFlags.
// done says the command is over with status code: --help printed (0), or a
// bad command line reported on stderr (2).
func Parse(name, help string, cli any, vars kong.Vars, args []string, stdout, stderr io.Writer) (code int, done bool) {
	exit := -1
	limits := kong.Vars{"max_placements": strconv.Itoa(compile.DefaultMaxPlacements)}
	parser, err := kong.New(cli, kong.Name(name), kong.Description(help), kong.UsageOnError(),
		kong.Writers(stdout, stderr), kong.Exit(func(c int) { exit = c }), vars, limits)
	if err == nil {
		_, err = parser.Parse(args)
	}
	switch {
	case exit >= 0:
		return exit, true
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 2, true
	}
	return 0, false
}
