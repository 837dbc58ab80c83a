package grammar

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Distinct says no two cells of a region show the same pips: "≠" or "!=".
// The text games write it "AllDifferent {}", and may list pips between the
// braces that no cell may show either: "AllDifferent {3, 5}".
type Distinct struct {
	Pos lexer.Position
	// Except lists the pips no cell may show.
	Except []Num `parser:"'≠' | '!=' | 'AllDifferent' '{' ( @(Int | BadInt) ( ',' @(Int | BadInt) )* )? '}'"`
}

// String writes "≠", or the text games' form when there are pips to except,
// which "≠" has no way to say.
func (d *Distinct) String() string {
	if len(d.Except) == 0 {
		return "≠"
	}
	pips := make([]string, len(d.Except))
	for i, v := range d.Except {
		pips[i] = strconv.Itoa(int(v))
	}
	return "AllDifferent {" + strings.Join(pips, ", ") + "}"
}

func (d *Distinct) Label() string { return "≠" }
func (d *Distinct) Kind() Kind    { return Covered }

// CoverItems is an item for each value, which one cell at most shows.
func (d *Distinct) CoverItems(lo, hi int) []string {
	var out []string
	for v := lo; v <= hi; v++ {
		out = append(out, "≠"+strconv.Itoa(v))
	}
	return out
}

func (d *Distinct) CoverEntries(pips []int, lo int) []CoverEntry {
	out := make([]CoverEntry, len(pips))
	for i, v := range pips {
		out[i].Item = v - lo
	}
	return out
}

func (d *Distinct) Check(values []int) bool { return d.Feasible(values, 0, 0, 0) }

// Feasible also counts the pips from lo to hi still free: open cells need
// as many.
func (d *Distinct) Feasible(values []int, open, lo, hi int) bool {
	taken := 0 // distinct pips from lo to hi used or excepted
	for i, v := range values {
		if slices.Contains(values[:i], v) || d.excepts(v) {
			return false
		}
		if lo <= v && v <= hi {
			taken++
		}
	}
	for i, v := range d.Except {
		if lo <= int(v) && int(v) <= hi && !slices.Contains(d.Except[:i], v) {
			taken++
		}
	}
	return open == 0 || hi-lo+1-taken >= open
}

func (d *Distinct) excepts(v int) bool { return slices.Contains(d.Except, Num(v)) }

// Pick returns "≠" for values that are all different.
func (d *Distinct) Pick(values []int, _ *rand.Rand) Rule {
	if !(&Distinct{}).Check(values) {
		return nil
	}
	return &Distinct{}
}
