package pips

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"
)

// The speed targets for the NYT set: each puzzle's first solution within
// nytFirstBudget, and counting every puzzle's solutions within
// nytCountBudget in all.
const (
	nytFirstBudget = 10 * time.Millisecond
	nytCountBudget = 2 * time.Second
)

// nytInput is a puzzle's file, read once so that benchmarks time reading
// the JSON, compiling and solving, not the disk.
type nytInput struct {
	name, difficulty string
	data             []byte
}

func nytInputs(b *testing.B) []nytInput {
	var out []nytInput
	for _, tc := range nytCases(b) {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, nytInput{tc.file, tc.difficulty, data})
	}
	return out
}

func (in nytInput) compile(b *testing.B) *Compiled {
	g, err := ReadNYT(in.name, in.data, in.difficulty)
	if err != nil {
		b.Fatal(err)
	}
	c, err := Compile(g, 0)
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkNYTFirst reads, compiles and solves every NYT puzzle up to its
// first solution; an op is the whole set. It reports the mean and the
// slowest puzzle, and the slowest as a share of the 10 ms target. A
// puzzle's time is its best over the iterations, so that a busy machine's
// pauses do not pass for a slow puzzle.
func BenchmarkNYTFirst(b *testing.B) {
	inputs := nytInputs(b)
	best := slices.Repeat([]time.Duration{time.Hour}, len(inputs))
	for b.Loop() {
		for i, in := range inputs {
			start := time.Now()
			c := in.compile(b)
			if _, err := c.Solve(context.Background(), "sums", func([]Placement) bool { return false }); err != nil {
				b.Fatal(err)
			}
			best[i] = min(best[i], time.Since(start))
		}
	}
	worst := slices.Max(best)
	perOp := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(perOp.Microseconds())/float64(len(inputs)), "µs/puzzle")
	b.ReportMetric(float64(worst.Microseconds()), "µs-slowest")
	b.ReportMetric(float64(worst)/float64(nytFirstBudget), "slowest/target")
}

// BenchmarkNYTCount reads, compiles and counts the solutions of every NYT
// puzzle with the sums backend, without enumerating; an op is the whole
// set. It reports the set's time as a share of the 2 s target.
func BenchmarkNYTCount(b *testing.B) {
	inputs := nytInputs(b)
	for b.Loop() {
		for _, in := range inputs {
			if _, err := in.compile(b).Solve(context.Background(), "sums", nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	perOp := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(perOp.Microseconds())/float64(len(inputs)), "µs/puzzle")
	b.ReportMetric(float64(perOp)/float64(nytCountBudget), "set/target")
}

// BenchmarkNYTBackends counts, by enumerating, the solutions of the NYT
// puzzles that every backend can solve (those whose rules exact cover
// says by itself), with each backend in turn, and reports dlx's and algx's
// times as multiples of sums's.
func BenchmarkNYTBackends(b *testing.B) {
	var plain []*Compiled
	for _, in := range nytInputs(b) {
		if c := in.compile(b); c.Regions == nil {
			plain = append(plain, c)
		}
	}
	backends := []string{"sums", "dlx", "algx"}
	spent := make([]time.Duration, len(backends))
	for b.Loop() {
		for i, name := range backends {
			start := time.Now()
			for _, c := range plain {
				if _, err := c.Solve(context.Background(), name, func([]Placement) bool { return true }); err != nil {
					b.Fatal(err)
				}
			}
			spent[i] += time.Since(start)
		}
	}
	b.ReportMetric(float64(len(plain)), "puzzles")
	for i, name := range backends[1:] {
		b.ReportMetric(float64(spent[i+1])/float64(spent[0]), name+"/sums")
	}
}
