package suite

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/compile/polygen"
	"github.com/polyspec/polyspec/compile/sudoku"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// Catalogue is a search of a puzzle of the embedded catalogue, as
// polyspec solve NAME --count does it: modulo the board's symmetries when
// the spec asks for it, unless all.
func Catalogue(name, puzzle string, all bool, want int64) Workload {
	about := "polyspec solve " + puzzle + " --count"
	if all {
		about += " --all"
	}
	return Workload{Name: name, Want: want, About: about, Load: func() (*cover.Problem, []cover.Symmetry, error) {
		e, ok := puzzles.Lookup(puzzle)
		if !ok {
			return nil, nil, fmt.Errorf("suite: no catalogue puzzle %q", puzzle)
		}
		s, err := spec.LoadFS(puzzles.FS, e.Path)
		if err != nil {
			return nil, nil, err
		}
		pz, err := compile.FromSpec(s)
		if err != nil {
			return nil, nil, err
		}
		var group []cover.Symmetry
		if s.Unique.V && !all {
			group = pz.Symmetries()
		}
		return pz.Problem, group, nil
	}}
}

// Build compiles a catalogue puzzle and finds its board's symmetries, as
// polyspec compile does before it writes the problem; it searches
// nothing. Its count is the number of placements, polyspec's own figure,
// which checks only that the build is the same.
func Build(name, puzzle string, placements int64) Workload {
	return Workload{
		Name: name, About: "polyspec compile " + puzzle + " (placements and symmetries, not written)", Want: placements,
		Backends: []string{NoBackend}, Workers: []int{0},
		Prepare: func() (Work, error) {
			e, ok := puzzles.Lookup(puzzle)
			if !ok {
				return nil, fmt.Errorf("suite: no catalogue puzzle %q", puzzle)
			}
			s, err := spec.LoadFS(puzzles.FS, e.Path)
			if err != nil {
				return nil, err
			}
			return func(context.Context, Case) (cover.Stats, error) {
				pz, err := compile.FromSpec(s)
				if err != nil {
					return cover.Stats{}, err
				}
				pz.Symmetries()
				return cover.Stats{Solutions: int64(pz.NumPlacements())}, nil
			}, nil
		},
	}
}

// The NYT Pips set of compile/pips/testdata/nyt: 28 days of three puzzles,
// with 375 solutions in all (the sum of its solution_counts.csv). Only the
// sums backend checks every rule of a Pips game, and its searches are not
// split.
const (
	nytPuzzles   = 84
	nytSolutions = 375
)

// PipsFirst reads, compiles and solves every NYT puzzle in dir up to its
// first solution, as polyspec solve FILE.json does; its count is the
// number of puzzles solved.
func PipsFirst(name, dir string) Workload {
	return pipsSet(name, "every NYT Pips puzzle read, compiled and solved up to its first solution", dir, nytPuzzles,
		func(ctx context.Context, c *pips.Compiled, backend string) (cover.Stats, error) {
			st, err := c.Solve(ctx, backend, func([]pips.Placement) bool { return false })
			st.Solutions = min(st.Solutions, 1)
			return st, err
		})
}

// PipsCount reads, compiles and counts the solutions of every NYT puzzle
// in dir, as polyspec solve FILE.json --count does.
func PipsCount(name, dir string) Workload {
	return pipsSet(name, "every NYT Pips puzzle read, compiled and its solutions counted", dir, nytSolutions,
		func(ctx context.Context, c *pips.Compiled, backend string) (cover.Stats, error) {
			return c.Solve(ctx, backend, nil)
		})
}

// pipsSet is a workload that solves every puzzle of every NYT file in dir
// and adds up what solve returns. The files are read before the timing, so
// that it times reading the JSON, compiling and solving, not the disk.
func pipsSet(name, about, dir string, want int64, solve func(context.Context, *pips.Compiled, string) (cover.Stats, error)) Workload {
	return Workload{
		Name: name, About: about, Want: want,
		Backends: []string{pips.DefaultBackend}, Workers: []int{0},
		Prepare: func() (Work, error) {
			files, err := filepath.Glob(filepath.Join(dir, "*.json"))
			if err != nil || len(files) == 0 {
				return nil, fmt.Errorf("suite: no NYT Pips files (*.json) in %s", dir)
			}
			data := make([][]byte, len(files))
			for i, f := range files {
				if data[i], err = os.ReadFile(f); err != nil {
					return nil, err
				}
			}
			return func(ctx context.Context, c Case) (cover.Stats, error) {
				var total cover.Stats
				for i, f := range files {
					for _, d := range pips.Difficulties {
						g, err := pips.ReadNYT(f, data[i], d)
						if err != nil {
							return total, err
						}
						cp, err := pips.Compile(g, 0) // the stored NYT games, a few dozen dominoes each
						if err != nil {
							return total, err
						}
						st, err := solve(ctx, cp, c.Backend)
						total.Solutions += st.Solutions
						total.Nodes += st.Nodes
						total.Updates += st.Updates
						if err != nil {
							return total, err
						}
					}
				}
				return total, nil
			}, nil
		},
	}
}

// SudokuList compiles and counts every puzzle of a Sudoku list file (see
// sudoku.ReadList), as polyspec solve --count does a Sudoku spec, each on
// its own (a puzzle takes milliseconds: there is nothing to split). Every
// puzzle must have one solution, so the count is the number of puzzles.
func SudokuList(name, path string) Workload {
	return Workload{
		Name: name, About: "every Sudoku of " + filepath.Base(path) + " compiled and proved unique", Want: 95,
		Workers: []int{0},
		Prepare: func() (Work, error) {
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			list, err := sudoku.ReadList(path, data)
			if err != nil {
				return nil, err
			}
			lay, err := sudoku.NewLayout(list.N, nil, nil)
			if err != nil {
				return nil, err
			}
			return func(ctx context.Context, c Case) (cover.Stats, error) {
				b, err := cover.Lookup(c.Backend)
				if err != nil {
					return cover.Stats{}, err
				}
				var total cover.Stats
				for i, g := range list.Puzzles {
					pz, err := lay.Compile(g)
					if err != nil {
						return total, err
					}
					st, err := b.Solve(ctx, pz.Problem, nil)
					if err == nil && st.Solutions != 1 {
						err = fmt.Errorf("suite: %s:%d: %d solutions, want 1", path, list.Lines[i], st.Solutions)
					}
					total.Solutions += st.Solutions
					total.Nodes += st.Nodes
					total.Updates += st.Updates
					if err != nil {
						return total, err
					}
				}
				return total, nil
			}, nil
		},
	}
}

// SudokuGenerate makes minimal 9×9 Sudoku with one solution, one per seed
// from 0, as polyspec generate --sudoku 9x9 --seed N does, each search
// with the case's backend; its count is the number made, each proved
// unique and minimal by Generate. Set beside sudoku-top95, a search of 95
// proofs of uniqueness in the same run, its time reads as a ratio.
func SudokuGenerate(name string, puzzles int) Workload {
	return Workload{
		Name: name, About: fmt.Sprintf("%d minimal 9×9 Sudoku generated, proved unique and minimal, and rated", puzzles), Want: int64(puzzles),
		Backends: []string{"auto", "algx", "dlx"}, Workers: []int{0},
		Prepare: func() (Work, error) {
			lay, err := sudoku.NewLayout(9, nil, nil)
			if err != nil {
				return nil, err
			}
			return func(ctx context.Context, c Case) (cover.Stats, error) {
				var total cover.Stats
				for seed := range uint64(puzzles) {
					g, err := lay.Generate(ctx, nil, sudoku.GenerateOptions{Seed: seed, Backend: c.Backend})
					if err != nil {
						return total, err
					}
					total.Solutions += g.Unique.Solutions
					total.Nodes += g.Nodes
				}
				return total, nil
			}, nil
		},
	}
}

// Enumeration lists the free polyforms of one order on a lattice, as
// polyspec enumerate does; it searches no exact cover, so it has no
// backend and no nodes.
func Enumeration(name, lattice string, order int, want int64) Workload {
	return Workload{
		Name: name, About: fmt.Sprintf("every free polyform of order %d on the %s lattice", order, lattice), Want: want,
		Backends: []string{NoBackend}, Workers: []int{0},
		Prepare: func() (Work, error) {
			l, err := compile.LatticeByName(lattice)
			if err != nil {
				return nil, err
			}
			return func(context.Context, Case) (cover.Stats, error) {
				forms, err := compile.Enumerate(l, order, false)
				return cover.Stats{Solutions: int64(len(forms))}, err
			}, nil
		},
	}
}

// PolyformGenerate makes a catalogue puzzle unique for seeds 0 to
// seeds-1, as polyspec generate NAME does: by fixing pieces, or with shape
// by searching a board for its pieces. Its count is the puzzles made, each
// proved unique.
func PolyformGenerate(name, puzzle string, seeds int, shape bool) Workload {
	about := fmt.Sprintf("polyspec generate %s --seed 0..%d", puzzle, seeds-1)
	if shape {
		about += " --shape"
	}
	return Workload{
		Name: name, About: about, Want: int64(seeds),
		Backends: []string{"auto", "algx", "dlx"}, Workers: []int{0},
		Prepare: func() (Work, error) {
			e, ok := puzzles.Lookup(puzzle)
			if !ok {
				return nil, fmt.Errorf("suite: no catalogue puzzle %q", puzzle)
			}
			s, err := spec.LoadFS(puzzles.FS, e.Path)
			if err != nil {
				return nil, err
			}
			pz, err := compile.FromSpec(s)
			if err != nil {
				return nil, err
			}
			return func(ctx context.Context, c Case) (cover.Stats, error) {
				var total cover.Stats
				for seed := range uint64(seeds) {
					unique, nodes, err := generateOne(ctx, pz, shape, polygen.Options{Seed: seed, Backend: c.Backend})
					if err != nil {
						return total, err
					}
					total.Solutions += unique.Solutions
					total.Nodes += nodes
				}
				return total, nil
			}, nil
		},
	}
}

// generateOne makes one puzzle of PolyformGenerate, returning the proof of
// its uniqueness and the nodes of every search.
func generateOne(ctx context.Context, pz *compile.Puzzle, shape bool, opt polygen.Options) (polygen.Proof, int64, error) {
	if shape {
		b, err := polygen.FindBoard(ctx, pz, nil, polygen.BoardOptions{Options: opt})
		if err != nil {
			return polygen.Proof{}, 0, err
		}
		return b.Unique, b.Nodes, nil
	}
	f, err := polygen.FixPieces(ctx, pz, 0, opt)
	if err != nil {
		return polygen.Proof{}, 0, err
	}
	return f.Unique, f.Nodes, nil
}

// PipsGenerate makes NYT-like Pips games of each difficulty for seeds 1
// to seeds, as polyspec generate --difficulty LEVEL --seed N does on the
// level's board; its count is the games' solutions, one each, and its
// nodes those of the ratings. Set beside
// nyt-pips-count, a count of 84 puzzles of the same sizes in the same run,
// its time reads as a ratio.
func PipsGenerate(name string, seeds int) Workload {
	return Workload{
		Name: name, About: fmt.Sprintf("polyspec generate --difficulty easy|medium|hard --seed 1..%d", seeds), Want: int64(seeds * len(pips.Difficulties)),
		Backends: []string{pips.DefaultBackend}, Workers: []int{0},
		Prepare: func() (Work, error) {
			return func(ctx context.Context, c Case) (cover.Stats, error) {
				var total cover.Stats
				for _, level := range pips.Difficulties {
					board, err := pips.NamedBoard(pips.DifficultyBoards[level])
					if err != nil {
						return total, err
					}
					for seed := range int64(seeds) {
						cfg := pips.NewConfig()
						cfg.Board, cfg.Seed, cfg.HasSeed = board, seed+1, true
						for _, kv := range [][2]string{{"pieces", "2*"}, {"constraints", "any"}} {
							if err := cfg.Set(kv[0], kv[1]); err != nil {
								return total, err
							}
						}
						g, err := pips.GenerateRated(ctx, cfg, level, pips.GenerateOptions{})
						if err != nil {
							return total, err
						}
						total.Solutions += g.Rating.Solutions
						total.Nodes += g.Rating.Nodes
					}
				}
				return total, nil
			}, nil
		},
	}
}
