package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/emit"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// solveKinds are one input of each kind solve reads.
var solveKinds = []struct{ name, target string }{
	{"polyform spec", "testdata/golden/omit.toml"},
	{"DLX file", "testdata/golden/tiny.dlx"},
	{"Sudoku spec", "sudoku-empty-4x4"},
	{"Sudoku list", "testdata/golden/list.txt"},
	{"NYT Pips file", "testdata/golden/nyt.json"},
	{"Polypips game", "testdata/golden/game.txt"},
}

// A flagCase is a flag of solve, given with what shows its effect (or
// with what it needs), and the check of that effect.
type flagCase struct {
	flag string
	args func(dir string) []string
	// effect checks a run that worked, given the output of the same run
	// with --count and nothing else, and the run's folder.
	effect func(t *testing.T, out, counted, dir string)
}

var solutionsLine = regexp.MustCompile(`(\d+) solutions`)

// sameCount checks that a run counts what the plain count does.
func sameCount(t *testing.T, out, counted, _ string) {
	t.Helper()
	if got, want := solutionsLine.FindAllString(out, -1), solutionsLine.FindAllString(counted, -1); fmt.Sprint(got) != fmt.Sprint(want) || len(want) == 0 {
		t.Errorf("counts %q, want %q", got, want)
	}
}

// fileStarts checks that a run wrote file name, beginning with head.
func fileStarts(name, head string) func(*testing.T, string, string, string) {
	return func(t *testing.T, _, _, dir string) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.HasPrefix(data, []byte(head)) {
			t.Errorf("%s: %.40q, %v; want it to begin %q", name, data, err, head)
		}
	}
}

func inDir(args ...string) func(string) []string {
	return func(dir string) []string {
		out := make([]string, len(args))
		for i, a := range args {
			out[i] = strings.ReplaceAll(a, "DIR", dir)
		}
		return out
	}
}

var flagCases = []flagCase{
	{"--count", inDir("--count"), func(t *testing.T, out, _, _ string) {
		if !solutionsLine.MatchString(out) || strings.Contains(out, "solution 1") || strings.Contains(out, "┌") {
			t.Errorf("--count printed solutions, or no count:\n%s", out)
		}
	}},
	{"--stop-after", inDir("-n", "2", "--format", "json"), func(t *testing.T, out, _, _ string) {
		if !strings.Contains(out, `{"solution":2,`) || strings.Contains(out, `{"solution":3,`) {
			t.Errorf("-n 2 did not stop at 2 solutions a puzzle:\n%s", out)
		}
	}},
	// sums is the one backend that every kind takes (a Pips game with sum
	// rules refuses the others, as testdata/script/pips.txtar shows).
	{"--backend", inDir("--backend", "sums", "--count"), sameCount},
	{"--format", inDir("--format", "json"), checkSchema},
	{"--all", inDir("--all", "--count"), func(t *testing.T, out, counted, _ string) {
		if out == counted {
			t.Errorf("--all counted as many as the reduced search:\n%s", out)
		}
	}},
	{"--pivot", inDir("--pivot", "estimate", "--count"), sameCount},
	{"--workers", inDir("--workers", "2", "--count"), sameCount},
	{"--difficulty", inDir("--difficulty", "easy", "--count"), func(t *testing.T, out, _, _ string) {
		if !strings.HasPrefix(out, "1 solution, ") {
			t.Errorf("--difficulty easy printed %q, want the easy puzzle's count alone", out)
		}
	}},
	{"--show-game", inDir("--show-game", "--count"), func(t *testing.T, out, _, _ string) {
		if !strings.Contains(out, "game:\n") {
			t.Errorf("--show-game drew no game:\n%s", out)
		}
	}},
	{"--shard", inDir("--shard", "0/1", "--count"), sameCount},
	{"--out", inDir("--out", "DIR/part.json", "--count"), fileStarts("part.json", "{")},
	{"--state", inDir("--state", "DIR/state.json", "--count"), fileStarts("state.json", "{")},
	{"--resume", inDir("--state", "DIR/none.json", "--resume", "--count"), sameCount},
	{"--svg", inDir("--svg", "DIR/p.svg"), fileStarts("p.svg", "<?xml")},
	{"--png", inDir("--png", "DIR/p.png"), fileStarts("p.png", "\x89PNG")},
	{"--png-size", inDir("--png", "DIR/s.png", "--png-size", "64"), func(t *testing.T, _, _, dir string) {
		f, err := os.Open(filepath.Join(dir, "s.png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if c, err := png.DecodeConfig(f); err != nil || max(c.Width, c.Height) != 64 {
			t.Errorf("--png-size 64: a PNG of %dx%d (%v)", c.Width, c.Height, err)
		}
	}},
	{"--x3d", inDir("--x3d", "DIR/p.x3d"), fileStarts("p.x3d", "<?xml")},
	{"--gltf", inDir("--gltf", "DIR/p.gltf"), fileStarts("p.gltf", "{")},
}

// flagTable is what each flag does for each kind: "ok" (it works, and its
// effect is checked), or the start of the message that refuses it.
var flagTable = map[string][]string{
	//               polyform    DLX         Sudoku      list        NYT         game
	"--count":      {"ok", "ok", "ok", "ok", "ok", "ok"},
	"--stop-after": {"ok", "ok", "ok", "ok", "ok", "ok"},
	"--backend":    {"ok", "ok", "ok", "ok", "ok", "ok"},
	"--format":     {"ok", "ok", "ok", "ok", "ok", "ok"},
	"--all":        {"ok", "--all is not", "--all is not", "--all is not", "--all is not", "--all is not"},
	"--pivot":      {"ok", "--pivot is not", "--pivot is not", "--pivot is not", "--pivot is not", "--pivot is not"},
	"--workers":    {"ok", "ok", "ok", "--workers is not", "--workers is not", "--workers is not"},
	"--difficulty": {"--difficulty is not", "--difficulty is not", "--difficulty is not", "--difficulty is not", "ok", "--difficulty is for NYT files"},
	"--show-game":  {"--show-game is not", "--show-game is not", "--show-game is not", "--show-game is not", "ok", "ok"},
	"--shard":      {"ok", "ok", "ok", "--shard is not", "--shard is not", "--shard is not"},
	"--out":        {"ok", "ok", "ok", "--out is not", "--out is not", "--out is not"},
	"--state":      {"ok", "ok", "ok", "--state is not", "--state is not", "--state is not"},
	"--resume":     {"ok", "ok", "ok", "--resume is not", "--resume is not", "--resume is not"},
	"--svg":        {"ok", "--svg is not", "ok", "--svg is not", "nyt.json holds 3 puzzles", "ok"},
	"--png":        {"ok", "--png is not", "--png is not", "--png is not", "--png is not", "--png is not"},
	"--png-size":   {"ok", "--png is not", "--png is not", "--png is not", "--png is not", "--png is not"},
	"--x3d":        {"--x3d is not", "--x3d is not", "--x3d is not", "--x3d is not", "--x3d is not", "--x3d is not"},
	"--gltf":       {"ok", "--gltf is not", "--gltf is not", "--gltf is not", "--gltf is not", "--gltf is not"},
}

// TestFlagsByKind runs every flag of solve on every kind of input: each
// either works, with its effect checked, or is refused with a message
// that names the flag; none is ignored. go test -v prints the table.
func TestFlagsByKind(t *testing.T) {
	if len(flagTable) != len(flagCases) {
		t.Fatalf("flagTable has %d flags, flagCases %d", len(flagTable), len(flagCases))
	}
	var table strings.Builder
	table.WriteString("| flag |")
	for _, k := range solveKinds {
		table.WriteString(" " + k.name + " |")
	}
	table.WriteString("\n|---|" + strings.Repeat("---|", len(solveKinds)) + "\n")
	for _, fc := range flagCases {
		table.WriteString("| " + fc.flag + " |")
		for i, k := range solveKinds {
			want := flagTable[fc.flag][i]
			dir := t.TempDir()
			counted, _, _ := solveOut(k.target, "--count")
			out, stderr, code := solveOut(k.target, fc.args(dir)...)
			switch {
			case want == "ok" && code != 0:
				t.Errorf("%s %s: status %d, want it to work: %s", k.name, fc.flag, code, stderr)
			case want == "ok":
				t.Run(k.name+"/"+fc.flag, func(t *testing.T) { fc.effect(t, out, counted, dir) })
			case code == 0 || !strings.Contains(stderr, want):
				t.Errorf("%s %s: status %d, stderr %q; want it refused with %q", k.name, fc.flag, code, stderr, want)
			}
			cell := "ok"
			if want != "ok" {
				cell = "refused: " + strings.TrimPrefix(strings.TrimSpace(stderr), "polyspec: ")
			}
			table.WriteString(" " + strings.ReplaceAll(cell, "|", "\\|") + " |")
		}
		table.WriteString("\n")
	}
	t.Log("\n" + table.String())
}

// solveOut runs polyspec solve on a target with args, and returns its
// standard output (run times masked), its standard error and its status.
func solveOut(target string, args ...string) (string, string, int) {
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"solve", target}, args...), &stdout, &stderr)
	return duration.ReplaceAllString(stdout.String(), "duration T"), stderr.String(), code
}

// checkSchema checks that every line of a JSON run is valid against the
// schema emit documents, and that at least one is a solution.
func checkSchema(t *testing.T, out, _, _ string) {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(emit.SolutionSchema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("solution.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("solution.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	out = strings.ReplaceAll(out, "duration T", `"seconds":0`)
	if !strings.Contains(out, `{"solution":1,`) {
		t.Errorf("no solution in the JSON output:\n%s", out)
	}
	for line := range strings.Lines(out) {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(line))
		if err == nil {
			err = schema.Validate(v)
		}
		if err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
}
