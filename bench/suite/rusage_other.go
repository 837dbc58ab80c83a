//go:build !unix

package suite

// Without getrusage, CPU time and peak memory read as zero.

func cpuSeconds() float64 { return 0 }

func maxRSS() int64 { return 0 }
