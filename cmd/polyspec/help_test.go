package main

import (
	"bytes"
	"cmp"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// commandPaths are the commands of the command line, as help names them.
func commandPaths(t *testing.T) []string {
	t.Helper()
	parser, err := newParser(&CLI{}, &bytes.Buffer{}, &bytes.Buffer{}, func(int) {})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, n := range parser.Model.Leaves(true) {
		paths = append(paths, n.Path())
	}
	return paths
}

// TestHelpFits checks that polyspec's help and every command's fit one
// screen at 100 columns, 50 lines, and end with examples.
func TestHelpFits(t *testing.T) {
	t.Setenv("COLUMNS", "100")
	for _, path := range append([]string{""}, commandPaths(t)...) {
		var stdout, stderr bytes.Buffer
		args := append(strings.Fields(path), "--help")
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Errorf("polyspec %s --help: status %d, %s", path, code, stderr.String())
		}
		lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if len(lines) > 50 {
			t.Errorf("polyspec %s --help: %d lines, want at most 50", path, len(lines))
		}
		for _, l := range lines {
			if utf8.RuneCountInString(l) > 100 {
				t.Errorf("polyspec %s --help: a line of %d columns: %q", path, utf8.RuneCountInString(l), l)
			}
		}
		if !slices.Contains(lines, "Examples:") {
			t.Errorf("polyspec %s --help has no examples", path)
		}
	}
}

// TestExamplesListed checks that the examples belong to commands that
// exist, so that none is left out of a help.
func TestExamplesListed(t *testing.T) {
	paths := append([]string{""}, commandPaths(t)...)
	for path := range examples {
		if !slices.Contains(paths, path) {
			t.Errorf("examples of %q: no such command", path)
		}
	}
}

// comment is an example's comment, which the shell would drop.
var comment = regexp.MustCompile(`\s+#\s.*$`)

// words splits an example as a shell would: at spaces, outside single
// quotes; a last "> FILE" is where its output goes.
func words(t *testing.T, line string) (args []string, out string) {
	t.Helper()
	var w strings.Builder
	quoted, inWord := false, false
	for _, r := range comment.ReplaceAllString(line, "") {
		switch {
		case r == '\'':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				args = append(args, w.String())
			}
			w.Reset()
			inWord = false
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		args = append(args, w.String())
	}
	if n := len(args); n >= 2 && args[n-2] == ">" {
		args, out = args[:n-2], args[n-1]
	}
	if len(args) == 0 || args[0] != "polyspec" || quoted || slices.ContainsFunc(args, func(a string) bool { return strings.ContainsAny(a, "|<>$`\"") }) {
		t.Fatalf("example %q: not a polyspec command this test can run", line)
	}
	return args[1:], out
}

// TestExamples runs every example of every help as written, each
// command's in order in a folder of their own, and wants each to succeed.
// The studio serves until it is stopped: it must print its address first.
func TestExamples(t *testing.T) {
	for path, lines := range examples {
		name := cmp.Or(strings.ReplaceAll(path, " ", "-"), "polyspec")
		t.Run(name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			for _, line := range lines {
				args, out := words(t, line)
				var stdout, stderr bytes.Buffer
				ctx := context.Background()
				if args[0] == "studio" {
					var cancel context.CancelFunc
					ctx, cancel = context.WithTimeout(ctx, 500*time.Millisecond)
					defer cancel()
				}
				code := runContext(ctx, args, &stdout, &stderr)
				if args[0] == "studio" {
					if !strings.HasPrefix(stdout.String(), "polyspec studio: http://127.0.0.1:") {
						t.Errorf("%s: printed %q, want the studio's address", line, stdout.String())
					}
					continue
				}
				if code != 0 {
					t.Fatalf("%s: status %d: %s", line, code, stderr.String())
				}
				if out != "" {
					if err := os.WriteFile(filepath.Join(".", out), stdout.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}

// TestBareUsage checks that polyspec alone prints its usage on stderr and
// exits with status 2, as go does, and help with status 0 on stdout.
func TestBareUsage(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	var stdout, stderr bytes.Buffer
	if code := run(nil, &stdout, &stderr); code != 2 || stdout.Len() != 0 || !strings.HasPrefix(stderr.String(), "Usage: polyspec <command>") {
		t.Errorf("polyspec alone: status %d, stdout %q, stderr %q; want status 2 and the usage on stderr", code, stdout.String(), stderr.String())
	}
	// It is short: a line a command, in 80 columns.
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if len(lines) > 45 {
		t.Errorf("polyspec alone: %d lines, want at most 45", len(lines))
	}
	for _, l := range lines {
		if utf8.RuneCountInString(l) > 80 {
			t.Errorf("polyspec alone: a line of %d columns: %q", utf8.RuneCountInString(l), l)
		}
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"--help"}, &stdout, &stderr); code != 0 || stderr.Len() != 0 || !strings.HasPrefix(stdout.String(), "Usage: polyspec <command>") {
		t.Errorf("polyspec --help: status %d, stderr %q; want status 0 and the usage on stdout", code, stderr.String())
	}
}
