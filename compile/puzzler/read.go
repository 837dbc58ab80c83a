package puzzler

import (
	"bytes"
	"fmt"

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
	f.matrix = record.Solving(data)
	c, _ := record.ReadClosing(data)
	f.count, f.complete = c.Count, c.Complete
	return f, nil
}
