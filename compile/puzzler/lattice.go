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

// inferLattice picks the lattice of a solution. The coordinates narrow it
// down (two or three of them, and the range of the third); then the file's
// folder decides if it names one that fits; else the picture (letters in a
// grid for squares and cubes, "-X-" for sticks, slashes for the rest) and
// whether every piece is connected must leave just one. want, when not "",
// is the caller's choice and is only checked against the coordinates.
func inferLattice(f *solutionFile, want string) (compile.Lattice, error) {
	dims, zs := f.first.Dims, maxZ(f.first.Pieces)
	if dims == 0 {
		return nil, fmt.Errorf("%s:%d: pieces are written with different numbers of coordinates", f.path, f.first.Line)
	}
	fits := func(l compile.Lattice) bool {
		if l.Dims() != dims {
			return false
		}
		return l.Kinds() == 0 || zs < l.Kinds()
	}
	if want != "" {
		l, err := compile.LatticeByName(want)
		if err != nil {
			return nil, err
		}
		if !fits(l) {
			return nil, fmt.Errorf("%s:%d: the coordinates do not fit the %s lattice", f.path, f.first.Line, want)
		}
		return l, nil
	}
	candidates := slices.DeleteFunc(slices.Clone(compile.Lattices), func(l compile.Lattice) bool { return !fits(l) })
	folder := filepath.Base(filepath.Dir(f.path))
	if i := slices.IndexFunc(candidates, func(l compile.Lattice) bool { return l.Family() == folder }); i >= 0 {
		return candidates[i], nil
	}
	candidates = slices.DeleteFunc(candidates, func(l compile.Lattice) bool { return !pictureFits(l, f.first.Picture) })
	if connected := slices.DeleteFunc(slices.Clone(candidates), func(l compile.Lattice) bool {
		return !allConnected(l, f.first.Pieces)
	}); len(connected) > 0 {
		candidates = connected // quasi-polyforms are disconnected everywhere
	}
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

// maxZ returns the largest third coordinate of the pieces' cells.
func maxZ(pieces []record.Piece) int {
	z := 0
	for _, p := range pieces {
		for _, c := range p.Cells {
			z = max(z, c[2])
		}
	}
	return z
}

// pictureFits reports whether a picture looks like the lattice's.
func pictureFits(l compile.Lattice, pic string) bool {
	slashes, sticks := strings.ContainsAny(pic, `/\`), stickSegment.MatchString(pic)
	switch l.Picture() {
	case compile.NamesPicture:
		return !slashes && !sticks
	case compile.SticksPicture:
		return sticks
	}
	return slashes && !sticks
}

// stickSegment is a polystick picture's horizontal segment, " -X- ".
var stickSegment = regexp.MustCompile(`(^|\s)-\S+-(\s|$)`)

// allConnected reports whether each piece is connected on the lattice.
func allConnected(l compile.Lattice, pieces []record.Piece) bool {
	for _, p := range pieces {
		if !connected(l, p.Cells, nil) {
			return false
		}
	}
	return true
}

// connected reports whether cells are connected through neighbours, each
// neighbour first passed through join when it is not nil (to wrap a tube).
func connected(l compile.Lattice, cells []compile.Cell, join func(compile.Cell) compile.Cell) bool {
	in := map[compile.Cell]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[compile.Cell]bool{cells[0]: true}
	stack := []compile.Cell{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range l.Neighbours(c) {
			if join != nil {
				n = join(n)
			}
			if in[n] && !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return len(seen) == len(in)
}
