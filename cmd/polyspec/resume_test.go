package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// call runs a command line in this process under ctx and returns its exit
// status and output.
func call(ctx context.Context, args ...string) (code int, stdout, stderr string) {
	var out, errs bytes.Buffer
	code = runContext(ctx, args, &out, &errs)
	return code, out.String(), errs.String()
}

// closing matches the figures of solve's and merge's closing line.
var closing = regexp.MustCompile(`(?m)^(\d+ solutions, \d+ searches), duration `)

// counted returns the closing line's figures.
func counted(t *testing.T, stdout string) string {
	t.Helper()
	m := closing.FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no closing line in %q", stdout)
	}
	return m[1]
}

// TestResumeInterrupted interrupts 'solve --count --state' at random
// moments, as Ctrl-C does, and resumes it with a random number of workers
// until it is through: the count and the searches must be those of one
// uninterrupted search, however the interruptions fell. Odd trials do it
// to each of three shards, then merge them.
func TestResumeInterrupted(t *testing.T) {
	const puzzle = "pentominoes-4x15" // 368 distinct solutions, some filtered as images
	start := time.Now()
	code, out, errs := call(context.Background(), "solve", puzzle, "--count", "--workers", "1")
	full := time.Since(start)
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errs)
	}
	want := counted(t, out)
	r := rand.New(rand.NewPCG(7, 8))
	interrupts := 0
	// Four trials at least; more, up to sixteen, while too few runs were
	// interrupted inside their search: on a fast machine a short search
	// may end before most of the drawn moments.
	for trial := 0; trial < 4 || interrupts < 4 && trial < 16; trial++ {
		dir := t.TempDir()
		shards := []string{""}
		if trial%2 == 1 {
			shards = []string{"0/3", "1/3", "2/3"}
		}
		var parts []string
		for i, shard := range shards {
			state := filepath.Join(dir, fmt.Sprintf("state-%d.json", i))
			args := []string{"solve", puzzle, "--count", "--state", state, "--resume"}
			if shard != "" {
				parts = append(parts, filepath.Join(dir, fmt.Sprintf("part-%d.json", i)))
				args = append(args, "--shard", shard, "--out", parts[i])
			}
			for run := 0; ; run++ {
				if run == 100 {
					t.Fatalf("trial %d, shard %q: still not through after %d runs", trial, shard, run)
				}
				// The delays are drawn against the time of a whole run,
				// so that they fall inside the search on a fast machine
				// as on a slow one, and they grow, so that every search
				// ends at last.
				delay := time.Duration(r.Int64N(int64(full) * int64(2+run) / 2))
				ctx, cancel := context.WithCancel(context.Background())
				timer := time.AfterFunc(delay, cancel)
				workers := strconv.Itoa(1 + r.IntN(3))
				code, out, errs := call(ctx, append(args, "--workers", workers)...)
				timer.Stop()
				cancel()
				if code == 130 {
					// A run stopped before its search began has nothing
					// to record; any other says where its record is.
					_, serr := os.Stat(state)
					if !strings.Contains(out, "Session interrupted by user.") || strings.Contains(errs, "--resume goes on with it") != (serr == nil) {
						t.Errorf("interrupted run: stdout %q, stderr %q, state file error %v", out, errs, serr)
					}
					if serr == nil {
						interrupts++
					}
					continue
				}
				if code != 0 {
					t.Fatalf("trial %d, shard %q: exit status %d: %s", trial, shard, code, errs)
				}
				if shard == "" {
					if got := counted(t, out); got != want {
						t.Errorf("trial %d, after %d interruptions: %s, want %s", trial, run, got, want)
					}
				}
				break
			}
		}
		if parts != nil {
			code, out, errs := call(context.Background(), append([]string{"merge"}, parts...)...)
			if code != 0 {
				t.Fatalf("trial %d: merge: exit status %d: %s", trial, code, errs)
			}
			if got := counted(t, out); got != want {
				t.Errorf("trial %d: the shards merge to %s, want %s", trial, got, want)
			}
		}
	}
	if interrupts < 4 {
		t.Errorf("only %d runs were interrupted after their search began: the test proves little", interrupts)
	}
	t.Logf("%d runs interrupted after their search began", interrupts)
}
