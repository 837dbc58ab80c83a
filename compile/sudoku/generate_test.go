package sudoku_test

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile/sudoku"
)

// layouts are the grids the generator is tried on: the usual boxes of
// three sizes, rectangular boxes, a jigsaw and the diagonals.
var layouts = []struct {
	name   string
	n      int
	blocks []string
	extra  [][]int
}{
	{name: "4x4", n: 4},
	{name: "6x6 in 2x3 boxes", n: 6, blocks: mustBoxes(6)},
	{name: "9x9", n: 9},
	{name: "9x9 jigsaw", n: 9, blocks: strings.Split("AAABBBBCCAAAABBBCCDAAEEBBCCDDDEEFCCCDDDEEFFFFGGDDEEEFFGGHHHIIFFGGGHHHIIIGGHHHIIII", "")},
	{name: "9x9 with diagonals", n: 9, extra: [][]int{diagonal(9, 0, 10), diagonal(9, 8, 8)}},
}

func mustBoxes(n int) []string {
	labels, err := sudoku.BoxLabels(n)
	if err != nil {
		panic(err)
	}
	return labels
}

// diagonal lists the n cells from first on, step apart.
func diagonal(n, first, step int) []int {
	var out []int
	for i := range n {
		out = append(out, first+i*step)
	}
	return out
}

func generate(t testing.TB, lay *sudoku.Layout, seed uint64, sym sudoku.Symmetry) *sudoku.Generated {
	t.Helper()
	g, err := lay.Generate(context.Background(), nil, sudoku.GenerateOptions{Seed: seed, Symmetry: sym})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGenerate checks on every layout and symmetry that the same seed
// makes the same puzzle and another seed another, that the pattern keeps
// the symmetry, and that the puzzle is unique and minimal by a second
// exact-cover backend, dlx, as Generate's own proofs used algx.
func TestGenerate(t *testing.T) {
	ctx := context.Background()
	for _, l := range layouts {
		lay, err := sudoku.NewLayout(l.n, l.blocks, l.extra)
		if err != nil {
			t.Fatal(err)
		}
		for _, sym := range []sudoku.Symmetry{sudoku.NoSymmetry, sudoku.HalfTurn, sudoku.QuarterTurn, sudoku.Mirror, sudoku.Diagonal} {
			t.Run(l.name+"/"+sym.String(), func(t *testing.T) {
				g := generate(t, lay, 7, sym)
				if again := generate(t, lay, 7, sym); !slices.Equal(again.Givens, g.Givens) {
					t.Errorf("seed 7 made two puzzles:\n%s\n%s", sudoku.Format(l.n, g.Givens), sudoku.Format(l.n, again.Givens))
				}
				if other := generate(t, lay, 8, sym); slices.Equal(other.Givens, g.Givens) {
					t.Errorf("seeds 7 and 8 made the same puzzle")
				}
				for c, d := range g.Givens {
					if d != 0 && g.Grid[c] != d {
						t.Fatalf("cell %d: given %d, solution %d", c, d, g.Grid[c])
					}
					if img := image(sym, l.n, c); (d == 0) != (g.Givens[img] == 0) {
						t.Errorf("cells %d and %d break the %s symmetry", c, img, sym)
					}
				}
				if found, err := lay.CountUpTo(ctx, g.Givens, 0, "dlx"); err != nil || found != 1 {
					t.Fatalf("dlx: %d solutions, %v", found, err)
				}
				needed := 0
				for c, d := range g.Givens {
					if d == 0 || slices.Min(orbit(sym, l.n, c)) < c {
						continue
					}
					found, err := lay.CountUpTo(ctx, without(g.Givens, orbit(sym, l.n, c)...), 2, "dlx")
					if err != nil || found != 2 {
						t.Errorf("without the given at %d: %d solutions, %v", c, found, err)
					}
					needed++
				}
				if g.Needed != needed {
					t.Errorf("Generate proved %d orbits of givens needed, dlx %d", g.Needed, needed)
				}
			})
		}
	}
}

// image is where sym takes cell c of a grid of side n, as the help of
// --symmetry describes it.
func image(sym sudoku.Symmetry, n, c int) int {
	r, col := c/n, c%n
	switch sym {
	case sudoku.HalfTurn:
		return (n-1-r)*n + n - 1 - col
	case sudoku.QuarterTurn:
		return col*n + n - 1 - r
	case sudoku.Mirror:
		return r*n + n - 1 - col
	case sudoku.Diagonal:
		return col*n + r
	}
	return c
}

// orbit lists the cells sym takes c to, c first.
func orbit(sym sudoku.Symmetry, n, c int) []int {
	out := []int{c}
	for d := image(sym, n, c); d != c; d = image(sym, n, d) {
		out = append(out, d)
	}
	return out
}

func without(givens []int, cells ...int) []int {
	out := slices.Clone(givens)
	for _, c := range cells {
		out[c] = 0
	}
	return out
}

// TestHundredUniqueAndMinimal generates 100 puzzles of 9×9 and checks each
// with a plain backtracking solver of its own, which shares no code with
// the package: one solution, and a second one whenever any single given is
// taken away. A half-turn puzzle is minimal for its pairs; its spare
// givens, any that may go alone, are checked to be exactly those.
func TestHundredUniqueAndMinimal(t *testing.T) {
	lay, err := sudoku.NewLayout(9, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(100) {
		sym := []sudoku.Symmetry{sudoku.NoSymmetry, sudoku.HalfTurn}[seed%2]
		g := generate(t, lay, seed, sym)
		if got := backtrack(g.Givens, 2); got != 1 {
			t.Fatalf("seed %d: %d solutions\n%s", seed, got, sudoku.Format(9, g.Givens))
		}
		for c, d := range g.Givens {
			if d == 0 {
				continue
			}
			spare := slices.Contains(g.Spare, c)
			switch got := backtrack(without(g.Givens, c), 2); {
			case got == 2 && spare, got == 1 && !spare:
				t.Errorf("seed %d: without the given at %d, %d solutions, and spare is %v", seed, c, got, spare)
			}
			if got := backtrack(without(g.Givens, orbit(sym, 9, c)...), 2); got != 2 {
				t.Errorf("seed %d: without the givens at %v, %d solutions", seed, orbit(sym, 9, c), got)
			}
		}
	}
}

// backtrack counts the solutions of a 9×9 grid with the usual boxes, up to
// limit, by trying each digit in the blank cell with fewest left.
func backtrack(grid []int, limit int) int {
	grid = slices.Clone(grid)
	var used [27]uint16 // the digits in each row, column and box, as bits
	unit := func(c int) [3]int { return [3]int{c / 9, 9 + c%9, 18 + c/27*3 + c%9/3} }
	for c, d := range grid {
		if d != 0 {
			for _, u := range unit(c) {
				used[u] |= 1 << d
			}
		}
	}
	found := 0
	var rec func()
	rec = func() {
		best, bestFree := -1, uint16(0)
		for c, d := range grid {
			if d != 0 {
				continue
			}
			u := unit(c)
			free := ^(used[u[0]] | used[u[1]] | used[u[2]]) & 0x3fe
			if best < 0 || bits.OnesCount16(free) < bits.OnesCount16(bestFree) {
				best, bestFree = c, free
			}
		}
		if best < 0 {
			found++
			return
		}
		u := unit(best)
		for d := 1; d <= 9 && found < limit; d++ {
			if bestFree&(1<<d) == 0 {
				continue
			}
			grid[best] = d
			for _, k := range u {
				used[k] |= 1 << d
			}
			rec()
			for _, k := range u {
				used[k] &^= 1 << d
			}
			grid[best] = 0
		}
	}
	rec()
	return found
}

func TestGenerateErrors(t *testing.T) {
	noGrid := []int{0, 0, 1, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	lay, err := sudoku.NewLayout(4, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		start []int
		opt   sudoku.GenerateOptions
		want  string
	}{
		{"givens that clash", []int{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, sudoku.GenerateOptions{}, "cells 0,0 and 1,0 are both given 1"},
		// The top row needs a 4 in the first box, which has one below.
		{"givens with no grid", noGrid, sudoku.GenerateOptions{}, sudoku.ErrNoGrid.Error()},
		{"an unknown backend", nil, sudoku.GenerateOptions{Backend: "nope"}, `cover: unknown backend "nope"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := lay.Generate(context.Background(), c.start, c.opt)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("got %v, want %s", err, c.want)
			}
		})
	}
	if _, err := lay.Generate(context.Background(), noGrid, sudoku.GenerateOptions{}); !errors.Is(err, sudoku.ErrNoGrid) {
		t.Errorf("got %v, want ErrNoGrid", err)
	}
}

// TestGenerateKeepsStart checks that the solution keeps the start's givens.
func TestGenerateKeepsStart(t *testing.T) {
	lay, err := sudoku.NewLayout(9, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := make([]int, 81)
	start[0], start[40], start[80] = 5, 1, 9
	g, err := lay.Generate(context.Background(), start, sudoku.GenerateOptions{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if g.Grid[0] != 5 || g.Grid[40] != 1 || g.Grid[80] != 9 {
		t.Errorf("the solution lost the start's givens:\n%s", sudoku.Format(9, g.Grid))
	}
}

func TestBoxLabels(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string // the labels' rows, "" for the usual boxes
		err  string
	}{
		{n: 4},
		{n: 9},
		{n: 6, want: "111222 111222 333444 333444 555666 555666"},
		{n: 8, want: "11112222 11112222 33334444 33334444 55556666 55556666 77778888 77778888"},
		{n: 7, err: "a 7×7 grid has no boxes (7 is prime, so no rectangles of 7 cells tile it): draw its blocks in a spec"},
		{n: 26, err: "a grid of side 26: expected 1 to 25"},
	} {
		labels, err := sudoku.BoxLabels(c.n)
		var got string
		for i := 0; i < len(labels); i += c.n {
			got = strings.TrimSpace(got + " " + strings.Join(labels[i:i+c.n], ""))
		}
		if got != c.want || fmt.Sprint(err) != c.err && (err != nil || c.err != "") {
			t.Errorf("BoxLabels(%d) = %q, %v; want %q, %s", c.n, got, err, c.want, c.err)
		}
		if err == nil {
			if _, err := sudoku.NewLayout(c.n, labels, nil); err != nil {
				t.Errorf("NewLayout(%d): %v", c.n, err)
			}
		}
	}
}

func TestParseSymmetry(t *testing.T) {
	for i, name := range sudoku.SymmetryNames {
		if s, err := sudoku.ParseSymmetry(name); err != nil || int(s) != i || s.String() != name {
			t.Errorf("ParseSymmetry(%q) = %v, %v", name, s, err)
		}
	}
	if _, err := sudoku.ParseSymmetry("spiral"); err == nil || err.Error() != `symmetry "spiral": expected one of none, half-turn, quarter-turn, mirror, diagonal` {
		t.Errorf("got %v", err)
	}
}

func ExampleLayout_Generate() {
	lay, err := sudoku.NewLayout(4, nil, nil)
	if err != nil {
		panic(err)
	}
	g, err := lay.Generate(context.Background(), nil, sudoku.GenerateOptions{Seed: 1, Symmetry: sudoku.HalfTurn})
	if err != nil {
		panic(err)
	}
	fmt.Print(sudoku.Format(4, g.Givens))
	fmt.Println(g.Unique.Solutions, "solution;", g.Needed, "pairs of givens, each needed;", g.Rating)
	// Output:
	// . . 1 .
	// . . 4 .
	// . 1 . .
	// . 2 . .
	// 1 solution; 2 pairs of givens, each needed; easy: hidden single ×12
}

func ExampleLayout_Rate() {
	lay, err := sudoku.NewLayout(4, nil, nil)
	if err != nil {
		panic(err)
	}
	// The FAQ's 4×4, row by row.
	givens := []int{1, 0, 0, 4, 0, 4, 0, 2, 2, 3, 0, 1, 0, 0, 2, 0}
	found, err := lay.CountUpTo(context.Background(), givens, 2, "dlx")
	if err != nil {
		panic(err)
	}
	r, err := lay.Rate(context.Background(), givens, "dlx")
	if err != nil {
		panic(err)
	}
	fmt.Println(found, "solution;", r)
	// Output:
	// 1 solution; easy: hidden single ×8
}

// BenchmarkGenerate makes minimal 9×9 puzzles, one per seed, beside a
// reference measured in the same run, proving one of them unique (the
// search that Generate runs about a hundred times), so that the figures
// read as a ratio on any machine:
//
//	go test ./compile/sudoku -run '^$' -bench Generate -count 5
func BenchmarkGenerate(b *testing.B) {
	lay, err := sudoku.NewLayout(9, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, sym := range []sudoku.Symmetry{sudoku.NoSymmetry, sudoku.HalfTurn} {
		b.Run(sym.String(), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				generate(b, lay, seed, sym)
				seed++
			}
		})
	}
	b.Run("reference-unique", func(b *testing.B) {
		g := generate(b, lay, 1, sudoku.NoSymmetry)
		for b.Loop() {
			if found, err := lay.CountUpTo(context.Background(), g.Givens, 2, "algx"); err != nil || found != 1 {
				b.Fatal(found, err)
			}
		}
	})
}
