package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile/pips"
	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"generate_polypips": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// update rewrites the games the scripts compare with, after a change to
// the generator: go test ./cmd/generate_polypips -run Scripts -update.
var update = flag.Bool("update", false, "rewrite the scripts' expected output")

// TestScripts runs the command-line scenarios in testdata/script. Their
// command "solves FILE [N]" reads a game as solve_polypips does and checks
// that it has a solution, or exactly N.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		UpdateScripts:       *update,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"solves": solves},
	})
}

func solves(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 || len(args) > 2 {
		ts.Fatalf("usage: solves FILE [N]")
	}
	g, err := pips.ReadGame(args[0], []byte(ts.ReadFile(args[0])))
	ts.Check(err)
	c, err := pips.Compile(g, 0)
	ts.Check(err)
	if len(args) == 1 {
		var first []pips.Placement
		_, err := c.Solve(context.Background(), "", func(sol []pips.Placement) bool { first = sol; return false })
		ts.Check(err)
		if first == nil {
			ts.Fatalf("%s has no solution", args[0])
		}
		return
	}
	want, err := strconv.ParseInt(args[1], 10, 64)
	ts.Check(err)
	st, err := c.Solve(context.Background(), "", nil)
	ts.Check(err)
	if st.Solutions != want {
		ts.Fatalf("%s has %d solutions, want %d", args[0], st.Solutions, want)
	}
}

// TestExitStatus checks what testscript cannot: the exit status, 1 when no
// game can be made and 2 for bad input, each with one line on stderr.
func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	config := filepath.Join(dir, "c.cfg")
	if err := os.WriteFile(config, []byte("board:\n###\n###\n\npieces: 3I\nseed: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"--board", "2x3", "--pieces", "3I"}, 0, ""},
		{[]string{"--board", "2x2", "--pieces", "3L"}, 1, "generate_polypips: the pieces cannot cover the board's area: the board has 4 cells, and pieces of 3 cells (3L) cannot add up to that\n"},
		{[]string{"--board", "3x4", "--pieces", "4O"}, 1, "generate_polypips: no tiling of the board by the pieces exists: the search tried every placement of 4O from the upper-left corner (1 tried)\n"},
		{[]string{"--board", "3x3", "--pieces", "1o", "--constraints", "4O", "--coverage", "1"}, 1, ""},
		{[]string{"--board", "4x4", "--pieces", "2*", "--seed", "x"}, 2, "generate_polypips: --seed \"x\", column 1: expected a whole number; found \"x\"\n"},
		{[]string{"--board", "4x4", "--pieces", "2*,7*"}, 2, "generate_polypips: --pieces \"2*,7*\", column 4: expected an order from 1* to 5*, as Polypips shapes have 1 to 5 cells; found 7\n"},
		{[]string{"--board", "moon", "--pieces", "2*"}, 2, "generate_polypips: --board \"moon\", column 1: expected a board name: WxH with sides from 1 to 64 (such as 6x10), 8x8-hole or 8x8-corners; found \"moon\"\n"},
		{[]string{"--pieces", "2*"}, 2, "generate_polypips: expected a configuration file, or --board and --pieces\n"},
		{[]string{"--board", "4x4", "--pieces", "2*", "--unique", "--max-placements", "10"}, 2, "generate_polypips: --pieces \"2*\": more than 10 placements, the limit (--max-placements raises it)\n"},
		{[]string{config}, 2, "generate_polypips: " + config + ":6:7: expected a whole number; found \"x\"\n"},
		{[]string{filepath.Join(dir, "missing.cfg")}, 2, ""},
		{[]string{"--bogus"}, 2, ""},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), tt.args, &stdout, &stderr)
		if code != tt.code || tt.stderr != "" && stderr.String() != tt.stderr || tt.code == 0 && stderr.Len() != 0 {
			t.Errorf("run(%q) = %d, stderr %q; want %d, %q", tt.args, code, stderr.String(), tt.code, tt.stderr)
		}
		if tt.code != 0 && (!strings.HasPrefix(stderr.String(), "generate_polypips: ") || stdout.Len() != 0) {
			t.Errorf("run(%q): stdout %q, stderr %q", tt.args, stdout.String(), stderr.String())
		}
	}
}

func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"--board", "6x10", "--pieces", "12x5", "--unique"}, &stdout, &stderr); code != 130 {
		t.Errorf("cancelled: status %d, stderr %q", code, stderr.String())
	}
}
