// Package process holds what the commands' main functions share about the
// process they run in: output whose write errors are not lost, and a
// context that Ctrl-C and SIGTERM cancel, with a deadline for the phases
// that do not watch it.
package process

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A Sticky writer remembers the first write error, so that output that
// fails part way, as on a full disk, ends with an error and a non-zero exit
// status even where a command does not check every write. (A closed pipe
// needs nothing of it: writing to one kills the process with SIGPIPE
// before the error comes back, which ends "cmd | head" quietly.)
type Sticky struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

// NewSticky returns a Sticky writer to w.
func NewSticky(w io.Writer) *Sticky { return &Sticky{w: w} }

func (s *Sticky) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil {
		s.mu.Lock()
		if s.err == nil {
			s.err = err
		}
		s.mu.Unlock()
	}
	return n, err
}

// Err returns the first write error, or nil.
func (s *Sticky) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Grace is how long a command has to stop on its own once interrupted,
// printing what it found so far, before Interruptible ends the process.
const Grace = time.Second

// grace is Grace, which a test lengthens to tell an unwatched phase's
// prompt end from the deadline's.
var grace = Grace

// unwatchedKey is the context key of the number of phases under way that
// do not watch the context (see Unwatched).
type unwatchedKey struct{}

// Unwatched tells the handler of Interruptible's context that a phase that
// does not watch it starts (reading and compiling a puzzle, which print
// nothing of their own when stopped), and returns the function that ends
// the phase. An interrupt during such a phase ends the process at once
// rather than after Grace, which only a search needs, to print what it has
// found so far. With a context not from Interruptible it does nothing.
func Unwatched(ctx context.Context) (end func()) {
	n, _ := ctx.Value(unwatchedKey{}).(*atomic.Int32)
	if n == nil {
		return func() {}
	}
	n.Add(1)
	var once sync.Once
	return func() { once.Do(func() { n.Add(-1) }) }
}

// pollUnwatched is how often the handler looks whether an unwatched phase
// has started while it waits for a search to stop.
const pollUnwatched = 20 * time.Millisecond

// InterruptStatus is the exit status of an interrupted command, as a
// shell reports a process that SIGINT ended.
const InterruptStatus = 130

// Interruptible returns a context that Ctrl-C (SIGINT) and SIGTERM
// cancel. A search watches it and stops at once; a phase that does not
// (reading, compiling, splitting) is cut short: at once when it says so
// (Unwatched), else Grace after the signal, or at a second one, the
// process exits with InterruptStatus after telling stderr. stop releases
// the signals.
func Interruptible(name string, stderr io.Writer) (ctx context.Context, stop func()) {
	unwatched := new(atomic.Int32)
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), unwatchedKey{}, unwatched))
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
		case <-done:
			return
		}
		cancel()
		deadline := time.After(grace)
		poll := time.NewTicker(pollUnwatched)
	wait:
		for unwatched.Load() == 0 {
			select {
			case <-sigs:
				break wait
			case <-deadline:
				break wait
			case <-poll.C:
			case <-done:
				return
			}
		}
		fmt.Fprintf(stderr, "%s: interrupted\n", name)
		os.Exit(InterruptStatus)
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(sigs)
			close(done)
			cancel()
		})
	}
}

// Main runs a command that searches as the process: Ctrl-C and SIGTERM
// cancel its context (see Interruptible), standard output is Sticky, and
// run's status is the exit status, or 2 when the output could not be
// written (unless the run was interrupted).
func Main(name string, run func(ctx context.Context, args []string, stdout, stderr io.Writer) int) {
	ctx, stop := Interruptible(name, os.Stderr)
	out := NewSticky(os.Stdout)
	code := run(ctx, os.Args[1:], out, os.Stderr)
	stop()
	if err := out.Err(); err != nil && code != InterruptStatus {
		fmt.Fprintln(os.Stderr, name+": writing the output:", err)
		code = 2
	}
	os.Exit(code)
}
