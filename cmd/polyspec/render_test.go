package main

import (
	"bytes"
	"path/filepath"
	"testing"
)

const puzzlerDir = "../../../shared/data/puzzler-solutions"

// TestRenderEveryPuzzlerFile draws the first solution of each of Polyform
// Puzzler's solution files as SVG, the lattice guessed as render guesses
// it, one family folder at a time in parallel.
func TestRenderEveryPuzzlerFile(t *testing.T) {
	families, err := filepath.Glob(filepath.Join(puzzlerDir, "*"))
	if err != nil || len(families) == 0 {
		t.Fatalf("no solution folders in %s: %v", puzzlerDir, err)
	}
	for _, family := range families {
		t.Run(filepath.Base(family), func(t *testing.T) {
			t.Parallel()
			files, _ := filepath.Glob(filepath.Join(family, "*.txt"))
			out := filepath.Join(t.TempDir(), "out.svg")
			for _, f := range files {
				var stdout, stderr bytes.Buffer
				if code := run([]string{"render", f, "--svg", out}, &stdout, &stderr); code != 0 {
					t.Errorf("render %s: exit status %d: %s", f, code, stderr.String())
				}
			}
		})
	}
}
