package main

import (
	"bytes"
	"os"
	"regexp"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"polyspec": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command-line scenarios in testdata/script.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"cmpnotime": cmpNoTime},
	})
}

var duration = regexp.MustCompile(`duration [0-9:.]+|"seconds":[0-9.e-]+`)

// cmpNoTime compares two files as cmp does, except for the run times,
// which are the only part of the output that may differ between runs.
func cmpNoTime(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: cmpnotime got want")
	}
	got := duration.ReplaceAllString(ts.ReadFile(args[0]), "duration T")
	want := duration.ReplaceAllString(ts.ReadFile(args[1]), "duration T")
	if (got == want) == neg {
		ts.Fatalf("%s and %s differ (ignoring run times):\n%s\n---\n%s", args[0], args[1], got, want)
	}
}

// TestPolypipsStatus checks the exit statuses draw and generate promise in
// their help, which testscript cannot tell apart.
func TestPolypipsStatus(t *testing.T) {
	tests := []struct {
		args []string
		want int
	}{
		{[]string{"draw", "5W:12345"}, 0},
		{[]string{"draw", "4T:123"}, 2},
		{[]string{"generate", "--board", "4x4", "--pieces", "2*", "--seed", "2"}, 0},
		{[]string{"generate", "--board", "5x5", "--pieces", "2*"}, 1},
		{[]string{"generate", "--board", "4x4", "--pieces", "2Q"}, 2},
		{[]string{"generate", "--pieces", "2*"}, 2},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if got := run(tt.args, &stdout, &stderr); got != tt.want {
			t.Errorf("polyspec %q: status %d, want %d (stderr %q)", tt.args, got, tt.want, stderr.String())
		}
	}
}
