package cover

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
)

// readPlain reads a problem in Knuth's format without colours or
// multiplicities, as the files of testdata are: dlxfile would make an
// import cycle here.
func readPlain(t testing.TB, path string) *Problem {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p := NewProblem()
	items := true
	for line := range strings.Lines(string(text)) {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] == "|" {
			continue
		}
		if items {
			secondary := false
			for _, name := range f {
				switch {
				case name == "|":
					secondary = true
				case secondary:
					p.AddSecondary(name)
				default:
					p.AddPrimary(name)
				}
			}
			items = false
			continue
		}
		var option []Entry
		for _, name := range f {
			i, ok := p.ItemIndex(name)
			if !ok {
				t.Fatalf("%s: no item %q", path, name)
			}
			option = append(option, Entry{Item: int32(i)})
		}
		p.AddOption(option)
	}
	return p
}

// independent has n primaries with k options each that name nothing else:
// every node at depth d has k children, so every walk sees the whole tree,
// of 1 + k + ... + k^n nodes.
func independent(n, k int) *Problem {
	p := NewProblem()
	for i := range n {
		p.AddPrimary(fmt.Sprint(i))
	}
	for i := range n {
		for range k {
			p.AddOption([]Entry{{Item: int32(i)}})
		}
	}
	return p
}

// permutations places n values in n positions: every node at depth d has
// n-d children, so every walk sees the whole tree too.
func permutations(n int) *Problem {
	p := NewProblem()
	for i := range n {
		p.AddPrimary(fmt.Sprint("p", i))
	}
	for v := range n {
		p.AddPrimary(fmt.Sprint("v", v))
	}
	for i := range n {
		for v := range n {
			p.AddOption([]Entry{{Item: int32(i)}, {Item: int32(n + v)}})
		}
	}
	return p
}

// queensProblem places n queens: ranks and files primary, diagonals
// secondary.
func queensProblem(n int) *Problem {
	p := NewProblem()
	for i := range n {
		p.AddPrimary(fmt.Sprint("r", i))
		p.AddPrimary(fmt.Sprint("f", i))
	}
	for d := range 2*n - 1 {
		p.AddSecondary(fmt.Sprint("a", d))
		p.AddSecondary(fmt.Sprint("b", d))
	}
	for r := range n {
		for f := range n {
			p.AddOption([]Entry{{Item: int32(2 * r)}, {Item: int32(2*f + 1)}, {Item: int32(2*n + 2*(r+f))}, {Item: int32(2*n + 2*(r-f+n-1) + 1)}})
		}
	}
	return p
}

// mixed is a random problem with multiplicities (primaries with ranges of
// uses, some optional) and a coloured secondary, so that walks take "no
// more options" branches and meet dead ends.
func mixed(seed uint64) *Problem {
	r := rand.New(rand.NewPCG(seed, 0))
	p := NewProblem()
	bounds := [][2]int{{1, 2}, {0, 1}, {2, 3}, {1, 1}, {0, 2}, {1, 1}, {1, 3}}
	for i, b := range bounds {
		p.AddItem(Item{Name: fmt.Sprint("x", i), Lo: b[0], Hi: b[1]})
	}
	s := int32(p.AddSecondary("s"))
	red, blue := p.Color("red"), p.Color("blue")
	for range 24 {
		var option []Entry
		for i := range bounds {
			if r.IntN(3) == 0 {
				option = append(option, Entry{Item: int32(i)})
			}
		}
		if len(option) == 0 {
			option = append(option, Entry{Item: int32(r.IntN(len(bounds)))})
		}
		switch r.IntN(3) {
		case 0:
			option = append(option, Entry{Item: s, Color: red})
		case 1:
			option = append(option, Entry{Item: s, Color: blue})
		}
		p.AddOption(option)
	}
	return p
}

// exactSize counts the tree below n as the walks do: n, and every node
// below that chose an option.
func exactSize(s *splitter, n *node) float64 {
	r, t := s.pick(n)
	if r < 0 || t <= 0 {
		return 1
	}
	size := 1.0
	for b := range t {
		c := n.clone()
		chose := s.branch(c, r, t, b)
		below := exactSize(s, c)
		if !chose {
			below-- // a "no more options" branch is no node
		}
		size += below
	}
	return size
}

func mustSplit(t *testing.T, p *Problem, depth int) *split {
	t.Helper()
	sp, err := newSplit(p, depth, splitTarget, false, false, false)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// TestEstimateUniform checks trees where every node of a depth has the
// same number of children: there every walk, and so every weight, is the
// exact size.
func TestEstimateUniform(t *testing.T) {
	geometric := func(n, k int) (s float64) {
		for i := range n + 1 {
			s += math.Pow(float64(k), float64(i))
		}
		return s
	}
	for _, c := range []struct {
		name  string
		prob  *Problem
		depth int
		want  float64 // the size of each subproblem's tree
	}{
		{"independent 3x2", independent(3, 2), 1, geometric(2, 2)},
		{"independent 5x3", independent(5, 3), 2, geometric(3, 3)},
		{"permutations 4", permutations(4), 1, 1 + 3 + 3*2 + 3*2*1},
		{"permutations 6", permutations(6), 2, 1 + 4 + 4*3 + 4*3*2 + 4*3*2*1},
		// Big enough that the weighing takes more walks (see weigh).
		{"independent 12x6", independent(12, 6), 1, geometric(11, 6)},
	} {
		sp := mustSplit(t, c.prob, c.depth)
		if err := sp.weigh(context.Background(), Shard{0, 1}, 2, 0); err != nil {
			t.Fatal(err)
		}
		for k := range sp.len() {
			if got := sp.weight(k); got != c.want {
				t.Errorf("%s: subproblem %d weighs %g, want %g", c.name, k, got, c.want)
			}
		}
	}
}

// TestWeighHuge checks that a tree too big for a float64 leaves the split
// unweighed, so that a meter counts subproblems instead.
func TestWeighHuge(t *testing.T) {
	sp := mustSplit(t, independent(400, 8), 1) // 8^400 nodes
	if err := sp.weigh(context.Background(), Shard{0, 1}, 2, 0); err != nil || sp.weights != nil {
		t.Errorf("error %v, weights %v", err, sp.weights)
	}
}

// TestEstimateUnbiased checks on small problems that the walks estimate
// the size of each subproblem's search, which is the nodes a backend
// counts searching it, plus one: the mean of many walks comes close to the
// exact size, which a search of the whole subtree counts. The walks are
// seeded, so the test cannot flake; the bounds, 10% for a subproblem and
// 3% for them all, are some three times the errors of these seeds.
func TestEstimateUnbiased(t *testing.T) {
	dom, _ := dominoes(4, 5)
	for _, c := range []struct {
		name  string
		prob  *Problem
		depth int
	}{
		{"queens 8", queensProblem(8), 2},
		{"dominoes 4x5", dom, 2},
		{"mixed 1", mixed(1), 1},
		{"mixed 2", mixed(2), 2},
	} {
		sp := mustSplit(t, c.prob, c.depth)
		rng := rand.New(rand.NewPCG(1, 2))
		var exact, estimate float64
		for k := range sp.len() {
			var at replay
			at.sp = sp
			root := at.node(k)
			size := exactSize(sp.sp, root)
			q, _, _ := sp.sub(k)
			st, err := dlxBackend{}.Solve(context.Background(), q, nil)
			if err != nil {
				t.Fatal(err)
			}
			if float64(st.Nodes+1) != size {
				t.Errorf("%s: subproblem %d: the search counts %d nodes, the tree has %g", c.name, k, st.Nodes, size)
			}
			const walks = 4000
			sum := 0.0
			walk := new(node)
			for range walks {
				walk.copy(root)
				size, _ := sp.sp.probe(walk, rng, math.MaxInt)
				sum += size
			}
			if mean := sum / walks; math.Abs(mean/size-1) > 0.1 {
				t.Errorf("%s: subproblem %d: the walks estimate %g nodes, it has %g", c.name, k, mean, size)
			}
			exact += size
			estimate += sum / walks
		}
		if math.Abs(estimate/exact-1) > 0.03 {
			t.Errorf("%s: the walks estimate %g nodes, the subproblems have %g", c.name, estimate, exact)
		}
	}
}

// TestWeighDeterministic checks that weights depend neither on the
// number of workers nor on the run, and that a shard weighs its own
// subproblems only.
func TestWeighDeterministic(t *testing.T) {
	p := queensProblem(9)
	weigh := func(sh Shard, workers int) []float64 {
		sp := mustSplit(t, p, 0)
		if err := sp.weigh(context.Background(), sh, workers, 0); err != nil {
			t.Fatal(err)
		}
		return sp.weights
	}
	want := weigh(Shard{0, 1}, 1)
	if got := weigh(Shard{0, 1}, 3); !slices.Equal(got, want) {
		t.Errorf("3 workers weigh %v, 1 worker %v", got, want)
	}
	for k, w := range weigh(Shard{1, 3}, 2) {
		if (k%3 == 1) != (w > 0) {
			t.Errorf("shard 1/3: subproblem %d weighs %g", k, w)
		}
	}
}

// TestReplay checks the nodes a replay reaches by the steps its last path
// shares against the nodes reached from the root, in the order a shard's
// worker meets them.
func TestReplay(t *testing.T) {
	for _, p := range []*Problem{queensProblem(7), mixed(3)} {
		sp := mustSplit(t, p, 3)
		at := replay{sp: sp}
		for k := 1; k < sp.len(); k += 2 {
			fresh := replay{sp: sp}
			got, want := at.node(k), fresh.node(k)
			if !slices.Equal(got.count, want.count) || !slices.Equal(got.color, want.color) ||
				!slices.Equal(got.dead, want.dead) || !slices.Equal(got.chosen, want.chosen) {
				t.Errorf("subproblem %d: replayed node %+v, want %+v", k, got, want)
			}
		}
	}
}

// TestWeighCancel checks that weighing stops for a done context.
func TestWeighCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sp := mustSplit(t, queensProblem(8), 0)
	if err := sp.weigh(ctx, Shard{0, 1}, 2, 0); !errors.Is(err, context.Canceled) || sp.weights != nil {
		t.Errorf("error %v, weights %v", err, sp.weights)
	}
	var m Meter
	if _, err := (Parallel{Meter: &m}).Solve(ctx, queensProblem(8), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("parallel: error %v", err)
	}
}

func TestProgressFraction(t *testing.T) {
	for _, c := range []struct {
		name string
		p    Progress
		want float64
	}{
		{"not started", Progress{}, 0},
		{"no weights", Progress{Done: 1, Total: 4}, 0.25},
		{"weights", Progress{Done: 1, Total: 4, Weight: 200, DoneWeight: 150}, 0.75},
		{"weighted start", Progress{Total: 4, Weight: 200}, 0},
		// The finished weights, summed in another order, round otherwise.
		{"done, rounded short", Progress{Done: 4, Total: 4, Weight: 1, DoneWeight: 1 - 1e-16}, 1},
		{"rounded over", Progress{Done: 3, Total: 4, Weight: 1, DoneWeight: 1 + 1e-16}, 1},
	} {
		if got := c.p.Fraction(); got != c.want {
			t.Errorf("%s: %+v has fraction %g, want %g", c.name, c.p, got, c.want)
		}
	}
}

// progressSpy records the meter's progress as each subproblem's search
// starts, and stops the search after stopAfter of them if that is set.
type progressSpy struct {
	Backend
	m         *Meter
	stopAfter int
	stop      context.CancelFunc
	mu        sync.Mutex
	seen      []Progress
}

func (s *progressSpy) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	if s.m != nil {
		s.mu.Lock()
		s.seen = append(s.seen, s.m.Progress())
		if len(s.seen) == s.stopAfter {
			s.stop()
		}
		s.mu.Unlock()
	}
	return s.Backend.Solve(ctx, p, visit)
}

// TestMeterWeighs follows a search through its meter: the weighted share
// of the work starts at 0, never goes down and ends at 1, and the search
// finds what it finds without a meter, in the same order and with the same
// nodes.
func TestMeterWeighs(t *testing.T) {
	p := queensProblem(9)
	collect := func(m *Meter) (Stats, [][]int, *progressSpy) {
		spy := &progressSpy{Backend: dlxBackend{}, m: m}
		var sols [][]int
		st, err := Parallel{Backend: spy, Workers: 1, Meter: m}.Solve(context.Background(), p, func(s []int) bool {
			sols = append(sols, slices.Clone(s))
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		return st, sols, spy
	}
	plainStats, plainSols, _ := collect(nil)
	m := new(Meter)
	st, sols, spy := collect(m)
	if st != plainStats || !slices.EqualFunc(sols, plainSols, slices.Equal) {
		t.Errorf("with a meter: %+v, %d solutions; without: %+v, %d", st, len(sols), plainStats, len(plainSols))
	}
	end := m.Progress()
	if end.Nodes != st.Nodes || end.Fraction() != 1 || math.Abs(end.DoneWeight/end.Weight-1) > 1e-12 || end.Weight <= float64(end.Total) {
		t.Errorf("at the end: %+v", end)
	}
	last := 0.0
	for i, pr := range spy.seen {
		f := pr.Fraction()
		if i == 0 && f != 0 || f < last || f > 1 {
			t.Errorf("subproblem %d starts at fraction %g, after %g", i, f, last)
		}
		last = f
	}
}

// TestMeterResumes stops a search partway, resumes it from its state, and
// checks that the resumed run's meter starts with the weight the first run
// finished, as the first run weighed it.
func TestMeterResumes(t *testing.T) {
	p := queensProblem(9)
	state := new(State)
	ctx, cancel := context.WithCancel(context.Background())
	first := &progressSpy{Backend: dlxBackend{}, m: new(Meter), stopAfter: 40, stop: cancel}
	if _, err := (Parallel{Backend: first, Workers: 1, Meter: first.m, State: state}).Solve(ctx, p, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: error %v", err)
	}
	stopped := first.m.Progress()
	second := &progressSpy{Backend: dlxBackend{}, m: new(Meter)}
	st, err := Parallel{Backend: second, Workers: 2, Meter: second.m, State: state}.Solve(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := second.seen[0]
	if start.Weight != stopped.Weight || start.Resumed != stopped.Done || start.ResumedWeight != start.DoneWeight ||
		math.Abs(start.ResumedWeight/stopped.DoneWeight-1) > 1e-12 || start.Fraction() != stopped.Fraction() {
		t.Errorf("stopped at %+v, resumed at %+v", stopped, start)
	}
	if end := second.m.Progress(); end.Fraction() != 1 || end.Nodes != st.Nodes {
		t.Errorf("at the end: %+v, stats %+v", end, st)
	}
}

func BenchmarkWeigh(b *testing.B) {
	sp, err := newSplit(readPlain(b, "testdata/pentominoes-6x10-unique.dlx"), 0, splitTarget, false, false, false)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(sp.len()), "subproblems")
	for b.Loop() {
		if err := sp.weigh(context.Background(), Shard{0, 1}, 1, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMeterMaxWalks checks that a meter's MaxWalks bounds the more walks
// of a big search, and that its search still finds what a search without
// a meter finds, with the work done ending at 1.
func TestMeterMaxWalks(t *testing.T) {
	// Split one level deep, the 12 queens make 12 subproblems that weigh
	// some 30000 nodes each: big enough for more walks.
	p := queensProblem(12)
	weigh := func(maxWalks int) []float64 {
		sp := mustSplit(t, p, 1)
		if err := sp.weigh(context.Background(), Shard{0, 1}, 2, maxWalks); err != nil {
			t.Fatal(err)
		}
		return sp.weights
	}
	full := weigh(0)
	if bounded := weigh(12 * estimateProbes); slices.Equal(bounded, full) {
		t.Errorf("bounded to the first walks, the weights are the full ones: %v", bounded)
	}
	if loose := weigh(1000); !slices.Equal(loose, full) {
		t.Errorf("a bound of 1000 walks changes the weights from %v to %v", full, loose)
	}
	plain, err := Parallel{Backend: dlxBackend{}}.Solve(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &Meter{MaxWalks: 12 * estimateProbes}
	st, err := Parallel{Backend: dlxBackend{}, Meter: m}.Solve(context.Background(), p, nil)
	if err != nil || st.Solutions != plain.Solutions {
		t.Fatalf("with a bounded meter: %+v, %v; without: %+v", st, err, plain)
	}
	if end := m.Progress(); end.Fraction() != 1 || end.Weight <= 0 || end.Solutions != plain.Solutions {
		t.Errorf("at the end: %+v", end)
	}
}

// TestEstimateSearch checks EstimateSearch against algx's search of the
// whole problem: exactly on trees where every walk sees the size and
// every leaf is a solution, within a factor of 1.5 on the 6×10 pentominoes
// (seeded walks, so the test cannot flake: these put the tree within 2 %
// and the 9,356 solutions at 0.72 of them), +Inf nodes on a tree too big for
// a float64, and ctx's error once it is done.
func TestEstimateSearch(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		prob   *Problem
		factor float64
	}{
		{"independent 7x6", independent(7, 6), 1},
		{"permutations 8", permutations(8), 1},
		{"pentominoes 6x10", readPlain(t, "testdata/pentominoes-6x10.dlx"), 1.5},
	} {
		st, err := algxBackend{}.Solve(ctx, c.prob, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := EstimateSearch(ctx, c.prob, 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []struct {
			what       string
			got, exact float64
		}{{"nodes", got.Nodes, float64(st.Nodes)}, {"solutions", got.Solutions, float64(st.Solutions)}} {
			if v.got < v.exact/c.factor || v.got > v.exact*c.factor {
				t.Errorf("%s: estimated %g %s, the search has %g", c.name, v.got, v.what, v.exact)
			}
		}
	}
	if got, err := EstimateSearch(ctx, independent(114, 512), 1, 0); err != nil || !math.IsInf(got.Nodes, 1) {
		t.Errorf("512^114 nodes: estimated %g, error %v; want +Inf", got.Nodes, err)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := EstimateSearch(done, permutations(9), 1, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v, want %v", err, context.Canceled)
	}
}
