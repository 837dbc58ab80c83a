package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratePictures makes the pictures of generated puzzles that
// docs/generate.md shows again, by the commands it gives, and compares
// them with the files: a drawing that changes must be drawn again there.
func TestGeneratePictures(t *testing.T) {
	for _, tc := range []struct {
		command, picture string
	}{
		{"generate --sudoku 9x9 --seed 7 --symmetry half-turn", "generated-sudoku-9x9-seed-7.svg"},
		{"generate pentominoes-6x10 --seed 7", "generated-pentominoes-6x10-seed-7.svg"},
		{"generate hexiamonds-6x6 --seed 7", "generated-hexiamonds-6x6-seed-7.svg"},
		{"generate tetrasticks-6x6 --seed 7", "generated-tetrasticks-6x6-seed-7.svg"},
	} {
		t.Run(tc.picture, func(t *testing.T) {
			got := filepath.Join(t.TempDir(), tc.picture)
			var stdout, stderr bytes.Buffer
			if code := run(append(strings.Fields(tc.command), "--svg", got), &stdout, &stderr); code != 0 {
				t.Fatalf("polyspec %s: status %d: %s", tc.command, code, stderr.String())
			}
			if !strings.Contains(stdout.String(), "\ncount = 1\n") {
				t.Errorf("polyspec %s printed no spec of one solution:\n%s", tc.command, stdout.String())
			}
			drawn, err := os.ReadFile(got)
			if err != nil {
				t.Fatal(err)
			}
			doc := filepath.Join("..", "..", "docs", "pictures", tc.picture)
			want, err := os.ReadFile(doc)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(drawn, want) {
				t.Errorf("polyspec %s --svg %s draws another picture than %s: draw it again with that command", tc.command, tc.picture, doc)
			}
		})
	}
}
