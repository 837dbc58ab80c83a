package cover_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/cover/dlxfile"
)

// solve runs the named backend and returns its statistics and solutions,
// each sorted.
func solve(t testing.TB, name string, p *cover.Problem) (cover.Stats, [][]int) {
	t.Helper()
	st, sols, err := trySolve(name, p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return st, sols
}

// trySolve is solve that returns the error.
func trySolve(name string, p *cover.Problem) (cover.Stats, [][]int, error) {
	b, err := cover.Lookup(name)
	if err != nil {
		return cover.Stats{}, nil, err
	}
	var sols [][]int
	st, err := b.Solve(context.Background(), p, func(s []int) bool {
		sols = append(sols, slices.Sorted(slices.Values(s)))
		return true
	})
	return st, sols, err
}

// count runs the named backend and returns its statistics.
func count(t testing.TB, name string, p *cover.Problem) cover.Stats {
	t.Helper()
	b, err := cover.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	st, err := b.Solve(context.Background(), p, func([]int) bool { return true })
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return st
}

func parse(t testing.TB, text string) *cover.Problem {
	t.Helper()
	p, err := dlxfile.Read(strings.NewReader(text), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func load(t testing.TB, file string) *cover.Problem {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := dlxfile.Read(f, file)
	if err != nil {
		t.Fatal(err)
	}
	scanColumns(p, strings.HasSuffix(file, "-unique.dlx"))
	return p
}

// scanColumns gives a problem whose cells are items named "x,y" the Order
// compile gives a board: column by column, so that bits can search it.
// When the problem restricts X (the -unique file), X comes first, as
// Distinct puts the item it restricts.
func scanColumns(p *cover.Problem, xFirst bool) {
	type cell struct{ x, y, item int }
	var cells []cell
	for i, it := range p.Items {
		var c cell
		if _, err := fmt.Sscanf(it.Name, "%d,%d", &c.x, &c.y); err == nil {
			c.item = i
			cells = append(cells, c)
		}
	}
	slices.SortFunc(cells, func(a, b cell) int { return cmp.Or(a.x-b.x, a.y-b.y) })
	p.Order = nil
	if x, ok := p.ItemIndex("X"); ok && xFirst {
		p.Order = append(p.Order, x)
	}
	for _, c := range cells {
		p.Order = append(p.Order, c.item)
	}
}

// queens is n-queens with ranks and files primary and diagonals secondary.
func queens(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "r%d c%d ", i, i)
	}
	b.WriteString("|")
	for d := range 2*n - 1 {
		fmt.Fprintf(&b, " a%d b%d", d, d)
	}
	b.WriteString("\n")
	for r := range n {
		for c := range n {
			fmt.Fprintf(&b, "r%d c%d a%d b%d\n", r, c, r+c, r-c+n-1)
		}
	}
	return b.String()
}

// dominoes tiles an n×n board; each option also names H or V, which the
// item line lets any number of options up to n*n/2 cover.
func dominoes(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "0:%d|H 0:%d|V", n*n/2, n*n/2)
	for y := range n {
		for x := range n {
			fmt.Fprintf(&b, " %d,%d", x, y)
		}
	}
	b.WriteString("\n")
	for y := range n {
		for x := range n {
			if x+1 < n {
				fmt.Fprintf(&b, "H %d,%d %d,%d\n", x, y, x+1, y)
			}
			if y+1 < n {
				fmt.Fprintf(&b, "V %d,%d %d,%d\n", x, y, x, y+1)
			}
		}
	}
	return b.String()
}

// TestKnownCounts checks published solution counts, and that the backends
// but bits, which takes the items in a fixed order (and auto where it
// chooses bits), walk the same search tree.
func TestKnownCounts(t *testing.T) {
	all := cover.Finders()
	cases := []struct {
		name     string
		prob     func(t testing.TB) *cover.Problem
		want     int64
		backends []string
	}{
		{"queens8", func(t testing.TB) *cover.Problem { return parse(t, queens(8)) }, 92, all},
		{"queens12", func(t testing.TB) *cover.Problem { return parse(t, queens(12)) }, 14200, all},
		// The pieces of this file are one item covered 18 times.
		{"dominoes6x6", func(t testing.TB) *cover.Problem { return parse(t, dominoes(6)) }, 6728, slices.DeleteFunc(slices.Clone(all), func(b string) bool { return b == "bits" })},
		{"pentominoes6x10unique", func(t testing.TB) *cover.Problem { return load(t, "pentominoes-6x10-unique.dlx") }, 2339, all},
		// Four times the work of the unique file: dlx would take seconds, and
		// its tree was just checked to be algx's.
		{"pentominoes6x10", func(t testing.TB) *cover.Problem { return load(t, "pentominoes-6x10.dlx") }, 9356, []string{"algx"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := c.prob(t)
			var nodes []int64
			for _, b := range c.backends {
				st := count(t, b, p)
				if st.Solutions != c.want {
					t.Errorf("%s: got %d solutions, want %d", b, st.Solutions, c.want)
				}
				if ownTree := b == "bits" || b == "auto" && cover.Choose(p).Name() == "bits"; !ownTree {
					nodes = append(nodes, st.Nodes)
				}
			}
			if slices.Min(nodes) != slices.Max(nodes) {
				t.Errorf("backends %v tried %v options", c.backends, nodes)
			}
		})
	}
}

// TestSolutions checks small problems whose solutions are known exactly.
func TestSolutions(t *testing.T) {
	cases := []struct {
		name, text string
		want       [][]int
	}{
		{
			// TAOCP 7.2.2.1 (49): the only solution is "q x:A" with "p r x:A y".
			"knuth-xcc", "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n",
			[][]int{{1, 3}},
		},
		{
			"uncoloured-is-exclusive", "a b | s\na s\nb s\na\nb\n",
			[][]int{{0, 3}, {1, 2}, {2, 3}},
		},
		{
			"same-colour-shares", "a b | s\na s:1\nb s:1\nb s:2\n",
			[][]int{{0, 1}},
		},
		{
			// Any two or three of three "a" options, but not none or one.
			"multiplicity", "2:3|a\na\na\na\n",
			[][]int{{0, 1}, {0, 1, 2}, {0, 2}, {1, 2}},
		},
		{
			"lower-bound-zero", "0:1|a b\na b\nb\n",
			[][]int{{0}, {1}},
		},
		{
			"exactly-two", "2|a b\na\na b\na\n",
			[][]int{{0, 1}, {1, 2}},
		},
		{
			// Options without a primary item are never chosen.
			"secondary-only-option", "a | s\ns\na\n",
			[][]int{{1}},
		},
		{
			"no-solution", "a b\na\n",
			nil,
		},
	}
	for _, c := range cases {
		p := parse(t, c.text)
		for _, b := range cover.Finders() {
			t.Run(c.name+"/"+b, func(t *testing.T) {
				_, got, err := trySolve(b, p)
				if b == "bits" && errors.Is(err, cover.ErrUnsupported) {
					t.Skip(err)
				}
				if err != nil {
					t.Fatal(err)
				}
				slices.SortFunc(got, slices.Compare)
				if !slices.EqualFunc(got, c.want, slices.Equal) {
					t.Errorf("got %v, want %v", got, c.want)
				}
			})
		}
	}
}

func TestEarlyStop(t *testing.T) {
	p := parse(t, queens(8))
	for _, name := range cover.Finders() {
		b, _ := cover.Lookup(name)
		n := 0
		st, err := b.Solve(context.Background(), p, func([]int) bool { n++; return n < 5 })
		if err != nil || st.Solutions != 5 || n != 5 {
			t.Errorf("%s: stats %+v, %d visits, error %v; want 5 solutions and no error", name, st, n, err)
		}
	}
}

func TestCancel(t *testing.T) {
	p := load(t, "pentominoes-6x10.dlx")
	for _, name := range cover.Finders() {
		b, _ := cover.Lookup(name)

		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		st, err := b.Solve(ctx, p, func([]int) bool { return true })
		if !errors.Is(err, context.Canceled) || st.Nodes != 0 {
			t.Errorf("%s, cancelled before: stats %+v, error %v", name, st, err)
		}

		ctx, cancel = context.WithCancel(context.Background())
		st, err = b.Solve(ctx, p, func([]int) bool { cancel(); return true })
		if !errors.Is(err, context.Canceled) || st.Solutions != 1 {
			t.Errorf("%s, cancelled by visit: stats %+v, error %v", name, st, err)
		}

		ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
		start := time.Now()
		st, err = b.Solve(ctx, p, func([]int) bool { return true })
		cancel()
		// No floor on the nodes: on a loaded machine auto can spend the
		// whole 20 ms choosing its backend.
		if !errors.Is(err, context.DeadlineExceeded) || st.Solutions >= 9356 {
			t.Errorf("%s, timed out: stats %+v, error %v", name, st, err)
		}
		// A generous bound: this catches a search that ignores its
		// context, not a slow one.
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: took %v to notice a 20ms deadline", name, d)
		}
	}
}

func TestLookup(t *testing.T) {
	names := cover.BackendNames()
	if !slices.Contains(names, cover.DefaultBackend) || !slices.Contains(names, "dlx") || !slices.Contains(names, "algx") {
		t.Fatalf("BackendNames() = %v, DefaultBackend = %q", names, cover.DefaultBackend)
	}
	for _, n := range names {
		if b, err := cover.Lookup(n); err != nil || b.Name() != n {
			t.Errorf("Lookup(%q) = %v, %v", n, b, err)
		}
	}
	_, err := cover.Lookup("nope")
	if err == nil || !strings.Contains(err.Error(), strings.Join(names, ", ")) {
		t.Errorf("Lookup(nope) error %v does not list %v", err, names)
	}
}

func TestInvalidProblem(t *testing.T) {
	p := cover.NewProblem()
	a := p.AddPrimary("a")
	p.AddOption([]cover.Entry{{Item: int32(a)}, {Item: int32(a)}})
	for _, name := range cover.BackendNames() {
		b, _ := cover.Lookup(name)
		if _, err := b.Solve(context.Background(), p, func([]int) bool { return true }); err == nil {
			t.Errorf("%s solved a problem with an item twice in an option", name)
		}
	}
}

// TestBitsUnsupported checks that bits refuses, with ErrUnsupported and
// the reason, what a bitset cannot say.
func TestBitsUnsupported(t *testing.T) {
	wide := cover.NewProblem()
	for i := range 513 {
		wide.AddPrimary(fmt.Sprint("i", i))
	}
	for _, c := range []struct {
		name string
		p    *cover.Problem
		want string
	}{
		{"multiplicity", parse(t, "2:3|a b\na\na b\n"), "item a must be covered 2 to 3 times"},
		{"colour", parse(t, "a | x\na x:A\n"), "item x has a colour"},
		{"wide", wide, "513 items, more than 512"},
	} {
		_, _, err := trySolve("bits", c.p)
		if !errors.Is(err, cover.ErrUnsupported) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want ErrUnsupported saying %q", c.name, err, c.want)
		}
	}
}

// TestOrderInvalid checks that Validate rejects an Order that names an
// item out of range or twice.
func TestOrderInvalid(t *testing.T) {
	for _, c := range []struct {
		order []int
		want  string
	}{
		{[]int{0, 2}, "item index 2 out of range"},
		{[]int{-1}, "item index -1 out of range"},
		{[]int{1, 0, 1}, "item b appears twice"},
	} {
		p := parse(t, "a b\na b\n")
		p.Order = c.order
		if err := p.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("order %v: error %v, want one saying %q", c.order, err, c.want)
		}
	}
}

// TestNoPrimary checks that a problem with nothing to cover has exactly one
// solution, the empty set.
func TestNoPrimary(t *testing.T) {
	p := cover.NewProblem()
	s := p.AddSecondary("s")
	p.AddOption([]cover.Entry{{Item: int32(s)}})
	for _, name := range cover.Finders() {
		if st, sols := solve(t, name, p); st.Solutions != 1 || len(sols[0]) != 0 {
			t.Errorf("%s: %v", name, sols)
		}
	}
}

// TestCountOnly checks that a nil Visit counts the same solutions.
func TestCountOnly(t *testing.T) {
	p := load(t, "pentominoes-6x10-unique.dlx")
	for _, name := range cover.Finders() {
		b, _ := cover.Lookup(name)
		st, err := b.Solve(context.Background(), p, nil)
		if err != nil || st.Solutions != 2339 {
			t.Errorf("%s: %d solutions, %v; want 2339", name, st.Solutions, err)
		}
	}
}

// TestAutoChooses pins which backend auto runs: dlx on a sparse problem;
// on a dense one, bits when its Order scans the board along its short
// side, and algx without an Order or with one that makes bits's tree
// explode (the pieces first: bits then does not finish in minutes).
func TestAutoChooses(t *testing.T) {
	dense := load(t, "pentominoes-6x10-unique.dlx")
	if got := cover.Choose(dense).Name(); got != "bits" {
		t.Errorf("pentominoes in columns: auto chose %s, want bits", got)
	}
	dense.Order = nil
	if got := cover.Choose(dense).Name(); got != "algx" {
		t.Errorf("pentominoes without an order: auto chose %s, want algx", got)
	}
	for i := range dense.Items {
		dense.Order = append(dense.Order, i)
	}
	if got := cover.Choose(dense).Name(); got != "algx" {
		t.Errorf("pentominoes, pieces first: auto chose %s, want algx", got)
	}
	sparse, err := dlxfile.Read(strings.NewReader("a b c d\na b\nc d\na c\nb d\n"), "dominoes")
	if err != nil {
		t.Fatal(err)
	}
	if got := cover.Choose(sparse).Name(); got != "dlx" {
		t.Errorf("dominoes: auto chose %s, want dlx", got)
	}
	// A dense problem whose algx masks (options × words) pass 2^24 words,
	// as polycubes-56-crystal-1's 2.4 M options × 22 words do, goes to
	// dlx; one just under stays with algx.
	for _, c := range []struct {
		options int
		want    string
	}{{170000, "algx"}, {180000, "dlx"}} {
		huge := cover.NewProblem()
		const items = 6000 // 94 words
		for i := range items {
			huge.AddPrimary(fmt.Sprint("i", i))
		}
		for o := range c.options {
			huge.AddOption([]cover.Entry{{Item: int32(o % items)}})
		}
		if got := cover.Choose(huge).Name(); got != c.want {
			t.Errorf("%d options of %d items: auto chose %s, want %s", c.options, items, got, c.want)
		}
	}
}
