// Command polybench times the exact-cover backends, alone and inside
// cover.Parallel, on the standard workloads (see bench/suite: DLX files,
// catalogue puzzles, the NYT Pips set, hard Sudoku, enumerations), and
// writes the table to DIR/polybench.md and DIR/polybench.json, the current
// figures (each report carries its date; older runs are in git history):
//
//	go run ./cmd/polybench [-backends dlx,algx] [-workers 0,1,2] [-repeat 3] [-long] [-filter RE] [-out bench/results]
//
// It runs from the module's directory (or -root), whose testdata hold the
// workloads' files; it is a tool for this repository, not part of the
// polyspec command, which works from its embedded catalogue alone. Each
// case runs in a fresh process, this program started again with -child,
// so that its peak memory is its own.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/bench/suite"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "polybench:", err)
		os.Exit(1)
	}
}

func run() error {
	root := flag.String("root", ".", "the module's directory, whose testdata hold the workloads' files")
	data := flag.String("data", "", "directory of the workloads' DLX files (default ROOT/cover/testdata)")
	long := flag.Bool("long", false, "add the workloads that take seconds to an hour (the hard catalogue puzzles: solid pentominoes 3x4x5, tetrasticks 6x6, the hexagram, the polyomino diamonds, O'Beirne's hexagon, the one-sided tetrastick diamond lattice)")
	filter := flag.String("filter", "", "run only the workloads whose names match this regular expression")
	out := flag.String("out", "bench/results", "directory for the report")
	backends := flag.String("backends", "", "comma-separated backends (default: all)")
	workers := flag.String("workers", "", "comma-separated worker counts, 0 for the backend alone (default: 0,1,cores)")
	repeat := flag.Int("repeat", 1, "runs per case; the fastest is kept")
	child := flag.Bool("child", false, "run the one case given as argument and print its result (used internally)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	workloads := suite.Standard(*root, *data)
	if *child {
		return suite.Child(ctx, workloads, flag.Arg(0), os.Stdout)
	}
	opt := suite.Options{Repeat: *repeat, Long: *long, Log: os.Stderr}
	if *filter != "" {
		re, err := regexp.Compile(*filter)
		if err != nil {
			return fmt.Errorf("-filter: %v", err)
		}
		opt.Filter = re
	}
	if *backends != "" {
		opt.Backends = strings.Split(*backends, ",")
	}
	if *workers != "" {
		for _, f := range strings.Split(*workers, ",") {
			n, err := strconv.Atoi(f)
			if err != nil {
				return fmt.Errorf("-workers: %v", err)
			}
			opt.Workers = append(opt.Workers, n)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	rep, err := suite.Measure(ctx, []string{exe, "-root", *root, "-data", *data, "-child"}, workloads, opt)
	if err != nil {
		return err
	}
	rep.Command = "go run ./cmd/polybench"
	for _, a := range os.Args[1:] {
		rep.Command += " " + shellQuote(a)
	}
	if err := os.MkdirAll(*out, 0o777); err != nil {
		return err
	}
	base := filepath.Join(*out, "polybench")
	for _, o := range []struct {
		ext   string
		write func(io.Writer, suite.Report) error
	}{{".md", suite.WriteMarkdown}, {".json", suite.WriteJSON}} {
		f, err := os.Create(base + o.ext)
		if err != nil {
			return err
		}
		err = o.write(f, rep)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		fmt.Fprintln(os.Stderr, "wrote", base+o.ext)
	}
	return nil
}

// shellQuote quotes an argument for a shell when it needs it, so that the
// report's command line can be pasted back (a -filter is a regular
// expression, often with a |).
func shellQuote(a string) string {
	if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./,=-") == "" {
		return a
	}
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}
