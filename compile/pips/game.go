package pips

import (
	"fmt"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/polyspec/polyspec/grammar"
)

// A Game is a Pips or Polypips puzzle. Points are (x, y) with x growing to
// the right and y downward, as Col and Row.
type Game struct {
	// Name names the game in messages, such as "2025-08-18 easy".
	Name   string
	Board  []grammar.Point
	Pieces []*grammar.Polypip
	// Regions are the board's constrained areas; a cell in none is free.
	Regions []*Region
	// BoardPos and PiecesPos are where the input states the board and the
	// pieces, for errors about them as a whole.
	BoardPos, PiecesPos lexer.Position
}

// A Region is an area of the board with a rule.
type Region struct {
	Pos   lexer.Position
	Rule  grammar.Rule
	Cells []grammar.Point
}

// check reports what makes a game impossible to state: a region cell off
// the board or in two regions, or pieces that do not cover the board's
// area.
func (g *Game) check() error {
	on := map[grammar.Point]bool{}
	for _, c := range g.Board {
		on[c] = true
	}
	owner := map[grammar.Point]*Region{}
	for _, r := range g.Regions {
		for _, c := range r.Cells {
			if !on[c] {
				return errorAt(r.Pos, "expected cells of the board; found (%d, %d), which is not on it", c.Col, c.Row)
			}
			if o := owner[c]; o != nil {
				return errorAt(r.Pos, "expected each cell in one region; found (%d, %d), which the region at line %d has", c.Col, c.Row, o.Pos.Line)
			}
			owner[c] = r
		}
	}
	area := 0
	for _, p := range g.Pieces {
		area += p.Shape.Size
	}
	if area != len(g.Board) {
		return errorAt(g.PiecesPos, "expected pieces that cover the board's %d cells; found %d pieces covering %d", len(g.Board), len(g.Pieces), area)
	}
	return nil
}

// errorAt returns a positioned error in the grammar's style, so that every
// input error prints as "file:line:column: message".
func errorAt(pos lexer.Position, format string, args ...any) *grammar.Error {
	return &grammar.Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}
