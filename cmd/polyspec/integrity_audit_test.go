package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An auditProbe is one hostile input of issue 44's classes: a merge of
// parts, a resumed state or a YAML spec, made from files a real run wrote.
type auditProbe struct {
	class, name string
	args        []string
	// blame is the file a refusal must name, or "" for a probe that
	// must be answered with count.
	blame, count string
}

// auditVerdict is how polyspec answered a probe.
type auditVerdict struct {
	probe  auditProbe
	code   int
	answer string // the closing count, or the first line of the refusal
	ok     bool
	took   time.Duration
}

// TestIntegrityAudit makes probes of every class issue 44 found answered
// wrongly (shards duplicated, missing, edited or of another run; states
// cut short or edited at many bytes; YAML alias bombs), runs each, and
// checks that each is refused, naming the file, or answered with the
// count of pentominoes-4x15 --all, 1,472. With POLYSPEC_AUDIT=FILE it
// writes the table of bench/results/integrity-audit.md to FILE.
func TestIntegrityAudit(t *testing.T) {
	if testing.Short() {
		t.Skip("the audit runs a few hundred commands")
	}
	const puzzle, want = "pentominoes-4x15", "1472 solutions"
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	solve := func(out string, args ...string) {
		t.Helper()
		args = append([]string{"solve", "--count", "--workers", "1"}, args...)
		if out != "" {
			args = append(args, "--out", at(out))
		}
		if code, _, errs := call(context.Background(), args...); code != 0 {
			t.Fatalf("%q: status %d: %s", args, code, errs)
		}
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(at(name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	write := func(name string, b []byte) string {
		if err := os.WriteFile(at(name), b, 0o666); err != nil {
			t.Fatal(err)
		}
		return at(name)
	}
	for i := range 3 {
		solve(fmt.Sprintf("p%d.json", i), puzzle, "--all", "--shard", fmt.Sprintf("%d/3", i))
		solve(fmt.Sprintf("other%d.json", i), "pentominoes-3x20", "--all", "--shard", fmt.Sprintf("%d/3", i))
		solve(fmt.Sprintf("unique%d.json", i), puzzle, "--shard", fmt.Sprintf("%d/3", i))
		solve(fmt.Sprintf("dlx%d.json", i), puzzle, "--all", "--backend", "dlx", "--shard", fmt.Sprintf("%d/3", i))
		solve(fmt.Sprintf("algx%d.json", i), puzzle, "--all", "--backend", "algx", "--shard", fmt.Sprintf("%d/3", i))
	}
	solve("half0.json", puzzle, "--all", "--shard", "0/2")
	solve("half1.json", puzzle, "--all", "--shard", "1/2")
	solve("", puzzle, "--all", "--state", at("state.json"))
	solve("", puzzle, "--state", at("unique-state.json"))
	solve("", puzzle, "--all", "--backend", "dlx", "--state", at("dlx-state.json"))
	parts := []string{at("p0.json"), at("p1.json"), at("p2.json")}
	with := func(i int, file string) []string {
		args := append([]string{"merge"}, parts...)
		args[1+i] = file
		return args
	}
	var probes []auditProbe
	add := func(class, name, blame string, args ...string) {
		probes = append(probes, auditProbe{class, name, args, blame, want})
	}

	// Merges: the whole, in every order, then each shard misused.
	for _, order := range [][]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		add("merge", fmt.Sprintf("the three shards in the order %v", order), "", "merge", parts[order[0]], parts[order[1]], parts[order[2]])
	}
	for i := range 3 {
		p := fmt.Sprintf("p%d.json", i)
		add("merge: duplicated", "shard "+p+" given twice", p, append(append([]string{"merge"}, parts...), parts[i])...)
		add("merge: duplicated", "a copy of "+p+" beside it", "copy-"+p, append(append([]string{"merge"}, parts...), write("copy-"+p, read(p)))...)
		add("merge: missing", "shard "+p+" left out", "", append([]string{"merge"}, append(append([]string{}, parts[:i]...), parts[i+1:]...)...)...)
		for j := range 3 {
			if j == i {
				continue
			}
			// A copy of shard j relabelled as shard i, standing in for it.
			name := fmt.Sprintf("relabelled-%d-as-%d.json", j, i)
			text := bytes.Replace(read(fmt.Sprintf("p%d.json", j)), fmt.Appendf(nil, `"shard":%d`, j), fmt.Appendf(nil, `"shard":%d`, i), 1)
			add("merge: duplicated", fmt.Sprintf("p%d.json relabelled as shard %d", j, i), name, with(i, write(name, text))...)
		}
		for _, field := range []string{"solutions", "nodes", "updates"} {
			for _, delta := range []int64{1, -1} {
				name := fmt.Sprintf("edited-%s%+d-%d.json", field, delta, i)
				add("merge: edited", fmt.Sprintf("%s of %s changed by %+d", field, p, delta), name, with(i, write(name, editNumber(t, read(p), field, delta)))...)
			}
		}
		for _, f := range []struct{ kind, file string }{
			{"of pentominoes-3x20", "other%d.json"},
			{"of the count modulo symmetry", "unique%d.json"},
			{"of --backend dlx", "dlx%d.json"},
			{"of --backend algx", "algx%d.json"},
		} {
			name := fmt.Sprintf(f.file, i)
			add("merge: foreign", fmt.Sprintf("shard %d %s in place of %s", i, f.kind, p), name, with(i, at(name))...)
		}
		if i < 2 {
			name := fmt.Sprintf("half%d.json", i)
			add("merge: foreign", fmt.Sprintf("shard %d/2 in place of %s", i, p), name, with(i, at(name))...)
		}
	}
	for _, f := range []struct{ run, count string }{{"other", "8 solutions"}, {"unique", "368 solutions"}, {"dlx", want}, {"algx", want}} {
		add("merge", "the three shards of the run "+f.run, "", "merge", at(f.run+"0.json"), at(f.run+"1.json"), at(f.run+"2.json"))
		probes[len(probes)-1].count = f.count
	}
	add("merge: foreign", "the two halves with shard 2/3", "p2.json", "merge", at("half0.json"), at("half1.json"), parts[2])
	p1 := read("p1.json")
	for k := 1; k <= 10; k++ {
		n := len(p1) * k / 11
		name := fmt.Sprintf("cut-%d.json", n)
		add("merge: cut short", fmt.Sprintf("p1.json cut at byte %d of %d", n, len(p1)), name, with(1, write(name, p1[:n]))...)
	}
	for k := range 12 {
		n := (len(p1) - 2) * k / 11
		name := fmt.Sprintf("byte-%d.json", n)
		add("merge: edited", fmt.Sprintf("p1.json byte %d (%q) changed", n, p1[n]), name, with(1, write(name, changeByte(p1, n)))...)
	}
	old := bytes.Replace(p1, []byte(`"format":2,`), nil, 1)
	add("merge: old format", "p1.json without its format version", "old.json", with(1, write("old.json", old))...)

	// States: whole, partial (entries removed and sealed again, as an
	// interrupted run leaves them), cut, edited, of other runs.
	state := read("state.json")
	resume := func(file string) []string {
		return []string{"solve", puzzle, "--count", "--all", "--workers", "1", "--state", file, "--resume"}
	}
	add("resume", "the finished state", "", resume(write("whole-state.json", state))...)
	for r := range 3 {
		name := fmt.Sprintf("partial-%d.json", r)
		add("resume", fmt.Sprintf("the state with a third of its subproblems left (those ≡ %d mod 3)", r), "", resume(write(name, partialState(t, state, r)))...)
	}
	for k := 1; k <= 30; k++ {
		n := len(state) * k / 31
		name := fmt.Sprintf("state-cut-%d.json", n)
		add("resume: cut short", fmt.Sprintf("the state cut at byte %d of %d", n, len(state)), name, resume(write(name, state[:n]))...)
	}
	for k := range 30 {
		n := (len(state) - 2) * k / 29
		name := fmt.Sprintf("state-byte-%d.json", n)
		add("resume: edited", fmt.Sprintf("the state's byte %d (%q) changed", n, state[n]), name, resume(write(name, changeByte(state, n)))...)
	}
	for _, field := range []string{"solutions", "nodes", "split_nodes", "sub"} {
		name := "state-" + field + ".json"
		add("resume: edited", "the state's first "+field+" changed by 1", name, resume(write(name, editNumber(t, state, field, 1)))...)
	}
	add("resume: foreign", "the state of the count modulo symmetry", "unique-state.json", resume(at("unique-state.json"))...)
	add("resume: foreign", "the state of --backend dlx", "dlx-state.json", resume(at("dlx-state.json"))...)
	add("resume: old format", "the state without its format version and checksum", "old-state.json",
		resume(write("old-state.json", bytes.Replace(state, []byte("\t\"format\": 2,\n"), nil, 1)))...)

	// YAML specs whose aliases repeat a value past the bound.
	for levels := 6; levels <= 9; levels++ {
		name := fmt.Sprintf("laughs-%d.yaml", levels)
		add("yaml: alias bomb", fmt.Sprintf("aliases tenfold a level, %d levels", levels), name, "solve", write(name, []byte(aliasBombYAML(levels))), "--count")
	}
	for _, c := range [][2]int{{5000, 200}, {5000, 55000}, {1000, 5000}, {200, 30000}, {10000, 500}} {
		name := fmt.Sprintf("shape-%dx%d.yaml", c[0], c[1])
		add("yaml: alias bomb", fmt.Sprintf("a shape of %d cells named %d times", c[0], c[1]), name, "solve", write(name, []byte(repeatedShapeYAML(c[0], c[1]))), "--count")
	}

	var verdicts []auditVerdict
	for _, p := range probes {
		began := time.Now()
		code, out, errs := call(context.Background(), p.args...)
		v := auditVerdict{probe: p, code: code, took: time.Since(began)}
		refusal, _, _ := strings.Cut(strings.ReplaceAll(errs, dir+string(filepath.Separator), ""), "\n")
		switch {
		case code == 0 && strings.HasPrefix(out, p.count+", "):
			v.answer, v.ok = p.count, p.blame == ""
		case code == 1 && p.blame != "" && strings.Contains(refusal, p.blame) && !closing.MatchString(out):
			// A stray shard is the subject of the refusal, wherever it
			// was given.
			v.answer = refusal
			v.ok = p.class != "merge: foreign" || strings.HasPrefix(refusal, "polyspec: merge: cover: "+p.blame+" ")
		case code == 1 && p.blame == "" && p.class != "merge" && p.class != "resume" && !closing.MatchString(out):
			v.answer, v.ok = refusal, true // a missing shard: no file to name
		default:
			v.answer = fmt.Sprintf("status %d: %q %q", code, out, refusal)
		}
		if !v.ok {
			t.Errorf("%s: %s: %s", p.class, p.name, v.answer)
		}
		verdicts = append(verdicts, v)
	}
	if len(verdicts) < 100 {
		t.Errorf("%d probes, want 100 at least", len(verdicts))
	}
	if path := os.Getenv("POLYSPEC_AUDIT"); path != "" {
		if err := os.WriteFile(path, auditTable(verdicts), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// auditTable writes the verdicts as a Markdown table.
func auditTable(verdicts []auditVerdict) []byte {
	var b bytes.Buffer
	b.WriteString("| # | class | probe | status | answer | time |\n|---|---|---|---|---|---|\n")
	for i, v := range verdicts {
		answer := strings.ReplaceAll(strings.ReplaceAll(v.answer, "|", `\|`), "`", "'")
		fmt.Fprintf(&b, "| %d | %s | %s | %d | `%s` | %.2f s |\n", i+1, v.probe.class, v.probe.name, v.code, answer, v.took.Seconds())
	}
	return b.Bytes()
}

// editNumber adds delta to the first number of field in a part or state
// file, leaving its checksum as it was.
func editNumber(t *testing.T, text []byte, field string, delta int64) []byte {
	key := []byte(`"` + field + `":`)
	if i := bytes.Index(text, key); i >= 0 {
		start := i + len(key)
		for start < len(text) && text[start] == ' ' {
			start++
		}
		end := start
		for end < len(text) && (text[end] == '-' || text[end] >= '0' && text[end] <= '9') {
			end++
		}
		var n int64
		if _, err := fmt.Sscan(string(text[start:end]), &n); err != nil {
			t.Fatalf("%s: %v", field, err)
		}
		return append(append(append([]byte{}, text[:start]...), fmt.Sprint(n+delta)...), text[end:]...)
	}
	t.Fatalf("no %s in %s", field, text)
	return nil
}

// changeByte returns text with byte n changed to another of its kind: a
// digit to the next, a letter to another, anything else to 'x'.
func changeByte(text []byte, n int) []byte {
	c := bytes.Clone(text)
	switch b := c[n]; {
	case b >= '0' && b <= '9':
		c[n] = '0' + (b-'0'+1)%10
	case b >= 'a' && b <= 'z':
		c[n] = 'a' + (b-'a'+1)%26
	default:
		c[n] = 'x'
	}
	return c
}

// partialState removes from a state the subproblems whose place in its
// list is r modulo 3 and seals it again: a state as a run stopped before
// them would have written it, which must resume to the whole count.
func partialState(t *testing.T, state []byte, r int) []byte {
	dec := json.NewDecoder(bytes.NewReader(state))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		t.Fatal(err)
	}
	done, _ := obj["done"].([]any)
	var kept []any
	for i, d := range done {
		if i%3 != r {
			kept = append(kept, d)
		}
	}
	obj["done"] = kept
	b, err := json.Marshal(obj)
	if err == nil {
		b, err = sealJSON(b)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// aliasBombYAML is a spec whose aliases grow it tenfold a level.
func aliasBombYAML(levels int) string {
	var b strings.Builder
	b.WriteString("pieces: I\nboard: {size: 5x1}\nl0: &l0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
	}
	return b.String()
}

// repeatedShapeYAML is a spec that names one shape of cells cells under
// names names, the probe of issue 44 that ran out of memory.
func repeatedShapeYAML(cells, names int) string {
	var shape, pieces []string
	for i := range cells {
		shape = append(shape, fmt.Sprintf("%d,%d", i%100, i/100))
	}
	for i := range names {
		pieces = append(pieces, fmt.Sprintf("S%d", i))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "pieces: %s\nboard: {size: 5x1}\nshapes:\n  S0: &s %q\n", strings.Join(pieces, ","), strings.Join(shape, " "))
	for i := 1; i < names; i++ {
		fmt.Fprintf(&b, "  S%d: *s\n", i)
	}
	return b.String()
}
