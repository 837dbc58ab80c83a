package pipscli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
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
	var out bytes.Buffer
	solved, err := Run(context.Background(), &out, path, Options{Count: true, Backend: "auto"})
	if err != nil || !solved || out.String() != "2 solutions\n" {
		t.Errorf("Run = %v, %v, %q", solved, err, out.String())
	}
	// Interrupted, a count says how far it got and the error says why.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out.Reset()
	if _, err := Run(ctx, &out, path, Options{Count: true}); !errors.Is(err, context.Canceled) || out.String() != "0 solutions so far\n" {
		t.Errorf("interrupted Run = %v, %q", err, out.String())
	}
}
