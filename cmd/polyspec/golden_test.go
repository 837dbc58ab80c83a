package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestGolden")

// TestGolden runs solve on one input of every kind, in each output format,
// and compares standard output with testdata/golden/NAME.out, run times
// aside. One worker keeps the searches (nodes) deterministic. go test
// -run TestGolden -update rewrites the files, for a change meant to show.
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"catalogue", []string{"pentominoes-3x20", "-n", "2"}},
		{"catalogue-json", []string{"pentominoes-3x20", "-n", "2", "--format", "json"}},
		{"catalogue-count", []string{"pentominoes-3x20", "--count"}},
		{"spec", []string{"p.toml"}},
		{"spec-json", []string{"p.toml", "--format", "json"}},
		{"dlx", []string{"tiny.dlx", "--backend", "dlx"}},
		{"dlx-json", []string{"tiny.dlx", "--backend", "dlx", "--format", "json"}},
		{"dlx-count", []string{"tiny.dlx", "--count"}},
		{"sudoku", []string{"sudoku-faq-4x4"}},
		{"sudoku-json", []string{"sudoku-faq-4x4", "--format", "json"}},
		{"sudoku-count", []string{"sudoku-inkala-2012", "--count"}},
		{"sudoku-list", []string{"list.txt"}},
		{"sudoku-list-count", []string{"list.txt", "--count"}},
		{"nyt", []string{"nyt.json"}},
		{"nyt-easy-json", []string{"nyt.json", "--difficulty", "easy", "--format", "json"}},
		{"nyt-count", []string{"nyt.json", "--count"}},
		{"nyt-show", []string{"nyt.json", "--difficulty", "medium", "--show-game"}},
		{"game", []string{"game.txt"}},
		{"game-json", []string{"game.txt", "--format", "json", "-n", "2"}},
		{"game-count", []string{"game.txt", "--count"}},
		{"catalogue-svg", []string{"pentominoes-3x20", "--svg", "-"}},
		{"sudoku-svg", []string{"sudoku-faq-4x4", "--svg", "-"}},
		{"nyt-svg", []string{"nyt.json", "--difficulty", "easy", "--svg", "-"}},
	}
	dir := filepath.Join("testdata", "golden")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"solve", "--workers", "1"}, tt.args...)
			if _, err := os.Stat(filepath.Join(dir, tt.args[0])); err == nil {
				args[3] = filepath.Join(dir, tt.args[0])
			}
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code != 0 {
				t.Fatalf("polyspec %s: status %d: %s", strings.Join(args, " "), code, stderr.String())
			}
			got := duration.ReplaceAllString(stdout.String(), "duration T")
			path := filepath.Join(dir, tt.name+".out")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("polyspec %s:\n%s\nwant (%s):\n%s", strings.Join(args, " "), got, path, want)
			}
		})
	}
}
