package cover_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// countWith counts p's solutions with the named backend, visiting none.
func countWith(t testing.TB, name string, p *cover.Problem) (int64, error) {
	t.Helper()
	b, err := cover.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	st, err := b.Solve(context.Background(), p, nil)
	return st.Solutions, err
}

// tilingProblem makes a random problem shaped like a tiling by k pieces of
// a cells each: k·a cells in the Order, and options that each take a
// random a of them and one piece, so that the sweep counts it by
// inclusion–exclusion over the pieces; or, if mixed, options of a-1 or a
// cells too, which it counts with the pieces in its states.
func tilingProblem(r *rand.Rand, mixed bool) *cover.Problem {
	p := cover.NewProblem()
	k, a := 2+r.IntN(4), 1+r.IntN(3)
	for i := range k {
		p.AddPrimary(fmt.Sprint("piece", i))
	}
	cells := k * a
	for i := range cells {
		p.Order = append(p.Order, p.AddPrimary(fmt.Sprint("cell", i)))
	}
	r.Shuffle(len(p.Order), func(i, j int) { p.Order[i], p.Order[j] = p.Order[j], p.Order[i] })
	for range 4 + r.IntN(30) {
		size := a
		if mixed && size > 1 && r.IntN(3) == 0 {
			size--
		}
		opt := []cover.Entry{{Item: int32(r.IntN(k))}}
		for _, c := range r.Perm(cells)[:size] {
			opt = append(opt, cover.Entry{Item: int32(k + c)})
		}
		p.AddOption(opt)
	}
	return p
}

// TestSweepAgainstAlgX checks the sweep's counts against algx's on
// thousands of small random problems: those of the brute-force test
// that it takes (plain, in an order it derives), and tilings of random
// pieces, with an Order and without.
func TestSweepAgainstAlgX(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 27))
	counted, solved := 0, 0
	for i := range 6000 {
		var p *cover.Problem
		switch i % 3 {
		case 0:
			p = randomProblem(r, i%30 == 0)
		default:
			p = tilingProblem(r, i%3 == 2)
			if i%6 == 1 {
				// The sweep derives an order of its own, and finds
				// the pieces as labels (sweep_order.go).
				p.Order = nil
			}
		}
		want, err := countWith(t, "algx", p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := countWith(t, "sweep", p)
		if errors.Is(err, cover.ErrUnsupported) {
			continue
		}
		if err != nil {
			t.Fatalf("problem %d: %v", i, err)
		}
		if got != want {
			var buf []byte
			for o := range p.NumOptions() {
				buf = fmt.Appendf(buf, "%v\n", p.Option(o))
			}
			t.Fatalf("problem %d: sweep counts %d, algx %d\nitems %+v\norder %v\noptions\n%s", i, got, want, p.Items, p.Order, buf)
		}
		counted++
		if want > 0 {
			solved++
		}
	}
	if counted < 4000 || solved < 1500 {
		t.Errorf("the sweep counted %d of the random problems, %d with solutions", counted, solved)
	}
}

// TestSweepDominoes checks the sweep against the number of domino
// tilings of the 8×8 board (OEIS A004003), in the board's scan order
// and in the one the sweep derives without it (sweep_order.go), which
// must keep the states about as few.
func TestSweepDominoes(t *testing.T) {
	b, _ := cover.Lookup("sweep")
	p := load(t, "dominoes-8x8.dlx")
	scan, err := b.Solve(context.Background(), p, nil)
	if err != nil || scan.Solutions != 12988816 {
		t.Errorf("%d tilings, %v; want 12,988,816", scan.Solutions, err)
	}
	p.Order = nil
	derived, err := b.Solve(context.Background(), p, nil)
	if err != nil || derived.Solutions != 12988816 {
		t.Errorf("without an order: %d tilings, %v; want 12,988,816", derived.Solutions, err)
	}
	t.Logf("states: %d in the scan order, %d in the derived one", scan.Updates, derived.Updates)
	if derived.Updates > 4*scan.Updates {
		t.Errorf("the derived order takes %d states, the scan order %d", derived.Updates, scan.Updates)
	}
}

// TestSweepTermsOverflow checks that inclusion–exclusion is exact when
// its terms add up to more than 2^64: 15 distinct monominoes on a row of
// 15 cells are placed in 15! ways, while the terms, |T|^15 for each
// subset T of the pieces, sum to some 2.5·10^19 in absolute value.
func TestSweepTermsOverflow(t *testing.T) {
	got, err := countWith(t, "sweep", monominoRow())
	if err != nil || got != 1307674368000 {
		t.Errorf("%d, %v; want 15! = 1,307,674,368,000", got, err)
	}
}

// monominoRow is 15 distinct monominoes on a row of 15 cells.
func monominoRow() *cover.Problem {
	const n = 15
	p := cover.NewProblem()
	for i := range n {
		p.AddPrimary(fmt.Sprint("m", i))
	}
	for c := range n {
		p.Order = append(p.Order, p.AddPrimary(fmt.Sprint("cell", c)))
	}
	for m := range n {
		for c := range n {
			p.AddOption([]cover.Entry{{Item: int32(m)}, {Item: int32(n + c)}})
		}
	}
	return p
}

// TestSweepTermsWorkers checks that inclusion–exclusion's sweeps shared
// among workers give the count and the transitions of one sweep after
// another, and report every sweep to CountParts: on the row of
// monominoes (128 sweeps, whose terms overflow) and on the 3×20
// pentominoes (16 sweeps; 8 tilings, 2 per class).
func TestSweepTermsWorkers(t *testing.T) {
	b, _ := cover.Lookup("sweep")
	for _, c := range []struct {
		name         string
		p            *cover.Problem
		want, sweeps int64
	}{
		{"monominoes", monominoRow(), 1307674368000, 128},
		{"pentominoes-3x20", load(t, "pentominoes-3x20.dlx"), 8, 16},
	} {
		one, err := b.Solve(context.Background(), c.p, nil)
		if err != nil || one.Solutions != c.want {
			t.Fatalf("%s: one worker counts %d, %v; want %d", c.name, one.Solutions, err, c.want)
		}
		for _, workers := range []int{2, 3} {
			var done, total atomic.Int64
			ctx := cover.CountParts(context.Background(), &done, &total)
			st, err := cover.Parallel{Backend: b, Workers: workers}.Solve(ctx, c.p, nil)
			if err != nil || st != one {
				t.Errorf("%s on %d workers: %+v, %v; want %+v", c.name, workers, st, err, one)
			}
			if done.Load() != c.sweeps || total.Load() != c.sweeps {
				t.Errorf("%s on %d workers: %d/%d sweeps reported, want %d", c.name, workers, done.Load(), total.Load(), c.sweeps)
			}
		}
	}
}

// TestSweepTermsNarrower checks that a sweep of inclusion–exclusion
// whose states outgrow the memory bound for its vectors of 256 counts is
// run again as four with vectors of 64, and the count is the same: on the
// 3×20 pentominoes, whose sweep with every piece holds 61 states at its
// widest level, under a bound that allows 36 states with vectors of 256
// and 137 with vectors of 64.
func TestSweepTermsNarrower(t *testing.T) {
	b, _ := cover.Lookup("sweep")
	p := load(t, "pentominoes-3x20.dlx")
	wide, err := b.Solve(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cover.SetSweepBytes(300_000)()
	for _, workers := range []int{0, 2} {
		var st cover.Stats
		if workers == 0 {
			st, err = b.Solve(context.Background(), p, nil)
		} else {
			st, err = cover.Parallel{Backend: b, Workers: workers}.Solve(context.Background(), p, nil)
		}
		if err != nil || st.Solutions != 8 {
			t.Errorf("workers %d: %d tilings, %v; want 8", workers, st.Solutions, err)
		}
		if st.Nodes <= wide.Nodes {
			t.Errorf("workers %d: %d transitions, no more than the %d of vectors of 256: no sweep was narrowed", workers, st.Nodes, wide.Nodes)
		}
	}
	defer cover.SetSweepBytes(1000)()
	if _, err := b.Solve(context.Background(), p, nil); !errors.Is(err, cover.ErrTooManyStates) {
		t.Errorf("under a bound of 1,000 bytes: %v, want ErrTooManyStates", err)
	}
}

// TestSweepRefuses checks that the sweep refuses what it cannot count,
// with ErrUnsupported and the reason: a visitor, a multiplicity, a
// colour.
func TestSweepRefuses(t *testing.T) {
	ordered := func(text string) *cover.Problem {
		p := parse(t, text)
		for i := range p.Items {
			p.Order = append(p.Order, i)
		}
		return p
	}
	b, _ := cover.Lookup("sweep")
	if _, err := b.Solve(context.Background(), ordered("a\na\n"), func([]int) bool { return true }); !errors.Is(err, cover.ErrUnsupported) {
		t.Errorf("with a visitor: %v", err)
	}
	for name, p := range map[string]*cover.Problem{
		"multiplicity": ordered("2:2|a b\na\nb\n"),
		"colour":       ordered("a | s\na s:red\n"),
	} {
		if _, err := countWith(t, "sweep", p); !errors.Is(err, cover.ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", name, err)
		}
	}
}

// TestAutoSweepsWithState checks that auto counts by the sweep with a
// state as without one, recording the sweep's parts, and that where the
// sweep's trial gives up the state records the search's parts, none of
// the trial's: the 8×8 domino tilings by the sweep, the 6×10 pentominoes
// by the search.
func TestAutoSweepsWithState(t *testing.T) {
	auto, _ := cover.Lookup("auto")
	for _, c := range []struct {
		file  string
		want  int64
		sweep bool
	}{
		{"dominoes-8x8.dlx", 12988816, true},
		{"pentominoes-6x10.dlx", 9356, false},
	} {
		state := new(cover.State)
		st, err := cover.Parallel{Backend: auto, Workers: 1, State: state}.Solve(context.Background(), load(t, c.file), nil)
		if err != nil || st.Solutions != c.want {
			t.Fatalf("%s: %d, %v; want %d", c.file, st.Solutions, err, c.want)
		}
		var buf bytes.Buffer
		if err := cover.WriteState(&buf, state); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(buf.String(), `"split": "sweep"`); got != c.sweep {
			t.Errorf("%s: the state records a count by the sweep: %v, want %v", c.file, got, c.sweep)
		}
	}
}
