package grammar

import (
	"math/rand/v2"

	"github.com/alecthomas/participle/v2/lexer"
)

// Empty is "∅": a region without a constraint, as the NYT's "empty"
// regions are.
type Empty struct {
	Pos lexer.Position
	// Op is "∅": participle wants something to capture.
	Op string `parser:"@'∅'"`
}

func (*Empty) String() string                     { return "∅" }
func (*Empty) Label() string                      { return "∅" }
func (*Empty) Kind() Kind                         { return Free }
func (*Empty) Check([]int) bool                   { return true }
func (*Empty) Feasible([]int, int, int, int) bool { return true }
func (*Empty) Pick([]int, *rand.Rand) Rule        { return &Empty{Op: "∅"} }
