// Package record reads and writes the solution records of Polyform
// Puzzler's solution files, which polyspec writes too: the one place their
// syntax is kept, for the importer in compile/puzzler, for render, which
// draws them, and for emit, which writes them with their pictures.
//
// Start reading at this file (the records); closing.go reads the
// "solving" and closing lines, write.go writes records, and coord.go
// reads coordinates within bounds.
package record

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// A Piece is a piece name and the lattice coordinates of its cells, as a
// record lists them; square lattices use the first two coordinates only.
type Piece struct {
	Name  string
	Cells [][3]int
}

// A Record is one solution read back from a solution file.
type Record struct {
	Number  int
	Pieces  []Piece
	Omitted []string // pieces listed as "! NAME"
	Picture string   // the picture text, lines joined with "\n"
	Line    int      // line number of the "solution N:" header
	// Dims is how many coordinates the cells are written with, 2 or 3, or
	// 0 when the pieces disagree.
	Dims int
}

// MaxLine is the longest line Read reads, in bytes: far
// beyond the longest picture line of any real solution file.
const MaxLine = 1 << 20

// Read reads the solution records of a Polyform Puzzler (or polyspec)
// solution file. It stops after limit records when limit > 0.
func Read(r io.Reader, filename string, limit int) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), MaxLine)
	var out []Record
	line := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		line++
		return strings.TrimRight(sc.Text(), "\r"), true
	}
	// failed reports why next stopped: a read error, or nil at the end
	// of the file.
	failed := func() error {
		if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%s:%d: line longer than %d bytes: not a solution file", filename, line+1, MaxLine)
		} else if err != nil {
			return fmt.Errorf("%s: %v", filename, err)
		}
		return nil
	}
	for {
		text, ok := next()
		if !ok {
			break
		}
		if !strings.HasPrefix(text, "solution ") {
			continue
		}
		rec := Record{Line: line}
		numText := ""
		if f := strings.Fields(text[len("solution "):]); len(f) > 0 {
			numText = strings.TrimSuffix(f[0], ":")
		}
		n, err := strconv.Atoi(numText)
		if err != nil {
			return nil, fmt.Errorf("%s:%d:10: expected a solution number, found %q", filename, line, numText)
		}
		rec.Number = n
		for {
			text, ok = next()
			if !ok || text == "" {
				break
			}
			if name, omitted := strings.CutPrefix(text, "! "); omitted {
				rec.Omitted = append(rec.Omitted, strings.TrimSpace(name))
				continue
			}
			p, dims, err := parsePiece(text)
			if err != nil {
				return nil, fmt.Errorf("%s:%d:%d: %v", filename, line, err.col, err.msg)
			}
			if len(rec.Pieces) == 0 {
				rec.Dims = dims
			} else if dims != rec.Dims {
				rec.Dims = 0
			}
			rec.Pieces = append(rec.Pieces, p)
		}
		if !ok {
			if err := failed(); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("%s:%d: record of solution %d ends before its picture", filename, line, n)
		}
		var pic []string
		for {
			text, ok = next()
			if !ok || text == "" {
				break
			}
			pic = append(pic, text)
		}
		rec.Picture = strings.Join(pic, "\n")
		out = append(out, rec)
		if limit > 0 && len(out) == limit {
			break
		}
	}
	if err := failed(); err != nil {
		return nil, err
	}
	return out, nil
}

// intersection is a grid point of an older polystick file: "x,yi".
var intersection = regexp.MustCompile(`^-?[0-9]+,-?[0-9]+i$`)

type posError struct {
	col int
	msg string
}

// parsePiece reads "x,y x,y ... NAME", and returns how many coordinates
// the cells have (0 if they disagree).
func parsePiece(text string) (Piece, int, *posError) {
	fields := strings.Fields(text)
	if len(fields) < 2 {
		return Piece{}, 0, &posError{1, fmt.Sprintf("expected coordinates followed by a piece name, found %q", text)}
	}
	dims := 0
	p := Piece{Name: fields[len(fields)-1]}
	col := 1
	rest := text
	for _, f := range fields[:len(fields)-1] {
		i := strings.Index(rest, f)
		col += i
		rest = rest[i+len(f):]
		if intersection.MatchString(f) {
			// Older polystick files list the grid points a piece runs
			// through ("1,1i"); the segments already say everything.
			col += len(f)
			continue
		}
		parts := strings.Split(f, ",")
		if len(parts) < 2 || len(parts) > 3 {
			return Piece{}, 0, &posError{col, fmt.Sprintf("expected coordinates like 3,1 or 3,1,0, found %q", f)}
		}
		var c [3]int
		for k, s := range parts {
			v, err := ParseCoord(s)
			if err != nil {
				return Piece{}, 0, &posError{col, fmt.Sprintf("in %q: %v", f, err)}
			}
			c[k] = v
		}
		if dims != 0 && dims != len(parts) {
			dims = -1
		} else if dims == 0 {
			dims = len(parts)
		}
		p.Cells = append(p.Cells, c)
		col += len(f)
	}
	return p, max(dims, 0), nil
}
