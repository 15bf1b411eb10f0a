// Package cputime reads the CPU time of the process, for benchmarks that
// report work per CPU-second: on a shared machine that is a steadier
// per-core figure than the wall clock, and it counts every goroutine of
// the process (workers, garbage collector, compressors).
package cputime

import (
	"syscall"
	"time"
)

// Process returns the user and system CPU time of the process so far, or 0
// when the system does not report it.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
