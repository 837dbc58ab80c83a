package emit

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/polyspec/polyspec/internal/record"
)

// A Placed piece is a piece name and the lattice coordinates of its cells.
// Square lattices use the first two coordinates only. A piece with no cells
// was left out of the solution. A Pips piece has the pips of each cell.
type Placed struct {
	Name  string
	Cells [][3]int
	Pips  []int
}

// A Solution is one solution of any kind of puzzle: placed pieces, in the
// order they were chosen, for a polyform puzzle or a Pips game; the filled
// grid's rows for a Sudoku; the options' lines for a DLX file. Puzzle
// names the puzzle of an input that holds several.
type Solution struct {
	Number  int
	Puzzle  string
	Pieces  []Placed
	Grid    []string
	Options []string
}

// A Summary closes a run.
type Summary struct {
	Solutions int64
	Searches  int64 // search-tree nodes, Polyform Puzzler's "searches"
	Updates   int64
	Duration  time.Duration
	// Interrupted marks a run cut short; Limited one stopped by
	// --stop-after.
	Interrupted, Limited bool
}

// A Records writer prints Polyform Puzzler's solution-file format (see
// record.Writer) with each lattice's text picture; a run closes with its
// Summary's Line.
type Records struct {
	*record.Writer
	picture func([]Placed) string
}

// NewRecords starts a record file for a lattice, by name (lattices.go
// lists them), which picks the coordinates and the picture. board gives
// the board's cells, which fix the zero-padding of coordinates.
func NewRecords(w io.Writer, lattice string, board [][3]int) (*Records, error) {
	f, ok := lookupLattice(lattice)
	if !ok {
		return nil, fmt.Errorf("emit: no pictures for the %q lattice", lattice)
	}
	return &Records{record.NewWriter(w, f.dims, board), f.picture}, nil
}

// Solution writes one record, each piece's cells sorted as Polyform
// Puzzler lists them, and a piece left out named before the picture.
func (r *Records) Solution(s Solution) error {
	rec := record.Record{Number: s.Number, Picture: r.Picture(s)}
	for _, p := range s.Pieces {
		cells := slices.Clone(p.Cells)
		slices.SortFunc(cells, func(a, b [3]int) int { return slices.Compare(a[:], b[:]) })
		rec.Pieces = append(rec.Pieces, record.Piece{Name: p.Name, Cells: cells})
	}
	return r.Write(rec)
}

// Picture is a solution's text picture, a piece left out named first,
// without the coordinates of its record.
func (r *Records) Picture(s Solution) string {
	return strings.TrimSuffix(omitted(s.Pieces)+r.picture(s.Pieces), "\n")
}

// Notice is the line Polyform Puzzler prints before the closing line of a
// run that did not finish, or "".
func (s Summary) Notice() string {
	switch {
	case s.Interrupted:
		return "Session interrupted by user.\n"
	case s.Limited:
		return "User-requested solution limit reached.\n"
	}
	return ""
}

// Line is the closing line, "N solutions, M searches, duration ...", after
// its notice if any; one solution is "1 solution", as Polyform Puzzler's
// later files write it.
func (s Summary) Line() string {
	return fmt.Sprintf("%s%s, %d searches, duration %s\n", s.Notice(), Count(s.Solutions, "solution"), s.Searches, Duration(s.Duration))
}

// Count writes n things: "1 solution", "2 solutions".
func Count(n int64, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// Duration formats like Python's timedelta, which Polyform Puzzler prints:
// H:MM:SS, with .ffffff when there are microseconds, and "N days, " before.
func Duration(d time.Duration) string {
	us := d.Microseconds()
	days := us / (24 * 3600e6)
	us -= days * 24 * 3600e6
	s := fmt.Sprintf("%d:%02d:%02d", us/3600e6, us/60e6%60, us/1e6%60)
	if frac := us % 1e6; frac != 0 {
		s += fmt.Sprintf(".%06d", frac)
	}
	switch days {
	case 0:
		return s
	case 1:
		return "1 day, " + s
	}
	return fmt.Sprintf("%d days, %s", days, s)
}

// squarePicture draws polyominoes as a grid of names, top row first, each
// name padded to the longest so the columns line up. One-letter names are
// drawn in upper case, as Polyform Puzzler draws one-sided pentominoes
// (its mirror pieces p, n, ... appear as P, N, ... in the picture, while
// longer names such as l4 keep their case).
func squarePicture(pieces []Placed) string {
	width := 0
	lo, hi := [2]int{1 << 30, 1 << 30}, [2]int{-1 << 30, -1 << 30}
	for _, p := range pieces {
		width = max(width, len(p.Name))
		for _, c := range p.Cells {
			for k := range 2 {
				lo[k], hi[k] = min(lo[k], c[k]), max(hi[k], c[k])
			}
		}
	}
	if width == 0 {
		return ""
	}
	w, h := hi[0]-lo[0]+1, hi[1]-lo[1]+1
	grid := make([]string, w*h)
	for _, p := range pieces {
		for _, c := range p.Cells {
			grid[(hi[1]-c[1])*w+c[0]-lo[0]] = pictureName(p.Name)
		}
	}
	var b strings.Builder
	for y := range h {
		var line strings.Builder
		for x := range w {
			if x > 0 {
				line.WriteByte(' ')
			}
			fmt.Fprintf(&line, "%-*s", width, grid[y*w+x])
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

func pictureName(name string) string {
	if len(name) == 1 {
		return strings.ToUpper(name)
	}
	return name
}
