package boxart_test

import (
	"fmt"

	"github.com/polyspec/polyspec/emit/boxart"
	"github.com/polyspec/polyspec/grammar"
)

func ExampleGrid_Draw() {
	// One piece: every cell has the same owner.
	f := boxart.Grid{
		{Col: 1, Row: 0}: {Label: "1"}, {Col: 2, Row: 0}: {Label: "2"},
		{Col: 0, Row: 1}: {Label: "3"}, {Col: 1, Row: 1}: {Label: "4"},
		{Col: 1, Row: 2}: {Label: "5"},
	}
	fmt.Print(f.Draw())
	// Output:
	//     ┌───────┐
	//     │ 1   2 │
	// ┌───┘   ┌───┘
	// │ 3   4 │
	// └───┐   │
	//     │ 5 │
	//     └───┘
}

func ExampleGrid_Draw_owners() {
	// A board covered by three dominoes, each its own owner.
	board := boxart.Grid{}
	for i, domino := range [][2]grammar.Point{
		{{Col: 0, Row: 0}, {Col: 0, Row: 1}},
		{{Col: 1, Row: 0}, {Col: 2, Row: 0}},
		{{Col: 1, Row: 1}, {Col: 2, Row: 1}},
	} {
		for j, p := range domino {
			board[p] = boxart.Cell{Owner: i, Label: fmt.Sprint(i + j)}
		}
	}
	fmt.Print(board.Draw())
	// Output:
	// ┌───┬───────┐
	// │ 0 │ 1   2 │
	// │   ├───────┤
	// │ 1 │ 2   3 │
	// └───┴───────┘
}

func ExampleGrid_Compact() {
	z := boxart.Grid{
		{Col: 2, Row: 0}: {Label: "1"}, {Col: 1, Row: 0}: {Label: "2"},
		{Col: 1, Row: 1}: {Label: "3"},
		{Col: 1, Row: 2}: {Label: "4"}, {Col: 0, Row: 2}: {Label: "5"},
	}
	fmt.Print(z.Compact())
	// Output:
	//  21
	//  3
	// 54
}
