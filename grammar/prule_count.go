package grammar

import (
	"fmt"
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"
)

// Count says how many copies of pieces a solution uses, replacing the
// piece set's counts: "X: 2", "X: 0..2", "L, N: 1.." (at least one) or
// "all: any" (any number, as many as fit). It compiles to the pieces'
// multiplicities.
type Count struct {
	Pos     lexer.Position
	Targets *Targets `parser:"@@ ':'"`
	Any     bool     `parser:"( @'any'"`
	Lo      *Num     `parser:"| @(Int | BadInt)"`
	Range   bool     `parser:"  ( @('.' '.')"`
	Hi      *Num     `parser:"    @(Int | BadInt)? )? )"`
}

func init() { registerPuzzleRule(&Count{}, "X: N, X: LO..HI, X: LO.. or X: any") }

func (c *Count) String() string {
	switch {
	case c.Any:
		return c.Targets.String() + ": any"
	case !c.Range:
		return fmt.Sprintf("%s: %d", c.Targets, *c.Lo)
	case c.Hi == nil:
		return fmt.Sprintf("%s: %d..", c.Targets, *c.Lo)
	}
	return fmt.Sprintf("%s: %d..%d", c.Targets, *c.Lo, *c.Hi)
}

func (c *Count) Apply(b Builder) error {
	pieces, err := c.Targets.pieces(b)
	if err != nil {
		return err
	}
	lo, hi := 0, -1
	switch {
	case c.Any:
	case !c.Range:
		lo, hi = int(*c.Lo), int(*c.Lo)
	case c.Hi == nil:
		lo = int(*c.Lo)
	default:
		lo, hi = int(*c.Lo), int(*c.Hi)
		if hi < lo {
			return &Error{Pos: c.Pos, Msg: "expected a range LO..HI with LO at most HI; found " + strconv.Itoa(lo) + ".." + strconv.Itoa(hi)}
		}
	}
	for _, p := range pieces {
		b.Bound(p, lo, hi)
	}
	return nil
}
