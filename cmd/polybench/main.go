// Command polybench times the exact-cover backends, alone and inside
// cover.Parallel, on the standard workloads (see bench/suite), and writes
// the table to DIR/DATE.md and DIR/DATE.json:
//
//	go run ./cmd/polybench [-backends dlx,algx] [-workers 0,1,2] [-repeat 3] [-out docs/bench]
//
// Each case runs in a fresh process, this program started again with
// -child, so that its peak memory is its own.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
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
	data := flag.String("data", "cover/testdata", "directory of the workloads' DLX files")
	out := flag.String("out", "docs/bench", "directory for the report")
	backends := flag.String("backends", "", "comma-separated backends (default: all)")
	workers := flag.String("workers", "", "comma-separated worker counts, 0 for the backend alone (default: 0,1,cores)")
	repeat := flag.Int("repeat", 1, "runs per case; the fastest is kept")
	child := flag.Bool("child", false, "run the one case given as argument and print its result (used internally)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	workloads := suite.Standard(*data)
	if *child {
		return suite.Child(ctx, workloads, flag.Arg(0), os.Stdout)
	}
	opt := suite.Options{Repeat: *repeat, Log: os.Stderr}
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
	rep, err := suite.Measure(ctx, []string{exe, "-data", *data, "-child"}, workloads, opt)
	if err != nil {
		return err
	}
	rep.Command = strings.Join(append([]string{"go run ./cmd/polybench"}, os.Args[1:]...), " ")
	if err := os.MkdirAll(*out, 0o777); err != nil {
		return err
	}
	base := filepath.Join(*out, rep.Date)
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
