package cover

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// twoPieces is a problem of two pieces on four cells, a and b of colour
// 0 and c and d of colour 1: P lies on a,c or on b,d, Q on a,b, on c,d
// or on all four. It has no solution; once Q is on a,b, the two cells
// left are of colour 1, and P covers one of each colour, which the check
// sees. With shared, an option names an item X before P, so that P is
// not strict: X's option may be the one that covers P, and Q on all four
// cells with it is a solution.
func twoPieces(shared bool) *Problem {
	p := NewProblem()
	P, Q := p.AddPrimary("P"), p.AddPrimary("Q")
	a, b, c, d := p.AddPrimary("a"), p.AddPrimary("b"), p.AddPrimary("c"), p.AddPrimary("d")
	X := p.AddItem(Item{Name: "X", Lo: 0, Hi: 1})
	for _, o := range [][]int{{P, a, c}, {P, b, d}, {Q, a, b}, {Q, c, d}, {Q, a, b, c, d}} {
		p.AddOption(entries(o...))
	}
	if shared {
		p.AddOption(entries(X, P))
	}
	p.Colourings = []Colouring{{Items: []int{a, b, c, d}, Colours: []uint8{0, 0, 1, 1}}}
	return p
}

func entries(items ...int) []Entry {
	var e []Entry
	for _, i := range items {
		e = append(e, Entry{Item: int32(i)})
	}
	return e
}

// TestBalanceDead chooses one option of twoPieces and checks what the
// check says of the node.
func TestBalanceDead(t *testing.T) {
	for _, tc := range []struct {
		shared bool
		option int
		dead   bool
	}{
		{false, 2, true},  // Q on a,b: c,d left, and P covers a colour 0
		{false, 3, true},  // Q on c,d: likewise
		{false, 0, false}, // P on a,c: b,d left, one of each, as Q's counts may be
		{false, 4, true},  // Q on all: none left, and P still to place
		{true, 4, false},  // X's option may cover P
		{true, 2, true},   // Q on a,b: P still covers at most one colour 1
	} {
		p := twoPieces(tc.shared)
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		pl, err := newPlan(p)
		if err != nil {
			t.Fatal(err)
		}
		b := newBalance(pl)
		done := make([]uint64, 1)
		count := make([]int32, pl.nprim)
		for _, e := range p.Option(tc.option) {
			r := pl.rank[e.Item]
			count[r]++
			setBit(done, int(r))
		}
		if got := b.dead(done, count, pl.lo, pl.hi); got != tc.dead {
			t.Errorf("shared=%v, option %d: dead %v, want %v", tc.shared, tc.option, got, tc.dead)
		}
	}
}

// TestBalanceOff checks that the check is off where it cannot bound the
// options left: no colourings, or an option with coloured items but no
// piece.
func TestBalanceOff(t *testing.T) {
	p := twoPieces(false)
	p.Colourings = nil
	pl, _ := newPlan(p)
	if newBalance(pl) != nil {
		t.Error("a check without colourings")
	}
	p = twoPieces(false)
	p.AddOption(entries(int(p.itemIndex["a"]), int(p.itemIndex["b"])))
	pl, _ = newPlan(p)
	if newBalance(pl) != nil {
		t.Error("a check with an option of coloured items and no piece")
	}
}

// TestColouringValidate checks that Validate refuses Colourings that
// break their promise.
func TestColouringValidate(t *testing.T) {
	for _, tc := range []struct {
		c    Colouring
		want string
	}{
		{Colouring{Items: []int{2, 3}, Colours: []uint8{0}}, "2 items but 1 colours"},
		{Colouring{Items: []int{2, 9}, Colours: []uint8{0, 1}}, "out of range"},
		{Colouring{Items: []int{2, 2}, Colours: []uint8{0, 1}}, "appears twice"},
		{Colouring{Items: []int{2, 6}, Colours: []uint8{0, 1}}, "not a primary item covered exactly once"},
		{Colouring{Items: []int{2, 7}, Colours: []uint8{0, 1}}, "out of range"},
		{Colouring{Items: []int{2, 3}, Colours: []uint8{0, 8}}, "more than 8 colours"},
	} {
		p := twoPieces(true)
		p.Colourings = []Colouring{tc.c}
		if err := p.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.c, err, tc.want)
		}
	}
}

// randomColours returns a random problem of randomTiling with one or two random
// colourings of its cells (any colouring is a true statement about the
// options, so the check must keep every solution under each), and now and
// then a way to leave a piece out that names an item of leaving out
// before the piece, which makes the piece not strict.
func randomColours(r *rand.Rand, p *Problem) *Problem {
	if r.IntN(3) == 0 {
		q := NewProblem()
		for _, it := range p.Items {
			q.AddItem(it)
		}
		left := q.AddItem(Item{Name: "left", Lo: 0, Hi: 1 + r.IntN(2)})
		for o := range p.NumOptions() {
			q.AddOption(p.Option(o))
		}
		for i := range 2 {
			q.AddOption(entries(left, i))
		}
		q.Cells, p = p.Cells, q
	}
	for range 1 + r.IntN(2) {
		var c Colouring
		n := 2 + r.IntN(3)
		for _, i := range p.Cells.Items {
			c.Items = append(c.Items, i)
			c.Colours = append(c.Colours, uint8(r.IntN(n)))
		}
		p.Colourings = append(p.Colourings, c)
	}
	return p
}

// TestBalanceKeepsSolutions checks on random tilings with random
// colourings that algx and memo find the same solutions with the
// colourings as without, in no more nodes, and that a split search with
// them finds the same in no more nodes than algx (algx; a subproblem's
// bounds may be tighter, see balance) or counts the same (memo).
func TestBalanceKeepsSolutions(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 5))
	pruned := 0
	for i := range 400 {
		p := randomColours(r, randomTiling(r))
		if r.IntN(2) == 0 {
			p.Cells = nil
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("problem %d: %v", i, err)
		}
		off := *p
		off.Colourings = nil
		for _, b := range []Backend{algxBackend{}, memoBackend{}} {
			want, wst := sortedSolutions(t, b, &off)
			got, gst := sortedSolutions(t, b, p)
			if !slices.EqualFunc(got, want, slices.Equal) || gst.Nodes > wst.Nodes {
				t.Fatalf("problem %d, %s: %d solutions in %d nodes with Colourings, %d in %d without", i, b.Name(), len(got), gst.Nodes, len(want), wst.Nodes)
			}
			if gst.Nodes < wst.Nodes {
				pruned++
			}
			n, err := b.Solve(context.Background(), p, nil)
			if err != nil || n.Solutions != int64(len(want)) {
				t.Fatalf("problem %d, %s: counted %d, want %d (%v)", i, b.Name(), n.Solutions, len(want), err)
			}
		}
		want, whole := sortedSolutions(t, algxBackend{}, p)
		for _, depth := range []int{1, 2} {
			par := Parallel{Backend: algxBackend{}, Workers: 2, Depth: depth}
			got, st := sortedSolutions(t, par, p)
			if !slices.EqualFunc(got, want, slices.Equal) || st.Nodes > whole.Nodes {
				t.Fatalf("problem %d, split at %d: %d solutions in %d nodes, want %d in %d", i, depth, len(got), st.Nodes, len(want), whole.Nodes)
			}
			n, err := Parallel{Backend: memoBackend{}, Workers: 2, Depth: depth}.Solve(context.Background(), p, nil)
			if err != nil || n.Solutions != int64(len(want)) {
				t.Fatalf("problem %d, memo split at %d: counted %d, want %d (%v)", i, depth, n.Solutions, len(want), err)
			}
		}
	}
	if pruned < 40 {
		t.Errorf("Colourings saved nodes in only %d searches: the test tests little", pruned)
	}
	t.Logf("Colourings saved nodes in %d searches", pruned)
}
