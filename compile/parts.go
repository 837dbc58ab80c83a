package compile

import (
	"errors"
	"fmt"
	"slices"

	"github.com/polyspec/polyspec/cover"
)

// maxPartSymmetries bounds the group Options.Parts builds: each part's own
// symmetries times every shuffle of congruent parts grows fast.
const maxPartSymmetries = 1 << 16

// partSymmetries returns the symmetries of a board made of parts when each
// part may be moved on its own and congruent parts swapped: some published
// counts take solutions that differ so as alike. Pieces keep their names,
// so a motion that would need a piece's mirror image is dropped along with
// every symmetry it is part of. Build has checked the group's size.
func (pz *Puzzle) partSymmetries(index *placementIndex) []cover.Symmetry {
	parts, moves := pz.partMoveTable()
	partOf := make([]int32, len(pz.Board))
	for i, p := range parts {
		for _, c := range p {
			partOf[pz.num.find(c)] = int32(i)
		}
	}
	var group []cover.Symmetry
	move := make([]boardMove, len(parts))
	used := make([]bool, len(parts))
	// Choose, part by part, an unused part to move it onto and a move:
	// itself by the identity first, so that the identity comes first.
	var choose func(i int)
	choose = func(i int) {
		if i == len(parts) {
			if g, ok := pz.permutation(move, partOf, seq(len(pz.Pieces)), index); ok && pz.keepsRules(g) {
				group = append(group, g)
			}
			return
		}
		for _, j := range append([]int{i}, slices.Delete(seq(len(parts)), i, i+1)...) {
			if used[j] {
				continue
			}
			used[j] = true
			for _, m := range moves[i][j] {
				move[i] = m
				choose(i + 1)
			}
			used[j] = false
		}
	}
	choose(0)
	return group
}

// partMoveTable returns the board's parts and, for each pair of parts i and
// j, the moves of part i onto part j.
func (pz *Puzzle) partMoveTable() ([][]Cell, [][][]boardMove) {
	parts := pz.parts()
	moves := make([][][]boardMove, len(parts))
	for i := range parts {
		moves[i] = make([][]boardMove, len(parts))
		for j := range parts {
			moves[i][j] = pz.partMoves(parts[i], parts[j])
		}
	}
	return parts, moves
}

// maxParts and maxPartWork bound the comparison of every pair of parts
// that the group's table makes, checked before it starts: the parts, and
// the cells moved in comparing parts of one size (a board of 5,000 single
// cells had 25 million pairs to compare before its group was found too
// big). Nine congruent parts already have more than maxPartSymmetries
// shuffles.
const (
	maxParts    = 1024
	maxPartWork = 1 << 24
)

// errParts is the error of a board whose parts are too many for
// symmetry = "parts".
var errParts = errors.New(`symmetry = "parts"`)

// checkParts refuses a board whose parts have too many symmetries to list:
// for each class of m congruent parts with a symmetries each, m! × a^m.
func (pz *Puzzle) checkParts() error {
	parts := pz.parts()
	bySize := map[int]int{}
	for _, p := range parts {
		bySize[len(p)]++
	}
	work := 0
	for size, m := range bySize {
		work += m * m * size * len(pz.Lattice.Motions())
	}
	if len(parts) > maxParts || work > maxPartWork {
		return fmt.Errorf("%w: the board's %d parts are too many to compare each with each", errParts, len(parts))
	}
	parts, moves := pz.partMoveTable()
	size := 1
	counted := make([]bool, len(parts))
	for i := range parts {
		if counted[i] {
			continue
		}
		m := 0
		for j := range parts {
			if len(moves[i][j]) == 0 {
				continue
			}
			counted[j] = true
			m++
			if size *= m * len(moves[i][i]); size > maxPartSymmetries {
				return fmt.Errorf("%w: the board's %d parts have more than %d symmetries to list", errParts, len(parts), maxPartSymmetries)
			}
		}
	}
	return nil
}

// seq returns 0, 1, ..., n-1.
func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// parts splits the board into its connected parts, in board order.
func (pz *Puzzle) parts() [][]Cell {
	seen := map[Cell]bool{}
	onBoard := map[Cell]bool{}
	for _, c := range pz.Board {
		onBoard[c] = true
	}
	var parts [][]Cell
	for _, start := range pz.Board {
		if seen[start] {
			continue
		}
		seen[start] = true
		part := []Cell{start}
		for k := 0; k < len(part); k++ {
			for _, n := range pz.Lattice.Neighbours(part[k]) {
				if n = pz.wrap(n); onBoard[n] && !seen[n] {
					seen[n] = true
					part = append(part, n)
				}
			}
		}
		slices.SortFunc(part, compareCells)
		parts = append(parts, part)
	}
	return parts
}

// partMoves lists the maps of cells that take part a onto part b: a motion
// of the lattice (a rotation, when Rotations is set) and a translation.
func (pz *Puzzle) partMoves(a, b []Cell) []boardMove {
	if len(a) != len(b) {
		return nil
	}
	l := pz.Lattice
	_, shiftB := l.Normalize(b)
	var out []boardMove
	for _, m := range l.Motions() {
		if m.Reflect && pz.Options.Rotations {
			continue
		}
		moved := make([]Cell, len(a))
		for i, c := range a {
			moved[i] = m.Apply(c)
		}
		_, shift := l.Normalize(moved)
		move := boardMove{m, minus(shift, shiftB)}
		for i, c := range a {
			moved[i] = pz.apply(move, c)
		}
		slices.SortFunc(moved, compareCells)
		if slices.Equal(moved, b) {
			out = append(out, move)
		}
	}
	return out
}
