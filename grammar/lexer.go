package grammar

import "github.com/alecthomas/participle/v2/lexer"

// lex is shared by every language in the package. It is stateful only so
// that a letter right after a number is a token of its own: "x" as in
// "12x5", and the shape letter of a Polypips piece as in "5F+:12345", where
// the identifier rule would swallow the pips of "5F12345" and so hide where
// the "+" or ":" is missing. Elsewhere "x5" and "F12" stay names.
//
// Numbers a parser could not store exactly, or that hide a zero ("0", "05"),
// get their own token type that no count or order accepts: the parser then
// stops on them in reading order, and the error can say what is wrong with
// the number instead of a conversion failing inside participle. Polypips
// pips and rotations do accept it, because there the digits are read as text
// ("01234" is five pips, "0" no turn) and checked after parsing.
//
// Other catches any character no language knows, so that lexing never fails
// and such a character is reported by the parser as what it found where it
// expected something else. The symbols of the rule language ("<", "≠", "∅",
// "{" ...) are Other tokens too: a grammar matches them by value, so a new
// rule type can use any symbol without a change here. Only "!=" needs a rule
// of its own, to be one token.
var lex = lexer.MustStateful(lexer.Rules{
	"Root": {
		{Name: "whitespace", Pattern: `\s+`},
		{Name: "BadInt", Pattern: `0[0-9]*|[0-9]{10,}`, Action: lexer.Push("Number")},
		{Name: "Int", Pattern: `[0-9]+`, Action: lexer.Push("Number")},
		{Name: "Ident", Pattern: `[A-Za-z][A-Za-z0-9]*`},
		{Name: "Punct", Pattern: `!=|[-+*,:]`},
		{Name: "Other", Pattern: `.`},
	},
	"Number": {
		{Name: "Times", Pattern: `x`},
		{Name: "Letter", Pattern: `[A-Za-z]`, Action: lexer.Pop()},
		lexer.Return(),
	},
})

var (
	tokBadInt = lex.Symbols()["BadInt"]
	tokInt    = lex.Symbols()["Int"]
	tokIdent  = lex.Symbols()["Ident"]
	tokLetter = lex.Symbols()["Letter"]
	tokTimes  = lex.Symbols()["Times"]
)
