package pips

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/polyspec/polyspec/grammar"
	"github.com/polyspec/polyspec/spec"
)

// FromSpec reads a game from a spec of kind "pips": its board drawn as
// art ('#' cells, the top row y = 0), its pieces with pips in the Polypips
// notation (or dominoes as their two pips), and its constraints, each a
// rule and its cells as the text game writes them. Errors are
// *spec.Error values at the file, line and column at fault.
func FromSpec(s *spec.Spec) (*Game, error) {
	if s.Kind.V != "pips" {
		return nil, &spec.Error{Pos: s.Kind.Pos, Msg: fmt.Sprintf("kind: expected a spec of kind \"pips\"; found %q", s.Kind.V)}
	}
	g := &Game{Name: s.Name.V, BoardPos: position(s.Board.Pos), PiecesPos: position(s.Pieces.Pos)}
	if !s.Board.Art.Set {
		return nil, &spec.Error{Pos: s.Board.Pos, Msg: "board: expected the board of a Pips game drawn as art ('#' for a cell)"}
	}
	for row, line := range s.Board.Art.V {
		for col, r := range []byte(line) {
			if r == '#' {
				g.Board = append(g.Board, grammar.Point{Col: col, Row: row})
			}
		}
	}
	if len(g.Board) == 0 {
		return nil, &spec.Error{Pos: s.Board.Art.Pos, Msg: "board.art: expected a board with '#' cells; found none"}
	}
	if err := checkPieces(g.PiecesPos, countWords(s.Pieces.S)); err != nil {
		return nil, err
	}
	pieces, err := parsePieces(s.Pieces.S)
	if err != nil {
		return nil, textError(s.Pieces, "pieces", err)
	}
	for _, p := range pieces {
		p.Pos = position(s.Pieces.PosAt(p.Pos.Offset))
	}
	g.Pieces = pieces
	for i, t := range s.Constraints {
		c, err := grammar.ParseConstraint(t.S)
		if err != nil {
			return nil, textError(t, fmt.Sprintf("constraints[%d]", i), err)
		}
		r := &Region{Pos: position(t.PosAt(c.Pos.Offset)), Rule: c.Rule}
		for _, cell := range c.Cells {
			r.Cells = append(r.Cells, cell.Point())
		}
		g.Regions = append(g.Regions, r)
	}
	return g, nil
}

// position turns a spec position into the games' own.
func position(p spec.Pos) lexer.Position {
	return lexer.Position{Filename: p.File, Line: p.Line, Column: p.Col}
}

// textError moves an error inside a spec's string to its place in the
// file.
func textError(t spec.Text, key string, err error) error {
	var ge *grammar.Error
	if errors.As(err, &ge) {
		return &spec.Error{Pos: t.PosAt(ge.Pos.Offset), Msg: key + ": " + ge.Msg}
	}
	return &spec.Error{Pos: t.Pos, Msg: key + ": " + err.Error()}
}

// WriteSpec writes the game as a TOML spec of kind "pips", which FromSpec
// reads back to the same game and WriteSpec then writes byte for byte
// again.
func (g *Game) WriteSpec() string {
	var b strings.Builder
	b.WriteString("kind = \"pips\"\n")
	if name := specName(g.Name); name != "" {
		fmt.Fprintf(&b, "name = %s\n", strconv.Quote(name))
	}
	pieces := make([]string, len(g.Pieces))
	for i, p := range g.Pieces {
		pieces[i] = p.String()
	}
	fmt.Fprintf(&b, "pieces = %s\n", strconv.Quote(strings.Join(pieces, ", ")))
	if len(g.Regions) > 0 {
		b.WriteString("constraints = [\n")
		for _, r := range g.Regions {
			fmt.Fprintf(&b, "  %s,\n", strconv.Quote(r.String()))
		}
		b.WriteString("]\n")
	}
	b.WriteString("\n[board]\nart = \"\"\"\n")
	b.WriteString(strings.ReplaceAll(boardArt(g.Board), " ", "."))
	b.WriteString("\"\"\"\n")
	return b.String()
}

// specName makes a game's name one a spec takes (a-z, 0-9 and '-'): a
// file's name without its extension, with every other run of characters
// a '-'.
func specName(name string) string {
	for _, ext := range []string{".txt", ".json", ".toml", ".yaml", ".yml"} {
		name = strings.TrimSuffix(name, ext)
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// WriteText writes the game as a Polypips text game (board, pieces and
// constraints, without the generator's pictures), which ReadGame reads
// back to the same game.
func (g *Game) WriteText() string {
	var b strings.Builder
	b.WriteString("board:\n" + boardArt(g.Board) + "\npieces:\n")
	pieces := make([]string, len(g.Pieces))
	for i, p := range g.Pieces {
		pieces[i] = p.String()
	}
	b.WriteString(strings.Join(pieces, ",") + "\n\nconstraints:\n")
	if len(g.Regions) == 0 {
		b.WriteString("none\n")
	}
	for _, r := range g.Regions {
		b.WriteString(r.String() + "\n")
	}
	return b.String()
}
