package sudoku

import (
	"bytes"
	"fmt"
	"math"
	"strings"
)

// A List is a file of puzzles in the form Sudoku collections exchange them:
// one grid per line, its n² symbols row by row with '.' (or '0' on grids up
// to 9×9) for a blank. Blank lines and lines starting with '#' are
// comments. Every grid has the side of the first.
type List struct {
	N       int
	Puzzles [][]int // givens per cell, 0 for a blank
	Lines   []int   // the line each puzzle is on, for messages
}

// ReadList reads a list of puzzles. Errors are "name:line:col: message",
// pointing at the offending symbol.
func ReadList(name string, data []byte) (*List, error) {
	l := &List{}
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimRight(line, "\r \t")
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		errorf := func(col int, format string, args ...any) error {
			return fmt.Errorf("%s:%d:%d: %s", name, i+1, col, fmt.Sprintf(format, args...))
		}
		if l.N == 0 {
			n := int(math.Round(math.Sqrt(float64(len(line)))))
			if n*n != len(line) || n > len(Symbols) {
				return nil, errorf(1, "a grid of %d symbols, expected a square number of them (81 for 9×9) up to %d", len(line), len(Symbols)*len(Symbols))
			}
			l.N = n
		}
		if len(line) != l.N*l.N {
			return nil, errorf(1, "a grid of %d symbols, expected %d like the first", len(line), l.N*l.N)
		}
		g := make([]int, len(line))
		for c, b := range line {
			switch {
			case b == '.' || b == '0' && l.N <= 9:
				continue
			case strings.IndexByte(Symbols[:l.N], b) >= 0:
				g[c] = strings.IndexByte(Symbols, b) + 1
			default:
				return nil, errorf(c+1, "%q is no digit of a grid of side %d (expected %s, or '.' for a blank)", b, l.N, Symbols[:l.N])
			}
		}
		l.Puzzles = append(l.Puzzles, g)
		l.Lines = append(l.Lines, i+1)
	}
	if l.N == 0 {
		return nil, fmt.Errorf("%s: no puzzles (expected one grid per line)", name)
	}
	return l, nil
}

// IsList reports whether a file's first bytes look like a list of puzzles:
// its first line that is no comment holds only grid symbols.
func IsList(head []byte) bool {
	for _, line := range bytes.Split(head, []byte("\n")) {
		line = bytes.TrimRight(line, "\r \t")
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		return len(line) >= 16 && bytes.IndexFunc(line, func(r rune) bool {
			return r != '.' && r != '0' && !strings.ContainsRune(Symbols, r)
		}) < 0
	}
	return false
}
