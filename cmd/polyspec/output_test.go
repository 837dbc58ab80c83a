package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fullWriter fails every write, as standard output on a full disk does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestStdoutWriteErrors checks that output that cannot be written is an
// error with a non-zero status, whatever the command.
func TestStdoutWriteErrors(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "list.txt")
	if err := os.WriteFile(list, []byte("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"draw", "5F+:12345"},
		{"solve", list},
		{"solve", "pentominoes-3x20"},
		{"solve", "pentominoes-3x20", "--count", "--format", "json"},
		{"list"},
		{"enumerate", "--lattice", "square", "--order", "4", "--list"},
	} {
		var stderr bytes.Buffer
		got := runContext(context.Background(), args, fullWriter{}, &stderr)
		if got == 0 || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("polyspec %s to a full disk: status %d, stderr %q", strings.Join(args, " "), got, stderr.String())
		}
	}
}

// TestOutputFiles checks that an output file that cannot be written is
// refused before the search, and that a device is written, never replaced.
func TestOutputFiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "pentominoes-3x20", "--count", "--out", "/dev/full"}, "polyspec: --out /dev/full: write /dev/full: no space left on device\n"},
		{[]string{"solve", "pentominoes-3x20", "--svg", "/dev/full"}, "polyspec: write /dev/full: no space left on device\n"},
		{[]string{"solve", "pentominoes-3x20", "--count", "--state", filepath.Join(dir, "no", "state.json")}, "polyspec: --state " + filepath.Join(dir, "no", "state.json") + ": no directory " + filepath.Join(dir, "no") + " to write it in\n"},
		{[]string{"solve", "pentominoes-3x20", "--count", "--out", dir}, "polyspec: --out " + dir + ": " + dir + " is a directory\n"},
		{[]string{"solve", "pentominoes-3x20", "--png", filepath.Join(dir, "no", "p.png")}, "polyspec: --png " + filepath.Join(dir, "no", "p.png") + ": no directory " + filepath.Join(dir, "no") + " to write it in\n"},
		{[]string{"solve", "pentominoes-3x20", "--png", filepath.Join(dir, "p.png"), "--png-size", "100000"}, "polyspec: --png-size 100000: want from 1 to 8192 pixels\n"},
		{[]string{"compile", "pentominoes-3x20", "-o", filepath.Join(dir, "no", "p.dlx")}, "polyspec: -o " + filepath.Join(dir, "no", "p.dlx") + ": no directory " + filepath.Join(dir, "no") + " to write it in\n"},
		{[]string{"solve", "pentominoes-3x20", "--count", "--state", "/proc/x"}, "polyspec: --state /proc/x: cannot create a file in /proc: no such file or directory\n"},
	} {
		args := strings.Join(c.args, " ")
		if _, err := os.Stat("/dev/full"); err != nil && strings.Contains(args, "/dev/full") {
			continue
		}
		if _, err := os.Stat("/proc/self"); err != nil && strings.Contains(args, "/proc/") {
			continue
		}
		var stdout, stderr bytes.Buffer
		got := runContext(context.Background(), c.args, &stdout, &stderr)
		if got != 1 || stderr.String() != c.want {
			t.Errorf("polyspec %s: status %d, stderr %q, want 1, %q", strings.Join(c.args, " "), got, stderr.String(), c.want)
		}
		// Every mistake but a failed write is found before the search.
		if !strings.Contains(c.want, "write /dev/full") && stdout.Len() > 0 {
			t.Errorf("polyspec %s searched before refusing: %q", strings.Join(c.args, " "), stdout.String())
		}
	}
	if st, err := os.Stat("/dev/full"); err == nil && st.Mode()&os.ModeDevice == 0 {
		t.Fatalf("/dev/full is no longer a device: %v", st.Mode())
	}
	// Through a link, the link's target is written and the link stays.
	target := filepath.Join(dir, "target.json")
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("target.json", link); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if got := runContext(context.Background(), []string{"solve", "pentominoes-3x20", "--count", "--out", link}, &stdout, &stderr); got != 0 {
		t.Fatalf("--out through a link: status %d, %s", got, stderr.String())
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", st, err)
	}
	if b, err := os.ReadFile(target); err != nil || !bytes.Contains(b, []byte(`"solutions":2`)) {
		t.Errorf("the link's target holds %q, %v", b, err)
	}
}
