// Package progress draws the live status line of the commands' long runs:
// one line on a terminal's standard error, redrawn a few times a second
// with the solutions found so far, the search speed, the time taken and,
// when the search reports how much of it is done, an estimate of the time
// left. Everything here does nothing when the line is off (standard error
// is not a terminal, or --quiet), so callers need not check. On a terminal
// the line is cut to the terminal's width, measured at each redraw.
package progress

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/polyspec/polyspec/cover"
	"golang.org/x/term"
)

// Status is what the line shows, polled from the search. Zero fields are
// left out.
type Status struct {
	// Label names what is being searched, when a command runs several
	// searches (verify).
	Label string
	// Solutions is the number found so far; negative leaves it out, for
	// searches that count without finding solutions one by one.
	Solutions int64
	// Nodes counts the nodes searched so far, of which ResumedNodes were
	// searched before this run (by the run a resumed state comes from), so
	// that the speed is this run's own.
	Nodes, ResumedNodes int64
	// Done and Total count the independent parts of the search, of which
	// Resumed were done before this run: without weights, the estimate of
	// the time left assumes the parts left take as long on average as
	// those this run has finished.
	Done, Total, Resumed int
	// Unit names what Done and Total count: "parts" unless given (the
	// puzzles of a gallery, the files of an import).
	Unit string
	// Weight is the estimated size of all the parts, DoneWeight that of
	// the parts done and ResumedWeight that of the parts done before this
	// run (cover.Progress's fields of those names). With a Weight, the
	// estimate of the time left goes by the weight rather than the number
	// of parts, which differ in size by a factor of a hundred or more.
	Weight, DoneWeight, ResumedWeight float64
	// Since is when the search started; zero means when the line was
	// shown.
	Since time.Time
}

// Interval is how often the line is redrawn. The first drawing waits for
// firstAfter, so that a quick run shows no line at all.
const (
	Interval   = 250 * time.Millisecond
	firstAfter = 500 * time.Millisecond
)

// defaultWidth is the width of a terminal that does not tell its own.
const defaultWidth = 80

// A Line is a status line on w. Its methods are safe for concurrent use;
// a nil Line is off.
type Line struct {
	w io.Writer
	// width is the terminal's width in columns, 0 when it is unknown.
	width func() int
	mu    sync.Mutex
	shown bool // the line is on the screen
}

// New returns the status line on w, or nil (a line that is off) unless on.
func New(w io.Writer, on bool) *Line {
	if !on {
		return nil
	}
	l := &Line{w: w, width: func() int { return 0 }}
	if f, ok := w.(*os.File); ok {
		l.width = func() int {
			width, _, err := term.GetSize(int(f.Fd()))
			if err != nil {
				return 0
			}
			return width
		}
	}
	return l
}

// Show draws the line from poll every Interval until stop is called; stop
// erases it and returns once it is gone, so that whatever is printed next
// starts on a clean line.
func (l *Line) Show(poll func() Status) (stop func()) {
	if l == nil {
		return func() {}
	}
	start := time.Now()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(Interval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-t.C:
				if now.Sub(start) < firstAfter {
					continue
				}
				s := poll()
				since := start
				if !s.Since.IsZero() {
					since = s.Since
				}
				l.draw(Format(s, now.Sub(since)))
			}
		}
	})
	var once sync.Once
	return func() {
		once.Do(func() {
			close(done)
			wg.Wait()
			l.erase()
		})
	}
}

func (l *Line) draw(text string) {
	text = Fit(text, l.width())
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "\r\033[K%s", text)
	l.shown = true
}

func (l *Line) erase() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.eraseLocked()
}

func (l *Line) eraseLocked() {
	if l.shown {
		io.WriteString(l.w, "\r\033[K")
		l.shown = false
	}
}

// Writer returns w made to erase the line before each write, so that
// output to the same terminal (solutions on standard output, messages on
// standard error) never lands after the status text. The line comes back
// at its next redraw.
func (l *Line) Writer(w io.Writer) io.Writer {
	if l == nil {
		return w
	}
	return &erasing{l, w}
}

type erasing struct {
	l *Line
	w io.Writer
}

func (e *erasing) Write(b []byte) (int, error) {
	e.l.mu.Lock()
	defer e.l.mu.Unlock()
	e.l.eraseLocked()
	return e.w.Write(b)
}

// Format writes a status as the line shows it after elapsed, for
// example
//
//	1234 solutions, 2.4M nodes/s, 0:01:05, 95/256 parts, about 0:01:50 left
func Format(s Status, elapsed time.Duration) string {
	var f []string
	if s.Label != "" {
		f = append(f, s.Label+":")
	}
	if s.Solutions >= 0 {
		f = append(f, fmt.Sprintf("%d solutions,", s.Solutions))
	}
	if sec := elapsed.Seconds(); s.Nodes > s.ResumedNodes && sec > 0 {
		f = append(f, si(float64(s.Nodes-s.ResumedNodes)/sec)+" nodes/s,")
	}
	f = append(f, clock(elapsed))
	if s.Total > 0 {
		f[len(f)-1] += ","
		unit := s.Unit
		if unit == "" {
			unit = "parts"
		}
		f = append(f, fmt.Sprintf("%d/%d %s", s.Done, s.Total, unit))
		if left, ok := Left(s, elapsed); ok {
			f[len(f)-1] += ","
			f = append(f, "about "+clock(left)+" left")
		}
	}
	return strings.Join(f, " ")
}

// Fit cuts a line to fit a terminal of width columns (defaultWidth when
// width is 0 or less), ending it with "…" when cut. It leaves the last
// column free: a line that reaches it makes some terminals wrap, and then
// "\r" no longer goes back to its start, so that every redraw would add a
// line.
func Fit(line string, width int) string {
	if width <= 0 {
		width = defaultWidth
	}
	r := []rune(line)
	switch {
	case len(r) < width:
		return line
	case width < 2:
		return ""
	}
	return string(r[:width-2]) + "…"
}

// Left estimates the time left from the share of the work this run has
// finished in elapsed: the share of the weight with a Weight, else of the
// parts. Either is a rough guide that improves as parts finish; ok is
// false before the first.
func Left(s Status, elapsed time.Duration) (left time.Duration, ok bool) {
	done, resumed, total := float64(s.Done), float64(s.Resumed), float64(s.Total)
	if s.Weight > 0 {
		done, resumed, total = s.DoneWeight, s.ResumedWeight, s.Weight
	}
	finished := done - resumed
	if finished <= 0 || s.Total <= 0 || elapsed <= 0 {
		return 0, false
	}
	if s.Done >= s.Total {
		return 0, true
	}
	return time.Duration(float64(elapsed) / finished * max(total-done, 0)), true
}

// clock writes a duration as H:MM:SS, as the closing line does.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// si writes a rate with a metric prefix and about three digits.
func si(x float64) string {
	unit := ""
	for _, p := range []struct {
		unit string
		size float64
	}{{"G", 1e9}, {"M", 1e6}, {"k", 1e3}} {
		if x >= p.size {
			x, unit = x/p.size, p.unit
			break
		}
	}
	switch {
	case unit == "" || x >= 100:
		return fmt.Sprintf("%.0f%s", x, unit)
	case x >= 10:
		return fmt.Sprintf("%.1f%s", x, unit)
	}
	return fmt.Sprintf("%.2f%s", x, unit)
}

// IsTerminal reports whether w is a terminal, where a status line helps
// rather than pollutes a log. It asks the terminal itself, so that a file,
// a pipe or a device such as /dev/null is not one.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// ShowNodes shows the line for a search that tells nothing but its nodes,
// which the backends report through the context it returns (see
// cover.CountNodes): the Pips games, whose solvers count without finding
// solutions one by one. stop is Show's.
func (l *Line) ShowNodes(ctx context.Context) (_ context.Context, stop func()) {
	if l == nil {
		return ctx, func() {}
	}
	var nodes atomic.Int64
	stop = l.Show(func() Status { return Status{Solutions: -1, Nodes: nodes.Load()} })
	return cover.CountNodes(ctx, &nodes), stop
}
