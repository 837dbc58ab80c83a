package grammar

import (
	"math/rand/v2"
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"
)

// More is a bound the pips of a region add up to more than: ">3", or
// "MoreThan 3".
type More struct {
	Pos    lexer.Position
	Target Num `parser:"( '>' | 'MoreThan' ) @(Int | BadInt)"`
}

func (m *More) String() string { return ">" + strconv.Itoa(int(m.Target)) }
func (m *More) Label() string  { return m.String() }
func (m *More) Kind() Kind     { return Arithmetic }

func (m *More) Check(values []int) bool { return sum(values) > int(m.Target) }

func (m *More) Feasible(values []int, open, _, hi int) bool {
	return sum(values)+open*hi > int(m.Target)
}

// Pick returns a bound from 1 to 3 below the sum, and never a negative
// one, which would say nothing: a region of blanks gets none.
func (m *More) Pick(values []int, r *rand.Rand) Rule {
	s := sum(values)
	if s == 0 {
		return nil
	}
	return &More{Target: Num(s - 1 - r.IntN(min(3, s)))}
}
