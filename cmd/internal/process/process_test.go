package process

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// childEnv makes the test binary a child that TestUnwatchedEndsAtOnce
// interrupts.
const childEnv = "PROCESS_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		// An interrupt would have an hour to end a watched phase: only an
		// unwatched one ends the child before the parent gives up.
		grace = time.Hour
		ctx, _ := Interruptible("child", os.Stderr)
		Unwatched(ctx)
		fmt.Println("ready")
		select {}
	}
	os.Exit(m.Run())
}

// TestUnwatchedEndsAtOnce interrupts a child in an unwatched phase, which
// must end at the signal with status 130, not Grace later.
func TestUnwatchedEndsAtOnce(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
		cmd.Process.Kill()
		t.Fatalf("child said %q, %v", line, err)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the child waited out its grace instead of ending at the signal")
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != InterruptStatus || stderr.String() != "child: interrupted\n" {
		t.Errorf("child ended with %v, stderr %q; want status 130 and child: interrupted", err, stderr.String())
	}
}

// TestUnwatchedCounts checks that a phase counts until it ends, however
// often its end is called, and that a context not from Interruptible
// takes none.
func TestUnwatchedCounts(t *testing.T) {
	ctx, stop := Interruptible("test", os.Stderr)
	defer stop()
	n := ctx.Value(unwatchedKey{}).(*atomic.Int32)
	end := Unwatched(ctx)
	inner := Unwatched(ctx)
	if got := n.Load(); got != 2 {
		t.Errorf("two phases under way count %d", got)
	}
	end()
	end()
	if got := n.Load(); got != 1 {
		t.Errorf("one phase ended twice: %d under way, want 1", got)
	}
	inner()
	if got := n.Load(); got != 0 {
		t.Errorf("all ended: %d under way", got)
	}
	Unwatched(context.Background())()
}
