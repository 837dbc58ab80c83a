package cover

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// labelled is a problem of two pieces of three cells on five cells in a
// row, A with three options and B with one, listed A first; cellsFirst
// lists each option's cells before its piece.
func labelled(cellsFirst bool) *Problem {
	p := NewProblem()
	a, b := p.AddPrimary("A"), p.AddPrimary("B")
	row := addRow(p, 5).Items
	for _, o := range []struct{ piece, at int }{{a, 0}, {a, 1}, {a, 2}, {b, 1}} {
		opt := []Entry{{Item: int32(o.piece)}}
		for c := o.at; c < o.at+3; c++ {
			opt = append(opt, Entry{Item: int32(row[c])})
		}
		if cellsFirst {
			slices.Reverse(opt)
		}
		p.AddOption(opt)
	}
	return p
}

func TestFirstOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    *Problem
		want []int // nil: problem order
	}{
		// Pieces of 1, 2 and 3 cells on 6, listed smallest first: the
		// triomino's 4 options first, then the domino's 5, then the
		// monomino's 6, each in problem order.
		{"sizes", strip(6, 1, 2, 3), []int{11, 12, 13, 14, 6, 7, 8, 9, 10, 0, 1, 2, 3, 4, 5}},
		// Options of the same size: B's one option before A's three.
		{"labels", labelled(false), []int{3, 0, 1, 2}},
		{"labels after cells", labelled(true), []int{3, 0, 1, 2}},
		// Largest first already.
		{"in order", strip(6, 3, 2, 1), nil},
		// Without labels (dominoes) the sizes are all alike.
		{"dominoes", dominoTiling(4), nil},
	} {
		if got := newFirstKeys(tc.p).order(); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestLabelsOf(t *testing.T) {
	names := func(p *Problem) (got []string) {
		for i, l := range labelsOf(p) {
			if l {
				got = append(got, p.Items[i].Name)
			}
		}
		return got
	}
	for _, tc := range []struct {
		name string
		p    *Problem
		want []string
	}{
		{"strip", strip(6, 1, 2, 3), []string{"piece1", "piece2", "piece3"}},
		{"cells first", labelled(true), []string{"A", "B"}},
		// A colour of the board's cells is covered once by every
		// domino, but each cell only with its neighbours.
		{"dominoes", dominoTiling(4), nil},
	} {
		if got := names(tc.p); !slices.Equal(got, tc.want) {
			t.Errorf("%s: labels %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestShuffledKeepsKeys checks that a shuffled order keeps the keys
// sorted and, with enough options alike, differs from problem order.
func TestShuffledKeepsKeys(t *testing.T) {
	p := strip(12, 1, 2, 3)
	k := newFirstKeys(p)
	rng := rand.New(rand.NewPCG(1, 2))
	o := k.shuffled(rng)
	if !slices.IsSortedFunc(o, k.compare) {
		t.Fatalf("%v: keys out of order", o)
	}
	if sorted := slices.Sorted(slices.Values(o)); sorted[0] != 0 || sorted[len(o)-1] != len(o)-1 || len(slices.Compact(sorted)) != len(o) {
		t.Fatalf("%v: not a permutation", o)
	}
	if slices.Equal(o, newFirstKeys(p).order()) {
		t.Errorf("%v: the sorted order, not shuffled among options alike", o)
	}
}

// dominoTiling is the n×n board's domino tilings, without piece items.
func dominoTiling(n int) *Problem {
	p := NewProblem()
	cell := func(x, y int) int32 { return int32(y*n + x) }
	for i := range n * n {
		p.AddPrimary(fmt.Sprint("c", i))
	}
	for y := range n {
		for x := range n {
			if x+1 < n {
				p.AddOption([]Entry{{Item: cell(x, y)}, {Item: cell(x+1, y)}})
			}
			if y+1 < n {
				p.AddOption([]Entry{{Item: cell(x, y)}, {Item: cell(x, y+1)}})
			}
		}
	}
	return p
}

// TestGivenOrderLane checks that the Portfolio's lane on the problem as
// given passes on each of its solutions as the same options of the
// problem in first order.
func TestGivenOrderLane(t *testing.T) {
	p, _ := pieceTiles(3, []int{1, 2, 2, 2, 2})
	_, _, back, _ := inFirstOrder(p, nil)
	if back == nil {
		t.Fatal("the tiles are in first order already; the test needs a problem that is not")
	}
	dlx, _ := Lookup("dlx")
	l := givenOrderLane(dlx, p, back)
	st, err := l.b.Solve(context.Background(), l.problem, func(sol []int) bool {
		var again []int
		for _, o := range l.keep(sol) {
			again = append(again, int(back[o]))
		}
		if !slices.Equal(again, sol) {
			t.Errorf("solution %v passed on as %v", sol, again)
		}
		return true
	})
	if err != nil || st.Solutions == 0 {
		t.Fatalf("%+v, %v", st, err)
	}
}
