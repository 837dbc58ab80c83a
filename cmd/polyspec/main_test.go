package main

import (
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
