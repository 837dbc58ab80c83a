package pips

import (
	"context"
	"testing"
)

// TestCompileItems checks how pieces become items and options: identical
// pieces (2I:12 and 2I:21 are one turned) share an item whose multiplicity
// is their number, and a piece that looks the same turned half round (2I:33)
// gets one option per place rather than two.
func TestCompileItems(t *testing.T) {
	g, err := ReadGame("g.txt", []byte("board:\n###\n###\n\npieces: 2I:12, 2I:21:90, 2I:33\n"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	p := c.Problem
	var names []string
	for _, it := range p.Items {
		names = append(names, it.Name)
	}
	if len(p.Items) != 8 || p.Items[6].Name != "2I:12" || p.Items[6].Lo != 2 || p.Items[6].Hi != 2 || p.Items[7].Name != "2I:33" {
		t.Fatalf("items %v (%+v)", names, p.Items[6:])
	}
	// 7 places for a domino on 2×3: 2I:12 in 14 looks-and-places, 2I:33
	// in 7.
	if n := p.NumOptions(); n != 21 {
		t.Errorf("%d options, want 21", n)
	}
	// 3 tilings of 2×3, 3 places for 2I:33 in each, and 2·2 ways to turn
	// the copies end for end in the other two places; swapping the copies
	// makes no other solution.
	st, err := c.Solve(context.Background(), "dlx", nil)
	if err != nil {
		t.Fatal(err)
	}
	sums, err := c.Solve(context.Background(), "sums", nil)
	if err != nil || st.Solutions != 36 || sums.Solutions != 36 {
		t.Errorf("%d solutions (sums %d, %v), want 36", st.Solutions, sums.Solutions, err)
	}
}

func TestPlacementsHandOutCopies(t *testing.T) {
	g, err := ReadGame("g.txt", []byte("board:\n####\n\npieces: 2I:12, 2I:21\n"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Solve(context.Background(), "", func(sol []Placement) bool {
		if sol[0].Piece == sol[1].Piece {
			t.Errorf("both copies are piece %d", sol[0].Piece)
		}
		checkGame(t, g, sol)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
}
