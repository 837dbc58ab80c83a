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
	c, err := Compile(g, 0)
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
	c, err := Compile(g, 0)
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

// TestCompileLimit checks that maxPlacements bounds the options of every
// kind of game, with an error at the game's pieces that names the limit
// and its flag, and that a game with exactly that many compiles.
func TestCompileLimit(t *testing.T) {
	const (
		text = "board:\n###\n###\n\npieces: 2I:12, 2I:21:90, 2I:33\n"
		nyt  = `{"easy": {"dominoes": [[1, 2], [2, 1], [3, 3]],` + "\n" +
			`"regions": [{"type": "empty", "indices": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]}]}}`
		msg = "more than 20 placements, the limit (--max-placements raises it)"
	)
	readText := func() (*Game, error) { return ReadGame("g.txt", []byte(text)) }
	readNYT := func() (*Game, error) { return ReadNYT("n.json", []byte(nyt), "easy") }
	tests := []struct {
		name  string
		read  func() (*Game, error)
		limit int
		want  string // "" for no error
	}{
		{"text, no limit", readText, 0, ""},
		{"text at the limit", readText, 21, ""},
		{"text over the limit", readText, 20, "g.txt:5:1: " + msg},
		{"NYT at the limit", readNYT, 21, ""},
		{"NYT over the limit", readNYT, 20, "n.json:1:23: " + msg},
	}
	for _, tt := range tests {
		g, err := tt.read()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		c, err := Compile(g, tt.limit)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want == "" && c.Problem.NumOptions() != 21:
			t.Errorf("%s: %d options, want 21", tt.name, c.Problem.NumOptions())
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("%s: got %v\nwant %s", tt.name, err, tt.want)
		}
	}
}
