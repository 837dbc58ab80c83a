package cover_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// randomProblem makes a small XCC+MCC instance: a few primaries with
// assorted bounds, a few secondaries (or, if wide, a few hundred, so that
// masks span several words), primaries and secondaries in mixed order, and
// options that give secondaries one of two colours or none. A third of the
// problems are plain, every primary covered once and no colours, as bits
// needs them. Every problem has an Order of some of its items.
func randomProblem(r *rand.Rand, wide bool) *cover.Problem {
	p := cover.NewProblem()
	plain := r.IntN(3) == 0
	var items []cover.Item
	for i := range 1 + r.IntN(5) {
		it := cover.Item{Name: fmt.Sprint("p", i), Lo: 1, Hi: 1}
		if !plain && r.IntN(2) == 0 {
			it.Lo = r.IntN(3)
			it.Hi = max(1, it.Lo+r.IntN(3))
		}
		items = append(items, it)
	}
	nsec, pick := r.IntN(4), 3
	if wide {
		nsec, pick = 150+r.IntN(150), 40
	}
	for i := range nsec {
		items = append(items, cover.Item{Name: fmt.Sprint("s", i), Secondary: true})
	}
	r.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	for _, it := range items {
		p.AddItem(it)
	}
	colors := []int32{p.Color("A"), p.Color("B")}
	for range 1 + r.IntN(12) {
		var opt []cover.Entry
		for i, it := range items {
			if it.Secondary && r.IntN(pick) > 0 || !it.Secondary && r.IntN(3) > 0 {
				continue
			}
			e := cover.Entry{Item: int32(i)}
			if !plain && it.Secondary && r.IntN(2) == 0 {
				e.Color = colors[r.IntN(2)]
			}
			opt = append(opt, e)
		}
		if len(opt) == 0 {
			opt = append(opt, cover.Entry{Item: int32(r.IntN(len(items)))})
		}
		p.AddOption(opt)
	}
	p.Order = r.Perm(len(items))[:r.IntN(len(items)+1)]
	return p
}

// bruteForce returns every solution of p by trying every set of options.
func bruteForce(p *cover.Problem) [][]int {
	n := p.NumOptions()
	var sols [][]int
	uses := make([]int, len(p.Items))
	colour := make([]int32, len(p.Items)) // -1: used without colour
	for set := 0; set < 1<<n; set++ {
		clear(uses)
		if valid(p, set, uses, colour) {
			var sol []int
			for o := range n {
				if set&(1<<o) != 0 {
					sol = append(sol, o)
				}
			}
			sols = append(sols, sol)
		}
	}
	return sols
}

// valid reports whether the options in the bit set form a solution; uses
// must be zero and colour is scratch.
func valid(p *cover.Problem, set int, uses []int, colour []int32) bool {
	for o := range p.NumOptions() {
		if set&(1<<o) == 0 {
			continue
		}
		hasPrimary := false
		for _, e := range p.Option(o) {
			it := p.Items[e.Item]
			hasPrimary = hasPrimary || !it.Secondary
			uses[e.Item]++
			c := e.Color
			if c == 0 {
				c = -1
			}
			if it.Secondary && uses[e.Item] > 1 && (c == -1 || colour[e.Item] != c) {
				return false
			}
			colour[e.Item] = c
		}
		if !hasPrimary {
			return false
		}
	}
	for i, it := range p.Items {
		if !it.Secondary && (uses[i] < it.Lo || uses[i] > it.Hi) {
			return false
		}
	}
	return true
}

// TestRandomAgainstBruteForce checks that every backend finds exactly the
// sets of options a brute-force enumeration finds, each once, and that the
// backends that choose items by their options left try the same options.
// bits, which takes them in a fixed order, walks a tree of its own and
// searches only the plain problems.
func TestRandomAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	solved, plain := 0, 0
	for i := range 10000 {
		p := randomProblem(r, i%10 == 0)
		want := bruteForce(p)
		slices.SortFunc(want, slices.Compare)
		var nodes []int64
		for _, name := range cover.Finders() {
			st, got, err := trySolve(name, p)
			if name == "bits" && errors.Is(err, cover.ErrUnsupported) {
				continue
			}
			if err != nil {
				t.Fatalf("problem %d, %s: %v", i, name, err)
			}
			slices.SortFunc(got, slices.Compare)
			if !slices.EqualFunc(got, want, slices.Equal) {
				var buf []byte
				for o := range p.NumOptions() {
					buf = fmt.Appendf(buf, "%v\n", p.Option(o))
				}
				t.Fatalf("problem %d, %s: got %v, want %v\nitems %+v\norder %v\noptions\n%s", i, name, got, want, p.Items, p.Order, buf)
			}
			if st.Solutions != int64(len(got)) {
				t.Fatalf("problem %d, %s: %d solutions visited, Stats says %d", i, name, len(got), st.Solutions)
			}
			if name == "bits" {
				plain++
			} else {
				nodes = append(nodes, st.Nodes)
			}
		}
		if slices.Min(nodes) != slices.Max(nodes) {
			t.Fatalf("problem %d: backends %v tried %v options", i, cover.Finders(), nodes)
		}
		if len(want) > 0 {
			solved++
		}
	}
	// Guard against a generator that only makes unsolvable problems.
	if solved < 3000 {
		t.Errorf("only %d of the random problems have solutions", solved)
	}
	if plain < 2500 {
		t.Errorf("bits searched only %d of the random problems", plain)
	}
}

// TestFitAgainstBruteForce checks that fit, which orders a node's options
// by the problem's Cells, finds exactly the solutions a brute-force
// enumeration finds, each once, in as many nodes as algx: it tries the
// same options in another order. The random problems get Cells: their
// primaries covered once, each option's joined to each other.
func TestFitAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	withCells := 0
	for i := range 3000 {
		p := randomProblem(r, i%10 == 0)
		var cells cover.Cells
		for k, it := range p.Items {
			if !it.Secondary && it.Lo == 1 && it.Hi == 1 {
				cells.Items = append(cells.Items, k)
			}
		}
		for o := range p.NumOptions() {
			for a, x := range p.Option(o) {
				for _, y := range p.Option(o)[:a] {
					if slices.Contains(cells.Items, int(x.Item)) && slices.Contains(cells.Items, int(y.Item)) {
						cells.Edges = append(cells.Edges, [2]int{int(x.Item), int(y.Item)})
					}
				}
			}
		}
		if len(cells.Items) > 0 {
			p.Cells = &cells
			withCells++
		}
		want := bruteForce(p)
		slices.SortFunc(want, slices.Compare)
		var got [][]int
		st, err := cover.Fit.Solve(context.Background(), p, func(s []int) bool {
			got = append(got, slices.Sorted(slices.Values(s)))
			return true
		})
		if err != nil {
			t.Fatalf("problem %d: %v", i, err)
		}
		slices.SortFunc(got, slices.Compare)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("problem %d: got %v, want %v", i, got, want)
		}
		if algx := count(t, "algx", p); st.Nodes != algx.Nodes {
			t.Fatalf("problem %d: fit tried %d options, algx %d", i, st.Nodes, algx.Nodes)
		}
	}
	if withCells < 2000 {
		t.Errorf("only %d of the random problems have cells", withCells)
	}
}
