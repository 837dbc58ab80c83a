package compile_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

func run(d *cover.Distinct, name string, limit time.Duration) (cover.Stats, time.Duration, bool) {
	b, _ := cover.Lookup(name)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	t0 := time.Now()
	st, err := d.Solve(ctx, b, nil)
	return st, time.Since(t0), err == nil
}

func TestZZSurvey(t *testing.T) {
	fam := os.Getenv("ZZFAM")
	minItems := 0
	fmt.Sscan(os.Getenv("ZZMIN"), &minItems)
	for _, e := range puzzles.Entries() {
		if !strings.HasPrefix(e.Path, fam+"/") {
			continue
		}
		s, err := spec.LoadFS(puzzles.FS, e.Path)
		if err != nil || s.Kind.V == "sudoku" {
			continue
		}
		pz, err := compile.FromSpecLimits(s, compile.Limits{Placements: 200000})
		if err != nil || pz.Problem.Order == nil {
			continue
		}
		if len(pz.Problem.Items) < minItems {
			continue
		}
		var group []cover.Symmetry
		if s.Unique.V {
			group = pz.Symmetries()
		}
		d, err := cover.NewDistinct(pz.Problem, group)
		if err != nil {
			continue
		}
		t0 := time.Now()
		choice := cover.Choose(d.Problem()).Name()
		choose := time.Since(t0)
		a, at, aok := run(d, "algx", 1*time.Second)
		if !aok {
			fmt.Printf("SKIP %s items=%d algx>1s\n", s.Name.V, len(pz.Problem.Items))
			continue
		}
		b, bt, bok := run(d, "bits", 10*at+200*time.Millisecond)
		if bok && b.Solutions != a.Solutions {
			t.Errorf("%s: bits %d algx %d", s.Name.V, b.Solutions, a.Solutions)
		}
		fmt.Printf("ROW %s items=%d sols=%d algx=%d/%.3f bits=%d/%.3f ok=%v choice=%s choose=%.4f\n", s.Name.V, len(pz.Problem.Items), a.Solutions, a.Nodes, at.Seconds(), b.Nodes, bt.Seconds(), bok, choice, choose.Seconds())
	}
}
