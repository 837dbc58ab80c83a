package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("still running 30 s after the signal; stderr %q", stderr.String())
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 130 {
				t.Fatalf("ended with %v, want status 130; stderr %q", err, stderr.String())
			}
			if !bytes.Contains(stderr.Bytes(), []byte("polyspec: interrupted")) {
				t.Errorf("stderr %q does not say it was interrupted", stderr.String())
			}
			t.Logf("stopped %v after the signal", time.Since(sent).Round(time.Millisecond))
		})
	}
}
