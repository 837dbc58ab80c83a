package polygen_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/compile/polygen"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

func catalogueSpec(t testing.TB, name string) *spec.Spec {
	t.Helper()
	e, ok := puzzles.Lookup(name)
	if !ok {
		t.Fatalf("no catalogue spec %s", name)
	}
	s, err := spec.LoadFS(puzzles.FS, e.Path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func compileSpec(t testing.TB, s *spec.Spec) *compile.Puzzle {
	t.Helper()
	pz, err := compile.FromSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return pz
}

// countWith counts the puzzle's solutions with a backend of its own,
// stopping at limit (0: all), modulo the board's symmetry if unique.
func countWith(t testing.TB, pz *compile.Puzzle, backend string, unique bool, limit int64) int64 {
	t.Helper()
	b, err := cover.Lookup(backend)
	if err != nil {
		t.Fatal(err)
	}
	var group []cover.Symmetry
	if unique {
		group = pz.Symmetries()
	}
	d, err := cover.NewDistinct(pz.Problem, group)
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	if _, err := d.Solve(context.Background(), b, func([]int) bool { n++; return n != limit }); err != nil {
		t.Fatal(err)
	}
	return n
}

// atRules writes fixed pieces as rules of the rule language.
func atRules(l compile.Lattice, fixed []polygen.Placed) []string {
	var rules []string
	for _, p := range fixed {
		cells := make([]string, len(p.Cells))
		for i, c := range p.Cells {
			cells[i] = compile.CellName(c, l)
		}
		rules = append(rules, fmt.Sprintf("%q", p.Name+" at "+strings.Join(cells, " ")))
	}
	return rules
}

// withRules compiles the spec's source with rules added, through the spec
// loader and the rule language, which FixPieces does not use.
func withRules(t testing.TB, src string, rules []string) *compile.Puzzle {
	t.Helper()
	i := strings.Index(src, "[board]")
	s, err := spec.Parse("fixed.toml", []byte(src[:i]+"rules = ["+strings.Join(rules, ", ")+"]\n"+src[i:]))
	if err != nil {
		t.Fatal(err)
	}
	return compileSpec(t, s)
}

// TestFixPieces checks each result with the rule language and two other
// backends than the one FixPieces searched with: one solution with the
// fixed pieces, the one reported, and a second without any one of them.
func TestFixPieces(t *testing.T) {
	for _, c := range []struct {
		name, src string
		seeds     []uint64
		minimum   bool // whether the minimum is shown
	}{
		{"pentominoes 6x10", "pieces = \"5*\"\n[board]\nsize = \"10x6\"\n", []uint64{1, 2, 3}, true},
		{"pentominoes 3x20", "pieces = \"5*\"\n[board]\nsize = \"20x3\"\n", []uint64{1, 2}, true},
		{"tetrominoes twice 8x5", "pieces = \"I4*2,L4*2,O4*2,Z4*2,T4*2\"\n[board]\nsize = \"8x5\"\n", []uint64{1, 4}, true},
		{"hexiamonds", "lattice = \"iamond\"\npieces = \"6*\"\n[board]\nsize = \"6x6\"\n", []uint64{1}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := spec.Parse("base.toml", []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			pz := compileSpec(t, s)
			for _, seed := range c.seeds {
				f, err := polygen.FixPieces(context.Background(), pz, 0, polygen.Options{Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				again, err := polygen.FixPieces(context.Background(), pz, 0, polygen.Options{Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				if fmt.Sprint(again.Fixed) != fmt.Sprint(f.Fixed) {
					t.Errorf("seed %d: fixed %v, then %v", seed, f.Fixed, again.Fixed)
				}
				if f.Minimum != c.minimum || f.Unique.Solutions != 1 || len(f.Needed) != len(f.Fixed) {
					t.Errorf("seed %d: minimum %v, unique %+v, %d proofs of need for %d pieces", seed, f.Minimum, f.Unique, len(f.Needed), len(f.Fixed))
				}
				for _, p := range f.Fixed {
					if !slices.ContainsFunc(f.Solution, func(q polygen.Placed) bool { return q.Name == p.Name && slices.Equal(q.Cells, p.Cells) }) {
						t.Errorf("seed %d: fixed %v is not in the solution", seed, p)
					}
				}
				rules := atRules(pz.Lattice, f.Fixed)
				fixed := withRules(t, c.src, rules)
				for _, b := range []string{"dlx", "memo"} {
					if n := countWith(t, fixed, b, false, 0); n != 1 {
						t.Errorf("seed %d: %s: %d solutions with %v, want 1", seed, b, n, rules)
					}
				}
				for i := range rules {
					without := pz
					if less := slices.Delete(slices.Clone(rules), i, i+1); len(less) > 0 {
						without = withRules(t, c.src, less)
					}
					if n := countWith(t, without, "dlx", false, 2); n != 2 {
						t.Errorf("seed %d: dlx: %d solutions without %s, want a second", seed, n, rules[i])
					}
				}
			}
		})
	}
}

// TestFixPiecesNoSolution checks that a puzzle with no solution is
// refused as such.
func TestFixPiecesNoSolution(t *testing.T) {
	s, err := spec.Parse("none.toml", []byte("pieces = \"L4,T4,I4,O4,Z4\"\n[board]\nsize = \"5x4\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := polygen.FixPieces(context.Background(), compileSpec(t, s), 0, polygen.Options{}); err != polygen.ErrNoSolution {
		t.Errorf("got %v, want ErrNoSolution", err)
	}
}

func ExampleFixPieces() {
	s, err := spec.Parse("p.toml", []byte("pieces = \"5*\"\n[board]\nsize = \"20x3\"\n"))
	if err != nil {
		panic(err)
	}
	pz, err := compile.FromSpec(s)
	if err != nil {
		panic(err)
	}
	f, err := polygen.FixPieces(context.Background(), pz, 0, polygen.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	for _, p := range f.Fixed {
		fmt.Println(p.Name, p.Cells)
	}
	fmt.Println("unique:", f.Unique.Solutions == 1, "minimum:", f.Minimum)
	// Output:
	// N [[2 1 0] [3 0 0] [3 1 0] [4 0 0] [5 0 0]]
	// unique: true minimum: true
}

// TestFindBoard checks each board found with two other backends than the
// one FindBoard searched with, through the spec loader: one solution
// modulo the board's symmetries, as many without as FindBoard counted.
func TestFindBoard(t *testing.T) {
	for _, c := range []struct {
		name, src string
		seeds     []uint64
		assembled bool
	}{
		// The five tetrominoes tile no rectangle: a checkerboard colours
		// T's squares three to one and the others' two to two.
		{"tetrominoes", "pieces = \"4*\"\n[board]\nsize = \"5x4\"\n", []uint64{1, 2, 3}, true},
		{"hexiamonds", "lattice = \"iamond\"\npieces = \"6*\"\n[board]\nsize = \"9x4\"\n", []uint64{1}, false},
		{"pentominoes", "pieces = \"5*\"\n[board]\nsize = \"10x6\"\n", []uint64{0}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := spec.Parse("base.toml", []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			pz := compileSpec(t, s)
			for _, seed := range c.seeds {
				b, err := polygen.FindBoard(context.Background(), pz, nil, polygen.BoardOptions{Options: polygen.Options{Seed: seed}})
				if err != nil {
					t.Fatal(err)
				}
				if b.Assembled != c.assembled || b.Unique.Solutions != 1 || len(b.Cells) != len(pz.Board) {
					t.Errorf("seed %d: assembled %v, unique %+v, %d cells", seed, b.Assembled, b.Unique, len(b.Cells))
				}
				cells := make([]string, len(b.Cells))
				for i, cell := range b.Cells {
					cells[i] = compile.CellName(cell, pz.Lattice)
				}
				src := c.src[:strings.Index(c.src, "[board]")] + "[board]\ncells = \"" + strings.Join(cells, " ") + "\"\n"
				found, err := spec.Parse("found.toml", []byte(src))
				if err != nil {
					t.Fatal(err)
				}
				fz := compileSpec(t, found)
				for _, backend := range []string{"dlx", "memo"} {
					if n := countWith(t, fz, backend, true, 0); n != 1 {
						t.Errorf("seed %d: %s: %d solutions modulo symmetry, want 1", seed, backend, n)
					}
					if n := countWith(t, fz, backend, false, 0); n != b.All.Solutions {
						t.Errorf("seed %d: %s: %d solutions, FindBoard counted %d", seed, backend, n, b.All.Solutions)
					}
				}
			}
		})
	}
}

// TestFindBoardAgain checks that a seed makes the same board.
func TestFindBoardAgain(t *testing.T) {
	s, err := spec.Parse("t.toml", []byte("pieces = \"4*\"\n[board]\nsize = \"5x4\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	pz := compileSpec(t, s)
	var boards []string
	for _, seed := range []uint64{5, 5, 6} {
		b, err := polygen.FindBoard(context.Background(), pz, nil, polygen.BoardOptions{Options: polygen.Options{Seed: seed}})
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, fmt.Sprint(b.Cells))
	}
	if boards[0] != boards[1] || boards[0] == boards[2] {
		t.Errorf("seeds 5, 5 and 6 made %q", boards)
	}
}

// TestFindBoardRefuses checks the requests FindBoard cannot serve.
func TestFindBoardRefuses(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"rules", "pieces = \"5*\"\nrules = \"X at 4,0 3,1 4,1 5,1 4,2\"\n[board]\nsize = \"10x6\"\n", "without rules"},
		{"omit", "pieces = \"4*\"\nomit = 1\n[board]\nsize = \"4x4\"\n", "pieces left out"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := spec.Parse("r.toml", []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			_, err = polygen.FindBoard(context.Background(), compileSpec(t, s), nil, polygen.BoardOptions{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error with %q", err, c.want)
			}
		})
	}
	s, err := spec.Parse("t.toml", []byte("pieces = \"4*\"\n[board]\nsize = \"5x4\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	pz := compileSpec(t, s)
	if _, err := polygen.FindBoard(context.Background(), pz, pz.Lattice.Block(4, 4, 1), polygen.BoardOptions{}); err == nil || !strings.Contains(err.Error(), "the pieces cover 20 cells but the board has 16") {
		t.Errorf("a start of 16 cells for 20: got %v", err)
	}
}

func ExampleFindBoard() {
	s, err := spec.Parse("t.toml", []byte("pieces = \"4*\"\n[board]\nsize = \"5x4\"\n"))
	if err != nil {
		panic(err)
	}
	pz, err := compile.FromSpec(s)
	if err != nil {
		panic(err)
	}
	b, err := polygen.FindBoard(context.Background(), pz, nil, polygen.BoardOptions{Options: polygen.Options{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Println(len(b.Cells), "cells, from the pieces laid side by side:", b.Assembled)
	fmt.Println("one solution:", b.Unique.Solutions == 1, "of", b.All.Solutions, "in all")
	// Output:
	// 20 cells, from the pieces laid side by side: true
	// one solution: true of 1 in all
}
