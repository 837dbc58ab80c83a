package cover_test

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// temporary tuning helper: min CPU time over runs.
func TestTune(t *testing.T) {
	name := os.Getenv("TUNE")
	if name == "" {
		t.Skip()
	}
	p := load(t, "pentominoes-6x10-unique.dlx")
	best := time.Hour
	for range 5 {
		var r0, r1 syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &r0)
		st := count(t, name, p)
		syscall.Getrusage(syscall.RUSAGE_SELF, &r1)
		d := time.Duration(r1.Utime.Nano() - r0.Utime.Nano() + r1.Stime.Nano() - r0.Stime.Nano())
		best = min(best, d)
		_ = st
	}
	t.Logf("%s: min cpu %v", name, best)
}
