package grammar_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/spec"
)

// TestInsideRule counts specs that use "X inside", a rule type that only
// prule_inside_test.go defines: the spec loader, the compiler and the
// backends take it without a change. Its counts are those of the same
// puzzle with "X avoids border", the built-in rule of the same meaning,
// and the rule's absence gives more.
func TestInsideRule(t *testing.T) {
	const base = "pieces = \"4*,L4,T4,I4,O4\"\n%s[board]\nsize = \"9x4\"\n"
	count := func(rules, backend string) int64 {
		t.Helper()
		src := []byte(fmt.Sprintf(base, rules))
		s, err := spec.Parse("inside.toml", src)
		if err != nil {
			t.Fatal(err)
		}
		pz, err := compile.FromSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		b, err := cover.Lookup(backend)
		if err != nil {
			t.Fatal(err)
		}
		st, err := b.Solve(context.Background(), pz.Problem, func([]int) bool { return true })
		if err != nil {
			t.Fatal(err)
		}
		return st.Solutions
	}
	all := count("", "dlx")
	want := count("rules = \"Z4, O4 avoids border\"\n", "dlx")
	if want == 0 || want >= all {
		t.Fatalf("avoids border: %d of %d solutions: the case tests nothing", want, all)
	}
	for _, backend := range []string{"dlx", "algx"} {
		if got := count("rules = \"Z4, O4 inside\"\n", backend); got != want {
			t.Errorf("%s: %d solutions with Z4, O4 inside, want %d", backend, got, want)
		}
	}
}
