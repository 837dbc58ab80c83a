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
	// Pieces is never empty once read or set; Twelve asks for exactly the
	// twelve pentominoes, which needs a board of 60 cells.
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
	// PiecesPos is where the configuration states the pieces, for errors
	// about the game as a whole (GenerateOptions.MaxPlacements). Set
	// leaves it zero; a caller may name its flag there instead.
	PiecesPos lexer.Position
}

// configKeys are the keys a configuration may have, in the order messages
// list them.
var configKeys = []string{"board", "pieces", "constraints", "constraint-coverage", "constraint-selection", "seed"}

// NewConfig returns a configuration with the defaults: coverage 0.5,
// uniform-all selection, and no board, pieces or seed yet.
func NewConfig() *Config {
	return &Config{Coverage: 0.5, Selection: "uniform-all"}
}

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
// name the file, line and column. ReadConfigFile also reads the same keys
// from TOML and YAML.
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
	return configFrom(name, sections, true)
}

// checkSides bounds a configuration's board as NamedBoard bounds a
// rectangle: generating a game of a million cells would take hours.
func checkSides(s *section, board []grammar.Point) error {
	for _, p := range board {
		if p.Col >= maxSide || p.Row >= maxSide {
			at := s.lines[min(p.Row, len(s.lines)-1)].pos
			return errorAt(at, "expected a board of at most %d rows of %d columns, as --board allows; found a cell in row %d, column %d", maxSide, maxSide, p.Row+1, p.Col+1)
		}
	}
	return nil
}

// configFrom builds a configuration from its sections, read from the text
// format (text) or from the keys of a TOML or YAML file, whose values have
// no layout of lines to check.
func configFrom(name string, sections []*section, text bool) (*Config, error) {
	c := NewConfig()
	board, err := need(name, sections, "board")
	if err != nil {
		return nil, err
	}
	if text {
		c.Board, err = readBoard(board)
	} else {
		c.Board, err = boardCells(board)
	}
	if err != nil {
		return nil, err
	}
	if err := checkSides(board, c.Board); err != nil {
		return nil, err
	}
	pieces, err := need(name, sections, "pieces")
	if err != nil {
		return nil, err
	}
	if err := c.set(pieces, text); err != nil {
		return nil, err
	}
	if c.Pieces.Twelve && len(c.Board) != 60 {
		return nil, errorAt(pieces.lines[0].pos, "expected a board of 60 cells for 12x5, the twelve pentominoes; found %d cells", len(c.Board))
	}
	for _, key := range configKeys[2:] {
		if s := get(sections, key); s != nil {
			if err := c.set(s, text); err != nil {
				return nil, err
			}
		}
	}
	return c, nil
}

// Set sets one key, as a command-line flag does: value is what a
// configuration file would hold after the key, except that "board" takes
// the name of a board (see NamedBoard), since art has no place on a
// command line. An error is a *grammar.Error positioned within value,
// which has no file name.
func (c *Config) Set(key, value string) error {
	if key == "board" {
		board, err := NamedBoard(value)
		if err != nil {
			return err
		}
		c.Board = board
		return nil
	}
	if !slices.Contains(configKeys, key) {
		return fmt.Errorf("pips: no configuration key %q", key)
	}
	at := lexer.Position{Line: 1, Column: 1}
	if err := c.set(&section{key: key, pos: at, lines: []textLine{{value, at}}}, false); err != nil {
		return err
	}
	if key == "pieces" {
		c.PiecesPos = lexer.Position{}
	}
	return nil
}

// set reads the value of one key other than the board.
func (c *Config) set(s *section, text bool) error {
	if len(s.lines) == 0 {
		return errorAt(s.pos, "expected a value for %s:; found none", s.key)
	}
	switch s.key {
	case "pieces":
		sel, err := readSelection(s)
		if err != nil {
			return err
		}
		if len(sel.Shapes) == 0 {
			return errorAt(s.lines[0].pos, "expected pieces to place; found none (none is only for constraints)")
		}
		c.Pieces, c.PiecesPos = sel, s.pos
		return nil
	case "constraints":
		sel, err := readSelection(s)
		switch {
		case err != nil:
			return err
		case sel.Twelve:
			return errorAt(s.lines[0].pos, "expected a selection of constraint shapes; found 12x5, which is only for pieces")
		case len(sel.Shapes) == 0:
			sel = nil
		}
		c.Constraints = sel
		return nil
	}
	value, pos, err := word(s, text)
	if err != nil {
		return err
	}
	switch s.key {
	case "constraint-coverage":
		v, err := strconv.ParseFloat(value, 64)
		if err != nil || !(v >= 0 && v <= 1) {
			return errorAt(pos, "expected a share from 0 to 1, such as 0.5; found %q", value)
		}
		c.Coverage = v
	case "constraint-selection":
		if value != "uniform-all" && value != "uniform-size" {
			return errorAt(pos, "expected uniform-all or uniform-size; found %q", value)
		}
		c.Selection = value
	case "seed":
		v, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return errorAt(pos, "expected a whole number; found %q", value)
		}
		c.Seed, c.HasSeed = v, true
	}
	return nil
}

// word returns the one-word value of a section, which the text format
// writes on the key's line.
func word(s *section, text bool) (string, lexer.Position, error) {
	switch {
	case text && (len(s.lines) != 1 || s.lines[0].pos.Line != s.pos.Line):
		return "", s.pos, errorAt(s.pos, "expected a value after %s: on its line; found %s", s.key, plural(len(s.lines), "line"))
	case len(s.lines) != 1:
		return "", s.pos, errorAt(s.pos, "expected a value of one line for %s; found %s", s.key, plural(len(s.lines), "line"))
	}
	return strings.TrimSpace(s.lines[0].text), s.lines[0].pos, nil
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
