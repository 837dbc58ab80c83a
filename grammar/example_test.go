package grammar_test

import (
	"errors"
	"fmt"

	"github.com/polyspec/polyspec/grammar"
)

func ExampleParsePieceSet() {
	set, err := grammar.ParsePieceSet("5* ,-X,L*2, 12x4,123")
	if err != nil {
		panic(err)
	}
	fmt.Println(set)
	for _, term := range set.Terms {
		switch item := term.Item.(type) {
		case *grammar.Order:
			fmt.Println("every piece of order", item.Order)
		case *grammar.Piece:
			if term.Exclude {
				fmt.Println("remove", item.Name)
			} else {
				fmt.Println(max(item.Copies, 1), "copies of", item.Name)
			}
		case *grammar.Tally:
			fmt.Println(item.Count, "pieces of order", item.Order)
		case *grammar.Run:
			fmt.Println("every piece of orders", item.Orders())
		}
	}

	_, err = grammar.ParsePieceSet("F, I, L)")
	fmt.Println(err)
	var perr *grammar.Error
	if errors.As(err, &perr) {
		fmt.Println("offset", perr.Pos.Offset)
	}
	// Output:
	// 5*, -X, L*2, 12x4, 123
	// every piece of order 5
	// remove X
	// 2 copies of L
	// 12 pieces of order 4
	// every piece of orders [1 2 3]
	// 1:8: expected "*" and a number of copies, "," or the end of the rule; found ")"
	// offset 7
}
