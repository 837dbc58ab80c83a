package grammar

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

func TestParseRuleValid(t *testing.T) {
	four := Num(4)
	tests := []struct {
		src  string
		want Rule // positions aside
		norm string
	}{
		{"12", &Sum{Target: 12}, "12"},
		{"0", &Sum{Target: 0}, "0"},
		{"Exactly 9", &Sum{Target: 9}, "9"},
		{"<25", &Less{Target: 25}, "<25"},
		{"LessThan 3", &Less{Target: 3}, "<3"},
		{"> 0", &More{Target: 0}, ">0"},
		{"MoreThan 9", &More{Target: 9}, ">9"},
		{"=", &Same{}, "="},
		{"=4", &Same{Value: &four}, "=4"},
		{"AllSame None", &Same{}, "="},
		{"AllSame Some(4)", &Same{Value: &four}, "=4"},
		{"≠", &Distinct{}, "≠"},
		{"!=", &Distinct{}, "≠"},
		{"AllDifferent {}", &Distinct{}, "≠"},
		{"AllDifferent {3, 0}", &Distinct{Except: []Num{3, 0}}, "AllDifferent {3, 0}"},
		{"∅", &Empty{Op: "∅"}, "∅"},
	}
	for _, tt := range tests {
		got, err := ParseRule(tt.src)
		if err != nil {
			t.Errorf("ParseRule(%q): %v", tt.src, err)
			continue
		}
		if !reflect.DeepEqual(zeroPos(got), tt.want) {
			t.Errorf("ParseRule(%q) = %#v, want %#v", tt.src, got, tt.want)
		}
		if got.String() != tt.norm {
			t.Errorf("ParseRule(%q).String() = %q, want %q", tt.src, got, tt.norm)
		}
		again, err := ParseRule(got.String())
		if err != nil || !reflect.DeepEqual(zeroPos(again), zeroPos(got)) {
			t.Errorf("normal form %q of %q parses to %v, %v", got, tt.src, again, err)
		}
	}
}

// zeroPos returns a rule with its position cleared.
func zeroPos(r Rule) Rule {
	v := reflect.ValueOf(r).Elem()
	v.FieldByName("Pos").Set(reflect.ValueOf(lexer.Position{}))
	return r
}

// testForms lists the forms of the rules, which in the tests include the
// test-only "%N" of rule_mod_test.go: messages name every rule type known.
const testForms = "expected a rule: N, <N, >N, =, =N, ≠, ∅, %N or ^; found "

func TestParseRuleInvalid(t *testing.T) {
	const forms = testForms
	tests := []struct {
		src     string
		wantPos lexer.Position
		wantMsg string
	}{
		{"", pos(0, 1, 1), forms + "the end of the rule"},
		{"x", pos(0, 1, 1), forms + `"x"`},
		{"<", pos(1, 1, 2), `expected a number after "<"; found the end of the rule`},
		{"Exactly", pos(7, 1, 8), `expected a number after "Exactly"; found the end of the rule`},
		{"=x", pos(1, 1, 2), `expected the end of the rule; found "x"`},
		{"12 3", pos(3, 1, 4), `expected the end of the rule; found "3"`},
		{"AllSame", pos(7, 1, 8), `expected "None" or "Some(N)"; found the end of the rule`},
		{"AllSame Some", pos(12, 1, 13), `expected "(" and a number; found the end of the rule`},
		{"AllSame Some(x)", pos(13, 1, 14), `expected a number; found "x"`},
		{"AllSame Some(4", pos(14, 1, 15), `expected ")"; found the end of the rule`},
		{"AllDifferent", pos(12, 1, 13), `expected "{", the pips no cell may show, and "}"; found the end of the rule`},
		{"AllDifferent {1 2}", pos(16, 1, 17), `expected "," or "}"; found "2"`},
		{"05", pos(0, 1, 1), `expected a number without a leading 0; found "05"`},
		{"<1234567890", pos(1, 1, 2), `expected a number of at most 9 digits; found "1234567890"`},
		{"AllDifferent {1, 00}", pos(17, 1, 18), `expected a number without a leading 0; found "00"`},
	}
	for _, tt := range tests {
		r, err := ParseRule(tt.src)
		var perr *Error
		if !errors.As(err, &perr) {
			t.Errorf("ParseRule(%q) = %v, %v; want an *Error", tt.src, r, err)
			continue
		}
		if perr.Pos != tt.wantPos || perr.Msg != tt.wantMsg {
			t.Errorf("ParseRule(%q) error at %#v: %s\nwant at %#v: %s", tt.src, perr.Pos, perr.Msg, tt.wantPos, tt.wantMsg)
		}
	}
}

func TestRuleLabels(t *testing.T) {
	for src, want := range map[string]string{
		"12": "12", "<25": "<25", ">9": ">9", "=": "=", "AllSame Some(2)": "=2",
		"AllDifferent {1}": "≠", "!=": "≠", "∅": "∅",
	} {
		r, err := ParseRule(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Label(); got != want {
			t.Errorf("label of %q = %q, want %q", src, got, want)
		}
	}
}

// builtins returns one of each built-in rule type for every target from 0
// to 12, and the variants of "=" and "≠".
func builtins() []Rule {
	var out []Rule
	for n := range Num(13) {
		v := n % 4
		out = append(out, &Sum{Target: n}, &Less{Target: n}, &More{Target: n}, &Same{Value: &v})
	}
	return append(out, &Same{}, &Distinct{}, &Distinct{Except: []Num{1, 3}}, &Empty{Op: "∅"})
}

// TestRuleContracts checks every built-in rule against the promises of the
// Rule interface, by trying every way to fill small regions with pips from
// 0 to 3: Feasible never says false when some completion meets the rule,
// equals Check on a complete region, Pick's rule holds for the values it
// was given, and the kinds say what they promise.
func TestRuleContracts(t *testing.T) {
	const lo, hi = 0, 3
	r := rand.New(rand.NewPCG(3, 4))
	for _, rule := range builtins() {
		for size := 1; size <= 3; size++ {
			all := fillings(size, lo, hi)
			for _, full := range all {
				if rule.Feasible(full, 0, lo, hi) != rule.Check(full) {
					t.Errorf("%s: Feasible(%v, 0) != Check", rule, full)
				}
				if p := rule.Pick(full, r); p != nil && !p.Check(full) {
					t.Errorf("%s.Pick(%v) = %s, which the values break", rule, full, p)
				}
				checkKind(t, rule, full, lo, hi)
			}
			// Every partial filling: Feasible must hold if a completion
			// meets the rule.
			for placed := 0; placed < size; placed++ {
				for _, full := range all {
					some := false
					for _, rest := range fillings(size-placed, lo, hi) {
						some = some || rule.Check(append(append([]int{}, full[:placed]...), rest...))
					}
					if some && !rule.Feasible(full[:placed], size-placed, lo, hi) {
						t.Errorf("%s: Feasible(%v, %d, %d, %d) is false, but a completion meets it", rule, full[:placed], size-placed, lo, hi)
					}
				}
			}
		}
	}
}

// checkKind checks what a rule's kind promises about a complete region.
func checkKind(t *testing.T, rule Rule, values []int, lo, hi int) {
	t.Helper()
	alone := true
	for _, v := range values {
		alone = alone && rule.Feasible([]int{v}, len(values)-1, lo, hi)
	}
	var want bool
	switch rule.Kind() {
	case Free:
		want = true
	case Covered:
		want = alone && coverAgrees(rule.(Coverer), values, lo)
	default:
		return
	}
	if rule.Check(values) != want {
		t.Errorf("%s (kind %d): Check(%v) = %v, but the kind says %v", rule, rule.Kind(), values, !want, want)
	}
}

// coverAgrees reports whether the items of a region's placements agree
// when each value is a placement of its own: an item without a colour
// taken once at most, and an item's colours all the same.
func coverAgrees(rule Coverer, values []int, lo int) bool {
	colours := map[int]string{}
	for _, v := range values {
		for _, e := range rule.CoverEntries([]int{v}, lo) {
			c, taken := colours[e.Item]
			if taken && (e.Color == "" || c != e.Color) {
				return false
			}
			colours[e.Item] = e.Color
		}
	}
	return true
}

// fillings returns every list of n values from lo to hi.
func fillings(n, lo, hi int) [][]int {
	out := [][]int{{}}
	for range n {
		var next [][]int
		for _, f := range out {
			for v := lo; v <= hi; v++ {
				next = append(next, append(append([]int{}, f...), v))
			}
		}
		out = next
	}
	return out
}

func TestPickCanRefuse(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	if p := (&Same{}).Pick([]int{1, 2}, r); p != nil {
		t.Errorf("= picked %s for 1, 2", p)
	}
	if p := (&Distinct{}).Pick([]int{2, 2}, r); p != nil {
		t.Errorf("≠ picked %s for 2, 2", p)
	}
	if p := (&More{}).Pick([]int{0, 0}, r); p != nil {
		t.Errorf("> picked %s for 0, 0", p)
	}
	if p := (&Sum{}).Pick([]int{2, 5}, r); p.String() != "7" {
		t.Errorf("sum picked %s for 2, 5", p)
	}
}

func FuzzParseRule(f *testing.F) {
	for _, s := range []string{"12", "<5", ">0", "=", "=4", "≠", "!=", "∅", "Exactly 3", "AllSame Some(2)", "AllDifferent {1, 2}", "", "05", "<", "%3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r, err := ParseRule(src)
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("ParseRule(%q) error %v is a %T", src, err, err)
			}
			if want := positionOf(src, perr.Pos.Offset); perr.Pos != want {
				t.Fatalf("ParseRule(%q) error at %#v, but its offset is at %#v", src, perr.Pos, want)
			}
			return
		}
		again, err := ParseRule(r.String())
		if err != nil || again.String() != r.String() {
			t.Fatalf("ParseRule(%q) printed %q, which parses to %v, %v", src, r, again, err)
		}
	})
}
