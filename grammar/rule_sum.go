package grammar

import (
	"math/rand/v2"
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"
)

// Sum is a total the pips of a region add up to: "12", or "Exactly 12" as
// the text games write it.
type Sum struct {
	Pos    lexer.Position
	Target Num `parser:"'Exactly'? @(Int | BadInt)"`
}

func (s *Sum) String() string { return strconv.Itoa(int(s.Target)) }
func (s *Sum) Label() string  { return s.String() }
func (s *Sum) Kind() Kind     { return Arithmetic }

func (s *Sum) Check(values []int) bool { return sum(values) == int(s.Target) }

func (s *Sum) Feasible(values []int, open, lo, hi int) bool {
	t := sum(values)
	return t+open*lo <= int(s.Target) && int(s.Target) <= t+open*hi
}

// Pick returns the only sum the values meet.
func (s *Sum) Pick(values []int, _ *rand.Rand) Rule { return &Sum{Target: Num(sum(values))} }
