//go:build unix

package suite

import (
	"runtime"
	"syscall"
)

func rusage() syscall.Rusage {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru
}

// cpuSeconds returns the user and system time this process has used.
func cpuSeconds() float64 {
	ru := rusage()
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// maxRSS returns the peak resident memory of this process in kilobytes.
func maxRSS() int64 {
	n := int64(rusage().Maxrss)
	if runtime.GOOS == "darwin" {
		n /= 1024 // macOS counts bytes
	}
	return n
}
