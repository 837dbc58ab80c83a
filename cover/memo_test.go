package cover_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// TestMemoCounts checks that remembering subproblems' counts changes no
// count: on files whose counts are known facts (the domino tilings of the
// 8×8 board, the 6×10 pentomino rectangles, the 12 queens' solutions, a
// problem with secondary items), and on the random problems of the
// cross-check. Where subproblems repeat, as in domino tilings, it must also
// search fewer nodes than algx.
func TestMemoCounts(t *testing.T) {
	for _, c := range []struct {
		file string
		want int64
		// maxNodes, if not zero, bounds the nodes: algx tries millions.
		maxNodes int64
	}{
		{"dominoes-8x8.dlx", 12988816, 100000},
		{"pentominoes-6x10-unique.dlx", 2339, 0},
		{"queens-12.dlx", 14200, 0},
	} {
		t.Run(c.file, func(t *testing.T) {
			p := load(t, c.file)
			st := countOnly(t, p)
			if st.Solutions != c.want {
				t.Errorf("%d solutions, want %d", st.Solutions, c.want)
			}
			if c.maxNodes > 0 && st.Nodes > c.maxNodes {
				t.Errorf("%d nodes, want at most %d", st.Nodes, c.maxNodes)
			}
		})
	}
}

// TestMemoRandom counts the random problems of the cross-check with memo,
// against brute force: memo only counts, and only plain exact covers, so
// TestRandomAgainstBruteForce, which visits, does not exercise it.
func TestMemoRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 10000 {
		p := randomProblem(r, i%10 == 0)
		if st := countOnly(t, p); st.Solutions != int64(len(bruteForce(p))) {
			t.Fatalf("problem %d: %d solutions, brute force finds %d", i, st.Solutions, len(bruteForce(p)))
		}
	}
}

// countOnly counts the solutions of p with memo and no visitor, which is
// when memo remembers counts.
func countOnly(t *testing.T, p *cover.Problem) cover.Stats {
	t.Helper()
	b, _ := cover.Lookup("memo")
	st, err := b.Solve(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestMemoSplitNodes checks that memo on a split search tries the same
// nodes however many workers share the subproblems, as algx does: each
// subproblem has a table of its own, so what a worker searched before it
// changes nothing.
func TestMemoSplitNodes(t *testing.T) {
	p := load(t, "pentominoes-6x10-unique.dlx")
	b, _ := cover.Lookup("memo")
	var nodes []int64
	for _, workers := range []int{1, 2, 2, 3} {
		st, err := cover.Parallel{Backend: b, Workers: workers, Depth: 2}.Solve(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions != 2339 {
			t.Fatalf("%d workers: %d solutions, want 2339", workers, st.Solutions)
		}
		nodes = append(nodes, st.Nodes)
	}
	for i, n := range nodes[1:] {
		if n != nodes[0] {
			t.Errorf("nodes by worker count 1, 2, 2, 3: %v, differ at %d", nodes, i+1)
		}
	}
}
