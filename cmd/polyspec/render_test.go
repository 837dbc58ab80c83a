package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// puzzlerDir holds a few of Polyform Puzzler's solution files of each
// family, copied unchanged, chosen for their variety: boxes and rings,
// tubes, one-sided sets, several orders, boards of separate parts.
const puzzlerDir = "testdata/puzzler"

// TestRenderPuzzlerFiles draws the first solution of each of the solution
// files as SVG, the lattice guessed as render guesses it.
func TestRenderPuzzlerFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(puzzlerDir, "*", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no solution files in %s: %v", puzzlerDir, err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.svg")
			var stdout, stderr bytes.Buffer
			if code := run([]string{"render", f, "--svg", out}, &stdout, &stderr); code != 0 {
				t.Fatalf("render %s: exit status %d: %s", f, code, stderr.String())
			}
			svg, err := os.ReadFile(out)
			if err != nil || !bytes.Contains(svg, []byte("<svg")) || !bytes.HasSuffix(bytes.TrimSpace(svg), []byte("</svg>")) {
				t.Errorf("render %s: no whole SVG drawn (%v): %.80q", f, err, svg)
			}
		})
	}
}
