package pips

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/spec"
)

// TestSpecTwins writes every NYT puzzle of the test data as a spec of kind
// pips and as a text game, reads each back, and counts it: the same count
// as its JSON, which solution_counts.csv states; and each writes back byte
// for byte.
func TestSpecTwins(t *testing.T) {
	for _, tc := range nytCases(t) {
		name := tc.file + " " + tc.difficulty
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		g, err := ReadNYT(tc.file, data, tc.difficulty)
		if err != nil {
			t.Fatal(err)
		}
		text := g.WriteSpec()
		s, err := spec.Parse("twin.toml", []byte(text))
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, text)
		}
		fromSpec, err := FromSpec(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if again := fromSpec.WriteSpec(); again != text {
			t.Errorf("%s: the spec writes back as\n%s\nnot\n%s", name, again, text)
		}
		game := g.WriteText()
		fromText, err := ReadGame("twin.txt", []byte(game))
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, game)
		}
		if again := fromText.WriteText(); again != game {
			t.Errorf("%s: the text game writes back as\n%s\nnot\n%s", name, again, game)
		}
		for twin, tg := range map[string]*Game{"spec": fromSpec, "text": fromText} {
			c, err := Compile(tg, 0)
			if err != nil {
				t.Fatal(err)
			}
			st, err := c.Solve(context.Background(), "sums", nil)
			if err != nil || st.Solutions != tc.count {
				t.Errorf("%s as a %s: %d solutions (%v), want %d", name, twin, st.Solutions, err, tc.count)
			}
		}
	}
}

// TestSpecYAML reads a Polypips game written as a YAML spec, with its
// constraints as a list, and counts it.
func TestSpecYAML(t *testing.T) {
	s, err := spec.Load("testdata/spec/mod-2x2.yaml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := FromSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compile(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, err := c.Solve(context.Background(), "sums", nil)
	if err != nil {
		t.Fatal(err)
	}
	// Of the 16 placements (TestModRule), the 8 with both dominoes across
	// put 1 or 5 in the top row, 4 each; the 8 upright put 0+2, 0+3, 1+2
	// or 1+3 there, none 5.
	if st.Solutions != 4 {
		t.Errorf("%d solutions, want 4", st.Solutions)
	}
}

// TestSpecErrors checks that mistakes in a pips spec name the file, line
// and column inside the string at fault.
func TestSpecErrors(t *testing.T) {
	for _, tc := range []struct{ src, err string }{
		{"kind = \"pips\"\npieces = \"2I:01, 2I:2x\"\n[board]\nart = \"##\\n##\"\n", "bad.toml:2:22: pieces: expected \":\" and a rotation"},
		{"kind = \"pips\"\npieces = \"2I:01, 2I:23\"\nconstraints = [\"6 {(0, 0), (1, 0)}\", \"< {(0, 1)}\"]\n[board]\nart = \"##\\n##\"\n", "bad.toml:3:41: constraints[1]: expected a number after \"<\""},
		{"kind = \"pips\"\npieces = \"2I:01, 2I:23\"\n[board]\nsize = \"2x2\"\n", "bad.toml:3:2: board: expected the board of a Pips game drawn as art"},
		{"kind = \"pips\"\npieces = \"2I:01\"\nunique = true\n[board]\nart = \"##\\n##\"\n", "bad.toml:3:1: unique: a pips spec has no use for this key"},
	} {
		s, err := spec.Parse("bad.toml", []byte(tc.src))
		if err == nil {
			_, err = FromSpec(s)
		}
		var se *spec.Error
		if err == nil || !errors.As(err, &se) || !strings.HasPrefix(err.Error(), tc.err) {
			t.Errorf("%q: error %v, want one starting %q", tc.src, err, tc.err)
		}
	}
}

func FuzzFromSpec(f *testing.F) {
	f.Add("kind = \"pips\"\npieces = \"2I:01, 2I:23\"\nconstraints = \"6 {(0, 0), (1, 0)}\"\n[board]\nart = \"##\\n##\"\n")
	f.Add("kind = \"pips\"\npieces = \"06,26\"\n[board]\nart = \"####\"\n")
	f.Fuzz(func(t *testing.T, src string) {
		s, err := spec.Parse("fuzz.toml", []byte(src))
		if err != nil || s.Kind.V != "pips" {
			return
		}
		g, err := FromSpec(s)
		if err != nil {
			var se *spec.Error
			if !errors.As(err, &se) {
				t.Fatalf("FromSpec error %v is a %T", err, err)
			}
			return
		}
		text := g.WriteSpec()
		s2, err := spec.Parse("again.toml", []byte(text))
		if err != nil {
			t.Fatalf("the spec written does not parse: %v\n%s", err, text)
		}
		g2, err := FromSpec(s2)
		if err != nil || g2.WriteSpec() != text {
			t.Fatalf("the spec written does not read back the same: %v\n%s", err, text)
		}
	})
}
