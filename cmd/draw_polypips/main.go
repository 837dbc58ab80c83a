// Command draw_polypips draws Polypips pieces, given in the notation of the
// Polypips document ("5F+:12345", "4L+:3456:90"), as box-drawing art or, with
// --compact, as one character per cell.
package main

import (
	"fmt"
	"io"
	"os"

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
	if code, done := pipscli.Parse("draw_polypips", pipscli.DrawHelp, &cli, nil, args, stdout, stderr); done {
		return code
	}
	if err := pipscli.Draw(stdout, cli); err != nil {
		fmt.Fprintln(stderr, "draw_polypips:", err)
		return 2
	}
	return 0
}
