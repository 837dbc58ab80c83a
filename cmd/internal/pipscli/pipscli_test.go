package pipscli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/emit"
)

func TestDetect(t *testing.T) {
	tests := []struct {
		name, head string
		want       Format
	}{
		{"g.txt", "board:\n##\n", Text},
		{"g.cfg", "\n  board:\n", Text},
		{"2025-08-18.json", "{\"easy\": {}}", NYT},
		{"2025-08-18.json", " \n{", NYT},
		{"p.json", "[1]", NYT},
		{"p.json", "", NYT},
		{"p.json", "\xef\xbb\xbf{", NYT},
		{"p.toml", "name = \"x\"\n", None},
		{"p.txt", "pieces: 2I:01\nboard:\n", None},
	}
	for _, tt := range tests {
		if got := Detect(tt.name, []byte(tt.head)); got != tt.want {
			t.Errorf("Detect(%q, %q) = %d, want %d", tt.name, tt.head, got, tt.want)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "g.txt")
	if err := os.WriteFile(path, []byte("board:\n##\n\npieces: 2I:01\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := DetectFile(path); got != Text {
		t.Errorf("DetectFile(%s) = %d", path, got)
	}
	if got := DetectFile(filepath.Join(dir, "missing")); got != None {
		t.Errorf("DetectFile(missing) = %d", got)
	}
	j, err := Load(path, Options{Count: true, Backend: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	// auto is no backend for rules on sums: the part brings its own.
	st, err := j.Parts[0].Solve(context.Background(), nil, nil, nil)
	if err != nil || st.Solutions != 2 || len(j.Parts) != 1 {
		t.Fatalf("Load: %d parts, %d solutions, %v; want 1, 2", len(j.Parts), st.Solutions, err)
	}
	var out bytes.Buffer
	if err := j.Text.End(&out, j.Parts[0], emit.Summary{Solutions: st.Solutions}); err != nil || out.String() != "2 solutions\n" {
		t.Errorf("Load: End = %v, %q", err, out.String())
	}
}

// FuzzDetect checks the rule that tells a game from a spec: a spec or a
// DLX file is never a game and a .json file always a NYT one, whatever
// its first bytes; elsewhere a byte order mark changes nothing.
func FuzzDetect(f *testing.F) {
	for _, s := range []string{"board:\n##\n", "\xef\xbb\xbfboard:\n", "board:\n  size: 20x3\n", "---\nboard:\n", "{}", "pieces = \"5*\"\n"} {
		for _, ext := range []string{".txt", ".yaml", ".json", ""} {
			f.Add("g"+ext, []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, name string, head []byte) {
		got := Detect(name, head)
		switch strings.ToLower(filepath.Ext(name)) {
		case ".toml", ".yaml", ".yml", ".dlx":
			if got != None {
				t.Fatalf("Detect(%q, %q) = %d: a spec or DLX file taken for a game", name, head, got)
			}
		case ".json":
			if got != NYT {
				t.Fatalf("Detect(%q, %q) = %d, want NYT", name, head, got)
			}
		default:
			if bom := Detect(name, append([]byte("\xef\xbb\xbf"), head...)); bom != got && !bytes.HasPrefix(head, []byte("\xef\xbb\xbf")) {
				t.Fatalf("Detect(%q) is %d with a byte order mark, %d without", name, bom, got)
			}
		}
	})
}
