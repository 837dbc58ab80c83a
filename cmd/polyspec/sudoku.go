package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/polyspec/polyspec/cmd/internal/genspec"
	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/compile/sudoku"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/internal/infile"
	"github.com/polyspec/polyspec/spec"
)

// sudokuRefusals returns the flags that mean nothing for a Sudoku.
func sudokuRefusals() map[string]string {
	return refusing(refusing(refusing(notPips(), "a Sudoku has no symmetry reduction", "--all", "--pivot"), noBoard, "--dead-regions", "--balance"),
		"a Sudoku is drawn as SVG only", pictureFlags[1:]...)
}

// sudokuJob compiles a spec of kind sudoku: each filled grid, then the
// closing count line. A Sudoku has no symmetry reduction: --count proves a
// puzzle has one solution. Its search takes milliseconds, so it is split
// only when --workers asks.
func sudokuJob(s *spec.Spec) (*job, error) {
	pz, err := sudoku.FromSpec(s)
	if err != nil {
		return nil, err
	}
	blocks := pz.Layout.Blocks()
	return &job{
		kind: "Sudoku",
		Job: pipeline.Job{Parts: []*pipeline.Part{{Problem: pz.Problem, Solution: sudokuSolution(pz)}},
			Text: pipeline.Printer{
				Solution: func(w io.Writer, s emit.Solution) error {
					_, err := fmt.Fprintf(w, "solution %d:\n%s\n\n", s.Number, strings.Join(genspec.Boxed(s.Grid, blocks), "\n"))
					return err
				},
				Close: writeLine,
			},
			Draw: func(_ string, w io.Writer, s emit.Solution, _ int) error {
				return emit.SudokuSVG(w, s.Grid, blocks, pz.Givens)
			}},
		refuse: sudokuRefusals(),
		serial: true,
		picture: func(w io.Writer, s emit.Solution) error {
			_, err := fmt.Fprintln(w, strings.Join(genspec.Boxed(s.Grid, blocks), "\n"))
			return err
		},
	}, nil
}

// sudokuSolution returns the grid of a puzzle's solution, row by row.
func sudokuSolution(pz *sudoku.Puzzle) func([]int) emit.Solution {
	return func(sol []int) emit.Solution {
		grid := sudoku.Format(pz.Layout.N, pz.Grid(sol))
		return emit.Solution{Grid: strings.Split(strings.TrimSuffix(grid, "\n"), "\n")}
	}
}

// loadSudokuList reads a file of Sudoku puzzles, one grid per line, solved
// in one process: each solution on a line of its own in the same form (a
// comment line for a puzzle without one), then the closing line. With
// --count it proves each puzzle's solution unique instead, printing a
// comment line for each puzzle that has none or several.
func loadSudokuList(path string, count bool) (*job, error) {
	data, err := infile.ReadFile(path, infile.ListBytes, "a list of Sudoku puzzles")
	if err != nil {
		return nil, err
	}
	list, err := sudoku.ReadList(path, data)
	if err != nil {
		return nil, err
	}
	lay, err := sudoku.NewLayout(list.N, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	j := &job{kind: "lists of Sudoku puzzles", firstOnly: true, serial: true}
	j.refuse = refusing(refusing(sudokuRefusals(), "a list holds many puzzles, and a picture draws one: give it a spec of its own", pictureFlags...),
		"each of its puzzles is a search of milliseconds, searched on its own", splitFlags...)
	// Each puzzle is compiled when its turn comes (a collection of
	// 49,000 compiled at once ran out of memory); its givens are checked
	// first, so that a bad one is refused before any is solved.
	for i, g := range list.Puzzles {
		if err := lay.Check(g); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, list.Lines[i], err)
		}
		j.Parts = append(j.Parts, &pipeline.Part{Title: fmt.Sprintf("line %d", list.Lines[i]), Load: func(pt *pipeline.Part) error {
			pz, err := lay.Compile(g)
			if err != nil {
				return fmt.Errorf("%s:%d: %v", path, list.Lines[i], err)
			}
			pt.Problem, pt.Solution = pz.Problem, sudokuSolution(pz)
			return nil
		}})
	}
	unique := 0
	j.Text = pipeline.Printer{
		Solution: func(w io.Writer, s emit.Solution) error {
			_, err := fmt.Fprintln(w, strings.ReplaceAll(strings.Join(s.Grid, ""), " ", ""))
			return err
		},
		End: func(w io.Writer, pt *pipeline.Part, sum emit.Summary) error {
			if count && sum.Solutions == 1 {
				unique++
			}
			if sum.Solutions == 0 || count && sum.Solutions != 1 {
				_, err := fmt.Fprintf(w, "# %s: %d solutions\n", pt.Title, sum.Solutions)
				return err
			}
			return nil
		},
		Close: func(w io.Writer, sum emit.Summary) error {
			if count {
				if _, err := fmt.Fprintf(w, "%d puzzles, %d with exactly one solution\n", len(list.Puzzles), unique); err != nil {
					return err
				}
			}
			return writeLine(w, sum)
		},
	}
	return j, nil
}

// isSudokuList reports whether path is a file (not a catalogue name or a
// spec) that holds a list of Sudoku puzzles.
func isSudokuList(path string) bool {
	switch filepath.Ext(path) {
	case ".toml", ".yaml", ".yml", ".json", ".dlx":
		return false
	}
	f, err := infile.Open(path, infile.ListBytes, "a list of Sudoku puzzles")
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	return sudoku.IsList(head[:n])
}
