package compile

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/cover"
)

// A Piece is one kind of piece in a puzzle: a shape and how many copies of
// it the puzzle uses.
type Piece struct {
	Shape
	Count int
	// Orientations are the distinct images of the shape under the motions
	// the puzzle allows, each normalized.
	Orientations [][]Cell
}

// A Placement is one way to put a piece on the board: an option of the
// exact-cover problem.
type Placement struct {
	Piece int
	Cells []Cell // sorted
}

// A Puzzle is a compiled spec: the board, the pieces, and the exact-cover
// problem whose option i is Placements[i].
type Puzzle struct {
	Lattice    Lattice
	Board      []Cell
	Pieces     []Piece
	OneSided   bool
	Problem    *cover.Problem
	Placements []Placement
}

var errNoCells = errors.New("the board has no cells")

// Build compiles a board and a piece set into an exact-cover problem: one
// primary item per piece (with its count as multiplicity), then one primary
// item per board cell, and one option per placement.
func Build(l Lattice, board []Cell, shapes []Shape, oneSided bool) (*Puzzle, error) {
	if len(board) == 0 {
		return nil, errNoCells
	}
	if len(shapes) == 0 {
		return nil, fmt.Errorf("the piece set is empty")
	}
	pz := &Puzzle{Lattice: l, Board: slices.Clone(board), OneSided: oneSided}
	slices.SortFunc(pz.Board, compareCells)
	pz.Board = slices.Compact(pz.Board)
	pz.Pieces = mergeShapes(l, shapes, oneSided)

	area := 0
	for _, p := range pz.Pieces {
		area += p.Order() * p.Count
	}
	if area != len(pz.Board) {
		return nil, fmt.Errorf("the pieces cover %d cells but the board has %d", area, len(pz.Board))
	}

	pz.Problem = cover.NewProblem()
	for _, p := range pz.Pieces {
		pz.Problem.AddItem(cover.Item{Name: p.Name, Lo: p.Count, Hi: p.Count})
	}
	cellItem := map[Cell]int32{}
	for _, c := range pz.Board {
		cellItem[c] = int32(pz.Problem.AddPrimary(CellName(c, l)))
	}
	entries := make([]cover.Entry, 0, 16)
	for pi, p := range pz.Pieces {
		for _, o := range p.Orientations {
			for _, b := range pz.Board {
				d, ok := l.Offset(o[0], b)
				if !ok {
					continue
				}
				entries = append(entries[:0], cover.Entry{Item: int32(pi)})
				cells := make([]Cell, len(o))
				fits := true
				for i, c := range o {
					cells[i] = c.add(d)
					item, on := cellItem[cells[i]]
					if !on {
						fits = false
						break
					}
					entries = append(entries, cover.Entry{Item: item})
				}
				if fits {
					pz.Problem.AddOption(entries)
					pz.Placements = append(pz.Placements, Placement{pi, cells})
				}
			}
		}
	}
	for pi, p := range pz.Pieces {
		if !slices.ContainsFunc(pz.Placements, func(pl Placement) bool { return pl.Piece == pi }) {
			return nil, fmt.Errorf("piece %s fits nowhere on the board", p.Name)
		}
	}
	return pz, nil
}

// mergeShapes turns a list of shapes into pieces, counting repeats, in the
// order of first appearance.
func mergeShapes(l Lattice, shapes []Shape, oneSided bool) []Piece {
	var pieces []Piece
	for _, s := range shapes {
		i := slices.IndexFunc(pieces, func(p Piece) bool { return p.Name == s.Name })
		if i >= 0 {
			pieces[i].Count++
			continue
		}
		pieces = append(pieces, Piece{Shape: s, Count: 1, Orientations: orientations(l, s.Cells, oneSided)})
	}
	return pieces
}

// orientations lists the distinct normalized images of a shape.
func orientations(l Lattice, cells []Cell, oneSided bool) [][]Cell {
	var out [][]Cell
	for _, m := range l.Motions() {
		if oneSided && m.Reflect {
			continue
		}
		o := transform(l, m, cells)
		if !slices.ContainsFunc(out, func(p []Cell) bool { return slices.Equal(p, o) }) {
			out = append(out, o)
		}
	}
	return out
}

// CellName is a cell's item name: its coordinates joined by commas, as
// Polyform Puzzler writes them ("3,1"); the z coordinate only where the
// lattice has one.
func CellName(c Cell, l Lattice) string {
	n := Dims(l)
	parts := make([]string, n)
	for k := range n {
		parts[k] = strconv.Itoa(c[k])
	}
	return strings.Join(parts, ",")
}

// Dims is the number of coordinates a lattice's cells are written with.
func Dims(l Lattice) int {
	if l.Name() == "square" || l.Name() == "hex" {
		return 2
	}
	return 3
}

// Symmetries returns the symmetries of the board that map the piece set onto
// itself, as permutations of the options. The identity is included.
func (pz *Puzzle) Symmetries() []cover.Symmetry {
	l := pz.Lattice
	board, _ := l.Normalize(pz.Board)
	index := map[string]int32{}
	for i, pl := range pz.Placements {
		index[placementKey(pl.Piece, pl.Cells)] = int32(i)
	}
	var group []cover.Symmetry
	for _, m := range l.Motions() {
		moved := make([]Cell, len(pz.Board))
		for i, c := range pz.Board {
			moved[i] = m.Apply(c)
		}
		image, shift := l.Normalize(moved)
		if !slices.Equal(image, board) {
			continue
		}
		_, boardShift := l.Normalize(pz.Board)
		back := shift.sub(boardShift)
		pieceMap, ok := pz.pieceImages(m)
		if !ok {
			continue
		}
		g := make(cover.Symmetry, len(pz.Placements))
		for i, pl := range pz.Placements {
			cells := make([]Cell, len(pl.Cells))
			for k, c := range pl.Cells {
				cells[k] = m.Apply(c).add(back)
			}
			slices.SortFunc(cells, compareCells)
			j, found := index[placementKey(pieceMap[pl.Piece], cells)]
			if !found {
				ok = false
				break
			}
			g[i] = j
		}
		if ok {
			group = append(group, g)
		}
	}
	return group
}

// pieceImages says which piece each piece becomes under a motion: itself,
// unless the set is one-sided and the motion reflects, when it becomes the
// piece with the mirror shape. ok is false when that piece is missing or has
// a different count.
func (pz *Puzzle) pieceImages(m Motion) ([]int, bool) {
	out := make([]int, len(pz.Pieces))
	for i, p := range pz.Pieces {
		img := transform(pz.Lattice, m, p.Cells)
		out[i] = slices.IndexFunc(pz.Pieces, func(q Piece) bool {
			return q.Count == p.Count && slices.ContainsFunc(q.Orientations, func(o []Cell) bool { return slices.Equal(o, img) })
		})
		if out[i] < 0 {
			return nil, false
		}
	}
	return out, true
}

func placementKey(piece int, cells []Cell) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(piece))
	for _, c := range cells {
		fmt.Fprintf(&b, " %d,%d,%d", c[0], c[1], c[2])
	}
	return b.String()
}
