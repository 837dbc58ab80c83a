package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"solve_polypips": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command-line scenarios in testdata/script.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
	})
}

// TestExitStatus checks what testscript cannot: the exit status, and that
// bad input gets one line on stderr naming the file, line and column.
func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.txt", "board:\n##\n\npieces: 2I:01\n")
	none := write("none.txt", "board:\n##\n\npieces: 2I:01\n\nconstraints:\nExactly 5 {(0, 0), (1, 0)}\n")
	badPiece := write("bad.txt", "board:\n##\n\npieces: 2I:0x\n")
	config := write("c.cfg", "board:\n##\n\npieces: 2*\nseed: 3\n")
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{good}, 0, ""},
		{[]string{"--count", good}, 0, ""},
		{[]string{none}, 1, ""},
		{[]string{"--count", none}, 1, ""},
		{[]string{"--backend", "algx", good}, 0, ""},
		{[]string{"--backend", "dlx", none}, 2, "solve_polypips: cover: backend dlx cannot check rules on regions (sums, comparisons); use backend sums\n"},
		{[]string{badPiece}, 2, "solve_polypips: " + badPiece + ":4:13: expected \":\" and a rotation, \",\", another piece or the end of the list; found \"x\"\n"},
		{[]string{config}, 2, "solve_polypips: " + config + ":5:1: expected a game's board:, pieces: and constraints:; found seed: (a generator configuration is not a game)\n"},
		{[]string{"--max-placements", "1", good}, 2, "solve_polypips: " + good + ":4:1: more than 1 placements, the limit (--max-placements raises it)\n"},
		{[]string{"--difficulty", "easy", good}, 2, "solve_polypips: " + good + ": --difficulty is for NYT files, and this is not one\n"},
		{[]string{filepath.Join(dir, "missing.txt")}, 2, ""},
		{[]string{"--backend", "nope", good}, 2, ""},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), tt.args, &stdout, &stderr)
		if code != tt.code || tt.stderr != "" && stderr.String() != tt.stderr || tt.code != 2 && stderr.Len() != 0 {
			t.Errorf("run(%q) = %d, stderr %q; want %d, %q", tt.args, code, stderr.String(), tt.code, tt.stderr)
		}
		if tt.code == 2 && !strings.HasPrefix(stderr.String(), "solve_polypips: ") {
			t.Errorf("run(%q): stderr %q does not name the command", tt.args, stderr.String())
		}
	}
}

func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	path := filepath.Join("..", "..", "compile", "pips", "testdata", "polypips", "4x4.txt")
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"--count", path}, &stdout, &stderr); code != 130 {
		t.Errorf("cancelled: status %d, stderr %q", code, stderr.String())
	}
	// A count cut short says how far it got.
	if stdout.String() != "0 solutions so far\n" || stderr.String() != "solve_polypips: interrupted\n" {
		t.Errorf("cancelled: stdout %q, stderr %q", stdout.String(), stderr.String())
	}
}
