// Package docs holds the data of polyspec's documentation that programs
// read as well: the measured times of the catalogue's puzzles.
package docs

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

// CatalogueTimes is catalogue-times.tsv: polyspec's CPU time of each
// catalogue puzzle, a count's or the first solution's (its header says how
// they were measured).
//
//go:embed catalogue-times.tsv
var CatalogueTimes string

// A Timing is a puzzle's line of a times file.
type Timing struct {
	// What is what was timed: "count", or "first" (the first solution).
	What string
	// Seconds are the CPU seconds, as written.
	Seconds string
	// Over marks a run stopped at Seconds without an answer.
	Over bool
}

// String is the timing as people read it: "1.25 s, count", "over 5 s,
// first".
func (t Timing) String() string {
	s := t.Seconds + " s, " + t.What
	if t.Over {
		s = "over " + s
	}
	return s
}

// ParseTimes reads the text of a times file, named file in its errors,
// into each puzzle's timing. Each line holds a puzzle's name, what was
// timed (count or first) and its CPU seconds, separated by tabs; "over"
// before the seconds marks a run stopped at that limit. Blank lines and
// lines starting with # are skipped.
func ParseTimes(file, text string) (map[string]Timing, error) {
	times := map[string]Timing{}
	for i, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(why string) error { return fmt.Errorf("%s:%d:1: %s", file, i+1, why) }
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, bad(fmt.Sprintf("want 3 tab-separated fields (name, count or first, seconds), got %d", len(f)))
		}
		name, what, secs := f[0], f[1], f[2]
		if what != "count" && what != "first" {
			return nil, bad(fmt.Sprintf("want count or first as what was timed, got %q", what))
		}
		seconds, over := strings.CutPrefix(secs, "over ")
		if v, err := strconv.ParseFloat(seconds, 64); err != nil || v < 0 {
			return nil, bad(fmt.Sprintf("want seconds (a number, or \"over\" and one), got %q", secs))
		}
		if _, dup := times[name]; dup {
			return nil, bad(fmt.Sprintf("%s is timed twice", name))
		}
		times[name] = Timing{What: what, Seconds: seconds, Over: over}
	}
	return times, nil
}
