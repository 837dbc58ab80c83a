package grammar

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// dominoList is the grammar of ParseDominoes: numbers, which
// ParseDominoes makes pairs of pips. BadInt is allowed because "06" is an
// ordinary domino.
type dominoList struct {
	Dominoes []*domino `parser:"@@ ( ','? @@ )*"`
}

type domino struct {
	Pos  lexer.Position
	Pips string `parser:"@( Int | BadInt )"`
}

var dominoListParser = participle.MustBuild[dominoList](participle.Lexer(lex))

// ParseDominoes parses the text games' shorthand for a list of dominoes:
// pairs of pips separated by commas, spaces or both, such as "06,26,24".
// Each is the piece 2I with those pips, positioned where the pair is. Any
// error is an *Error positioned within src.
func ParseDominoes(src string) ([]*Polypip, error) {
	list, err := dominoListParser.ParseString("", src)
	if err != nil {
		return nil, explain(src, err, "list", func(prev []lexer.Token) string {
			if len(prev) == 0 || prev[len(prev)-1].Value == "," {
				return "a domino such as 06"
			}
			return `",", another domino or the end of the list`
		})
	}
	var out []*Polypip
	for _, d := range list.Dominoes {
		if len(d.Pips) != 2 {
			return nil, errorAt(d.Pos, "expected two pips from 0 to 6 for a domino, such as 06; found %q", d.Pips)
		}
		for i, p := range d.Pips {
			if p > '6' {
				return nil, errorAt(advance(d.Pos, i), "expected pips from 0 to 6; found %q", string(p))
			}
		}
		out = append(out, &Polypip{Pos: d.Pos, Shape: &Shape{Pos: d.Pos, Size: 2, Letter: "I"}, Pips: d.Pips})
	}
	return out, nil
}
