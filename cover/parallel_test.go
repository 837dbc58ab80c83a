package cover_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/polyspec/polyspec/cover"
)

// ordered runs a backend and returns its statistics and its solutions in
// the order visited, each as visited.
func ordered(t testing.TB, b cover.Backend, p *cover.Problem) (cover.Stats, [][]int) {
	t.Helper()
	var sols [][]int
	st, err := b.Solve(context.Background(), p, func(s []int) bool {
		sols = append(sols, slices.Clone(s))
		return true
	})
	if err != nil {
		t.Fatalf("%s: %v", b.Name(), err)
	}
	return st, sols
}

func backend(t testing.TB, name string) cover.Backend {
	t.Helper()
	b, err := cover.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestParallelSameSearch checks that on plain exact cover, with or without
// colours, a parallel search visits the same solutions in the same order
// and tries the same options as one whole search, whatever the depth of
// the split and the number of workers.
func TestParallelSameSearch(t *testing.T) {
	both, depths, workers := []string{"dlx", "algx"}, []int{0, 1, 3}, []int{1, 3}
	cases := []struct {
		name            string
		prob            func(testing.TB) *cover.Problem
		backends        []string
		depths, workers []int
	}{
		{"queens8", func(t testing.TB) *cover.Problem { return parse(t, queens(8)) }, append(both, "bits"), depths, workers},
		{"knuth-xcc", func(t testing.TB) *cover.Problem {
			return parse(t, "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n")
		}, both, depths, workers},
		// A real problem, but each search takes a while: one split.
		{"pentominoes6x10unique", func(t testing.TB) *cover.Problem { return load(t, "pentominoes-6x10-unique.dlx") }, []string{"algx", "bits"}, []int{0}, []int{2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := c.prob(t)
			for _, name := range c.backends {
				b := backend(t, name)
				want, wantSols := ordered(t, b, p)
				for _, depth := range c.depths {
					for _, workers := range c.workers {
						par := cover.Parallel{Backend: b, Workers: workers, Depth: depth}
						got, sols := ordered(t, par, p)
						if got.Solutions != want.Solutions || got.Nodes != want.Nodes || !slices.EqualFunc(sols, wantSols, slices.Equal) {
							t.Errorf("%s depth %d, %d workers: %d solutions, %d nodes (same order: %v); want %d, %d",
								name, depth, workers, got.Solutions, got.Nodes, slices.EqualFunc(sols, wantSols, slices.Equal), want.Solutions, want.Nodes)
						}
					}
				}
			}
		})
	}
}

// TestParallelRandom checks, on small random problems with colours and
// multiplicities, that a parallel search finds exactly the backend's
// solutions, in an order that does not depend on the number of workers,
// trying the same options, and counts them alike without a visitor. With
// algx, the problems without multiplicities take the subproblems by their
// paths on one search per worker, the others as problems of their own.
// bits searches the plain problems, split along its own tree.
func TestParallelRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 1500 {
		p := randomProblem(r, i%10 == 0)
		name := []string{"dlx", "algx", "bits"}[i%3]
		whole, want, err := trySolve(name, p)
		if name == "bits" && errors.Is(err, cover.ErrUnsupported) {
			continue
		}
		if err != nil {
			t.Fatalf("problem %d, %s: %v", i, name, err)
		}
		slices.SortFunc(want, slices.Compare)
		depth := 1 + i%3
		var first [][]int
		for _, workers := range []int{1, 2} {
			par := cover.Parallel{Backend: backend(t, name), Workers: workers, Depth: depth}
			st, got := ordered(t, par, p)
			if first == nil {
				first = slices.Clone(got)
			} else if !slices.EqualFunc(got, first, slices.Equal) {
				t.Fatalf("problem %d, depth %d: %d workers visit %v, 1 worker %v", i, depth, workers, got, first)
			}
			for i, s := range got {
				got[i] = slices.Sorted(slices.Values(s))
			}
			slices.SortFunc(got, slices.Compare)
			if !slices.EqualFunc(got, want, slices.Equal) || st.Solutions != int64(len(want)) || st.Nodes != whole.Nodes {
				t.Fatalf("problem %d, depth %d, %d workers: got %v (%d counted, %d nodes), want %v (%d nodes)\nitems %+v",
					i, depth, workers, got, st.Solutions, st.Nodes, want, whole.Nodes, p.Items)
			}
			if st, err := par.Solve(context.Background(), p, nil); err != nil || st.Solutions != int64(len(want)) {
				t.Fatalf("problem %d, depth %d, %d workers: counted %d, %v; want %d", i, depth, workers, st.Solutions, err, len(want))
			}
		}
	}
}

// TestParallelStop checks that a visitor that stops after k solutions gets
// exactly the first k of the whole ordered list.
func TestParallelStop(t *testing.T) {
	p := parse(t, queens(8))
	par := cover.Parallel{Backend: backend(t, "algx"), Workers: 4, Depth: 2}
	_, all := ordered(t, par, p)
	for _, k := range []int{1, 2, 17, 91, 92} {
		var got [][]int
		st, err := par.Solve(context.Background(), p, func(s []int) bool {
			got = append(got, slices.Clone(s))
			return len(got) < k
		})
		if err != nil || st.Solutions != int64(k) || !slices.EqualFunc(got, all[:k], slices.Equal) {
			t.Errorf("stop after %d: %d solutions (%d visited, in order: %v), error %v", k, st.Solutions, len(got), slices.EqualFunc(got, all[:len(got)], slices.Equal), err)
		}
	}
}

func TestParallelCancel(t *testing.T) {
	p := load(t, "pentominoes-6x10.dlx")
	par := cover.Parallel{Backend: backend(t, "algx"), Workers: 2}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st, err := par.Solve(ctx, p, func([]int) bool { return true }); !errors.Is(err, context.Canceled) || st != (cover.Stats{}) {
		t.Errorf("cancelled before: stats %+v, error %v", st, err)
	}

	for _, visit := range []cover.Visit{nil, func([]int) bool { return true }} {
		ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		st, err := par.Solve(ctx, p, visit)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || st.Solutions >= 9356 {
			t.Errorf("timed out (visit %v): stats %+v, error %v", visit != nil, st, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("took %v to notice a 50ms deadline", d)
		}
	}
}

// TestParallelBackpressure checks that a slow visitor with many solutions
// to catch up on neither loses nor reorders any: the workers run ahead,
// and block once more solutions wait than the orderer holds, while the
// visitor works through the first subproblems.
func TestParallelBackpressure(t *testing.T) {
	// Seventeen independent binary choices: 2^17 solutions, quickly.
	var text strings.Builder
	for i := range 17 {
		fmt.Fprintf(&text, "c%d ", i)
	}
	text.WriteString("\n")
	for i := range 17 {
		fmt.Fprintf(&text, "c%d\nc%d\n", i, i)
	}
	p := parse(t, text.String())
	want, wantSols := ordered(t, backend(t, "dlx"), p)
	par := cover.Parallel{Backend: backend(t, "dlx"), Workers: 3, Depth: 1}
	var got [][]int
	st, err := par.Solve(context.Background(), p, func(s []int) bool {
		if len(got) < 3 {
			time.Sleep(20 * time.Millisecond)
		}
		got = append(got, slices.Clone(s))
		return true
	})
	if err != nil || st.Solutions != want.Solutions || !slices.EqualFunc(got, wantSols, slices.Equal) {
		t.Errorf("%d solutions, %v, same order %v; want %d", st.Solutions, err, slices.EqualFunc(got, wantSols, slices.Equal), want.Solutions)
	}
}

// TestParallelEdgeCases covers problems whose split is empty or trivial.
func TestParallelEdgeCases(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       int64
	}{
		{"no-solution", "a b\na\n", 0},
		{"dead-root", "2:3|a\na\n", 0},
		{"one-option", "a\na\n", 1},
		{"nothing-to-cover", "", 1},
	} {
		p := cover.NewProblem()
		if c.text == "" {
			p.AddOption([]cover.Entry{{Item: int32(p.AddSecondary("s"))}})
		} else {
			p = parse(t, c.text)
		}
		for _, depth := range []int{0, 1, 4} {
			st, sols := ordered(t, cover.Parallel{Depth: depth}, p)
			if st.Solutions != c.want || len(sols) != int(c.want) {
				t.Errorf("%s, depth %d: %d solutions (%d visited), want %d", c.name, depth, st.Solutions, len(sols), c.want)
			}
		}
	}
	a := cover.NewProblem()
	a.AddPrimary("a")
	a.AddOption([]cover.Entry{{Item: 0}, {Item: 0}})
	if _, err := (cover.Parallel{}).Solve(context.Background(), a, nil); err == nil {
		t.Error("solved a problem with an item twice in an option")
	}
}

func TestParallelMeter(t *testing.T) {
	p := parse(t, queens(8))
	for _, visit := range []cover.Visit{nil, func([]int) bool { return true }} {
		var m cover.Meter
		st, err := cover.Parallel{Meter: &m, Workers: 2}.Solve(context.Background(), p, visit)
		pr := m.Progress()
		if err != nil || pr.Solutions != st.Solutions || pr.Nodes != st.Nodes || pr.Done != pr.Total || pr.Fraction() != 1 {
			t.Errorf("visit %v: stats %+v, progress %+v, error %v", visit != nil, st, pr, err)
		}
	}
}

func ExampleParallel() {
	p := cover.NewProblem()
	for i := range 4 {
		p.AddPrimary(fmt.Sprint(i))
	}
	for i := range 4 { // dominoes on a ring of four cells
		p.AddOption([]cover.Entry{{Item: int32(i)}, {Item: int32((i + 1) % 4)}})
	}
	par := cover.Parallel{Workers: 2}
	st, _ := par.Solve(context.Background(), p, func(sol []int) bool {
		fmt.Println(sol)
		return true
	})
	fmt.Println(st.Solutions, "solutions")
	// Output:
	// [0 2]
	// [3 1]
	// 2 solutions
}

// TestCountNodes checks that every backend reports its nodes to a
// CountNodes counter while it searches, and that the counter ends at
// exactly Stats.Nodes; and that a Meter's count is live and exact too.
func TestCountNodes(t *testing.T) {
	p := parse(t, queens(10)) // some 35,000 nodes: several reports
	for _, name := range cover.Finders() {
		var n atomic.Int64
		var midway int64 // the counter at the last solution
		st, err := backend(t, name).Solve(cover.CountNodes(context.Background(), &n), p, func([]int) bool {
			midway = n.Load()
			return true
		})
		if err != nil || n.Load() != st.Nodes || midway == 0 || midway > st.Nodes {
			t.Errorf("%s: counter %d (at the last solution %d), stats %+v, error %v", name, n.Load(), midway, st, err)
		}
	}
	// A backend that looks at the meter around each subproblem's search:
	// with one worker, the meter must have all its nodes when the
	// backend returns, before Parallel hears of them.
	var m cover.Meter
	spy := &meterSpy{Backend: backend(t, "dlx"), m: &m}
	st, err := cover.Parallel{Backend: spy, Workers: 1, Meter: &m}.Solve(context.Background(), parse(t, queens(10)), nil)
	if pr := m.Progress(); err != nil || pr.Nodes != st.Nodes || spy.subs == 0 || spy.missed != 0 {
		t.Errorf("meter: %+v at the end, stats %+v, error %v; %d of %d subproblems' nodes were not in the meter when the backend returned",
			pr, st, err, spy.missed, spy.subs)
	}
}

// meterSpy counts the searches after which m does not hold every node of
// the search.
type meterSpy struct {
	cover.Backend
	m            *cover.Meter
	subs, missed int
}

func (s *meterSpy) Solve(ctx context.Context, p *cover.Problem, visit cover.Visit) (cover.Stats, error) {
	before := s.m.Progress().Nodes
	st, err := s.Backend.Solve(ctx, p, visit)
	s.subs++
	if s.m.Progress().Nodes-before != st.Nodes {
		s.missed++
	}
	return st, err
}
