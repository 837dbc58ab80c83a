package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// polyspecCommand returns a command that runs this test binary as
// polyspec (testscript.Main runs a command by the name it is called by).
func polyspecCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "polyspec")
	if err := os.Symlink(self, bin); err != nil {
		t.Fatal(err)
	}
	return exec.Command(bin, args...)
}

// TestInterruptPhases interrupts phases that run before a search: one
// that watches the context (enumerating) and one that does not
// (building the placements of a big puzzle). Both end with status 130
// soon after the signal, where they would otherwise run on for minutes.
func TestInterruptPhases(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM")
	}
	for _, c := range []struct {
		name string
		args []string
		sig  os.Signal
	}{
		{"enumerating", []string{"enumerate", "--lattice", "square", "--order", "18", "--max-forms", "0"}, syscall.SIGTERM},
		{"compiling", []string{"solve", "polycubes-56-crystal-1", "--count", "--max-placements", "0"}, os.Interrupt},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := polyspecCommand(t, c.args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(500 * time.Millisecond)
			sent := time.Now()
			signalAndWait(t, cmd, c.sig, stderr.String)
			if !bytes.Contains(stderr.Bytes(), []byte("polyspec: interrupted")) {
				t.Errorf("stderr %q does not say it was interrupted", stderr.String())
			}
			t.Logf("stopped %v after the signal", time.Since(sent).Round(time.Millisecond))
		})
	}
}

// TestInterruptVerify interrupts verify in its second count: it prints the
// first count's line, a STOP line for the one cut short, and the table of
// what it checked, then ends with status 130.
func TestInterruptVerify(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to a child")
	}
	cmd := polyspecCommand(t, "verify", "--workers", "1", "pentominoes-3x20", "one-sided-tetrasticks-5x5-diamond-lattice")
	var stdout lockedBuffer
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The 3x20 counts in milliseconds; the diamond lattice takes tens of
	// minutes.
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(stdout.String(), "pentominoes-3x20"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no count of pentominoes-3x20 in 30 s; stdout %q, stderr %q", stdout.String(), stderr.String())
		}
	}
	time.Sleep(500 * time.Millisecond)
	signalAndWait(t, cmd, os.Interrupt, stderr.String)
	for _, want := range []string{
		"ok   pentominoes-3x20 ",
		"STOP one-sided-tetrasticks-5x5-diamond-lattice    distinct interrupted after",
		"interrupted: the puzzles checked so far",
		"      all        2           2        1           0          0               0",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
		}
	}
	if want := "polyspec: interrupted after 1 of the 2 puzzles"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q lacks %q", stderr.String(), want)
	}
}

// signalAndWait sends sig to the running command and waits for it to end
// with status 130 within 30 s, failing the test otherwise; stderr tells
// what the command said.
func signalAndWait(t *testing.T, cmd *exec.Cmd, sig os.Signal, stderr func() string) {
	t.Helper()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("still running 30 s after the signal; stderr %q", stderr())
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("ended with %v, want status 130; stderr %q", err, stderr())
	}
}

// A lockedBuffer is written by the command's output copier while the test
// reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
