package pips

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/polyspec/polyspec/grammar"
)

// A Config is a generator's configuration: the board, and the selection
// rules for the shapes of its pieces and of its constraints' regions.
type Config struct {
	Board []grammar.Point
	// Pieces is never empty; Twelve asks for exactly the twelve
	// pentominoes, which needs a board of 60 cells.
	Pieces *grammar.Selection
	// Constraints is nil for "none".
	Constraints *grammar.Selection
	// Coverage is the share of the board the constraints should cover,
	// from 0 to 1 (0.5 unless given).
	Coverage float64
	// Selection is "uniform-all" (the default: every allowed shape as
	// likely) or "uniform-size" (first a size, then a shape of it).
	Selection string
	// Seed seeds the generator's choices, if HasSeed.
	Seed    int64
	HasSeed bool
}

// configKeys are the keys a configuration may have, in the order messages
// list them.
var configKeys = []string{"board", "pieces", "constraints", "constraint-coverage", "constraint-selection", "seed"}

// ReadConfig reads a generator's configuration:
//
//	board:
//	 ###### (rows of '#' cells)
//	pieces: 4*,X (a selection rule: none is not allowed)
//	constraints: any (a selection rule, or none; the default)
//	constraint-coverage: 0.30
//	constraint-selection: uniform-size
//	seed: 12345
//
// A selection rule is "any", orders such as 4*, shapes with or without
// chirality (4L+, 3L), pentomino letters (X), and for pieces 12x5. Errors
// name the file, line and column.
func ReadConfig(name string, data []byte) (*Config, error) {
	sections, err := readSections(name, data, "")
	if err != nil {
		return nil, err
	}
	for _, s := range sections {
		if !slices.Contains(configKeys, s.key) {
			return nil, errorAt(s.pos, "expected a configuration key (%s); found %s:", strings.Join(configKeys, ", "), s.key)
		}
	}
	c := &Config{Coverage: 0.5, Selection: "uniform-all"}
	board, err := need(name, sections, "board")
	if err != nil {
		return nil, err
	}
	if c.Board, err = readBoard(board); err != nil {
		return nil, err
	}
	pieces, err := need(name, sections, "pieces")
	if err != nil {
		return nil, err
	}
	if c.Pieces, err = readSelection(pieces); err != nil {
		return nil, err
	}
	switch {
	case len(c.Pieces.Shapes) == 0:
		return nil, errorAt(pieces.lines[0].pos, "expected pieces to place; found none (none is only for constraints)")
	case c.Pieces.Twelve && len(c.Board) != 60:
		return nil, errorAt(pieces.lines[0].pos, "expected a board of 60 cells for 12x5, the twelve pentominoes; found %d cells", len(c.Board))
	}
	if get(sections, "constraints") != nil {
		s, err := need(name, sections, "constraints")
		if err != nil {
			return nil, err
		}
		if c.Constraints, err = readSelection(s); err != nil {
			return nil, err
		}
		if c.Constraints.Twelve {
			return nil, errorAt(s.lines[0].pos, "expected a selection of constraint shapes; found 12x5, which is only for pieces")
		}
		if len(c.Constraints.Shapes) == 0 {
			c.Constraints = nil
		}
	}
	return c, readSettings(c, sections)
}

// readSettings reads the keys with one word as their value.
func readSettings(c *Config, sections []*section) error {
	if s := get(sections, "constraint-coverage"); s != nil {
		text, pos, err := word(s)
		if err != nil {
			return err
		}
		v, err := strconv.ParseFloat(text, 64)
		if err != nil || v < 0 || v > 1 {
			return errorAt(pos, "expected a share from 0 to 1, such as 0.5; found %q", text)
		}
		c.Coverage = v
	}
	if s := get(sections, "constraint-selection"); s != nil {
		text, pos, err := word(s)
		if err != nil {
			return err
		}
		if text != "uniform-all" && text != "uniform-size" {
			return errorAt(pos, "expected uniform-all or uniform-size; found %q", text)
		}
		c.Selection = text
	}
	if s := get(sections, "seed"); s != nil {
		text, pos, err := word(s)
		if err != nil {
			return err
		}
		v, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return errorAt(pos, "expected a whole number; found %q", text)
		}
		c.Seed, c.HasSeed = v, true
	}
	return nil
}

// word returns the one-word value of a section.
func word(s *section) (string, lexer.Position, error) {
	if len(s.lines) != 1 || s.lines[0].pos.Line != s.pos.Line {
		return "", s.pos, errorAt(s.pos, "expected a value after %s: on its line; found %s", s.key, plural(len(s.lines), "line"))
	}
	text := strings.TrimSpace(s.lines[0].text)
	return text, s.lines[0].pos, nil
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// readSelection reads a selection rule. Pieces with pips in its place mean
// the file is a game, which is worth saying.
func readSelection(s *section) (*grammar.Selection, error) {
	src, base := s.joined()
	set, err := grammar.ParsePieceSet(src)
	if err != nil {
		if _, perr := grammar.ParsePolypips(src); perr == nil {
			return nil, errorAt(base, "expected a selection rule such as 4*,X; found pieces with pips (a game is not a generator configuration)")
		}
		return nil, shift(err, base)
	}
	sel, err := set.Polypips()
	if err != nil {
		return nil, shift(err, base)
	}
	return sel, nil
}
