package puzzler

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/internal/record"
)

// inferLattice picks the lattice of a solution: the one Guess leaves, or
// an error naming those it cannot choose between. want, when not "", is
// the caller's choice and is only checked against the coordinates.
func inferLattice(f *solutionFile, want string) (compile.Lattice, error) {
	if f.first.Dims == 0 {
		return nil, fmt.Errorf("%s:%d: pieces are written with different numbers of coordinates", f.path, f.first.Line)
	}
	if want != "" {
		l, err := compile.LatticeByName(want)
		if err != nil {
			return nil, err
		}
		if !fits(l, f.first) {
			return nil, fmt.Errorf("%s:%d: the coordinates do not fit the %s lattice", f.path, f.first.Line, want)
		}
		return l, nil
	}
	candidates := Guess(f.first, filepath.Base(filepath.Dir(f.path)))
	if len(candidates) == 1 {
		return candidates[0], nil
	}
	var names []string
	for _, l := range candidates {
		names = append(names, l.Name())
	}
	maybe := "no lattice fits"
	if len(names) > 0 {
		maybe = "it may be " + strings.Join(names, " or ")
	}
	return nil, fmt.Errorf("%s:%d: cannot tell the lattice from the coordinates and the picture (%s): give --lattice",
		f.path, f.first.Line, maybe)
}

// Guess lists the lattices a solution record may be on, the likeliest
// first: import takes the only one, render the first. The coordinates
// narrow them down (two or three of them, and the range of the third), and
// so does the picture (see compile.Picture). Then folder, the file's
// folder, decides if it is the family of one of them; else Guess keeps the
// lattices on which the pieces fall into the fewest parts (most puzzles
// have every piece in one part; tubes and quasi-polyforms do not), in the
// order of compile.Lattices, which puts the plain lattice before the one
// that merely also fits.
func Guess(rec record.Record, folder string) []compile.Lattice {
	var out []compile.Lattice
	least := 0
	for _, l := range compile.Lattices {
		if !fits(l, rec) || rec.Picture != "" && !pictureFits(l, rec.Picture) {
			continue
		}
		if l.Family() == folder {
			return []compile.Lattice{l}
		}
		n := 0
		for _, p := range rec.Pieces {
			n += max(components(l, p.Cells, nil)-1, 0)
		}
		if len(out) == 0 || n < least {
			out, least = nil, n
		}
		if n == least {
			out = append(out, l)
		}
	}
	return out
}

// fits reports whether a record's coordinates are cells of a lattice.
func fits(l compile.Lattice, rec record.Record) bool {
	if l.Dims() != rec.Dims {
		return false
	}
	return l.Kinds() == 0 || !slices.ContainsFunc(rec.Pieces, func(p record.Piece) bool {
		return slices.ContainsFunc(p.Cells, func(c compile.Cell) bool { return c[2] < 0 || c[2] >= l.Kinds() })
	})
}

// pictureFits reports whether a picture looks like the lattice's.
func pictureFits(l compile.Lattice, pic string) bool {
	slashes, sticks := strings.ContainsAny(pic, `/\`), stickSegment.MatchString(pic)
	peaks := strings.Contains(pic, `/\`) || strings.Contains(pic, `\/`)
	switch l.Picture() {
	case compile.NamesPicture:
		return !slashes && !sticks
	case compile.SticksPicture:
		return sticks
	case compile.PeakedPicture:
		return peaks && !sticks
	}
	return slashes && !peaks && !sticks
}

// stickSegment is a polystick picture's horizontal segment, " -X- ".
var stickSegment = regexp.MustCompile(`(^|\s)-\S+-(\s|$)`)

// connected reports whether cells are connected through neighbours, each
// neighbour first passed through join when it is not nil (to wrap a tube).
func connected(l compile.Lattice, cells []compile.Cell, join func(compile.Cell) compile.Cell) bool {
	return components(l, cells, join) == 1
}

// components counts the parts cells fall into (compile.Components).
func components(l compile.Lattice, cells []compile.Cell, join func(compile.Cell) compile.Cell) int {
	return compile.Components(l, cells, join)
}
