package cover_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// sumRule is a rule for the tests: the values add up to (op '='), to less
// than (op '<'), or to more than (op '>') the target.
type sumRule struct {
	op     byte
	target int
}

func (r sumRule) Feasible(values []int, open, lo, hi int) bool {
	s := 0
	for _, v := range values {
		s += v
	}
	switch r.op {
	case '<':
		return s+open*lo < r.target
	case '>':
		return s+open*hi > r.target
	}
	return s+open*lo <= r.target && r.target <= s+open*hi
}

// randomRegions makes a problem like a small Pips game: cells that must be
// covered once, pieces (some with copies) whose options cover a piece and
// one to three cells with values from 0 to 3, sometimes a coloured
// secondary, and regions of cells with random sum rules.
func randomRegions(r *rand.Rand) (*cover.Problem, *cover.Regions) {
	p := cover.NewProblem()
	ncells := 2 + r.IntN(5)
	for i := range ncells {
		p.AddPrimary(fmt.Sprint("c", i))
	}
	npieces := 1 + r.IntN(3)
	for i := range npieces {
		k := 1 + r.IntN(2)
		p.AddItem(cover.Item{Name: fmt.Sprint("P", i), Lo: k, Hi: k})
	}
	sec := p.AddSecondary("s")
	colours := []int32{p.Color("A"), p.Color("B")}
	reg := &cover.Regions{}
	for range 4 + r.IntN(10) {
		entries := []cover.Entry{{Item: int32(ncells + r.IntN(npieces))}}
		var vals []cover.Value
		for _, c := range r.Perm(ncells)[:1+r.IntN(min(3, ncells))] {
			entries = append(entries, cover.Entry{Item: int32(c)})
			vals = append(vals, cover.Value{Item: int32(c), Value: r.IntN(4)})
		}
		if r.IntN(4) == 0 {
			entries = append(entries, cover.Entry{Item: int32(sec), Color: colours[r.IntN(2)]})
		}
		p.AddOption(entries)
		reg.Values = append(reg.Values, vals)
	}
	for range r.IntN(3) {
		cells := r.Perm(ncells)[:1+r.IntN(ncells)]
		rule := sumRule{"=<>"[r.IntN(3)], r.IntN(3 * len(cells))}
		reg.List = append(reg.List, cover.Region{Name: fmt.Sprint(rule), Items: cells, Rule: rule})
	}
	return p, reg
}

// meets reports whether a solution meets every region's rule.
func meets(reg *cover.Regions, sol []int) bool {
	value := map[int32]int{}
	for _, o := range sol {
		for _, v := range reg.Values[o] {
			value[v.Item] = v.Value
		}
	}
	for _, region := range reg.List {
		var vals []int
		for _, it := range region.Items {
			vals = append(vals, value[int32(it)])
		}
		if !region.Rule.Feasible(vals, 0, 0, 0) {
			return false
		}
	}
	return true
}

// TestSumsAgainstBruteForce checks that sums finds exactly the covers that
// meet every region's rule, each once, and counts them right without
// enumerating.
func TestSumsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	sums, _ := cover.Lookup("sums")
	solved := 0
	for i := range 3000 {
		p, reg := randomRegions(r)
		var want [][]int
		for _, sol := range bruteForce(p) {
			if meets(reg, sol) {
				want = append(want, sol)
			}
		}
		slices.SortFunc(want, slices.Compare)
		var got [][]int
		st, err := cover.SolveRegions(context.Background(), sums, p, reg, func(sol []int) bool {
			got = append(got, slices.Sorted(slices.Values(sol)))
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(got, slices.Compare)
		if !slices.EqualFunc(got, want, slices.Equal) || st.Solutions != int64(len(want)) {
			t.Fatalf("problem %d: got %v, want %v\nitems %+v\nregions %+v\nvalues %v", i, got, want, p.Items, reg.List, reg.Values)
		}
		count, err := cover.SolveRegions(context.Background(), sums, p, reg, nil)
		if err != nil || count.Solutions != int64(len(want)) {
			t.Fatalf("problem %d: counted %d (%v), want %d", i, count.Solutions, err, len(want))
		}
		if len(want) > 0 {
			solved++
		}
	}
	if solved < 300 {
		t.Errorf("only %d of the random problems have solutions", solved)
	}
}

// TestSumsCountPlain checks counting without enumeration (the memo and the
// lumping of interchangeable items) on plain problems with colours and
// multiplicities.
func TestSumsCountPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	sums, _ := cover.Lookup("sums")
	for i := range 3000 {
		p := randomProblem(r, i%10 == 0)
		want := len(bruteForce(p))
		st, err := sums.Solve(context.Background(), p, nil)
		if err != nil || st.Solutions != int64(want) {
			t.Fatalf("problem %d: counted %d (%v), want %d\nitems %+v", i, st.Solutions, err, want, p.Items)
		}
	}
}

// TestSolveRegionsRefuses checks that a backend that cannot check regions
// refuses them rather than return covers that break them, and that a
// problem without regions goes to any backend.
func TestSolveRegionsRefuses(t *testing.T) {
	p, reg := randomRegions(rand.New(rand.NewPCG(1, 1)))
	reg.List = append(reg.List, cover.Region{Name: "r", Items: []int{0}, Rule: sumRule{'=', 1}})
	for _, name := range []string{"dlx", "algx"} {
		b, _ := cover.Lookup(name)
		_, err := cover.SolveRegions(context.Background(), b, p, reg, nil)
		if err == nil || !strings.Contains(err.Error(), "use backend sums") {
			t.Errorf("%s: error %v, want a refusal naming sums", name, err)
		}
		if _, err := cover.SolveRegions(context.Background(), b, p, &cover.Regions{Values: reg.Values}, nil); err != nil {
			t.Errorf("%s, no regions: %v", name, err)
		}
	}
}

func TestRegionsValidate(t *testing.T) {
	p := cover.NewProblem()
	a, b := p.AddPrimary("a"), p.AddPrimary("b")
	m := p.AddItem(cover.Item{Name: "m", Lo: 2, Hi: 2})
	s := p.AddSecondary("s")
	p.AddOption([]cover.Entry{{Item: int32(a)}, {Item: int32(m)}, {Item: int32(s)}})
	p.AddOption([]cover.Entry{{Item: int32(b)}, {Item: int32(m)}})
	one := sumRule{'=', 1}
	vals := [][]cover.Value{{{Item: int32(a), Value: 1}}, {{Item: int32(b), Value: 0}}}
	tests := []struct {
		reg  cover.Regions
		want string
	}{
		{cover.Regions{Values: vals, List: []cover.Region{{Name: "ok", Items: []int{a, b}, Rule: one}}}, ""},
		{cover.Regions{Values: append(vals, nil)}, "values for 3 options"},
		{cover.Regions{Values: vals, List: []cover.Region{{Name: "r", Items: []int{a}}}}, "region r has no rule"},
		{cover.Regions{Values: vals, List: []cover.Region{{Name: "r", Items: []int{9}, Rule: one}}}, "item index 9 out of range"},
		{cover.Regions{Values: vals, List: []cover.Region{{Name: "r", Items: []int{m}, Rule: one}}}, "item m is not a primary item covered exactly once"},
		{cover.Regions{Values: vals, List: []cover.Region{{Name: "r", Items: []int{s}, Rule: one}}}, "item s is not a primary"},
		{cover.Regions{Values: vals, List: []cover.Region{{Name: "r", Items: []int{a, a}, Rule: one}}}, "item a appears twice"},
		{cover.Regions{Values: [][]cover.Value{{{Item: int32(b), Value: 1}}}}, "option 0 gives a value to item 1, which it does not cover"},
		{cover.Regions{Values: vals[:1], List: []cover.Region{{Name: "r", Items: []int{b}, Rule: one}}}, "option 1 covers item b of a region without giving it a value"},
	}
	for _, tt := range tests {
		err := tt.reg.Validate(p)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("Validate(%+v) = %v, want %q", tt.reg.List, err, tt.want)
		}
	}
}

// assignment is n pieces that can each go on any of n cells: n!
// solutions, which lumping counts as one class of interchangeable pieces.
func assignment(n int) *cover.Problem {
	p := cover.NewProblem()
	for i := range n {
		p.AddPrimary(fmt.Sprint("c", i))
	}
	for i := range n {
		p.AddPrimary(fmt.Sprint("P", i))
	}
	for i := range n {
		for c := range n {
			p.AddOption([]cover.Entry{{Item: int32(n + i)}, {Item: int32(c)}})
		}
	}
	return p
}

func TestSumsCountsHugeWithoutEnumerating(t *testing.T) {
	sums, _ := cover.Lookup("sums")
	factorial := int64(1)
	for n := 1; n <= 20; n++ {
		factorial *= int64(n)
		st, err := sums.Solve(context.Background(), assignment(n), nil)
		if err != nil || st.Solutions != factorial || st.Nodes > int64(n*n) {
			t.Errorf("%d pieces on %d cells: %+v, %v; want %d solutions in at most %d nodes", n, n, st, err, factorial, n*n)
		}
	}
	if st, err := sums.Solve(context.Background(), assignment(21), nil); err == nil {
		t.Errorf("21!: %+v, want an overflow error", st)
	}
	if _, got := solve(t, "sums", assignment(5)); len(got) != 120 {
		t.Errorf("enumerated %d solutions of 5 pieces on 5 cells, want 120", len(got))
	}
	// 12,988,816 domino tilings of 8×8: the memo meets the same
	// remaining boards again and again.
	st, err := sums.Solve(context.Background(), load(t, "dominoes-8x8.dlx"), nil)
	if err != nil || st.Solutions != 12988816 || st.Nodes > 100000 {
		t.Errorf("dominoes 8x8: %+v, %v; want 12988816 solutions in at most 100000 nodes", st, err)
	}
}

// randomLumpable makes a problem with things for lump to merge: pieces
// that are copies of each other (each with Lo == Hi of 1 or 2), options
// that say the same thing twice, and values that a region sees on some
// cells but not others. The board has as many cells as the pieces need.
func randomLumpable(r *rand.Rand) (*cover.Problem, *cover.Regions) {
	type shape struct {
		size  int
		cells [][]int
		vals  [][]int
	}
	shapes := make([]shape, 1+r.IntN(2))
	type piece struct{ shape, copies int }
	var pieces []piece
	ncells := 0
	for i := range shapes {
		shapes[i].size = 1 + r.IntN(2)
	}
	for range 2 + r.IntN(2) {
		pc := piece{r.IntN(len(shapes)), 1 + r.IntN(2)}
		pieces = append(pieces, pc)
		ncells += pc.copies * shapes[pc.shape].size
	}
	for i := range shapes {
		sh := &shapes[i]
		for range 2 + r.IntN(4) {
			cells := r.Perm(ncells)[:sh.size]
			var vals []int
			for range cells {
				vals = append(vals, r.IntN(3))
			}
			for range 1 + r.IntN(2) { // sometimes the same option twice
				sh.cells = append(sh.cells, cells)
				sh.vals = append(sh.vals, vals)
			}
		}
	}
	p := cover.NewProblem()
	for i := range ncells {
		p.AddPrimary(fmt.Sprint("c", i))
	}
	for i, pc := range pieces {
		p.AddItem(cover.Item{Name: fmt.Sprint("P", i), Lo: pc.copies, Hi: pc.copies})
	}
	reg := &cover.Regions{}
	for i, pc := range pieces {
		sh := shapes[pc.shape]
		for o, cells := range sh.cells {
			entries := []cover.Entry{{Item: int32(ncells + i)}}
			var vals []cover.Value
			for c, cell := range cells {
				entries = append(entries, cover.Entry{Item: int32(cell)})
				vals = append(vals, cover.Value{Item: int32(cell), Value: sh.vals[o][c]})
			}
			p.AddOption(entries)
			reg.Values = append(reg.Values, vals)
		}
	}
	if r.IntN(2) == 0 {
		cells := r.Perm(ncells)[:1+r.IntN(2)]
		reg.List = append(reg.List, cover.Region{Name: "r", Items: cells, Rule: sumRule{"=<>"[r.IntN(3)], r.IntN(4)}})
	}
	return p, reg
}

// TestSumsLumpAgainstBruteForce checks counts of problems made for
// lumping against brute force.
func TestSumsLumpAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	sums, _ := cover.Lookup("sums")
	nonzero := 0
	for i := range 2000 {
		p, reg := randomLumpable(r)
		if p.NumOptions() > 15 {
			continue
		}
		want := 0
		for _, sol := range bruteForce(p) {
			if meets(reg, sol) {
				want++
			}
		}
		st, err := cover.SolveRegions(context.Background(), sums, p, reg, nil)
		if err != nil || st.Solutions != int64(want) {
			t.Fatalf("problem %d: counted %d (%v), want %d\nitems %+v\nregions %+v\nvalues %v", i, st.Solutions, err, want, p.Items, reg.List, reg.Values)
		}
		if want > 1 {
			nonzero++
		}
	}
	if nonzero < 150 {
		t.Errorf("only %d problems with more than one solution", nonzero)
	}
}
