package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
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
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"cmpnotime": cmpNoTime, "seal": seal, "edit": edit, "cut": cut,
		},
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

// seal gives a part or state file written by hand the format version
// (where it has none) and the checksum polyspec writes, computed as
// docs/sharding.md says rather than by polyspec's own code, so that the
// files reach the checks behind the checksum's and the recipe is tested.
func seal(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: seal file")
	}
	sealed, err := sealJSON([]byte(ts.ReadFile(args[0])))
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), sealed, 0o666))
}

// sealJSON is seal's work on a file's text.
func sealJSON(text []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return nil, err
	}
	if _, ok := obj["format"]; !ok {
		obj["format"] = json.Number("2")
	}
	delete(obj, "checksum")
	canonical, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(canonical)
	obj["checksum"] = "sha256:" + hex.EncodeToString(sum[:])
	return json.Marshal(obj)
}

// edit replaces the first old in a file with new, as a hand or a damaged
// disk might; it fails if there is no old.
func edit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: edit file old new")
	}
	text := ts.ReadFile(args[0])
	if !strings.Contains(text, args[1]) {
		ts.Fatalf("%s holds no %q", args[0], args[1])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(strings.Replace(text, args[1], args[2], 1)), 0o666))
}

// cut keeps the first n bytes of a file, as a write stopped part way
// would.
func cut(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cut file n")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	text := ts.ReadFile(args[0])
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(text[:min(n, len(text))]), 0o666))
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
