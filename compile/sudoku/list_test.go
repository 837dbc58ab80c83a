package sudoku_test

import (
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile/sudoku"
)

func TestReadList(t *testing.T) {
	l, err := sudoku.ReadList("l.txt", []byte("# two 4x4 grids\n1..4.4.2\x2023.1..2.\n\n1...............\r\n"))
	if err == nil {
		t.Fatalf("a 15-symbol line with a space inside read as %v", l)
	}
	l, err = sudoku.ReadList("l.txt", []byte("# two 4x4 grids\n1..4.4.223.1..2.\n\n1000000000000000\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if l.N != 4 || len(l.Puzzles) != 2 || l.Lines[1] != 4 || l.Puzzles[0][3] != 4 || l.Puzzles[1][0] != 1 || l.Puzzles[1][1] != 0 {
		t.Errorf("got %+v", l)
	}
	for _, c := range []struct{ src, err string }{
		{"", "l.txt: no puzzles (expected one grid per line)"},
		{"# nothing\n", "l.txt: no puzzles (expected one grid per line)"},
		{"123\n", "l.txt:1:1: a grid of 3 symbols, expected a square number of them (81 for 9×9) up to 625"},
		{"1..4.4.223.1..2.\n1..4\n", "l.txt:2:1: a grid of 4 symbols, expected 16 like the first"},
		{"1..4.4.225.1..2.\n", "l.txt:1:10: '5' is no digit of a grid of side 4 (expected 1234, or '.' for a blank)"},
	} {
		if _, err := sudoku.ReadList("l.txt", []byte(c.src)); err == nil || err.Error() != c.err {
			t.Errorf("%q: got %v, want %s", c.src, err, c.err)
		}
	}
}

func TestIsList(t *testing.T) {
	for _, c := range []struct {
		head string
		want bool
	}{
		{"# top95\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n", true},
		{"1..4.4.223.1..2.", true},
		{"kind = \"sudoku\"\n", false},
		{"# only a comment\n", false},
		{"1234\n", false},
	} {
		if got := sudoku.IsList([]byte(c.head)); got != c.want {
			t.Errorf("IsList(%q) = %v", c.head, got)
		}
	}
}

// FuzzReadList checks that any input reads or gives an error, and that
// every grid read has the side's number of cells and digits in range.
func FuzzReadList(f *testing.F) {
	f.Add([]byte("1..4.4.223.1..2.\n"))
	f.Add([]byte("# c\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"))
	// a letter that is no digit of the grid, on 9x9 and on 16x16
	f.Add([]byte("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....Z\n"))
	f.Add([]byte(strings.Repeat(".", 255) + "g\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := sudoku.ReadList("f.txt", data)
		if err != nil {
			return
		}
		for _, g := range l.Puzzles {
			if len(g) != l.N*l.N {
				t.Fatalf("%d cells on a grid of side %d", len(g), l.N)
			}
			for _, d := range g {
				if d < 0 || d > l.N {
					t.Fatalf("digit %d on a grid of side %d", d, l.N)
				}
			}
		}
	})
}
