package cover_test

import (
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// benchCount counts the solutions of a test file with every backend and
// reports the rates of nodes and updates next to ns/op.
func benchCount(b *testing.B, file string, want int64) {
	p := load(b, file)
	for _, name := range cover.Finders() {
		b.Run(name, func(b *testing.B) {
			var st cover.Stats
			for b.Loop() {
				st = count(b, name, p)
			}
			if st.Solutions != want {
				b.Fatalf("got %d solutions, want %d", st.Solutions, want)
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(st.Solutions), "solutions")
			b.ReportMetric(float64(st.Nodes)/sec, "nodes/s")
			b.ReportMetric(float64(st.Updates)/sec, "updates/s")
		})
	}
}

func BenchmarkCount6x10Unique(b *testing.B) { benchCount(b, "pentominoes-6x10-unique.dlx", 2339) }

func BenchmarkCount6x10All(b *testing.B) { benchCount(b, "pentominoes-6x10.dlx", 9356) }
