package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// loadSpec reads a spec from a file, or from the catalogue by name.
func loadSpec(target string) (*spec.Spec, error) {
	switch filepath.Ext(target) {
	case ".toml", ".yaml", ".yml":
		return spec.Load(target)
	}
	if e, ok := puzzles.Lookup(target); ok {
		return spec.LoadFS(puzzles.FS, e.Path)
	}
	if _, err := os.Stat(target); err == nil {
		return nil, fmt.Errorf("%s: expected a spec file ending in .toml, .yaml or .yml, or a DLX file ending in .dlx", target)
	}
	return nil, fmt.Errorf("%s: no such file, and no catalogue puzzle of that name (polyspec list shows them)", target)
}

// loadPuzzle reads and compiles a spec within the command line's limits.
func loadPuzzle(e *env, target string) (*spec.Spec, *compile.Puzzle, error) {
	s, err := loadSpec(target)
	if err != nil {
		return nil, nil, err
	}
	pz, err := compile.FromSpecLimits(s, e.limits)
	return s, pz, err
}

// distinct prepares a puzzle's search: modulo the board's symmetries when
// unique is set, over every solution otherwise.
func distinct(pz *compile.Puzzle, unique bool) (*cover.Distinct, error) {
	var group []cover.Symmetry
	if unique {
		group = pz.Symmetries()
	}
	return cover.NewDistinct(pz.Problem, group)
}

// placed converts a cover solution to the pieces emit draws.
func placed(pz *compile.Puzzle, sol []int) []emit.Placed {
	out := make([]emit.Placed, len(sol))
	for i, o := range sol {
		pl := pz.Placements[o]
		out[i].Name = pz.Pieces[pl.Piece].Name
		for _, c := range pl.Cells {
			out[i].Cells = append(out[i].Cells, [3]int(c))
		}
	}
	return out
}

func boardCells(pz *compile.Puzzle) [][3]int {
	out := make([][3]int, len(pz.Board))
	for i, c := range pz.Board {
		out[i] = [3]int(c)
	}
	return out
}
