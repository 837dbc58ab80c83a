package progress

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		name    string
		s       Status
		elapsed time.Duration
		want    string
	}{
		{"time only", Status{Solutions: -1}, 3 * time.Second, "0:00:03"},
		{"solutions", Status{Solutions: 12}, 61 * time.Second, "12 solutions, 0:01:01"},
		{"speed", Status{Solutions: 0, Nodes: 4_800_000}, 2 * time.Second, "0 solutions, 2.40M nodes/s, 0:00:02"},
		{"slow", Status{Solutions: -1, Nodes: 150}, 3 * time.Second, "50 nodes/s, 0:00:03"},
		{"parts, none finished", Status{Solutions: 5, Total: 256}, time.Hour, "5 solutions, 1:00:00, 0/256 parts"},
		{"parts and time left", Status{Solutions: 5, Nodes: 1e9, Done: 64, Total: 256}, 10 * time.Second,
			"5 solutions, 100M nodes/s, 0:00:10, 64/256 parts, about 0:00:30 left"},
		// A resumed run's speed and estimate are its own: 32 parts and
		// 2e9 nodes were done before it.
		{"resumed", Status{Solutions: 5, Nodes: 3e9, ResumedNodes: 2e9, Done: 64, Resumed: 32, Total: 256}, 10 * time.Second,
			"5 solutions, 100M nodes/s, 0:00:10, 64/256 parts, about 0:01:00 left"},
		// With weights the estimate goes by the share of the weight done:
		// a quarter of the parts, but half of the work.
		{"weighted", Status{Solutions: 5, Nodes: 1e9, Done: 64, Total: 256, Weight: 1000, DoneWeight: 500}, 10 * time.Second,
			"5 solutions, 100M nodes/s, 0:00:10, 64/256 parts, about 0:00:10 left"},
		{"weighted and resumed", Status{Solutions: 5, Nodes: 3e9, ResumedNodes: 2e9, Done: 64, Resumed: 32, Total: 256,
			Weight: 1000, DoneWeight: 600, ResumedWeight: 400}, 10 * time.Second,
			"5 solutions, 100M nodes/s, 0:00:10, 64/256 parts, about 0:00:20 left"},
		{"weighted, none finished by this run", Status{Solutions: 5, Done: 32, Resumed: 32, Total: 256, Weight: 1000, DoneWeight: 400, ResumedWeight: 400},
			10 * time.Second, "5 solutions, 0:00:10, 32/256 parts"},
		// The weights finished may add up to a little less than Weight.
		{"weighted, all done", Status{Solutions: 5, Done: 256, Total: 256, Weight: 1, DoneWeight: 1 - 1e-16}, 10 * time.Second,
			"5 solutions, 0:00:10, 256/256 parts, about 0:00:00 left"},
		{"unit", Status{Label: "gallery", Solutions: -1, Done: 3, Total: 12, Unit: "puzzles"}, 6 * time.Second,
			"gallery: 0:00:06, 3/12 puzzles, about 0:00:18 left"},
		{"label", Status{Label: "pentominoes-6x10 distinct", Solutions: -1, Nodes: 12_345}, time.Second,
			"pentominoes-6x10 distinct: 12.3k nodes/s, 0:00:01"},
	} {
		if got := Format(c.s, c.elapsed); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestFit(t *testing.T) {
	long := "12345 solutions, 2.40M nodes/s, 0:01:05, 95/256 parts, about 0:01:50 left"
	for _, c := range []struct {
		line  string
		width int
		want  string
	}{
		{long, 120, long},
		{long, len(long) + 1, long},
		{long, len(long), long[:len(long)-2] + "…"},
		{long, 20, "12345 solutions, 2…"},
		{long, 0, long}, // unknown: 80 columns
		{strings.Repeat("x", 100), 0, strings.Repeat("x", 78) + "…"},
		{"ünïcödé", 5, "ünï…"},
		{long, 2, "…"},
		{long, 1, ""},
	} {
		got := Fit(c.line, c.width)
		if got != c.want {
			t.Errorf("Fit(%q, %d) = %q, want %q", c.line, c.width, got, c.want)
		}
		if c.width > 0 && len([]rune(got)) >= c.width {
			t.Errorf("Fit(%q, %d) = %q: reaches the last column", c.line, c.width, got)
		}
	}
}

func TestSI(t *testing.T) {
	for x, want := range map[float64]string{0: "0", 999: "999", 1000: "1.00k", 12_345: "12.3k", 999_999: "1000k", 2.5e6: "2.50M", 123e9: "123G"} {
		if got := si(x); got != want {
			t.Errorf("si(%g) = %q, want %q", x, got, want)
		}
	}
}

// TestLine draws the line within the terminal's width, writes through the
// erasing writer, and stops.
func TestLine(t *testing.T) {
	var screen bytes.Buffer
	l := New(&screen, true)
	l.width = func() int { return 12 }
	out := l.Writer(&screen)
	polled := make(chan struct{}, 1)
	stop := l.Show(func() Status {
		select {
		case polled <- struct{}{}:
		default:
		}
		return Status{Solutions: 7}
	})
	<-polled
	time.Sleep(Interval / 10) // the drawing follows the poll
	io.WriteString(out, "solution\n")
	stop()
	stop() // twice is harmless
	got := screen.String()
	if !strings.HasPrefix(got, "\r\033[K7 solution…\r") || !strings.Contains(got, "\r\033[Ksolution\n") {
		t.Errorf("screen %q: want the line, erased before the solution", got)
	}
	if !strings.HasSuffix(got, "\r\033[K") && !strings.HasSuffix(got, "solution\n") {
		t.Errorf("screen %q: the line is left behind", got)
	}
}

// TestOff checks that a line that is off writes nothing and passes writes
// through.
func TestOff(t *testing.T) {
	var screen, out bytes.Buffer
	l := New(&screen, false)
	stop := l.Show(func() Status { t.Error("polled a line that is off"); return Status{} })
	io.WriteString(l.Writer(&out), "x")
	stop()
	if screen.Len() != 0 || out.String() != "x" {
		t.Errorf("screen %q, output %q", screen.String(), out.String())
	}
}

// TestIsTerminal checks what is no terminal, though some are character
// devices.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, out := range map[string]io.Writer{"a buffer": new(bytes.Buffer), os.DevNull: null, "a file": file, "a pipe": w} {
		if IsTerminal(out) {
			t.Errorf("%s is a terminal", name)
		}
	}
}
