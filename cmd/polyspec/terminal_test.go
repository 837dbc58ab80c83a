//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// openTerminal opens a pseudo-terminal of 24 rows of 80 columns: the
// terminal side for a command, and the side that reads what it shows.
func openTerminal(t *testing.T) (screen, term *os.File) {
	t.Helper()
	screen, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(screen.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetUint32(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	term, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetWinsize(int(term.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 80}); err != nil {
		t.Fatal(err)
	}
	return screen, term
}

// screenText is what a terminal shows of what it was sent: of each line,
// what follows its last carriage return, which the status line writes to
// draw itself anew (the terminal sends a line's end as "\r\n").
func screenText(sent string) string {
	var lines []string
	for _, l := range strings.Split(sent, "\n") {
		l = strings.TrimSuffix(l, "\r")
		if i := strings.LastIndex(l, "\r"); i >= 0 {
			l = l[i+1:]
		}
		lines = append(lines, strings.ReplaceAll(l, "\x1b[K", ""))
	}
	return strings.Join(lines, "\n")
}

// TestFirstCommandOnATerminal runs the README's first command on a
// terminal, as a newcomer does, and wants one screen: the first solution
// drawn and the count, not the records of every solution.
func TestFirstCommandOnATerminal(t *testing.T) {
	screen, term := openTerminal(t)
	defer screen.Close()
	cmd := polyspecCommand(t, "solve", "pentominoes-6x10")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = term, term, term
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	term.Close()
	var shown bytes.Buffer
	// Reading the screen ends in EIO once the command has closed the
	// terminal.
	if _, err := io.Copy(&shown, screen); err != nil && !errors.Is(err, syscall.EIO) {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %s", err, shown.String())
	}
	text := screenText(shown.String())
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) > 24 {
		t.Errorf("%d lines, more than a screen of 24:\n%s", len(lines), text)
	}
	for _, want := range []string{"solution 1:\n", "\n2339 solutions, ", "(the first of 2339 solutions shown; "} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in what the terminal shows:\n%s", want, text)
		}
	}
	if strings.Contains(text, "0,0") {
		t.Errorf("the terminal shows records:\n%s", text)
	}
}
