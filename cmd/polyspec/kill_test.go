package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"
	"time"
)

// stateEveryEnv lets the kill test make the polyspec it runs (this test
// binary) write its state every few milliseconds instead of every 10 s.
const stateEveryEnv = "POLYSPEC_TEST_STATE_EVERY"

func init() {
	if d, err := time.ParseDuration(os.Getenv(stateEveryEnv)); err == nil {
		stateEvery = d
	}
}

var closingCount = regexp.MustCompile(`(?m)^(\d+) solutions, `)

// TestKillAndResume kills a --state run with SIGKILL at random moments,
// again and again, each time resuming it with --resume, and checks that
// the run that finally ends counts exactly what an uninterrupted one
// does: a kill, even in the middle of writing the state, loses work but
// never miscounts.
func TestKillAndResume(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGKILL")
	}
	args := []string{"solve", "pentominoes-5x12", "--count", "--all", "--workers", "1"}
	whole := polyspecCommand(t, args...)
	start := time.Now()
	out, err := whole.Output()
	if err != nil {
		t.Fatal(err)
	}
	// The kills fall within most of a whole run's time, however loaded
	// the machine: a fixed window had every kill land before the first
	// state was written when the machine was busy.
	window := max(300*time.Millisecond, time.Since(start)*4/5)
	m := closingCount.FindSubmatch(out)
	if m == nil {
		t.Fatalf("no count in %q", out)
	}
	want := string(m[1])

	state := filepath.Join(t.TempDir(), "state.json")
	args = append(args, "--state", state, "--resume")
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 18))
	kills, resumed := 0, 0
	var got []byte
	for run := 0; ; run++ {
		cmd := polyspecCommand(t, args...)
		cmd.Env = append(os.Environ(), stateEveryEnv+"=5ms")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		// The first run is killed once it has written a state, so that
		// some kill is resumed from one however the timing falls; the
		// next at random moments; after 30 kills, the run finishes.
		var after <-chan time.Time
		switch {
		case run == 0:
			var stop func()
			after, stop = whenExists(state)
			defer stop()
		case run < 30:
			after = time.After(time.Duration(rnd.Int64N(int64(window))))
		}
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("run %d: %v; stderr %q", run, err, stderr.String())
			}
			got = stdout.Bytes()
		case <-after:
			cmd.Process.Kill()
			<-done
			kills++
			if _, err := os.Stat(state); err == nil {
				resumed++
			}
			continue
		}
		break
	}
	m = closingCount.FindSubmatch(got)
	if m == nil || string(m[1]) != want {
		t.Fatalf("after %d kills the run counted %q, want %s solutions", kills, got, want)
	}
	if resumed == 0 {
		t.Errorf("none of %d kills left a state to resume from", kills)
	}
	t.Logf("%d kills, %d of them after a state was written, then %s solutions as in one run", kills, resumed, want)
}

// whenExists returns a channel that receives once the file exists, and
// a function that stops looking.
func whenExists(name string) (<-chan time.Time, func()) {
	c, stop := make(chan time.Time, 1), make(chan struct{})
	go func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			if _, err := os.Stat(name); err == nil {
				c <- time.Now()
				return
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	return c, func() { close(stop) }
}
