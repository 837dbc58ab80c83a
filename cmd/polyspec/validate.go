package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"
)

// The commands' Validate methods, which kong calls before a command runs:
// a number out of its range is refused with the flag's name and what it
// may be, never read as "no limit" or "all" (--workers=-1 is not every
// core, --max-seconds=1e308 is not a duration that wraps negative). A
// flag's own meaning stays in its help; this file only says which values
// it has.

// maxSeconds bounds a flag given in seconds: 9e9 s (about 285 years) is
// within a time.Duration, whose 2^63-1 ns is about 292 years.
const maxSeconds = 9e9

// validate is called by the Validate of each command that embeds the
// limits (kong validates commands, not embedded structs).
func (l *LimitFlags) validate() error {
	return firstError(
		atLeast("--max-cells", l.MaxCells, 0),
		atLeast("--max-placements", l.MaxPlacements, 0),
	)
}

func (c *SolveCmd) Validate() error {
	var stopAfter error
	if c.StopAfter != nil {
		stopAfter = atLeast("--stop-after", *c.StopAfter, 0)
	}
	return firstError(c.LimitFlags.validate(), stopAfter, atLeast("--workers", c.Workers, 0), apart("--out", c.Scale.Out, "--state", c.Scale.State))
}

func (c *CompileCmd) Validate() error { return c.LimitFlags.validate() }

func (c *EstimateCmd) Validate() error {
	return firstError(c.LimitFlags.validate(), atLeast("--workers", c.Workers, 0))
}

func (c *GenerateCmd) Validate() error { return atLeast("--max-placements", c.MaxPlacements, 0) }

func (c *VerifyCmd) Validate() error {
	return firstError(seconds("--max-seconds", c.MaxSeconds), atLeast("--workers", c.Workers, 0))
}

func (c *EnumerateCmd) Validate() error {
	return firstError(atLeast("--order", c.Order, 1), atLeast("--max-forms", c.MaxForms, 0))
}

func (c *RenderCmd) Validate() error { return atLeast("--stop-after", c.StopAfter, 1) }

func (c *ImportPuzzlerCmd) Validate() error {
	return firstError(c.LimitFlags.validate(), seconds("--budget", c.Budget))
}

func (c *GalleryCmd) Validate() error { return positive("--timeout", c.Timeout) }

func (c *StudioCmd) Validate() error {
	return firstError(c.LimitFlags.validate(), atLeast("--max-jobs", c.MaxJobs, 0), positive("--max-time", c.MaxTime))
}

// atLeast refuses an integer flag below lo.
func atLeast(flag string, v, lo int) error {
	if v < lo {
		return fmt.Errorf("%s %d: expected a whole number of at least %d", flag, v, lo)
	}
	return nil
}

// seconds refuses a flag in seconds that is not a number from 0 to
// maxSeconds.
func seconds(flag string, v float64) error {
	if math.IsNaN(v) || v < 0 || v > maxSeconds {
		return fmt.Errorf("%s %g: expected seconds from 0 to %g", flag, v, float64(maxSeconds))
	}
	return nil
}

// positive refuses a duration flag that is not above zero.
func positive(flag string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("%s %s: expected a duration above zero, such as 2s or 5m", flag, d)
	}
	return nil
}

// apart refuses two output flags that name one file, by two names or
// one: the second write would replace the first.
func apart(flag1, file1, flag2, file2 string) error {
	if file1 == "" || file2 == "" {
		return nil
	}
	a1, err1 := filepath.Abs(file1)
	a2, err2 := filepath.Abs(file2)
	same := err1 == nil && err2 == nil && a1 == a2
	if i1, err := os.Stat(file1); err == nil {
		if i2, err := os.Stat(file2); err == nil {
			same = same || os.SameFile(i1, i2)
		}
	}
	if same {
		return fmt.Errorf("%s %s and %s %s are the same file: give each its own", flag1, file1, flag2, file2)
	}
	return nil
}

// firstError returns the first error that is not nil.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
