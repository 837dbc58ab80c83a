package sudoku_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile/sudoku"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/spec"
)

// solve counts a spec's solutions and returns the first grid.
func solve(t testing.TB, src string) (int64, string) {
	t.Helper()
	s, err := spec.Parse("s.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pz, err := sudoku.FromSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return count(t, pz)
}

func count(t testing.TB, pz *sudoku.Puzzle) (int64, string) {
	t.Helper()
	b, err := cover.Lookup("dlx")
	if err != nil {
		t.Fatal(err)
	}
	var first string
	st, err := b.Solve(context.Background(), pz.Problem, func(sol []int) bool {
		if first == "" {
			first = sudoku.Format(pz.Layout.N, pz.Grid(sol))
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return st.Solutions, first
}

// rows joins grid rows as Format writes them.
func rows(r ...string) string { return strings.Join(r, "\n") + "\n" }

func TestSolve(t *testing.T) {
	for _, c := range []struct {
		name, src string
		count     int64
		first     string // the solution, when there is one
	}{
		{
			name:  "the FAQ's 4x4",
			src:   "kind = \"sudoku\"\ngivens = \"\"\"\n1 . | . 4\n. 4 | . 2\n----+----\n2 3 | . 1\n. . | 2 .\n\"\"\"\n",
			count: 1,
			first: rows("1 2 3 4", "3 4 1 2", "2 3 4 1", "4 1 2 3"),
		},
		{
			name:  "an empty 4x4",
			src:   "kind = \"sudoku\"\ngivens = \"\"\"\n....\n....\n....\n....\n\"\"\"\n",
			count: 288,
		},
		{
			name:  "an empty 4x4 with both diagonals",
			src:   "kind = \"sudoku\"\ngroups = \"diagonals\"\ngivens = \"\"\"\n....\n....\n....\n....\n\"\"\"\n",
			count: 48,
		},
		{
			// Arto Inkala's puzzle, published in 2012 as the hardest yet.
			name: "a hard 9x9",
			src: "kind = \"sudoku\"\ngivens = \"\"\"\n8........\n..36.....\n.7..9.2..\n.5...7...\n....457..\n...1...3.\n" +
				"..1....68\n..85...1.\n.9....4..\n\"\"\"\n",
			count: 1,
			first: rows("8 1 2 7 5 3 6 4 9", "9 4 3 6 8 2 1 7 5", "6 7 5 4 9 1 2 8 3", "1 5 4 2 3 7 8 9 6", "3 6 9 8 4 5 7 2 1",
				"2 8 7 1 6 9 5 3 4", "5 2 1 9 7 4 3 6 8", "4 3 8 5 2 6 9 1 7", "7 9 6 3 1 8 4 5 2"),
		},
		{
			name: "a jigsaw",
			src: "kind = \"sudoku\"\nblocks = \"\"\"\nAAABBBBCC\nAAAABBBCC\nDAAEEBBCC\nDDDEEFCCC\nDDDEEFFFF\nGGDDEEEFF\nGGHHHIIFF\nGGGHHHIII\nGGHHHIIII\n\"\"\"\n" +
				"givens = \"\"\"\n.52...91.\n.......97\n.........\n6....8...\n..3....69\n..4......\n...5..27.\n...6.....\n....3....\n\"\"\"\n",
			count: 1,
			first: rows("4 5 2 7 8 3 9 1 6", "3 1 6 8 5 2 4 9 7", "5 9 7 3 2 1 6 8 4", "6 7 1 4 9 8 3 5 2", "2 8 3 1 7 4 5 6 9",
				"7 3 4 9 6 5 8 2 1", "8 4 9 5 1 6 2 7 3", "9 2 5 6 4 7 1 3 8", "1 6 8 2 3 9 7 4 5"),
		},
		{
			name:  "the same diagonals drawn as labels",
			src:   "kind = \"sudoku\"\ngivens = \"\"\"\n....\n....\n....\n....\n\"\"\"\ngroups = [\"\"\"\na..b\n.ab.\n.ba.\nb..a\n\"\"\"]\n",
			count: 48,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, first := solve(t, c.src)
			if n != c.count {
				t.Errorf("got %d solutions, want %d", n, c.count)
			}
			if c.first != "" && first != c.first {
				t.Errorf("got\n%s\nwant\n%s", first, c.first)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"kind = \"sudoku\"\ngivens = \"12\\n1\"\n", "s.toml:2:10: givens: row 2 has 1 cells, expected 2 (one per row: the grid is square)"},
		{"kind = \"sudoku\"\ngivens = \"...\\n...\\n...\"\n", "s.toml:2:10: givens: a grid of side 3 has no usual boxes: draw its blocks"},
		{"kind = \"sudoku\"\ngivens = \"1.1.\\n....\\n....\\n....\"\n", "s.toml:2:10: givens: cells 0,0 and 2,0 are both given 1"},
		{"kind = \"sudoku\"\ngivens = \"5...\\n....\\n....\\n....\"\n", "s.toml:2:10: givens: row 1, column 1: '5' is no digit of a grid of side 4 (expected 1234, or '.' for a blank)"},
		// A symbol of no grid, or a lower-case letter, is refused, not
		// read as a blank.
		{"kind = \"sudoku\"\ngivens = \"....\\n..Z.\\n....\\n....\"\n", "s.toml:2:10: givens: row 2, column 3: 'Z' is no digit of a grid of side 4 (expected 1234, or '.' for a blank)"},
		{"kind = \"sudoku\"\ngivens = \"....\\n....\\n....\\n...a\"\n", "s.toml:2:10: givens: row 4, column 4: 'a' is no digit of a grid of side 4 (expected 1234, or '.' for a blank)"},
		{"kind = \"sudoku\"\nblocks = \"aabb\\naabb\\nccdd\\ncddd\"\ngivens = \"....\\n....\\n....\\n....\"\n", "s.toml:2:10: blocks: block c has 3 cells, expected 4"},
		{"kind = \"sudoku\"\ngroups = \"ab..\\nab..\\nab..\\nb...\"\ngivens = \"....\\n....\\n....\\n....\"\n", "s.toml:2:10: groups[0]: group a has 3 cells, expected 4"},
		{"kind = \"sudoku\"\ngroups = \"abc\"\ngivens = \"....\\n....\\n....\\n....\"\n", "s.toml:2:10: groups[0]: expected \"diagonals\" or a drawing of labels: row 1 has 3 labels, expected 4"},
	} {
		s, err := spec.Parse("s.toml", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sudoku.FromSpec(s); err == nil || err.Error() != c.want {
			t.Errorf("got error %v, want %s", err, c.want)
		}
	}
}

// BenchmarkTop95 proves that each of 95 hard puzzles has one solution, as
// polyspec solve --count does (counting without building solutions, with
// the default backend), sharing one layout; it reports puzzles per second:
//
//	go test ./compile/sudoku -run '^$' -bench Top95
func BenchmarkTop95(b *testing.B) {
	data, err := os.ReadFile("testdata/top95.txt")
	if err != nil {
		b.Fatal(err)
	}
	list, err := sudoku.ReadList("top95.txt", data)
	if err != nil {
		b.Fatal(err)
	}
	lay, err := sudoku.NewLayout(9, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	backend, err := cover.Lookup(cover.DefaultBackend)
	if err != nil {
		b.Fatal(err)
	}
	solved := 0
	for b.Loop() {
		for _, g := range list.Puzzles {
			pz, err := lay.Compile(g)
			if err != nil {
				b.Fatal(err)
			}
			if st, err := backend.Solve(context.Background(), pz.Problem, nil); err != nil || st.Solutions != 1 {
				b.Fatalf("%d solutions, %v", st.Solutions, err)
			}
			solved++
		}
	}
	b.ReportMetric(float64(solved)/b.Elapsed().Seconds(), "puzzles/s")
}
