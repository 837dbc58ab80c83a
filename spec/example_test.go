package spec_test

import (
	"fmt"

	"github.com/polyspec/polyspec/spec"
)

func ExampleParse() {
	s, err := spec.Parse("pentominoes-6x10.toml", []byte(`
title = "Pentominoes 6×10"
pieces = "5*"
unique = true
expect = 2339

[board]
size = "10x6"
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Name.V, s.Lattice.V, s.Pieces.S, s.Board.Size.V, s.Expect.V)
	// A rule parser's offset 1 (the '*') as a file position:
	fmt.Println(s.Pieces.PosAt(1))

	_, err = spec.Parse("p.yaml", []byte("pieces: 5*\nboard: {size: 10x6}\nunique: yes\n"))
	fmt.Println(err)
	// Output:
	// pentominoes-6x10 square 5* {10 6} 2339
	// pentominoes-6x10.toml:3:12
	// p.yaml:3:9: unique: expected true or false, found string "yes"
}

// Nearest suggests what a misspelt name was meant to be.
func ExampleNearest() {
	names := []string{"pentominoes-6x10", "pentominoes-5x12", "soma-3x3x3"}
	fmt.Println(spec.Nearest("pentominos-6x10", names))
	fmt.Println(spec.Nearest("tetrasticks-6x6", names))
	// Output:
	// [pentominoes-6x10]
	// []
}

// KeyDoc gives the reference's meaning of a key, for a comment above it.
func ExampleKeyDoc() {
	fmt.Println(spec.KeyDoc("board.tube"))
	// Output:
	// The board's left and right edges join.
}
