package grammar

import (
	"math/rand/v2"
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"
)

// Mod is a rule type that exists only in the tests, to show that a new rule
// is one node in this package and nothing anywhere else: "%3" says that the
// pips of a region add up to a multiple of 3. TestModRule (rule_ext_test.go)
// solves games with it through the compiler and the sums backend.
type Mod struct {
	Pos     lexer.Position
	Divisor Num `parser:"'%' @Int"`
}

func init() { registerRule(&Mod{}, "%N") }

func (m *Mod) String() string { return "%" + strconv.Itoa(int(m.Divisor)) }
func (m *Mod) Label() string  { return m.String() }
func (m *Mod) Kind() Kind     { return Arithmetic }

func (m *Mod) Check(values []int) bool { return sum(values)%int(m.Divisor) == 0 }

// Feasible asks whether some total within reach is a multiple.
func (m *Mod) Feasible(values []int, open, lo, hi int) bool {
	s, d := sum(values), int(m.Divisor)
	least := s + open*lo
	return (least+d-1)/d*d <= s+open*hi
}

// Pick returns a divisor from 2 to 6 of the sum, if it has one.
func (m *Mod) Pick(values []int, r *rand.Rand) Rule {
	var divisors []int
	for d := 2; d <= 6; d++ {
		if sum(values)%d == 0 {
			divisors = append(divisors, d)
		}
	}
	if len(divisors) == 0 {
		return nil
	}
	return &Mod{Divisor: Num(divisors[r.IntN(len(divisors))])}
}
