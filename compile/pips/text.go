package pips

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/polyspec/polyspec/grammar"
)

// ReadGame reads a Polypips game as the generator writes it:
//
//	board:
//	 ###### (rows of '#' cells; ' ' or '.' for none)
//	pieces:
//	5F-:40461,5V:02341 (pieces with pips, on one line or more)
//	constraints:
//	Exactly 4 {(3, 6)} (a rule and its region's cells, one per line)
//
// and ignores everything after the constraints' block (the generator's
// pictures and solution). A value may also follow its key on the same line
// ("pieces: 2I:01,2I:23", "constraints: none"). Dominoes may be written as
// their two pips alone ("pieces: 06,26,24"). A constraint's rule is one
// of the text games' (Exactly N, LessThan N, MoreThan N, AllSame None,
// AllSame Some(v), AllDifferent {pips}) or any rule expression (12, <5, =,
// ≠, ∅ ...). Errors name the file, line and column.
func ReadGame(name string, data []byte) (*Game, error) {
	sections, err := readSections(name, data, "constraints")
	if err != nil {
		return nil, err
	}
	for _, s := range sections {
		if !slices.Contains([]string{"board", "pieces", "constraints"}, s.key) {
			return nil, errorAt(s.pos, "expected a game's board:, pieces: and constraints:; found %s: (a generator configuration is not a game)", s.key)
		}
	}
	g := &Game{Name: filepath.Base(name)}
	board, err := need(name, sections, "board")
	if err != nil {
		return nil, err
	}
	if g.Board, err = readBoard(board); err != nil {
		return nil, err
	}
	g.BoardPos = board.pos
	pieces, err := need(name, sections, "pieces")
	if err != nil {
		return nil, err
	}
	if g.Pieces, err = readPieces(pieces); err != nil {
		return nil, err
	}
	g.PiecesPos = pieces.pos
	if c := get(sections, "constraints"); c != nil {
		if g.Regions, err = readConstraints(c); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// need returns the section with the given key, which must have a value.
func need(name string, sections []*section, key string) (*section, error) {
	s := get(sections, key)
	if s == nil {
		return nil, errorAt(lexer.Position{Filename: name, Line: 1, Column: 1}, "expected a %s: section; found none", key)
	}
	if len(s.lines) == 0 {
		return nil, errorAt(s.pos, "expected a value for %s:; found none", key)
	}
	return s, nil
}

// readBoard reads rows of '#' cells on the lines below "board:"; the first
// row is y = 0.
func readBoard(s *section) ([]grammar.Point, error) {
	if s.lines[0].pos.Line == s.pos.Line {
		return nil, errorAt(s.lines[0].pos, "expected the board's rows on the lines below board:; found %q", s.lines[0].text)
	}
	return boardCells(s)
}

// boardCells reads the rows of '#' cells that are a section's lines.
func boardCells(s *section) ([]grammar.Point, error) {
	var cells []grammar.Point
	for row, line := range s.lines {
		col := 0
		for _, r := range line.text {
			switch r {
			case '#':
				cells = append(cells, grammar.Point{Col: col, Row: row})
			case ' ', '.':
			default:
				at := line.pos
				at.Column += col
				at.Offset += strings.Index(line.text, string(r))
				return nil, errorAt(at, "expected '#' for a cell, or ' ' or '.' for none; found %q", r)
			}
			col++
		}
	}
	if len(cells) == 0 {
		return nil, errorAt(s.pos, "expected a board with '#' cells; found none")
	}
	return cells, nil
}

// joined returns a section's lines as one string, and the position of its
// start: an error positioned in the string then moves to the file with
// Add, as every line but the first starts a line of the file.
func (s *section) joined() (string, lexer.Position) {
	texts := make([]string, len(s.lines))
	for i, l := range s.lines {
		texts[i] = l.text
	}
	return strings.Join(texts, "\n"), s.lines[0].pos
}

// shift moves a grammar error from a string that starts at base to the
// file.
func shift(err error, base lexer.Position) error {
	var ge *grammar.Error
	if errors.As(err, &ge) {
		return errorAt(base.Add(ge.Pos), "%s", ge.Msg)
	}
	return err
}

// readPieces reads a list of pieces with pips, or of dominoes in the text
// games' shorthand ("06,26,24"), which has no colon where every piece of
// the Polypips notation has one. A selection rule in their place means the
// file is a generator's configuration, which is worth saying.
func readPieces(s *section) ([]*grammar.Polypip, error) {
	src, base := s.joined()
	if err := checkPieces(base, countWords(src)); err != nil {
		return nil, err
	}
	pieces, err := parsePieces(src)
	if err != nil {
		if set, serr := grammar.ParsePieceSet(src); serr == nil {
			return nil, errorAt(base, "expected pieces with pips, such as 2I:01; found the selection rule %q (a generator configuration is not a game)", set.String())
		}
		return nil, shift(err, base)
	}
	for _, p := range pieces {
		p.Pos = base.Add(p.Pos)
	}
	return pieces, nil
}

// parsePieces parses pieces with pips, or dominoes in the text games'
// shorthand ("06,26,24"), which has no colon where every piece of the
// Polypips notation has one. Errors are positioned within src. Pieces are
// words, so the callers bound their number (checkPieces, countWords)
// before the parser builds them all.
func parsePieces(src string) ([]*grammar.Polypip, error) {
	if !strings.Contains(src, ":") {
		return grammar.ParseDominoes(src)
	}
	return grammar.ParsePolypips(src)
}

// countWords counts the runs of text between commas and white space.
func countWords(s string) int {
	n, in := 0, false
	for _, r := range s {
		sep := r == ',' || unicode.IsSpace(r)
		if !sep && !in {
			n++
		}
		in = !sep
	}
	return n
}

// readConstraints reads one constraint per line, or "none".
func readConstraints(s *section) ([]*Region, error) {
	if len(s.lines) == 1 && strings.TrimSpace(s.lines[0].text) == "none" {
		return nil, nil
	}
	var out []*Region
	for _, line := range s.lines {
		c, err := grammar.ParseConstraint(line.text)
		if err != nil {
			return nil, shift(err, line.pos)
		}
		r := &Region{Pos: line.pos.Add(c.Pos), Rule: c.Rule}
		for _, cell := range c.Cells {
			r.Cells = append(r.Cells, cell.Point())
		}
		out = append(out, r)
	}
	return out, nil
}
