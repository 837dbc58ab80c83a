package emit

import (
	"fmt"
	"strings"
)

// GuessLattice names the lattice a solution record's coordinates are on.
//
// The record's text picture sorts the families in three: names only
// (polyominoes, polycubes, polysticks), slanting walls (polyhexes,
// polytwigs), and slanting walls that meet in a peak, "/\" or "\/"
// (polyiamonds, polytrigs: the hexagonal grid of polytwigs and polyhexes has
// no corner where two slanting lines meet side by side). Within that class
// the coordinates must be the lattice's cells. hint, a lattice or family
// folder name or "", then wins if it is left; otherwise the lattice on
// which the pieces fall into the fewest parts (most puzzles have every
// piece in one part; tubes and quasi-polyforms do not), and among equals
// the first of square, hex, cubic, iamond, stick, trig, twig.
func GuessLattice(r Record, hint string) (string, error) {
	if l, ok := lookupLattice(hint, true); ok {
		hint = l.name
	}
	class := pictureClass(r.Picture)
	best, bestParts := "", 0
	for _, lat := range lattices {
		l := lat.name
		if r.Picture != "" && class != lat.walls {
			continue
		}
		n, ok := parts(l, r.Pieces)
		switch {
		case !ok:
			continue
		case l == hint:
			return l, nil
		case best == "" || n < bestParts:
			best, bestParts = l, n
		}
	}
	if best == "" {
		return "", fmt.Errorf("solution %d: its coordinates fit no lattice", r.Number)
	}
	return best, nil
}

// pictureClass sorts text pictures by their walls: 0 for none, 1 for
// slanting walls, 2 for slanting walls meeting in a peak.
func pictureClass(picture string) int {
	switch {
	case strings.Contains(picture, `/\`) || strings.Contains(picture, `\/`):
		return 2
	case strings.ContainsAny(picture, `/\`):
		return 1
	}
	return 0
}

// parts counts how many more parts than pieces the pieces fall into on a
// lattice: tiles joined by a side, segments by an end, cubes by a face.
// ok is false when some cell is not one of the lattice's.
func parts(lattice string, pieces []Placed) (n int, ok bool) {
	g, err := lookupGeometry(lattice, pieces)
	if err != nil {
		return 0, false
	}
	for _, p := range pieces {
		cells := cellSet(p.Cells)
		// Cells are linked through what they share: a side (its two
		// corners), an end, or a face.
		owners := map[any][]int{}
		for i, c := range cells {
			for _, k := range links(g, c) {
				owners[k] = append(owners[k], i)
			}
		}
		seen := make([]bool, len(cells))
		for start := range cells {
			if seen[start] {
				continue
			}
			if start > 0 {
				n++
			}
			seen[start] = true
			stack := []int{start}
			for len(stack) > 0 {
				i := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, k := range links(g, cells[i]) {
					for _, j := range owners[k] {
						if !seen[j] {
							seen[j] = true
							stack = append(stack, j)
						}
					}
				}
			}
		}
	}
	return n, true
}

// links are what a cell can share with a neighbour on its lattice.
func links(g geometry, c [3]int) []any {
	switch g.form {
	case cubeForm:
		// A face is named by its lower corner and its normal axis.
		var out []any
		for k := range 3 {
			for _, d := range []int{0, 1} {
				f := c
				f[k] += d
				out = append(out, [4]int{f[0], f[1], f[2], k})
			}
		}
		return out
	case segmentForm:
		ends := g.corners(c)
		return []any{ends[0], ends[1]}
	}
	corners := g.corners(c)
	out := make([]any, len(corners))
	for i, a := range corners {
		b := corners[(i+1)%len(corners)]
		if compareNodes(a, b) > 0 {
			a, b = b, a
		}
		out[i] = edge{a, b}
	}
	return out
}
