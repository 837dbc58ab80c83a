package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/polyspec/polyspec/compile/sudoku"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/spec"
)

// solveSudoku solves a spec of kind sudoku: each filled grid, then the
// closing count line, as text or JSON. A Sudoku has no symmetry reduction:
// --count proves a puzzle has one solution.
func (c *SolveCmd) solveSudoku(e *env, b cover.Backend, s *spec.Spec) error {
	pz, err := sudoku.FromSpec(s)
	if err != nil {
		return err
	}
	var werr error
	// A Sudoku's search takes milliseconds: it is never split.
	sum, err := c.search(e, c.StopAfter, nil, func(ctx context.Context, _ *cover.Parallel, visit cover.Visit) (cover.Stats, error) {
		return b.Solve(ctx, pz.Problem, visit)
	}, c.solutions(func(n int, sol []int) {
		grid := sudoku.Format(pz.Layout.N, pz.Grid(sol))
		if werr != nil {
			return
		}
		if c.Format == "json" {
			werr = json.NewEncoder(e.stdout).Encode(struct {
				Solution int      `json:"solution"`
				Grid     []string `json:"grid"`
			}{n, strings.Split(strings.TrimSuffix(grid, "\n"), "\n")})
			return
		}
		_, werr = fmt.Fprintf(e.stdout, "solution %d:\n%s\n", n, grid)
	}))
	if err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	if c.Format == "json" {
		err = emit.NewJSON(e.stdout, 0).Summary(sum)
	} else {
		_, err = io.WriteString(e.stdout, sum.Line())
	}
	if err != nil {
		return err
	}
	return interrupted(sum)
}

// countSudoku counts a Sudoku spec's solutions.
func countSudoku(ctx context.Context, s *spec.Spec, b cover.Backend) (int64, error) {
	pz, err := sudoku.FromSpec(s)
	if err != nil {
		return 0, err
	}
	st, err := b.Solve(ctx, pz.Problem, nil)
	return st.Solutions, err
}

// solveSudokuList solves a file of Sudoku puzzles, one grid per line, in
// one process: each solution on a line of its own in the same form (a
// comment line for a puzzle without one), then the closing line. With
// --count it proves each puzzle's solution unique instead, printing a
// comment line for each puzzle that has none or several.
func (c *SolveCmd) solveSudokuList(e *env, b cover.Backend) error {
	if c.StopAfter != 0 || c.Format != "text" {
		return fmt.Errorf("%s: a list of Sudoku puzzles is solved one solution each (or counted with --count), as text: --stop-after and --format do not apply", c.Target)
	}
	data, err := os.ReadFile(c.Target)
	if err != nil {
		return err
	}
	list, err := sudoku.ReadList(c.Target, data)
	if err != nil {
		return err
	}
	lay, err := sudoku.NewLayout(list.N, nil, nil)
	if err != nil {
		return fmt.Errorf("%s: %v", c.Target, err)
	}
	start := time.Now()
	var sum emit.Summary
	unique := 0
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	for i, g := range list.Puzzles {
		pz, err := lay.Compile(g)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", c.Target, list.Lines[i], err)
		}
		var grid []int
		visit := func(sol []int) bool {
			grid = pz.Grid(sol)
			return false
		}
		if c.Count {
			visit = nil
		}
		st, err := b.Solve(e.ctx, pz.Problem, visit)
		sum.Solutions += st.Solutions
		sum.Searches += st.Nodes
		if err != nil {
			if e.ctx.Err() == nil {
				return err
			}
			sum.Interrupted = true
			break
		}
		switch {
		case c.Count && st.Solutions == 1:
			unique++
		case c.Count || st.Solutions == 0:
			fmt.Fprintf(out, "# line %d: %d solutions\n", list.Lines[i], st.Solutions)
		default:
			fmt.Fprintln(out, strings.ReplaceAll(strings.ReplaceAll(sudoku.Format(list.N, grid), " ", ""), "\n", ""))
		}
	}
	if c.Count {
		fmt.Fprintf(out, "%d puzzles, %d with exactly one solution\n", len(list.Puzzles), unique)
	}
	sum.Duration = time.Since(start)
	if _, err := io.WriteString(out, sum.Line()); err != nil {
		return err
	}
	return interrupted(sum)
}

// isSudokuList reports whether path is a file (not a catalogue name or a
// spec) that holds a list of Sudoku puzzles.
func isSudokuList(path string) bool {
	switch filepath.Ext(path) {
	case ".toml", ".yaml", ".yml", ".json", ".dlx":
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	return sudoku.IsList(head[:n])
}
