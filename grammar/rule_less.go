package grammar

import (
	"math/rand/v2"
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"
)

// Less is a bound the pips of a region add up to less than: "<5", or
// "LessThan 5".
type Less struct {
	Pos    lexer.Position
	Target Num `parser:"( '<' | 'LessThan' ) @(Int | BadInt)"`
}

func (l *Less) String() string { return "<" + strconv.Itoa(int(l.Target)) }
func (l *Less) Label() string  { return l.String() }
func (l *Less) Kind() Kind     { return Arithmetic }

func (l *Less) Check(values []int) bool { return sum(values) < int(l.Target) }

func (l *Less) Feasible(values []int, open, lo, _ int) bool {
	return sum(values)+open*lo < int(l.Target)
}

// Pick returns a bound from 1 to 3 above the sum: close enough to say
// something about the region.
func (l *Less) Pick(values []int, r *rand.Rand) Rule {
	return &Less{Target: Num(sum(values) + 1 + r.IntN(3))}
}
