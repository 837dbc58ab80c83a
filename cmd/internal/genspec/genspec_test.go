package genspec

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestSudokuSize(t *testing.T) {
	for _, tc := range []struct {
		v    string
		n    int
		want string // the error, "" for none
	}{
		{"9x9", 9, ""},
		{"16", 16, ""},
		{"4x4", 4, ""},
		{"25x25", 25, ""},
		{"9x8", 0, `size 9x8: a Sudoku grid is square (9x8 has 8 rows of 9 cells, and needs as many of each)`},
		{"3x3", 0, `size 3x3: expected 4x4 up to 25x25`},
		{"26x26", 0, `size 26x26: expected 4x4 up to 25x25`},
		{"nine", 0, `size "nine": expected a size such as 9x9`},
	} {
		n, err := SudokuSize("size", tc.v)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if n != tc.n || got != tc.want {
			t.Errorf("SudokuSize(%q) = %d, %q; want %d, %q", tc.v, n, got, tc.n, tc.want)
		}
	}
}

// TestPlainSudoku: the boxes of a plain Sudoku, written as the blocks key
// when they are not square.
func TestPlainSudoku(t *testing.T) {
	for _, tc := range []struct {
		n      int
		blocks []string
		want   string
	}{
		{6, []string{"1 1 1 2 2 2", "1 1 1 2 2 2", "3 3 3 4 4 4", "3 3 3 4 4 4", "5 5 5 6 6 6", "5 5 5 6 6 6"}, ""},
		{7, nil, "size 7x7: a 7×7 grid has no boxes"},
	} {
		g, err := PlainSudoku(tc.n, fmt.Sprintf("size %dx%d", tc.n, tc.n), "polyspec generate")
		if tc.want != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("%d: %v, want %s", tc.n, err, tc.want)
			}
			continue
		}
		if err != nil || g.Layout.N != tc.n {
			t.Fatalf("%d: %v", tc.n, err)
		}
		if !slices.Equal(g.Blocks, tc.blocks) {
			t.Errorf("%d: blocks %q, want %q", tc.n, g.Blocks, tc.blocks)
		}
	}
}

func TestBoxed(t *testing.T) {
	rows := []string{"1 2 3 4", "3 4 1 2", "2 1 4 3", "4 3 2 1"}
	boxes := []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}
	want := []string{"1 2 | 3 4", "3 4 | 1 2", "----+----", "2 1 | 4 3", "4 3 | 2 1"}
	if got := Boxed(rows, boxes); !slices.Equal(got, want) {
		t.Errorf("boxes: %q, want %q", got, want)
	}
	// A jigsaw whose blocks no straight line parts keeps its rows.
	jigsaw := []int{0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3}
	if got := Boxed(rows, jigsaw); !slices.Equal(got, rows) {
		t.Errorf("jigsaw: %q, want the rows as they are", got)
	}
}

func TestTomlRows(t *testing.T) {
	for _, tc := range []struct {
		rows []string
		want string
	}{
		{[]string{"diagonals"}, `"diagonals"`},
		{[]string{`a "b"`, `c\d`}, "\"\"\"\na \\\"b\\\"\nc\\\\d\n\"\"\""},
		{[]string{"tab\there"}, `"tab\u0009here"`},
	} {
		if got := tomlRows(tc.rows); got != tc.want {
			t.Errorf("tomlRows(%q) = %s, want %s", tc.rows, got, tc.want)
		}
	}
	for k, want := range map[string]string{"F'": `"F'"`, "P5-b_2": "P5-b_2"} {
		if got := tomlKey(k); got != want {
			t.Errorf("tomlKey(%q) = %s, want %s", k, got, want)
		}
	}
}
