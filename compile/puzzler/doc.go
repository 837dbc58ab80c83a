// Package puzzler turns Polyform Puzzler's solution files into polyspec
// spec files.
//
// A solution file's first solution shows one puzzle completely: the cells
// its pieces cover are the board (less a piece parked beside it, which the
// puzzle leaves out), and the pieces, with their names and shapes, are the
// piece set. The closing line gives the number of solutions, which is a
// known count only when the run was not cut short and, given Polyform
// Puzzler's descriptions of its puzzles (ReadDocumented), the puzzle's own
// description does not contradict it. Import reads all that,
// names the pieces as the library does where it can, defines the rest in
// the spec's shapes table, and checks its work by compiling the spec it
// wrote and finding the file's solution among the placements. Guess, which
// tells Import a file's lattice, tells render too.
//
// Start reading at Import (import.go); read.go reads a file, board.go
// finds the board and a piece parked beside it, pieces.go names the
// pieces, and infer.go holds the counting conventions tried in turn to
// reproduce a file's count.
package puzzler
