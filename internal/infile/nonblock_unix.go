//go:build unix

package infile

import "syscall"

// nonBlocking opens a pipe without waiting for its writer; a regular file
// ignores it.
const nonBlocking = syscall.O_NONBLOCK
