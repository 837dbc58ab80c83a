package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

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
