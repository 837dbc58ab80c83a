package main

import (
	"bytes"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/grammar"
	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"draw_polypips": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command-line scenarios in testdata/script, among
// them the pictures of every shape at every rotation.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
	})
}

// TestRunBadInput checks what testscript cannot: the exit status. Bad input
// gets one line on stderr naming the argument and the column, nothing on
// stdout, and status 2.
func TestRunBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"5Q:12345"}, `argument 1 "5Q:12345", column 2: expected a shape letter for 5 cells: F, I, L, N, P, T, U, V, W, X, Y or Z; found "Q"`},
		{[]string{"5F+:12345", "4T:123"}, `argument 2 "4T:123", column 7: expected 4 pips for 4T, one per cell; found 3`},
		{[]string{"5I:12378"}, `argument 1 "5I:12378", column 7: expected pips from 0 to 6; found "7"`},
		{[]string{"5W:12345:45"}, `argument 1 "5W:12345:45", column 10: expected a rotation of 0, 90, 180 or 270; found "45"`},
		{[]string{"--", ":45"}, `argument 1 ":45", column 1: expected a piece such as 5F+:12345; found ":"`},
		{[]string{"4L:1234"}, `argument 1 "4L:1234", column 3: expected "+" or "-" after 4L to say which mirror image; found ":"`},
		{[]string{"1o:1, 2I:12 4T+:1234"}, `argument 1 "1o:1, 2I:12 4T+:1234", column 15: expected no "+" after 4T, which is its own mirror image; found "+"`},
		{[]string{"2I:12\n4T:123"}, `argument 1 "2I:12\n4T:123", line 2, column 7: expected 4 pips for 4T, one per cell; found 3`},
		{[]string{""}, `argument 1 "", column 1: expected a piece such as 5F+:12345; found the end of the list`},
		{nil, `expected "<piece> ..."`},
		{[]string{"--bogus", "1o:1"}, `unknown flag --bogus`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		if want := "draw_polypips: " + tt.want + "\n"; code != 2 || stdout.Len() != 0 || stderr.String() != want {
			t.Errorf("run(%q) = %d, stdout %q, stderr %q; want 2, nothing, %q", tt.args, code, stdout.String(), stderr.String(), want)
		}
	}
}

// TestHelpListsTheShapes keeps the shapes --help names in step with the
// grammar, which is the truth about them.
func TestHelpListsTheShapes(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--help"}, &stdout, &stderr); code != 0 {
		t.Fatalf("--help: status %d, stderr %s", code, stderr.String())
	}
	help := stdout.String()
	section := func(from, to string) []string {
		i, j := strings.Index(help, from), strings.Index(help, to)
		if i < 0 || j < i {
			t.Fatalf("--help has no %q section before %q:\n%s", from, to, help)
		}
		names := regexp.MustCompile(`\b[1-5][A-Za-z]\b`).FindAllString(help[i:j], -1)
		slices.Sort(names)
		return slices.Compact(names)
	}
	var shapes, chiral []string
	for _, name := range grammar.ShapeNames() {
		base := strings.TrimRight(name, "+-")
		if base != name {
			chiral = append(chiral, base)
		}
		shapes = append(shapes, base)
	}
	shapes = append(shapes, "1O")
	for _, s := range [][]string{shapes, chiral} {
		slices.Sort(s)
	}
	if got := section("    cells and shape", "    chirality"); !slices.Equal(got, slices.Compact(shapes)) {
		t.Errorf("--help names the shapes %v, want %v", got, slices.Compact(shapes))
	}
	if got := section("    chirality", "    pips"); !slices.Equal(got, slices.Compact(chiral)) {
		t.Errorf("--help names the chiral shapes %v, want %v", got, slices.Compact(chiral))
	}
}

// FuzzRun checks that no argument makes the command panic, and that every
// run, drawing boxes or compact, either draws with status 0 or explains
// itself in one line with status 2.
func FuzzRun(f *testing.F) {
	for _, s := range []string{"5F+:12345", "4L+:3456:90, 1O:0", "5Q:12345", "4T:123", ":45", "", "\xff", "--compact"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		for _, args := range [][]string{{"--", arg}, {"--compact", "--", arg}} {
			var stdout, stderr bytes.Buffer
			code := run(args, &stdout, &stderr)
			switch {
			case code == 0 && stderr.Len() == 0 && stdout.Len() > 0:
			case code == 2 && stdout.Len() == 0 && strings.HasPrefix(stderr.String(), "draw_polypips: argument 1 ") && strings.Count(stderr.String(), "\n") == 1:
			default:
				t.Fatalf("run(%q) = %d, stdout %q, stderr %q", args, code, stdout.String(), stderr.String())
			}
		}
	})
}
