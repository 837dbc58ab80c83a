package grammar

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// A Rule is a constraint expression on a region of a Pips or Polypips
// board, such as "12" (the pips sum to 12), "<5", ">3", "=", "=4", "≠" or
// "∅". Each rule type is one grammar node that also carries the rule's
// meaning, so that a new type is one file in this package: its syntax in
// struct tags, and these methods.
//
// Values are the pips on the region's cells, in no particular order: a rule
// must not depend on their order, keep the slice or change it.
type Rule interface {
	// String prints the rule in normal form, which parses back to it.
	String() string
	// Label is what a picture of the board shows in the region's first
	// cell: at most 3 characters.
	Label() string
	// Check reports whether a complete region holding values meets the
	// rule.
	Check(values []int) bool
	// Feasible reports whether a region holding values, with open more
	// cells to fill with pips from lo to hi, can still meet the rule. It
	// may say true wrongly (a search then finds out later) but never false
	// wrongly, and with open == 0 it must equal Check.
	Feasible(values []int, open, lo, hi int) bool
	// Pick is the generator's hook: a rule of the same type that a region
	// holding values meets, chosen with r among the valid targets, or nil
	// if no rule of the type fits (as "=" does not fit 1 and 2).
	Pick(values []int, r *rand.Rand) Rule
	// Kind says how much of the rule an exact-cover problem can express
	// without tracking values.
	Kind() Kind
}

// Kind sorts rules by what a compiler to exact cover can do with them. A
// rule's Check must agree with its kind, as each constant says.
type Kind int

const (
	// Arithmetic rules, such as sums, need a search that tracks the
	// values placed in each region. They are the default.
	Arithmetic Kind = iota
	// Free rules hold for any values: Check is always true.
	Free
	// Covered rules are Coverers that exact cover says by itself: a
	// region meets one when each value on its own is Feasible (placements
	// that break that are dropped) and the items of its placements agree
	// (see Coverer).
	Covered
)

// A Coverer is a rule of kind Covered: it says itself how exact cover
// encodes it on a region of two cells or more, as secondary items that
// the region's placements take. "=" is one item that every placement
// colours with its pips; "≠" is an item per pip value.
type Coverer interface {
	Rule
	// CoverItems names the secondary items of a region whose cells show
	// pips from lo to hi; the compiler prefixes them with the region.
	CoverItems(lo, hi int) []string
	// CoverEntries says which items a placement takes that shows pips
	// (at least one) on the region's cells, by index in CoverItems, each
	// with a colour ("" for none: the item is taken once at most).
	CoverEntries(pips []int, lo int) []CoverEntry
}

// A CoverEntry is a placement's use of one of a rule's items.
type CoverEntry struct {
	Item  int
	Color string
}

// ruleTypes are the region rules' node types. Each starts with a token of
// its own, so the order only matters to the messages. A new rule type is a
// line here, or a call to registerRule from an init function in its own
// file (as a test does).
var ruleTypes = registry[Rule]{
	{&Sum{}, "N"},
	{&Less{}, "<N"},
	{&More{}, ">N"},
	{&Same{}, "=, =N"},
	{&Distinct{}, "≠"},
	{&Empty{}, "∅"},
}

// registerRule makes a region rule's node type known to the parsers (see
// registry).
func registerRule(node Rule, form string) { ruleTypes.add(node, form) }

// RuleTypes returns a new zero node of each rule type the parsers know, in
// the order they were registered: the built-ins, then those registerRule
// added. A generator that chooses a rule type at random and calls its Pick
// then offers every type, including one added later, without a list of its
// own to keep in step. The nodes are fresh, so that a caller may keep them.
func RuleTypes() []Rule { return ruleTypes.fresh() }

// ruleRoot is the grammar of ParseRule.
type ruleRoot struct {
	Rule Rule `parser:"@@"`
}

var ruleParser = sync.OnceValue(func() *participle.Parser[ruleRoot] {
	return participle.MustBuild[ruleRoot](participle.Lexer(lex), participle.Union[Rule](ruleTypes.nodes()...))
})

// ParseRule parses a constraint expression such as "12", "<5", "=" or
// "≠". Any error is an *Error positioned within src.
func ParseRule(src string) (Rule, error) {
	root, err := ruleParser().ParseString("", src)
	if err != nil {
		return nil, explain(src, err, "rule", func(prev []lexer.Token) string { return expectedInRule(src, prev) })
	}
	return root.Rule, nil
}

// expectedInRule says what may follow the tokens prev of src. It knows the
// shapes of the built-in rules; a rule type added later gets the general
// advice, which is still right.
func expectedInRule(src string, prev []lexer.Token) string {
	if len(prev) == 0 {
		return ruleForms()
	}
	last := prev[len(prev)-1]
	end := last.Pos.Offset + len(last.Value)
	if _, err := ruleParser().ParseString("", src[:end]); err == nil {
		return "the end of the rule"
	}
	inBraces := slices.ContainsFunc(prev, func(t lexer.Token) bool { return t.Value == "{" })
	isNumber := last.Type == tokInt || last.Type == tokBadInt
	switch {
	case last.Value == "AllSame":
		return `"None" or "Some(N)"`
	case last.Value == "Some":
		return `"(" and a number`
	case last.Value == "AllDifferent":
		return `"{", the pips no cell may show, and "}"`
	case isNumber && inBraces:
		return `"," or "}"`
	case isNumber:
		return `")"`
	case last.Value == "(", last.Value == "{", last.Value == ",":
		return "a number"
	}
	return fmt.Sprintf("a number after %q", last.Value)
}

// ruleForms lists the forms of every known rule for messages.
func ruleForms() string {
	forms := ruleTypes.forms()
	return "a rule: " + strings.Join(forms[:len(forms)-1], ", ") + " or " + forms[len(forms)-1]
}

// Num is a number in a rule: a target, a pip or a coordinate. Unlike the
// counts of the piece-set rules it may be 0, but like them it may not hide
// a zero in front ("05") or run past 9 digits.
type Num int

// Capture lets participle store a number token in a Num.
func (n *Num) Capture(values []string) error {
	v := values[0]
	switch {
	case len(v) > 9:
		return numberError(fmt.Sprintf("expected a number of at most 9 digits; found %q", v))
	case v[0] == '0' && v != "0":
		return numberError(fmt.Sprintf("expected a number without a leading 0; found %q", v))
	}
	var x int
	for _, d := range v {
		x = 10*x + int(d-'0')
	}
	*n = Num(x)
	return nil
}

// numberError is a bad number found while capturing, which explain turns
// into an *Error at the number.
type numberError string

func (e numberError) Error() string { return string(e) }

// asNumberError reports whether err holds a numberError, and gives the
// *Error it stands for.
func asNumberError(err error) (*Error, bool) {
	var ne numberError
	var perr participle.Error
	if !errors.As(err, &ne) || !errors.As(err, &perr) {
		return nil, false
	}
	return &Error{Pos: perr.Position(), Msg: string(ne)}, true
}

// sum adds values up.
func sum(values []int) int {
	s := 0
	for _, v := range values {
		s += v
	}
	return s
}
