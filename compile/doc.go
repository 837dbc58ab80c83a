// Package compile turns a parsed spec into an exact-cover problem: it knows
// the lattices, their pieces and motions, where each piece can be placed on a
// board, which board symmetries map solutions onto each other, and how to
// read a cover solution back as placed pieces.
//
// Start reading at FromSpec (fromspec.go), which turns a spec into a
// Puzzle, then Build (puzzle.go), which lays every piece on the board and
// writes the items and options of Puzzle.Problem. The lattices are in
// lattice.go (the Lattice type) and lattices.go (the seven of them); named
// pieces and piece sets in pieces.go; rules in rules.go; the segment
// lattices' crossing points in segments.go; the hints for the search in
// grid.go (dead regions) and balance.go (colourings); why a puzzle has no
// solution in explain.go; Enumerate in enumerate.go.
package compile
