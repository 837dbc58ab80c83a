package puzzler

import (
	"slices"

	"github.com/polyspec/polyspec/compile"
)

// maxRegionSteps bounds the search for congruent parts: a first solution
// of many pieces has too many ways to group them to try all.
const maxRegionSteps = 1 << 18

// maxParts is the most parts a board is split into.
const maxParts = 4

// congruentParts splits a connected board into 2 to maxParts connected
// parts of the same shape (under the lattice's motions), each the cells of some of
// the first solution's pieces, for the fewest parts that allow it; nil if
// there is no such split. Puzzles that fill several copies of one shape
// with one set of pieces ("combined" puzzles) count with each piece kept
// within a part.
func congruentParts(l compile.Lattice, onBoard []piece) [][]compile.Cell {
	area := 0
	for _, p := range onBoard {
		area += len(p.cells)
	}
	if len(onBoard) < 2 || components(l, boardOf(onBoard), nil) != 1 {
		return nil
	}
	for k := 2; k <= min(maxParts, len(onBoard)/2); k++ {
		if area%k != 0 {
			continue
		}
		s := &partSearch{l: l, pieces: onBoard, k: k, size: area / k, group: make([]int, len(onBoard)), area: make([]int, k)}
		if s.assign(0, 0) {
			return s.found
		}
	}
	return nil
}

// A partSearch puts pieces into k groups of size cells each, by
// backtracking, and keeps the first grouping whose groups are connected
// and congruent.
type partSearch struct {
	l      compile.Lattice
	pieces []piece
	k      int
	size   int
	group  []int // the group of each piece assigned so far
	area   []int // the cells in each group so far
	steps  int
	found  [][]compile.Cell
}

// assign puts piece i in each group that has room, the first i pieces
// using groups 0 to used-1 (a new group is always the next one, so each
// grouping is tried once).
func (s *partSearch) assign(i, used int) bool {
	s.steps++
	if s.steps > maxRegionSteps {
		return false
	}
	if i == len(s.pieces) {
		return s.check()
	}
	n := len(s.pieces[i].cells)
	for g := range min(used+1, s.k) {
		if s.area[g]+n > s.size {
			continue
		}
		s.group[i], s.area[g] = g, s.area[g]+n
		next := used
		if g == used {
			next++
		}
		if s.assign(i+1, next) {
			return true
		}
		s.area[g] -= n
	}
	return false
}

// check keeps the grouping if its groups are connected and congruent.
func (s *partSearch) check() bool {
	cells := make([][]compile.Cell, s.k)
	for i, p := range s.pieces {
		cells[s.group[i]] = append(cells[s.group[i]], p.cells...)
	}
	var shape []compile.Cell
	for _, c := range cells {
		if !connected(s.l, c, nil) {
			return false
		}
		canon := canonical(s.l, c)
		if shape != nil && !slices.Equal(canon, shape) {
			return false
		}
		shape = canon
	}
	s.found = cells
	return true
}

// canonical returns the least of a shape's images under the lattice's
// motions, normalized: congruent shapes have the same.
func canonical(l compile.Lattice, cells []compile.Cell) []compile.Cell {
	var best []compile.Cell
	for _, m := range l.Motions() {
		img := compile.Transform(l, m, cells)
		if best == nil || slices.CompareFunc(img, best, func(a, b compile.Cell) int { return slices.Compare(a[:], b[:]) }) < 0 {
			best = img
		}
	}
	return best
}

// boardOf returns the cells of pieces.
func boardOf(pieces []piece) []compile.Cell {
	var out []compile.Cell
	for _, p := range pieces {
		out = append(out, p.cells...)
	}
	return out
}
