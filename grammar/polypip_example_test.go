package grammar_test

import (
	"errors"
	"fmt"

	"github.com/polyspec/polyspec/grammar"
)

func ExampleParsePolypip() {
	p, err := grammar.ParsePolypip("4L+:3456:90")
	if err != nil {
		panic(err)
	}
	fmt.Println(p, p.Shape.Size, p.Shape.Letter, p.Shape.Chirality, p.Pips, p.Degrees())
	// Column, row (growing downward) and pips, in pip order.
	for _, c := range p.Cells() {
		fmt.Println(c.Col, c.Row, c.Pips)
	}

	_, err = grammar.ParsePolypip("4T:123")
	fmt.Println(err)
	var perr *grammar.Error
	if errors.As(err, &perr) {
		fmt.Println("offset", perr.Pos.Offset)
	}
	// Output:
	// 4L+:3456:90 4 L + 3456 90
	// 0 2 3
	// 1 2 4
	// 1 1 5
	// 1 0 6
	// 1:7: expected 4 pips for 4T, one per cell; found 3
	// offset 6
}

func ExampleParsePolypips() {
	pieces, err := grammar.ParsePolypips("5F+:12345, 1O:6 2I:01:0")
	if err != nil {
		panic(err)
	}
	fmt.Println(pieces)

	_, err = grammar.ParsePolypips("5F+:12345, 5Q:12345")
	fmt.Println(err)
	// Output:
	// [5F+:12345 1o:6 2I:01]
	// 1:13: expected a shape letter for 5 cells: F, I, L, N, P, T, U, V, W, X, Y or Z; found "Q"
}

func ExampleParseShape() {
	for _, src := range []string{"5W", "4L+", "4L", "4T+"} {
		s, err := grammar.ParseShape(src)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %d cells, letter %s, chirality %q, layout %v\n", s, s.Size, s.Letter, s.Chirality, grammar.Layout(s.String()))
	}
	// Output:
	// 5W: 5 cells, letter W, chirality "", layout [{0 0} {0 1} {1 1} {1 2} {2 2}]
	// 4L+: 4 cells, letter L, chirality "+", layout [{0 0} {0 1} {1 1} {2 1}]
	// 4L: 4 cells, letter L, chirality "", layout []
	// 1:3: expected no "+" after 4T, which is its own mirror image; found "+"
}

func ExampleRotate() {
	// A quarter turn counter-clockwise: the last column becomes the top row.
	fmt.Println(grammar.Rotate(grammar.Layout("3I"), 1))
	fmt.Println(grammar.Rotate(grammar.Layout("3I"), -1))
	// Output:
	// [{0 2} {0 1} {0 0}]
	// [{0 0} {0 1} {0 2}]
}

func ExampleShapeNames() {
	fmt.Println(grammar.ShapeNames())
	// Output:
	// [1o 2I 3I 3L 4I 4L+ 4L- 4O 4T 4S+ 4S- 5F+ 5F- 5I 5L+ 5L- 5N+ 5N- 5P+ 5P- 5T 5U 5V 5W 5X 5Y+ 5Y- 5Z+ 5Z-]
}
