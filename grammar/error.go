package grammar

import (
	"errors"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Error is a mistake in a string of one of the package's languages.
//
// Pos is relative to the string: Offset counts bytes from 0, Line and Column
// count from 1 and Column counts runes. Filename is empty; a caller that
// shifts Pos to where the string sits in its file can set it, and Error()
// then prints it too.
type Error struct {
	Pos lexer.Position
	Msg string
}

// Error formats the error as "[file:]line:column: message".
func (e *Error) Error() string { return participle.FormatError(e) }

// Message returns the message without the position. With Position it makes
// *Error a participle.Error, so that a caller embedding these languages in a
// participle grammar of its own can pass the error on unchanged.
func (e *Error) Message() string { return e.Msg }

// Position returns Pos.
func (e *Error) Position() lexer.Position { return e.Pos }

// explain turns a participle error into an *Error whose message names, in
// words, what could have stood where the parser stopped. Participle's own
// message names grammar productions, which mean nothing to someone writing a
// spec file.
//
// expectedAfter gets the tokens before the one the parser stopped on and
// describes what may follow them; whole names the string as a whole ("rule")
// for when the parser ran off its end.
func explain(src string, err error, whole string, expectedAfter func(prev []lexer.Token) string) *Error {
	if e, ok := asNumberError(err); ok {
		return e
	}
	var unexpected *participle.UnexpectedTokenError
	if !errors.As(err, &unexpected) {
		// Only a grammar that participle cannot apply to the tokens gets
		// here; keep participle's words rather than guess.
		var perr participle.Error
		if errors.As(err, &perr) {
			return &Error{Pos: perr.Position(), Msg: perr.Message()}
		}
		return &Error{Pos: lexer.Position{Line: 1, Column: 1}, Msg: err.Error()}
	}
	found := unexpected.Unexpected
	if found.Type == tokBadInt {
		return &Error{Pos: found.Pos, Msg: badNumber(found.Value)}
	}
	what := fmt.Sprintf("%q", found.Value)
	if found.EOF() {
		what = "the end of the " + whole
	}
	msg := fmt.Sprintf("expected %s; found %s", expectedAfter(tokensBefore(src, found.Pos.Offset)), what)
	return &Error{Pos: found.Pos, Msg: msg}
}

// tokensBefore lexes src again up to offset: participle's error carries only
// the token it stopped on, and what may stand there depends on what came
// before.
func tokensBefore(src string, offset int) []lexer.Token {
	l, err := lex.LexString("", src)
	if err != nil {
		return nil
	}
	var prev []lexer.Token
	for {
		t, err := l.Next()
		if err != nil || t.EOF() || t.Pos.Offset >= offset {
			return prev
		}
		prev = append(prev, t)
	}
}

// badNumber explains a BadInt token. Zero never names an order or a count,
// and a leading zero would make "0123" read as orders 0 to 3 to one person
// and as order 123 to another; nine digits is far past any real puzzle and
// fits in an int everywhere.
func badNumber(v string) string {
	switch {
	case strings.Trim(v, "0") == "":
		return fmt.Sprintf("expected a number of at least 1; found %q", v)
	case v[0] == '0':
		return fmt.Sprintf("expected a number without a leading 0; found %q", v)
	default:
		return fmt.Sprintf("expected a number of at most 9 digits; found %q", v)
	}
}
