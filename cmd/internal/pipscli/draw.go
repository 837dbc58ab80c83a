package pipscli

import (
	"errors"
	"fmt"
	"io"

	"github.com/polyspec/polyspec/emit/pipsart"
	"github.com/polyspec/polyspec/grammar"
)

// DrawHelp is the body of draw_polypips --help, and of polyspec draw
// --help. TestHelpListsTheShapes keeps its lists of shapes in step with
// the grammar.
const DrawHelp = `Draw Polypips pieces, in order, separated by blank lines.

A piece is written without spaces as [cells][shape][chirality]:[pips][:degrees],
for example 5F+:12345, 1o:3 or 4L+:3456:90, where

    cells and shape  1o (or 1O), 2I, 3I, 3L, 4I, 4L, 4O, 4S, 4T,
                     5F, 5I, 5L, 5N, 5P, 5T, 5U, 5V, 5W, 5X, 5Y or 5Z
    chirality        + or - after 4L, 4S, 5F, 5L, 5N, 5P, 5Y and 5Z, which
                     have two mirror images; nothing after the others
    pips             one digit from 0 to 6 per cell, in the order of the
                     cells in the Polypips document's table for the shape
    degrees          0, 90, 180 or 270, turning the piece counter-clockwise;
                     none is 0

An argument may hold several pieces separated by commas or spaces.

Exit status: 0 on success, 2 for bad arguments.`

// DrawFlags are the command line of draw_polypips and polyspec draw.
type DrawFlags struct {
	Compact bool     `help:"Draw one character per cell, its pips, without outlines."`
	Pieces  []string `arg:"" name:"piece" help:"Pieces to draw, such as 5F+:12345 or 4L+:3456:90."`
}

// Draw draws the pieces the flags name. It reads every argument before it
// draws anything, so that a mistake in the last one leaves no half output
// behind; the error names the argument and the column of the mistake.
func Draw(w io.Writer, f DrawFlags) error {
	var pieces []*grammar.Polypip
	for i, arg := range f.Pieces {
		ps, err := grammar.ParsePolypips(arg)
		if err != nil {
			return argumentError(i+1, arg, err)
		}
		pieces = append(pieces, ps...)
	}
	for i, p := range pieces {
		if i > 0 {
			fmt.Fprintln(w)
		}
		g := pipsart.Piece(p.Cells())
		if f.Compact {
			fmt.Fprint(w, g.Compact())
		} else {
			fmt.Fprint(w, g.Draw())
		}
	}
	return nil
}

// argumentError names the argument and where in it the mistake is. The line
// is named only for an argument of several lines, which a shell can pass.
func argumentError(n int, arg string, err error) error {
	var perr *grammar.Error
	if !errors.As(err, &perr) {
		return fmt.Errorf("argument %d %q: %w", n, arg, err)
	}
	at := fmt.Sprintf("column %d", perr.Pos.Column)
	if perr.Pos.Line > 1 {
		at = fmt.Sprintf("line %d, %s", perr.Pos.Line, at)
	}
	return fmt.Errorf("argument %d %q, %s: %s", n, arg, at, perr.Msg)
}
