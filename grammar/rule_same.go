package grammar

import (
	"math/rand/v2"
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"
)

// Same says every cell of a region shows the same pips: "=" for any one
// value, "=4" for 4. The text games write them "AllSame None" and
// "AllSame Some(4)".
type Same struct {
	Pos lexer.Position
	// Value is the pips every cell must show, or nil for any one value.
	Value *Num `parser:"'=' @(Int | BadInt)? | 'AllSame' ( 'None' | 'Some' '(' @(Int | BadInt) ')' )"`
}

func (s *Same) String() string {
	if s.Value == nil {
		return "="
	}
	return "=" + strconv.Itoa(int(*s.Value))
}

func (s *Same) Label() string { return s.String() }
func (s *Same) Kind() Kind    { return Covered }

// CoverItems is one item, coloured with the pips every cell shows.
func (s *Same) CoverItems(_, _ int) []string { return []string{"="} }

func (s *Same) CoverEntries(pips []int, _ int) []CoverEntry {
	return []CoverEntry{{Color: strconv.Itoa(pips[0])}}
}

func (s *Same) Check(values []int) bool { return s.Feasible(values, 0, 0, 0) }

func (s *Same) Feasible(values []int, open, lo, hi int) bool {
	want, known := 0, s.Value != nil
	if known {
		want = int(*s.Value)
	} else if len(values) > 0 {
		want, known = values[0], true
	}
	for _, v := range values {
		if v != want {
			return false
		}
	}
	return open == 0 || !known || lo <= want && want <= hi
}

// Pick returns "=" or, as often, "=v" for values that all show v.
func (s *Same) Pick(values []int, r *rand.Rand) Rule {
	if len(values) == 0 || !(&Same{}).Check(values) {
		return nil
	}
	if r.IntN(2) == 0 {
		return &Same{}
	}
	v := Num(values[0])
	return &Same{Value: &v}
}
