package compile

import (
	"slices"
	"testing"
)

// TestColouringsAreNatural checks what pruneByBalance relies on to keep a
// board's symmetries: every motion of a lattice, followed by any
// translation, maps each of its colourings onto itself with the colours
// renamed. It tries the cells of a patch around the origin.
func TestColouringsAreNatural(t *testing.T) {
	for _, l := range Lattices {
		g := l.(*grid)
		var patch []Cell
		kinds := 1
		if g.kinds {
			kinds = 3
		}
		for x := -3; x <= 3; x++ {
			for y := -3; y <= 3; y++ {
				for z := range 3 {
					c := Cell{x, y, z}
					switch {
					case g.dims == 2 && !g.kinds && z > 0,
						g.kinds && z >= kinds:
						continue
					}
					if g.kinds && g.decode(g.encode(c)) != c {
						continue // no such kind on this lattice
					}
					patch = append(patch, c)
				}
			}
		}
		for ci, col := range l.colourings() {
			for _, m := range l.Motions() {
				for _, shift := range []Cell{{}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}} {
					if g.kinds && shift[2] != 0 {
						continue
					}
					rename := map[int]int{}
					for _, c := range patch {
						to := col.of(plus(m.Apply(c), shift))
						if from, seen := rename[col.of(c)]; seen && from != to {
							t.Fatalf("%s colouring %d: %s then %v maps colour %d to both %d and %d", l.Name(), ci, m.Name, shift, col.of(c), from, to)
						}
						rename[col.of(c)] = to
					}
				}
			}
		}
	}
}

// TestBalanceLeavesOut checks the pieces that pruneByBalance lets a puzzle
// leave out: of the sixteen tetrasticks on the 6×6 grid points (60
// segments), only those whose horizontal and vertical segments differ by
// two.
func TestBalanceLeavesOut(t *testing.T) {
	lib := LibraryFor(stickLattice)
	var board []Cell
	for a := range 5 {
		for b := range 6 {
			board = append(board, Cell{a, b, 0}, Cell{b, a, 1})
		}
	}
	pz, err := Build(stickLattice, board, lib.Order(4), Options{Omit: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range pz.NumPlacements() {
		if pl := pz.Placement(i); pl.Cells == nil {
			out = append(out, pz.Pieces[pl.Piece].Name)
		}
	}
	if want := []string{"H", "J", "L", "N", "Y"}; !slices.Equal(out, want) {
		t.Errorf("may leave out %v, want %v", out, want)
	}
}

// TestBalanceWideCounts: a board with more than 32,767 cells of one colour
// (two rows of 32,768, so 32,768 cells of each colour) filled by two rows
// keeps its placements; counts in int16 wrapped there and dropped them
// all, so the puzzle had "0 solutions".
func TestBalanceWideCounts(t *testing.T) {
	const w = 1 << 15
	var board []Cell
	for y := range 2 {
		for x := range w {
			board = append(board, Cell{x, y, 0})
		}
	}
	row := Shape{Name: "R", Cells: board[:w]}
	pz, err := Build(Lattices[0], board, []Shape{row, row}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l := Lattices[0].Name(); l != "square" {
		t.Fatalf("Lattices[0] is %s", l)
	}
	// Each row lies on either row of the board.
	if n := pz.Problem.NumOptions(); n == 0 {
		t.Errorf("no placements left: the colour counts wrapped")
	}
}
