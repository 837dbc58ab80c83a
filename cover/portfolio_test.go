package cover_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// TestPortfolioSolutions checks that the portfolio reports every solution
// once: with no limit, the solutions of the plain search and no other
// (a lane that searches its whole tree ends it); with a limit, that many
// different solutions of it.
func TestPortfolioSolutions(t *testing.T) {
	eachPlain(t, func(label string, b cover.Backend, p *cover.Problem, want [][]int, _ cover.Stats) {
		for _, workers := range []int{1, 2} {
			f := cover.Portfolio{Backend: b, Seed: 3, Unit: 1 << 14, Workers: workers}
			got, _ := collect(t, f, p, 0)
			slices.SortFunc(got, slices.Compare)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%s, %d workers: %d solutions, want the plain search's %d", label, workers, len(got), len(want))
			}
			checkLimits(t, fmt.Sprintf("%s, %d workers", label, workers), f, p, want)
		}
	})
}

// TestPortfolioDeterministic checks that the seed alone decides the
// solutions and their order, whatever the number of lanes run at once.
func TestPortfolioDeterministic(t *testing.T) {
	p := load(t, "pentominoes-3x20.dlx")
	var first [][]int
	for _, workers := range []int{1, 2, 3, 1} {
		got, _ := collect(t, cover.Portfolio{Seed: 7, Unit: 1 << 12, Workers: workers}, p, 5)
		if first == nil {
			first = got
			continue
		}
		if !slices.EqualFunc(got, first, slices.Equal) {
			t.Errorf("%d workers: %v, want %v", workers, got, first)
		}
	}
}

// TestRestartsFindAfterRestart checks that a solution the plain search
// reaches only late is found early by a restart: on the 3×20 pentominoes
// scanned along the long side, bits tries 39,391 nodes before its first
// solution, more than the first run's budget, and the restarts find one in
// fewer nodes in all, so after a restart.
func TestRestartsFindAfterRestart(t *testing.T) {
	p := load(t, "pentominoes-3x20.dlx")
	scanColumns(p, false)
	bits, _ := cover.Lookup("bits")
	_, plain := collect(t, bits, p, 1)
	const unit = 4096
	sols, st := collect(t, cover.Restarts{Backend: bits, Seed: 1, Unit: unit}, p, 1)
	if len(sols) != 1 || plain.Nodes <= 4*unit || st.Nodes >= plain.Nodes {
		t.Errorf("restarts: %d solutions in %d nodes; the plain search's first took %d, the first run's budget is %d", len(sols), st.Nodes, plain.Nodes, unit)
	}
}

// TestPortfolioCancel checks that a cancelled search says so and leaves
// no lane running.
func TestPortfolioCancel(t *testing.T) {
	p := load(t, "pentominoes-3x20.dlx")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := cover.Portfolio{Unit: 4096, Workers: 2}.Solve(ctx, p, func([]int) bool { return true })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: error %v, want context.Canceled", err)
	}
}
