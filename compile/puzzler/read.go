package puzzler

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/emit"
)

// A solutionFile is what Import needs from a solution file.
type solutionFile struct {
	path   string
	matrix string      // the class named by the first "solving X:" line
	first  emit.Record // the first solution
	// count is the number on the last closing line; complete is false when
	// the file has none, or when a notice anywhere says a run was cut
	// short: a run resumed after an interruption may not have searched
	// what it had reached before.
	count    int64
	complete bool
}

var (
	solvingLine = regexp.MustCompile(`^solving (\S+):`)
	statsLine   = regexp.MustCompile(`^([0-9,]+) solutions?, `)
	cutShort    = regexp.MustCompile(`(?i)interrupted|limit reached`)
)

// readSolutionFile reads a solution file's first solution and its count.
func readSolutionFile(path string, data []byte) (*solutionFile, error) {
	recs, err := emit.ReadRecords(bytes.NewReader(data), path, 1)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: no solution record (expected a line \"solution 1:\")", path)
	}
	f := &solutionFile{path: path, first: recs[0]}
	if len(f.first.Pieces) == 0 {
		return nil, fmt.Errorf("%s:%d: solution %d places no pieces", path, f.first.Line, f.first.Number)
	}
	lines := strings.Split(string(data), "\n")
	cut := false
	for i, l := range lines {
		l = strings.TrimRight(l, "\r")
		if m := solvingLine.FindStringSubmatch(l); m != nil && f.matrix == "" {
			f.matrix = m[1]
		}
		if m := statsLine.FindStringSubmatch(l); m != nil {
			n, err := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: expected a solution count, found %q", path, i+1, m[1])
			}
			f.count, f.complete = n, true
		}
		cut = cut || cutShort.MatchString(l)
	}
	f.complete = f.complete && !cut
	return f, nil
}
