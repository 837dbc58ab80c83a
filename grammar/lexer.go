package grammar

import "github.com/alecthomas/participle/v2/lexer"

// lex is shared by every language in the package. It is stateful only so
// that "x" is a token of its own right after a number ("12x5") while staying
// an ordinary letter elsewhere ("x5" is a name).
//
// Numbers a parser could not store exactly, or that hide a zero ("0", "05"),
// get their own token type that no grammar accepts: the parser then stops on
// them in reading order, and the error can say what is wrong with the number
// instead of a conversion failing inside participle.
//
// Other catches any character no language knows, so that lexing never fails
// and such a character is reported by the parser as what it found where it
// expected something else.
var lex = lexer.MustStateful(lexer.Rules{
	"Root": {
		{Name: "whitespace", Pattern: `\s+`},
		{Name: "BadInt", Pattern: `0[0-9]*|[0-9]{10,}`, Action: lexer.Push("Number")},
		{Name: "Int", Pattern: `[0-9]+`, Action: lexer.Push("Number")},
		{Name: "Ident", Pattern: `[A-Za-z][A-Za-z0-9]*`},
		{Name: "Punct", Pattern: `[-*,]`},
		{Name: "Other", Pattern: `.`},
	},
	"Number": {
		{Name: "Times", Pattern: `x`},
		lexer.Return(),
	},
})

var (
	tokBadInt = lex.Symbols()["BadInt"]
	tokInt    = lex.Symbols()["Int"]
	tokIdent  = lex.Symbols()["Ident"]
	tokTimes  = lex.Symbols()["Times"]
)
