package main

import (
	"slices"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// TestNewBoard checks the boards new makes against catalogue puzzles of
// the same shape.
func TestNewBoard(t *testing.T) {
	tests := []struct{ lattice, board, puzzle string }{
		{"cubic", "3x3x3", "soma-3x3x3"},
		{"iamond", "6x6", "hexiamonds-6x6"},
		{"hex", "7x4", "tetrahexes-4x7"},
		{"stick", "5x5", "tetrasticks-6x6"},
	}
	for _, tt := range tests {
		_, text, err := newBoard(tt.lattice, tt.board)
		if err != nil {
			t.Fatal(err)
		}
		got, err := compile.ParseCells(text)
		if err != nil {
			t.Fatal(err)
		}
		e, _ := puzzles.Lookup(tt.puzzle)
		s, err := spec.LoadFS(puzzles.FS, e.Path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := compile.ParseCells(s.Board.Cells.V)
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(got, func(a, b compile.Cell) int { return slices.Compare(a[:], b[:]) })
		slices.SortFunc(want, func(a, b compile.Cell) int { return slices.Compare(a[:], b[:]) })
		if !slices.Equal(got, want) {
			t.Errorf("%s --board %s: %d cells %v, the board of %s has %d: %v", tt.lattice, tt.board, len(got), got, tt.puzzle, len(want), want)
		}
	}
}
