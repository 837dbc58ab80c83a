package pips

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestWriteNYTRoundTrip writes each NYT puzzle back as a NYT file: read
// again, it has the same count, and writing it again gives the same bytes.
func TestWriteNYTRoundTrip(t *testing.T) {
	for _, tc := range nytCases(t) {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		g, err := ReadNYT(tc.file, data, tc.difficulty)
		if err != nil {
			t.Fatal(err)
		}
		first := roundTrip(t, g, tc.difficulty, tc.count)
		again, err := ReadNYT("again.json", first, tc.difficulty)
		if err != nil {
			t.Fatal(err)
		}
		if second := roundTrip(t, again, tc.difficulty, tc.count); !bytes.Equal(first, second) {
			t.Errorf("%s %s: written twice, differs:\n%s\n%s", tc.file, tc.difficulty, first, second)
		}
	}
}

// roundTrip writes g as a NYT file, reads it back, checks its count and
// returns the file.
func roundTrip(t *testing.T, g *Game, level string, count int64) []byte {
	t.Helper()
	out, err := g.WriteNYT(level)
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	back, err := ReadNYT("out.json", out, level)
	if err != nil {
		t.Fatalf("%s: %v\n%s", g.Name, err, out)
	}
	if n := countSolutions(t, back); n != count {
		t.Errorf("%s: written as NYT, %d solutions, want %d", g.Name, n, count)
	}
	return out
}

// countSolutions counts a game's solutions as polyspec solve does.
func countSolutions(t *testing.T, g *Game) int64 {
	t.Helper()
	c, err := Compile(g, 0)
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	st, err := c.Solve(context.Background(), DefaultBackend, nil)
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	return st.Solutions
}

// TestWriteNYTRefuses checks that a game the NYT cannot state is an error
// at the piece or region that it cannot.
func TestWriteNYTRefuses(t *testing.T) {
	for _, tc := range []struct{ name, game, want string }{
		{"tromino", "board:\n###\n\npieces:\n3I:123\n\nconstraints:\nnone\n", "g.txt:5:1: expected dominoes with pips from 0 to 6"},
		{"=4 on two cells", "board:\n##\n\npieces:\n2I:44\n\nconstraints:\n=4 {(0, 0), (1, 0)}\n", "g.txt:8:1: expected a rule the NYT has"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ReadGame("g.txt", []byte(tc.game))
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.WriteNYT("easy")
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("WriteNYT: %v, want %q...", err, tc.want)
			}
		})
	}
}
