package grammar

import (
	"math/rand/v2"
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"
)

// Parity is a rule type that exists only in the tests, to show that a rule
// exact cover says by itself, with items of its own, is one node in this
// package and nothing anywhere else: "^" says that every cell of a region
// shows pips of the same parity. Its one item is coloured with the parity,
// as "=" colours its item with the pips. TestParityRule
// (rule_ext_test.go) solves games with it through the compiler and the
// plain dlx backend, which checks no rule on its own.
type Parity struct {
	Pos   lexer.Position
	Caret string `parser:"@'^'"`
}

func init() { registerRule(&Parity{}, "^") }

func (*Parity) String() string { return "^" }
func (*Parity) Label() string  { return "^" }
func (*Parity) Kind() Kind     { return Covered }

func (p *Parity) Check(values []int) bool { return p.Feasible(values, 0, 0, 0) }

// Feasible asks for one parity among the values, and for pips of it from
// lo to hi when cells are open.
func (*Parity) Feasible(values []int, open, lo, hi int) bool {
	for _, v := range values {
		if v%2 != values[0]%2 {
			return false
		}
	}
	return open == 0 || len(values) == 0 || lo < hi || lo%2 == values[0]%2
}

func (*Parity) Pick(values []int, _ *rand.Rand) Rule {
	if !(&Parity{}).Check(values) {
		return nil
	}
	return &Parity{}
}

func (*Parity) CoverItems(_, _ int) []string { return []string{"^"} }

func (*Parity) CoverEntries(pips []int, _ int) []CoverEntry {
	return []CoverEntry{{Color: strconv.Itoa(pips[0] % 2)}}
}
