package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile/puzzler"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/internal/infile"
)

// ImportCmd turns other programs' files into spec files.
type ImportCmd struct {
	Puzzler ImportPuzzlerCmd `cmd:"" help:"Write a spec for each Polyform Puzzler solution file."`
}

// ImportPuzzlerCmd imports Polyform Puzzler solution files.
type ImportPuzzlerCmd struct {
	Files      []string `arg:"" help:"Solution files (.txt)."`
	Out        string   `default:"." placeholder:"DIR" help:"Folder for the spec files, one per input, named after it."`
	YAML       bool     `name:"yaml" help:"Write YAML instead of TOML."`
	Lattice    string   `placeholder:"L" predictor:"lattice" help:"The lattice: ${lattice_words}; by default inferred from the coordinates, the picture and the file's folder."`
	Force      bool     `help:"Overwrite spec files that exist (by default left alone, as they may be edited)."`
	Budget     float64  `default:"10" placeholder:"S" help:"CPU seconds each count may take to find the conventions of a complete run's count (0: no count, no expect)."`
	Backend    string   `default:"${default_backend}" enum:"${backends}" help:"Search backend for those counts: ${backends} (default ${default_backend})."`
	Documented string   `placeholder:"FILE" help:"Polyform Puzzler's count statements of its puzzles (tab-separated: family, puzzle, class, documented): a complete run's count that its puzzle's description contradicts (\"many solutions\", another number, a count of part of the puzzle) gets no expect, and one it states is sourced to both; a puzzle with no such count whose description states one gets that count to reproduce, sourced to the documentation."`
	// LimitFlags bound the board read and the self-check and counts
	// compiled from it (main.go).
	LimitFlags `embed:""`
}

func (c *ImportPuzzlerCmd) Run(e *env) error {
	if err := os.MkdirAll(c.Out, 0o755); err != nil {
		return err
	}
	var documented puzzler.Documented
	if c.Documented != "" {
		f, err := infile.Open(c.Documented, infile.TableBytes, "a table of documented counts")
		if err != nil {
			return err
		}
		documented, err = puzzler.ReadDocumented(c.Documented, f)
		f.Close()
		if err != nil {
			return err
		}
	}
	failed := false
	var done atomic.Int64
	stop := e.status.Show(func() progress.Status {
		return progress.Status{Label: "import", Solutions: -1, Done: int(done.Load()), Total: len(c.Files), Unit: "files"}
	})
	defer stop()
	for _, file := range c.Files {
		if err := c.importFile(e, file, documented); err != nil {
			fmt.Fprintln(e.stderr, "polyspec:", err)
			failed = true
		}
		done.Add(1)
	}
	if failed {
		return errReported
	}
	return nil
}

func (c *ImportPuzzlerCmd) importFile(e *env, file string, documented puzzler.Documented) error {
	data, err := infile.ReadFile(file, infile.SolutionBytes, "a solution file")
	if err != nil {
		return err
	}
	pz, err := puzzler.Import(file, data, puzzler.Options{Lattice: c.Lattice, Documented: documented, Limits: e.limits})
	if err != nil {
		return err
	}
	if c.Budget > 0 {
		b, err := cover.Lookup(c.Backend)
		if err != nil {
			return err
		}
		if err := pz.Infer(e.ctx, b, time.Duration(c.Budget*float64(time.Second))); err != nil {
			return err
		}
	}
	out := filepath.Join(c.Out, pz.FileName(c.YAML))
	// A spec of the same name in the other syntax counts as there too.
	base := strings.TrimSuffix(out, filepath.Ext(out))
	for _, ext := range []string{".toml", ".yaml", ".yml"} {
		if _, err := os.Stat(base + ext); err == nil && !c.Force {
			fmt.Fprintf(e.stdout, "kept  %s (it exists; --force overwrites it)\n", base+ext)
			return nil
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	text := pz.TOML()
	if c.YAML {
		text = pz.YAML()
	}
	if err := outfile.Write(out, text); err != nil {
		return err
	}
	if why := pz.Contradicted(); why != "" {
		fmt.Fprintf(e.stderr, "polyspec: %s: %s\n", file, why)
	}
	count := "no known count"
	switch {
	case pz.Expect:
		count = fmt.Sprintf("expect %d", pz.Target)
		if pz.TargetSource == puzzler.DocumentedSource {
			count += " from its description"
		}
	case pz.TargetSource != "" && c.Budget > 0:
		count = "no expect"
		fmt.Fprintf(e.stderr, "polyspec: %s: %s\n", file, pz.Note)
	case pz.TargetSource != "":
		count = fmt.Sprintf("no expect: the count %d not checked (--budget 0)", pz.Target)
	case pz.Contradicted() != "":
		count = "no expect: its description contradicts the file's count"
	}
	fmt.Fprintf(e.stdout, "wrote %s (%s, %d cells, pieces %s, %s)\n", out, pz.Lattice.Name(), len(pz.Board), pz.Pieces, count)
	return nil
}
