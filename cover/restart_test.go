package cover_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for k, w := range want {
		if got := cover.Luby(k + 1); got != w {
			t.Errorf("luby(%d) = %d, want %d", k+1, got, w)
		}
	}
}

// restartProblems are problems whose searches take more than the
// smallest budget, so that restarts happen, with a plain search to
// compare with: the pentominoes on a 3×20 board have 8 solutions in some
// 33,000 nodes, one per 4,000.
var restartProblems = []struct {
	name string
	load func(testing.TB) *cover.Problem
}{
	{"pentominoes-3x20", func(t testing.TB) *cover.Problem { return load(t, "pentominoes-3x20.dlx") }},
	{"queens-8", func(t testing.TB) *cover.Problem { return parse(t, queens(8)) }},
	{"dominoes-4x4", func(t testing.TB) *cover.Problem { return parse(t, dominoes(4)) }},
}

// collect runs b on p and returns the solutions it visits, each sorted,
// in order, stopping after limit of them (0: none).
func collect(t *testing.T, b cover.Backend, p *cover.Problem, limit int) ([][]int, cover.Stats) {
	t.Helper()
	var sols [][]int
	st, err := b.Solve(context.Background(), p, func(s []int) bool {
		sols = append(sols, slices.Sorted(slices.Values(s)))
		return limit <= 0 || len(sols) < limit
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Solutions != int64(len(sols)) {
		t.Fatalf("%s: %d solutions visited, Stats says %d", b.Name(), len(sols), st.Solutions)
	}
	return sols, st
}

// TestRestartsSolutions checks that restarts report every solution once:
// with no limit, the solutions of the plain search and no other; with a
// limit, that many different solutions of it; and that the searches were
// indeed restarted (they take more nodes than the plain search).
func TestRestartsSolutions(t *testing.T) {
	eachPlain(t, func(label string, b cover.Backend, p *cover.Problem, want [][]int, plain cover.Stats) {
		for seed := range uint64(3) {
			r := cover.Restarts{Backend: b, Seed: seed, Unit: 512}
			got, st := collect(t, r, p, 0)
			slices.SortFunc(got, slices.Compare)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%s, seed %d: %d solutions, want the plain search's %d", label, seed, len(got), len(want))
			}
			if strings.HasPrefix(label, "pentominoes-3x20") && st.Nodes <= plain.Nodes {
				t.Errorf("%s, seed %d: %d nodes, the plain search's %d: no restart", label, seed, st.Nodes, plain.Nodes)
			}
			checkLimits(t, fmt.Sprintf("%s, seed %d", label, seed), r, p, want)
		}
	})
}

// eachPlain calls check for every problem of restartProblems and backend
// that can search it, with the plain search's solutions, sorted, and its
// statistics.
func eachPlain(t *testing.T, check func(label string, b cover.Backend, p *cover.Problem, want [][]int, plain cover.Stats)) {
	for _, tc := range restartProblems {
		p := tc.load(t)
		for _, name := range []string{"algx", "dlx", "bits", "auto"} {
			b, _ := cover.Lookup(name)
			if _, _, err := trySolve(name, p); errors.Is(err, cover.ErrUnsupported) {
				continue
			}
			want, plain := collect(t, b, p, 0)
			slices.SortFunc(want, slices.Compare)
			check(tc.name+", "+name, b, p, want, plain)
		}
	}
}

// checkLimits checks that b, stopped after a few solutions, reports that
// many different ones of want.
func checkLimits(t *testing.T, label string, b cover.Backend, p *cover.Problem, want [][]int) {
	t.Helper()
	for _, limit := range []int{1, 2, len(want) / 2, len(want)} {
		got, _ := collect(t, b, p, limit)
		if len(got) != min(limit, len(want)) {
			t.Fatalf("%s, limit %d: %d solutions", label, limit, len(got))
		}
		slices.SortFunc(got, slices.Compare)
		if len(slices.CompactFunc(got, slices.Equal)) != len(got) {
			t.Fatalf("%s, limit %d: a solution twice", label, limit)
		}
		for _, s := range got {
			if _, ok := slices.BinarySearchFunc(want, s, slices.Compare); !ok {
				t.Fatalf("%s, limit %d: %v is no solution", label, limit, s)
			}
		}
	}
}

// TestRestartsDeterministic checks that a seed decides the solutions, their
// order and the nodes, and that the first run is the plain search: with a
// budget it does not use up, restarts find what the backend alone finds.
func TestRestartsDeterministic(t *testing.T) {
	p := load(t, "pentominoes-3x20.dlx")
	b, _ := cover.Lookup("algx")
	first, fst := collect(t, cover.Restarts{Backend: b, Seed: 7, Unit: 4096}, p, 3)
	again, ast := collect(t, cover.Restarts{Backend: b, Seed: 7, Unit: 4096}, p, 3)
	if !slices.EqualFunc(first, again, slices.Equal) || fst != ast {
		t.Errorf("seed 7 twice: %v in %+v, then %v in %+v", first, fst, again, ast)
	}
	// The first run is the plain search of p in first order.
	q, back := cover.FirstOrdered(p)
	if back == nil {
		t.Fatal("the 3×20 pentominoes' options are in first order already: the test needs a problem they are not")
	}
	plain, pst := collect(t, b, q, 3)
	for _, sol := range plain {
		for k, o := range sol {
			sol[k] = int(back[o])
		}
		slices.Sort(sol)
	}
	long, lst := collect(t, cover.Restarts{Backend: b, Seed: 7}, p, 3)
	if !slices.EqualFunc(plain, long, slices.Equal) || pst.Nodes != lst.Nodes {
		t.Errorf("restarts with budget to spare: %v in %d nodes, plain search %v in %d", long, lst.Nodes, plain, pst.Nodes)
	}
}

// TestRestartsCount checks that a count (no visitor) is the backend's.
func TestRestartsCount(t *testing.T) {
	p := load(t, "pentominoes-3x20.dlx")
	b, _ := cover.Lookup("algx")
	st, err := cover.Restarts{Backend: b, Unit: 4096}.Solve(context.Background(), p, nil)
	if err != nil || st.Solutions != 8 {
		t.Errorf("count: %+v, %v; want 8 solutions", st, err)
	}
}

// TestRestartsCancel checks that a cancelled search says so.
func TestRestartsCancel(t *testing.T) {
	p := load(t, "pentominoes-3x20.dlx")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := cover.Restarts{Unit: 4096}.Solve(ctx, p, func([]int) bool { return true })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: error %v, want context.Canceled", err)
	}
}

// TestShuffleKeepsSolutions checks on random problems, with colours,
// multiplicities and an Order, that a shuffled problem has the solutions
// of the original once mapped back.
func TestShuffleKeepsSolutions(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 11))
	for i := range 2000 {
		p := randomProblem(r, i%10 == 0)
		want := bruteForce(p)
		slices.SortFunc(want, slices.Compare)
		q, back := cover.Shuffle(p, r)
		if err := q.Validate(); err != nil {
			t.Fatalf("problem %d: shuffled: %v", i, err)
		}
		var got [][]int
		for _, s := range bruteForce(q) {
			m := make([]int, len(s))
			for k, o := range s {
				m[k] = int(back[o])
			}
			got = append(got, slices.Sorted(slices.Values(m)))
		}
		slices.SortFunc(got, slices.Compare)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("problem %d: shuffled solutions %v, want %v", i, got, want)
		}
	}
}

// TestRestartsWithFitDeterministic checks that the restarts of auto stay
// deterministic where fit runs take their turns: on the 3×20 pentominoes
// given their board's cells and a corner taken by an item of its own, so
// that no run finds a solution and the runs take turns until one has
// searched the whole tree, two searches try the same nodes.
func TestRestartsWithFitDeterministic(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("testdata", "pentominoes-3x20.dlx"))
	if err != nil {
		t.Fatal(err)
	}
	// The file's lines: a comment, the items, the options.
	lines := strings.SplitN(string(text), "\n", 3)
	p := parse(t, "taken "+lines[1]+"\ntaken 0,0\n"+lines[2])
	p.Cells = gridCells(p)
	r := cover.Restarts{Seed: 7, Unit: 4096}
	first, fst := collect(t, r, p, 0)
	again, ast := collect(t, r, p, 0)
	if len(first)+len(again) != 0 || fst != ast {
		t.Errorf("seed 7 twice: %d solutions in %+v, then %d in %+v; want none, the same nodes", len(first), fst, len(again), ast)
	}
}

// gridCells returns the Cells of a problem whose cells are items named
// "x,y", each joined to the cells one step along x or y.
func gridCells(p *cover.Problem) *cover.Cells {
	at := map[[2]int]int{}
	c := &cover.Cells{}
	for i, it := range p.Items {
		var x, y int
		if _, err := fmt.Sscanf(it.Name, "%d,%d", &x, &y); err == nil {
			at[[2]int{x, y}] = i
			c.Items = append(c.Items, i)
		}
	}
	for _, i := range c.Items {
		var x, y int
		fmt.Sscanf(p.Items[i].Name, "%d,%d", &x, &y)
		for _, next := range [][2]int{{x + 1, y}, {x, y + 1}} {
			if j, ok := at[next]; ok {
				c.Edges = append(c.Edges, [2]int{i, j})
			}
		}
	}
	return c
}
