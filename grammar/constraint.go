package grammar

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Constraint is a line of a text game's constraints: a rule and the cells
// of its region, such as "Exactly 4 {(3, 6)}" or "<25 {(2, 2), (3, 2)}".
// Cells are (x, y) with x growing to the right and y downward.
type Constraint struct {
	Pos   lexer.Position
	Rule  Rule
	Cells []*CellRef
}

// CellRef is a cell as a constraint writes it: "(3, 6)". Pos is where its
// "(" is.
type CellRef struct {
	Pos  lexer.Position
	X, Y Num
}

// Point returns the cell as a Point.
func (c *CellRef) Point() Point { return Point{Col: int(c.X), Row: int(c.Y)} }

// ParseConstraint parses one constraint line. The cells are the last pair
// of braces, because a rule may hold braces of its own ("AllDifferent {3}
// {(0, 1)}") but cells never do; so the rule is parsed on its own first, and
// its errors are those of ParseRule. Any error is an *Error positioned
// within src.
func ParseConstraint(src string) (*Constraint, error) {
	at := strings.LastIndex(src, "{")
	if at < 0 {
		at = len(src)
	}
	rule, err := ParseRule(src[:at])
	if err != nil {
		if e := err.(*Error); e.Pos.Offset == at && at < len(src) {
			// The rule ran into the cells: say so rather than blame the
			// end of a string the writer never saw end.
			e.Msg = strings.Replace(e.Msg, "found the end of the rule", `found "{"`, 1)
		}
		return nil, err
	}
	// The cells' positions count from the brace; shift them to the line.
	base := lexer.Position{Offset: at, Line: 1, Column: utf8.RuneCountInString(src[:at]) + 1}
	if i := strings.LastIndex(src[:at], "\n"); i >= 0 {
		base.Line += strings.Count(src[:at], "\n")
		base.Column = utf8.RuneCountInString(src[i+1:at]) + 1
	}
	if at == len(src) {
		return nil, &Error{Pos: base, Msg: `expected "{" and the region's cells, as in {(0, 1), (1, 1)}; found the end of the line`}
	}
	cells, cerr := parseCells(src[at:])
	if cerr != nil {
		cerr.Pos = base.Add(cerr.Pos)
		return nil, cerr
	}
	for _, cell := range cells {
		cell.Pos = base.Add(cell.Pos)
	}
	return &Constraint{Pos: ruleStart(src), Rule: rule, Cells: cells}, nil
}

// ruleStart returns where the rule of a line that parsed starts: at its
// first token.
func ruleStart(src string) lexer.Position {
	tokens := tokensBefore(src, len(src))
	return tokens[0].Pos
}

// parseCells reads "{(x, y), ...}" to the end of src. It is written by
// hand because participle would back out of a half-read cell and blame the
// token before it.
func parseCells(src string) ([]*CellRef, *Error) {
	l, _ := lex.LexString("", src) // the lexer never fails: Other takes any character
	next := func() lexer.Token { t, _ := l.Next(); return t }
	tok := next()
	expect := func(value, what string) *Error {
		if tok.Value != value || tok.EOF() {
			return unexpected(tok, what)
		}
		tok = next()
		return nil
	}
	number := func(what string) (Num, *Error) {
		var n Num
		if tok.Type != tokInt && tok.Type != tokBadInt {
			return 0, unexpected(tok, what)
		}
		if err := n.Capture([]string{tok.Value}); err != nil {
			return 0, &Error{Pos: tok.Pos, Msg: err.Error()}
		}
		tok = next()
		return n, nil
	}
	if err := expect("{", `"{"`); err != nil {
		return nil, err
	}
	var cells []*CellRef
	for {
		what := "a cell such as (0, 1)"
		if len(cells) == 0 {
			what = `a cell such as (0, 1), or "}"`
			if tok.Value == "}" {
				return nil, &Error{Pos: tok.Pos, Msg: `expected at least one cell between "{" and "}"; found none`}
			}
		}
		c := &CellRef{Pos: tok.Pos}
		var err *Error
		if err = expect("(", what); err == nil {
			if c.X, err = number("the cell's x"); err == nil {
				if err = expect(",", `","`); err == nil {
					if c.Y, err = number("the cell's y"); err == nil {
						err = expect(")", `")"`)
					}
				}
			}
		}
		if err != nil {
			return nil, err
		}
		for _, d := range cells {
			if d.Point() == c.Point() {
				return nil, &Error{Pos: c.Pos, Msg: fmt.Sprintf("expected each cell once; found (%d, %d) again", c.X, c.Y)}
			}
		}
		cells = append(cells, c)
		if tok.Value == "}" && !tok.EOF() {
			break
		}
		if err := expect(",", `"," and another cell, or "}"`); err != nil {
			return nil, err
		}
	}
	tok = next()
	if !tok.EOF() {
		return nil, unexpected(tok, "the end of the line")
	}
	return cells, nil
}

// unexpected says that tok is not what was expected.
func unexpected(tok lexer.Token, what string) *Error {
	found := strconv.Quote(tok.Value)
	if tok.EOF() {
		found = "the end of the line"
	}
	return &Error{Pos: tok.Pos, Msg: fmt.Sprintf("expected %s; found %s", what, found)}
}
