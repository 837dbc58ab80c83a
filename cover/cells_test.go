package cover

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// strip is a problem on a row of cells c0..c(n-1), each joined to the
// next, with a piece item per size in sizes (copies of a size share an
// item, Lo = Hi = copies) whose options lie on every run of that many
// cells.
func strip(n int, sizes ...int) *Problem {
	p := NewProblem()
	copies := map[int]int{}
	for _, s := range sizes {
		copies[s]++
	}
	var pieceSizes []int
	for _, s := range sizes {
		if !slices.Contains(pieceSizes, s) {
			pieceSizes = append(pieceSizes, s)
			p.AddItem(Item{Name: fmt.Sprint("piece", s), Lo: copies[s], Hi: copies[s]})
		}
	}
	cells := addRow(p, n)
	for k, s := range pieceSizes {
		for at := 0; at+s <= n; at++ {
			opt := []Entry{{Item: int32(k)}}
			for c := at; c < at+s; c++ {
				opt = append(opt, Entry{Item: int32(cells.Items[c])})
			}
			p.AddOption(opt)
		}
	}
	return p
}

// TestDeadRegions places one option on a strip and checks what the check
// says of the regions left on either side.
func TestDeadRegions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		sizes []int
		at    int // the first cell of the first piece's option chosen
		dead  bool
	}{
		// 3 + 3 + 1 in 7 cells: a tromino on c2..c4 leaves 2 and 2,
		// which neither 3 nor 1 nor both make.
		{"two of two", 7, []int{3, 3, 1}, 2, true},
		// On c1..c3 it leaves 1 and 3: both fine.
		{"one and three", 7, []int{3, 3, 1}, 1, false},
		// On c0..c2 it leaves one region of 4, more than half the
		// empty cells: not checked, and 3 + 1 anyway.
		{"one region", 7, []int{3, 3, 1}, 0, false},
		// Dominoes only, 8 cells: a domino on c1..c2 leaves 1 and 5.
		{"odd", 8, []int{2, 2, 2, 2}, 1, true},
		// On c2..c3 it leaves 2 and 4.
		{"even", 8, []int{2, 2, 2, 2}, 2, false},
		// 4 + 2 + 2 + 1 in 9 cells: a 4 on c1..c4 leaves 1 and 4,
		// each a sum, and together 5 = 2 + 2 + 1; the 4 is more than
		// half of 5, so only the 1 is checked.
		{"sums", 9, []int{4, 2, 2, 1}, 1, false},
		// 5 + 5 in 10 cells: a 5 on c2..c6 leaves 2 and 3.
		{"too small", 10, []int{5, 5}, 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := strip(tc.n, tc.sizes...)
			pl, err := newPlan(p)
			if err != nil {
				t.Fatal(err)
			}
			d := newDeadRegions(pl)
			if d == nil {
				t.Fatal("no check for a strip")
			}
			// The options of the first piece come first, one per
			// starting cell.
			j := int32(tc.at)
			done := make([]uint64, (pl.nprim+63)/64)
			count := make([]int32, pl.nprim)
			for _, e := range p.Option(int(pl.opts[j])) {
				r := pl.rank[e.Item]
				if count[r]++; count[r] == pl.hi[r] {
					setBit(done, int(r))
				}
			}
			if got := d.dead([]int32{j}, done, count, pl.hi); got != tc.dead {
				t.Errorf("dead = %v, want %v", got, tc.dead)
			}
		})
	}
}

// TestOrShifted checks the sums of sizes against a plain count.
func TestOrShifted(t *testing.T) {
	m := make([]uint64, 3)
	m[0] = 1
	sizes := []int{5, 5, 7, 64, 70}
	for _, s := range sizes {
		orShifted(m, s)
	}
	for n := range 3 * 64 {
		want := false
		for set := range 1 << len(sizes) {
			sum := 0
			for i, s := range sizes {
				if set&(1<<i) != 0 {
					sum += s
				}
			}
			want = want || sum == n
		}
		if got := isSet(m, int32(n)); got != want {
			t.Errorf("%d: reachable %v, want %v", n, got, want)
		}
	}
}

// TestDeadRegionsOff checks that the check is off where it cannot bound
// the options left: an option with cells but no piece, or a piece with
// options of two sizes.
func TestDeadRegionsOff(t *testing.T) {
	for _, tc := range []struct {
		name   string
		extra  []string // options added to a strip of 4 with a domino and a pair of monominoes
		useful bool
	}{
		{"plain", nil, true},
		{"no piece", []string{"c0 c1"}, false},
		{"two sizes", []string{"piece2 c0 c1 c2"}, false},
		{"parking", []string{"piece2"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := strip(4, 2, 1, 1)
			for _, o := range tc.extra {
				var opt []Entry
				for _, name := range strings.Fields(o) {
					i, _ := p.ItemIndex(name)
					opt = append(opt, Entry{Item: int32(i)})
				}
				p.AddOption(opt)
			}
			pl, err := newPlan(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := newDeadRegions(pl) != nil; got != tc.useful {
				t.Errorf("check on = %v, want %v", got, tc.useful)
			}
		})
	}
}

// TestCellsValidate checks that Validate refuses Cells that break their
// promise.
func TestCellsValidate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(p *Problem)
		error string
	}{
		{"fine", func(p *Problem) {}, ""},
		{"out of range", func(p *Problem) { p.Cells.Items = append(p.Cells.Items, 99) }, "out of range"},
		{"piece", func(p *Problem) { p.Cells.Items = append(p.Cells.Items, 0) }, "not a primary item covered exactly once"},
		{"twice", func(p *Problem) { p.Cells.Items = append(p.Cells.Items, p.Cells.Items[0]) }, "appears twice"},
		{"edge", func(p *Problem) { p.Cells.Edges = append(p.Cells.Edges, [2]int{0, p.Cells.Items[0]}) }, "not a cell"},
		{"disconnected", func(p *Problem) { p.Cells.Edges = p.Cells.Edges[1:] }, "not connected"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := strip(4, 2, 2)
			tc.edit(p)
			err := p.Validate()
			if tc.error == "" && err != nil || tc.error != "" && (err == nil || !strings.Contains(err.Error(), tc.error)) {
				t.Errorf("Validate = %v, want an error with %q", err, tc.error)
			}
		})
	}
}

// randomTiling makes a small random problem with Cells: a w×h grid of
// cells, pieces of assorted sizes and bounds (some may be left out, some
// have copies), each with options on random connected sets of cells of
// its size, and now and then a way to leave a piece out with no cells.
func randomTiling(r *rand.Rand) *Problem {
	w, h := 2+r.IntN(4), 2+r.IntN(4)
	p := NewProblem()
	var sizes []int
	for i := range 2 + r.IntN(4) {
		s := 2 + r.IntN(3)
		sizes = append(sizes, s)
		lo := 1 + r.IntN(3)
		if r.IntN(4) == 0 {
			lo--
		}
		p.AddItem(Item{Name: fmt.Sprint("piece", i), Lo: lo, Hi: max(1, lo+r.IntN(2))})
	}
	cells := &Cells{}
	at := func(x, y int) int { return len(sizes) + y*w + x }
	for y := range h {
		for x := range w {
			cells.Items = append(cells.Items, p.AddPrimary(fmt.Sprint(x, ",", y)))
			if x > 0 {
				cells.Edges = append(cells.Edges, [2]int{at(x-1, y), at(x, y)})
			}
			if y > 0 {
				cells.Edges = append(cells.Edges, [2]int{at(x, y-1), at(x, y)})
			}
		}
	}
	p.Cells = cells
	for i, s := range sizes {
		for range 4 + r.IntN(20) {
			// Grow a connected set from a random cell.
			x, y := r.IntN(w), r.IntN(h)
			set := []int{at(x, y)}
			for tries := 0; len(set) < s && tries < 50; tries++ {
				c := set[r.IntN(len(set))] - len(sizes)
				nx, ny := c%w, c/w
				switch r.IntN(4) {
				case 0:
					nx++
				case 1:
					nx--
				case 2:
					ny++
				default:
					ny--
				}
				if nx >= 0 && nx < w && ny >= 0 && ny < h && !slices.Contains(set, at(nx, ny)) {
					set = append(set, at(nx, ny))
				}
			}
			if len(set) < s {
				continue
			}
			opt := []Entry{{Item: int32(i)}}
			for _, c := range set {
				opt = append(opt, Entry{Item: int32(c)})
			}
			p.AddOption(opt)
		}
		if r.IntN(3) == 0 {
			p.AddOption([]Entry{{Item: int32(i)}})
		}
	}
	return p
}

// addRow adds n primary items c0, c1, ... in a row, each touching the
// next, and gives p them as its Cells.
func addRow(p *Problem, n int) *Cells {
	cells := &Cells{}
	for c := range n {
		cells.Items = append(cells.Items, p.AddPrimary(fmt.Sprint("c", c)))
		if c > 0 {
			cells.Edges = append(cells.Edges, [2]int{cells.Items[c-1], cells.Items[c]})
		}
	}
	p.Cells = cells
	return cells
}

// sortedSolutions runs b on p and returns its solutions, each sorted and
// all in order, with its statistics.
func sortedSolutions(t *testing.T, b Backend, p *Problem) ([][]int, Stats) {
	t.Helper()
	var sols [][]int
	st, err := b.Solve(context.Background(), p, func(s []int) bool {
		sols = append(sols, slices.Sorted(slices.Values(s)))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(sols, slices.Compare)
	return sols, st
}

// TestDeadRegionsKeepSolutions checks on random tilings that algx and memo
// find the same solutions with Cells as without, in no more nodes, and
// that a split search of algx with Cells tries the nodes algx does.
func TestDeadRegionsKeepSolutions(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 3))
	pruned := 0
	for i := range 400 {
		p := randomTiling(r)
		if err := p.Validate(); err != nil {
			t.Fatalf("problem %d: %v", i, err)
		}
		off := *p
		off.Cells = nil
		for _, b := range []Backend{algxBackend{}, memoBackend{}} {
			want, wst := sortedSolutions(t, b, &off)
			got, gst := sortedSolutions(t, b, p)
			if !slices.EqualFunc(got, want, slices.Equal) || gst.Nodes > wst.Nodes {
				t.Fatalf("problem %d, %s: %d solutions in %d nodes with Cells, %d in %d without", i, b.Name(), len(got), gst.Nodes, len(want), wst.Nodes)
			}
			if gst.Nodes < wst.Nodes {
				pruned++
			}
			n, err := b.Solve(context.Background(), p, nil)
			if err != nil || n.Solutions != int64(len(want)) {
				t.Fatalf("problem %d, %s: counted %d, want %d (%v)", i, b.Name(), n.Solutions, len(want), err)
			}
		}
		_, whole := sortedSolutions(t, algxBackend{}, p)
		for _, depth := range []int{1, 2} {
			par := Parallel{Backend: algxBackend{}, Workers: 2, Depth: depth}
			got, st := sortedSolutions(t, par, p)
			want, _ := sortedSolutions(t, algxBackend{}, &off)
			if !slices.EqualFunc(got, want, slices.Equal) || st.Nodes != whole.Nodes {
				t.Fatalf("problem %d, split at %d: %d solutions in %d nodes, want %d in %d", i, depth, len(got), st.Nodes, len(want), whole.Nodes)
			}
		}
	}
	if pruned == 0 {
		t.Error("Cells never saved a node: the test tests nothing")
	}
	t.Logf("Cells saved nodes in %d searches", pruned)
}

// TestSumsByTally checks the sums of sizes worked out from a tally of the
// pieces left by size, and remembered, against the sums worked out piece
// by piece, for random sets of pieces placed.
func TestSumsByTally(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sizes []int
		tally bool // whether sums goes by the tally
	}{
		{"tetrominoes and pentominoes", append(slices.Repeat([]int{4}, 5), slices.Repeat([]int{5}, 12)...), true},
		{"orders 1 to 5", append([]int{1, 2, 3, 3, 4, 4, 4, 4, 4}, slices.Repeat([]int{5}, 12)...), true},
		{"ten sizes", []int{2, 3, 5, 7, 11, 13, 17, 19, 23, 29}, false},
		{"monominoes", slices.Repeat([]int{1}, 70), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := NewProblem()
			n := slices.Max(tc.sizes)
			var pieces []int
			for i := range tc.sizes {
				pieces = append(pieces, p.AddPrimary(fmt.Sprint("piece", i)))
			}
			cells := addRow(p, n)
			for i, s := range tc.sizes {
				opt := []Entry{{Item: int32(pieces[i])}}
				for c := range s {
					opt = append(opt, Entry{Item: int32(cells.Items[c])})
				}
				p.AddOption(opt)
			}
			pl, err := newPlan(p)
			if err != nil {
				t.Fatal(err)
			}
			d := newDeadRegions(pl)
			if got := d.sizes != nil; got != tc.tally {
				t.Fatalf("by tally = %v, want %v", got, tc.tally)
			}
			rng := rand.New(rand.NewPCG(1, uint64(len(tc.sizes))))
			done := make([]uint64, (pl.nprim+63)/64)
			count := make([]int32, pl.nprim)
			for trial := range 2000 {
				clear(done)
				for _, i := range pieces {
					if rng.IntN(4) == 0 || trial%7 == 0 {
						setBit(done, int(pl.rank[i]))
						count[pl.rank[i]] = 1
					} else {
						count[pl.rank[i]] = 0
					}
				}
				low, high := d.sums(done, count, pl.hi)
				got := slices.Clone(d.reach)
				d.sumPieces(done, count, pl.hi)
				wantLow, wantHigh := d.gaps()
				if low != wantLow || high != wantHigh || !slices.Equal(got, d.reach) {
					t.Fatalf("trial %d: sums %v (gaps %d, %d), want %v (%d, %d)", trial, got, low, high, d.reach, wantLow, wantHigh)
				}
			}
		})
	}
}
