package record

import (
	"regexp"
	"strconv"
	"strings"
)

var (
	solvingLine = regexp.MustCompile(`^solving (\S+):`)
	statsLine   = regexp.MustCompile(`^([0-9,]+) solutions?, .*duration (?:approximately )?(.*)$`)
	cutShort    = regexp.MustCompile(`(?i)interrupted|limit reached`)
)

// Solving is the name the first "solving NAME:" line of a solution file
// gives, Polyform Puzzler's class of the puzzle, or "".
func Solving(data []byte) string {
	for l := range strings.Lines(string(data)) {
		if m := solvingLine.FindStringSubmatch(l); m != nil {
			return m[1]
		}
	}
	return ""
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
