//go:build !unix

package infile

// nonBlocking is none where the system has no such flag; ReadIn still
// refuses every file that is not a regular one.
const nonBlocking = 0
