package cover_test

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// runShards runs every shard of p into a Part, through WritePart and
// ReadPart as separate processes would.
func runShards(t *testing.T, b cover.Backend, p *cover.Problem, of int) []cover.Part {
	t.Helper()
	var parts []cover.Part
	for i := range of {
		state := new(cover.State)
		par := cover.Parallel{Backend: b, Workers: 2, Shard: cover.Shard{Index: i, Of: of}, State: state}
		if _, err := par.Solve(context.Background(), p, nil); err != nil {
			t.Fatal(err)
		}
		pt, err := state.Part()
		if err != nil {
			t.Fatal(err)
		}
		if pt.Nodes > 0 && pt.Seconds <= 0 {
			t.Errorf("part %d/%d took %g s", i, of, pt.Seconds)
		}
		var buf bytes.Buffer
		if err := cover.WritePart(&buf, pt); err != nil {
			t.Fatal(err)
		}
		back, err := cover.ReadPart(&buf)
		if err != nil || !reflect.DeepEqual(back, pt) {
			t.Fatalf("part %+v read back as %+v, %v", pt, back, err)
		}
		parts = append(parts, pt)
	}
	return parts
}

func TestShardsMerge(t *testing.T) {
	for _, c := range []struct {
		name string
		text string
	}{
		{"queens8", queens(8)},
		{"dominoes6", dominoes(6)}, // multiplicities
		{"knuth-xcc", "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n"},
	} {
		p := parse(t, c.text)
		for _, name := range []string{"dlx", "algx", "bits"} {
			if name == "bits" && c.name != "queens8" {
				continue // multiplicities and colours
			}
			b := backend(t, name)
			want := count(t, name, p)
			for _, of := range []int{1, 2, 3, 7} {
				got, err := cover.Merge(runShards(t, b, p, of))
				if err != nil || got.Solutions != want.Solutions || got.Nodes != want.Nodes {
					t.Errorf("%s %s, %d shards: %d solutions, %d nodes, %v; want %d, %d", c.name, name, of, got.Solutions, got.Nodes, err, want.Solutions, want.Nodes)
				}
			}
		}
	}
}

func TestMergeErrors(t *testing.T) {
	p := parse(t, queens(6))
	parts := runShards(t, backend(t, "dlx"), p, 3)
	other := runShards(t, backend(t, "dlx"), parse(t, queens(7)), 3)
	deeper := parts[1]
	deeper.Depth++
	halves := runShards(t, backend(t, "dlx"), p, 2)
	ordered := runShards(t, backend(t, "bits"), p, 3)
	otherRun, oldFormat, notShard := parts[1], parts[1], parts[1]
	otherRun.Run = "sha256:other"
	oldFormat.Format = 0
	notShard.Shard = 3
	for _, c := range []struct {
		name  string
		parts []cover.Part
		want  string
	}{
		{"none", nil, "no parts"},
		{"missing", parts[:2], "part 2/3 of the run is missing"},
		{"twice", []cover.Part{parts[0], parts[1], parts[1], parts[2]}, "part 1/3 and part 1/3 are both part 1/3 of the run: give each part once"},
		{"other problem", []cover.Part{parts[0], other[1], parts[2]}, "part 1/3 is a part of another search than part 0/3: of another puzzle, or of one with --all and one without"},
		{"other split", []cover.Part{parts[0], deeper, parts[2]}, "splits at depth"},
		{"other number of parts", []cover.Part{parts[0], halves[1], parts[2]}, "part 1/2 is one of 2 parts, part 0/3 one of 3"},
		{"other tree", []cover.Part{parts[0], ordered[1], parts[2]}, "part 1/3 splits by order (bits), part 0/3 by fewest options"},
		{"other run", []cover.Part{parts[0], otherRun, parts[2]}, "part 1/3 is of another run than part 0/3: the same problem cut into other subproblems"},
		{"old format", []cover.Part{parts[0], oldFormat, parts[2]}, "part 1/3 is of format 0, not 2"},
		{"not a shard", []cover.Part{parts[0], notShard, parts[2]}, "part 3/3 is not a shard: want i/N with 0 <= i < N"},
	} {
		if _, err := cover.Merge(c.parts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	total := parts[0]
	total.Solutions = 1<<63 - 1
	if _, err := cover.Merge([]cover.Part{total, total, parts[2]}); err == nil || !strings.Contains(err.Error(), "part 0/3 and part 0/3 are both part 0/3") {
		t.Errorf("merged a part twice: %v", err)
	}
	big := parts[1]
	big.Solutions = 1<<63 - 1
	if _, err := cover.Merge([]cover.Part{total, big, parts[2]}); err == nil || !strings.Contains(err.Error(), "add up to more than 2^63-1") {
		t.Errorf("merged parts that overflow: %v", err)
	}
	huge := parts[0]
	huge.Of = 9000000000000000000
	if _, err := cover.Merge([]cover.Part{huge}); err == nil || !strings.Contains(err.Error(), "part 1/9000000000000000000 of the run is missing") {
		t.Errorf("merged one part of 9e18: %v", err)
	}
}

func TestReadPartErrors(t *testing.T) {
	const head = `"fingerprint": "x", "depth": 2, "subproblems": 9, "shard": 0, "of": 3`
	sealed := cover.Sealed
	for _, c := range []struct{ name, text, want string }{
		{"shard out of range", sealed(`{"fingerprint": "x", "depth": 1, "shard": 3, "of": 3}`), "part 3/3 of \"x\" is malformed"},
		{"no run", sealed(`{"fingerprint": "x", "run": "", "depth": 1, "shard": 0, "of": 3}`), "part 0/3 of \"x\" is malformed"},
		{"no depth", sealed(`{"fingerprint": "x", "shard": 0, "of": 3}`), "part 0/3: split depth 0 is not from 1 to 64"},
		{"negative solutions", sealed(`{` + head + `, "solutions": -5}`), "part 0/3: negative count (-5 solutions"},
		{"negative nodes", sealed(`{` + head + `, "nodes": -5}`), "negative count (0 solutions, -5 nodes"},
		{"negative seconds", sealed(`{` + head + `, "seconds": -9.2e9}`), "part 0/3: -9.2e+09 seconds is not from 0 to 9e+09"},
		{"many seconds", sealed(`{` + head + `, "seconds": 1e300}`), "1e+300 seconds is not from 0"},
		{"junk after", sealed(`{`+head+`}`) + ` {}`, "something follows the JSON object at byte"},
		{"unknown field", sealed(`{` + head + `, "extra": 1}`), "unknown field"},
		{"many subproblems", sealed(`{"fingerprint": "x", "depth": 2, "subproblems": -1, "shard": 0, "of": 3}`), "-1 subproblems is not from 0"},
		{"not an object", `[1]`, "cannot unmarshal array"},
		{"null", `null`, "not a JSON object"},
	} {
		_, err := cover.ReadPart(strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	if _, err := cover.ReadPart(strings.NewReader(sealed(`{`+head+`}`) + " \n\t")); err != nil {
		t.Errorf("white space after a part: %v", err)
	}
	if _, err := new(cover.State).Part(); err == nil {
		t.Error("an unused state made a part")
	}
}

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want cover.Shard
		ok   bool
	}{
		{"0/1", cover.Shard{Index: 0, Of: 1}, true},
		{"3/8", cover.Shard{Index: 3, Of: 8}, true},
		{"8/8", cover.Shard{}, false},
		{"-1/8", cover.Shard{}, false},
		{"1/0", cover.Shard{}, false},
		{"1", cover.Shard{}, false},
		{"a/b", cover.Shard{}, false},
	} {
		got, err := cover.ParseShard(c.in)
		if got != c.want || (err == nil) != c.ok {
			t.Errorf("ParseShard(%q) = %v, %v", c.in, got, err)
		}
		if c.ok && got.String() != c.in {
			t.Errorf("%v.String() = %q", got, got.String())
		}
	}
}

func TestFingerprint(t *testing.T) {
	base := "p q | x y\np x:A\nq x:B y\n"
	fp := cover.Fingerprint(parse(t, base))
	// The same problem with its colours interned in the other order.
	p := cover.NewProblem()
	for _, n := range []string{"p", "q"} {
		p.AddPrimary(n)
	}
	p.AddSecondary("x")
	p.AddSecondary("y")
	b, a := p.Color("B"), p.Color("A")
	p.AddOption([]cover.Entry{{Item: 0}, {Item: 2, Color: a}})
	p.AddOption([]cover.Entry{{Item: 1}, {Item: 2, Color: b}, {Item: 3}})
	if got := cover.Fingerprint(p); got != fp {
		t.Errorf("colour order changed the fingerprint: %s, %s", got, fp)
	}
	for _, other := range []string{
		"p q | x y\np x:A\nq x:A y\n",
		"p 2:3|q | x y\np x:A\nq x:B y\n",
		"p q | x z\np x:A\nq x:B z\n",
		"p q | x y\np x:A\nq x:B y\nq\n",
		"p q x | y\np x\nq x y\n",
	} {
		if cover.Fingerprint(parse(t, other)) == fp {
			t.Errorf("%q has the fingerprint of %q", other, base)
		}
	}
}
