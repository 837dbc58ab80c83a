package pips

import (
	"bytes"
	"context"
	"errors"
	"testing"
)

// TestGenerateRated generates 20 games across the levels and seeds, on the
// boards polyspec generate --difficulty uses: each has one solution, counted
// as polyspec solve counts it and again through a NYT file, rates at the
// level asked for, and comes out in the same bytes a second time.
func TestGenerateRated(t *testing.T) {
	cases := []struct {
		level string
		seeds []int64
	}{
		{"easy", []int64{1, 2, 3, 4, 5, 6, 7}},
		{"medium", []int64{1, 2, 3, 4, 5, 6, 7}},
		{"hard", []int64{1, 2, 3, 4, 5, 6}},
	}
	games := 0
	for _, tc := range cases {
		for _, seed := range tc.seeds {
			c := config(t, seed, "board", DifficultyBoards[tc.level], "pieces", "2*", "constraints", "any")
			g, err := GenerateRated(context.Background(), c, tc.level, GenerateOptions{})
			if err != nil {
				t.Fatalf("%s, seed %d: %v", tc.level, seed, err)
			}
			if g.Rating.Level != tc.level {
				t.Errorf("%s, seed %d: rated %s", tc.level, seed, g.Rating)
			}
			if n := countSolutions(t, g.Game); n != 1 {
				t.Errorf("%s, seed %d: %d solutions", tc.level, seed, n)
			}
			roundTrip(t, g.Game, tc.level, 1)
			again, err := GenerateRated(context.Background(), config(t, seed, "board", DifficultyBoards[tc.level], "pieces", "2*", "constraints", "any"), tc.level, GenerateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if a, b := written(t, g), written(t, again); !bytes.Equal(a, b) {
				t.Errorf("%s, seed %d: generated twice, differs:\n%s\n%s", tc.level, seed, a, b)
			}
			games++
		}
	}
	if games != 20 {
		t.Errorf("%d games, want 20", games)
	}
}

// TestGenerateRatedRefuses checks the requests GenerateRated cannot meet.
func TestGenerateRatedRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, board, pieces, level string
		want                       error
	}{
		{"a board too small to be hard", "2x2", "2*", "hard", ErrDifficulty},
		{"not dominoes", "3x4", "3*", "easy", nil},
		{"no such level", "2x4", "2*", "tough", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := config(t, 1, "board", tc.board, "pieces", tc.pieces, "constraints", "any")
			_, err := GenerateRated(context.Background(), c, tc.level, GenerateOptions{})
			if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) {
				t.Errorf("got %v, want an error wrapping %v", err, tc.want)
			}
		})
	}
}
