package puzzler

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/internal/record"
)

// A solutionFile is what Import needs from a solution file.
type solutionFile struct {
	path   string
	matrix string        // the class named by the first "solving X:" line
	first  record.Record // the first solution
	// count is the number on the last closing line; complete is false when
	// the file has none, or when a notice anywhere says a run was cut
	// short: a run resumed after an interruption may not have searched
	// what it had reached before.
	count    int64
	complete bool
}

var (
	solvingLine = regexp.MustCompile(`^solving (\S+):`)
	statsLine   = regexp.MustCompile(`^([0-9,]+) solutions?, .*duration (?:approximately )?(.*)$`)
	cutShort    = regexp.MustCompile(`(?i)interrupted|limit reached`)
)

// readSolutionFile reads a solution file's first solution and its count.
func readSolutionFile(path string, data []byte) (*solutionFile, error) {
	recs, err := record.Read(bytes.NewReader(data), path, 1)
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
	for l := range strings.Lines(string(data)) {
		if m := solvingLine.FindStringSubmatch(l); m != nil {
			f.matrix = m[1]
			break
		}
	}
	c, _ := ReadClosing(data)
	f.count, f.complete = c.Count, c.Complete
	return f, nil
}

// A Closing is what a solution file's last closing line says about its
// run: the number of solutions, how long the run took as the file writes
// it ("0:19:10.133000", "3 days, 6:21:55"), and whether the run was
// complete (no notice anywhere says a run was cut short).
type Closing struct {
	Count    int64
	Duration string
	Complete bool
}

// ReadClosing reads a solution file's closing line; ok is false when it
// has none.
func ReadClosing(data []byte) (c Closing, ok bool) {
	cut := false
	for l := range strings.Lines(string(data)) {
		l = strings.TrimRight(l, "\r\n")
		if m := statsLine.FindStringSubmatch(l); m != nil {
			// A count too large for an int64 is no count.
			if n, err := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64); err == nil {
				c, ok = Closing{Count: n, Duration: m[2]}, true
			}
		}
		cut = cut || cutShort.MatchString(l)
	}
	c.Complete = ok && !cut
	return c, ok
}
