// Command draw_polypips draws Polypips pieces, given in the notation of the
// Polypips document ("5F+:12345", "4L+:3456:90"), as box-drawing art or, with
// --compact, as one character per cell.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/cmd/internal/process"
)

func main() {
	out := process.NewSticky(os.Stdout)
	code := run(os.Args[1:], out, os.Stderr)
	if err := out.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "draw_polypips: writing the output:", err)
		code = 2
	}
	os.Exit(code)
}

// run is main without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	var cli pipscli.DrawFlags
	exit := -1
	parser, err := kong.New(&cli,
		kong.Name("draw_polypips"),
		kong.Description(pipscli.DrawHelp),
		kong.UsageOnError(),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exit = code }),
	)
	if err == nil {
		_, err = parser.Parse(args)
		if exit >= 0 {
			return exit
		}
	}
	if err == nil {
		err = pipscli.Draw(stdout, cli)
	}
	if err != nil {
		fmt.Fprintln(stderr, "draw_polypips:", err)
		return 2
	}
	return 0
}
