package grammar_test

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/grammar"
)

// TestGeneratorOffersModRule extends the proof that a rule type is one
// node in this package: the generator, which chooses among
// grammar.RuleTypes, makes games with the test-only "%N" of
// rule_mod_test.go, which read back from its output and solve, with no
// change anywhere else.
func TestGeneratorOffersModRule(t *testing.T) {
	if !slices.ContainsFunc(grammar.RuleTypes(), func(r grammar.Rule) bool { _, ok := r.(*grammar.Mod); return ok }) {
		t.Fatal("RuleTypes() lacks *grammar.Mod, which an init registered")
	}
	only := []grammar.Rule{&grammar.Mod{}}
	for seed := range int64(10) {
		g := generate(t, seed, only)
		if len(g.Regions) == 0 {
			t.Fatalf("seed %d: no regions", seed)
		}
		for _, r := range g.Regions {
			if _, ok := r.Rule.(*grammar.Mod); !ok {
				t.Errorf("seed %d: rule %s of another type than %%N", seed, r.Rule)
			}
		}
		solve(t, g)
	}
	// With every type on offer, some seed soon picks "%N" too.
	for seed := range int64(100) {
		g := generate(t, seed, nil)
		for _, r := range g.Regions {
			if _, ok := r.Rule.(*grammar.Mod); ok {
				solve(t, g)
				return
			}
		}
	}
	t.Error("no game of 100 has a %N rule")
}

// generate makes a game of dominoes on a 4×4 board, covered by regions of
// one to three cells with rules of the given types (nil: all), and reads
// it back from the generator's output.
func generate(t *testing.T, seed int64, rules []grammar.Rule) *pips.Game {
	t.Helper()
	c := pips.NewConfig()
	for _, kv := range [][2]string{{"board", "4x4"}, {"pieces", "2*"}, {"constraints", "1*,2*,3*"}, {"constraint-coverage", "1"}} {
		if err := c.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	c.Seed, c.HasSeed = seed, true
	gen, err := pips.Generate(context.Background(), c, pips.GenerateOptions{Rules: rules})
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	var out bytes.Buffer
	if err := gen.Write(&out); err != nil {
		t.Fatal(err)
	}
	g, err := pips.ReadGame("gen.txt", out.Bytes())
	if err != nil {
		t.Fatalf("seed %d: %v\n%s", seed, err, out.Bytes())
	}
	return g
}

// solve solves a game and checks its first solution against every rule.
func solve(t *testing.T, g *pips.Game) {
	t.Helper()
	c, err := pips.Compile(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	var first []pips.Placement
	if _, err := c.Solve(context.Background(), "", func(sol []pips.Placement) bool { first = sol; return false }); err != nil {
		t.Fatal(err)
	}
	if first == nil {
		t.Fatal("no solution")
	}
	shown := map[grammar.Point]int{}
	for _, p := range first {
		for _, cell := range p.Cells {
			shown[cell.Point] = cell.Pips
		}
	}
	for _, r := range g.Regions {
		var values []int
		for _, cell := range r.Cells {
			values = append(values, shown[cell])
		}
		if !r.Rule.Check(values) {
			t.Errorf("region %s shows %v", r, values)
		}
	}
}
