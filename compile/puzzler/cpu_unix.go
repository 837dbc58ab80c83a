//go:build unix

package puzzler

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, user and system, so
// that a count's budget does not depend on how busy the machine is.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return time.Duration(time.Now().UnixNano()) // wall time, as elsewhere
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
