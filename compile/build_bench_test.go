package compile_test

import (
	"testing"
	"time"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// BenchmarkBuild compiles catalogue puzzles and finds their symmetries, as
// polyspec compile does before it writes the problem: the largest board of
// the catalogue (1141 cubes, 2.4 million placements) and a small one.
//
//	go test ./compile -run '^$' -bench Build -benchtime 1x
func BenchmarkBuild(b *testing.B) {
	for _, name := range []string{"polycubes-56-crystal-1", "solid-pentominoes-3x4x5", "pentominoes-6x10"} {
		b.Run(name, func(b *testing.B) {
			s := catalogueSpec(b, name)
			for b.Loop() {
				pz, err := compile.FromSpec(s)
				if err != nil {
					b.Fatal(err)
				}
				pz.Symmetries()
			}
		})
	}
}

// BenchmarkBuildCatalogue builds every polyform puzzle of the catalogue as
// polyspec solve does before its search starts: compile, the symmetries
// of a unique spec and the problem reduced by them. It reports the
// slowest puzzle's time (issue 14 asks for well under a second each) and
// logs its name.
//
//	go test ./compile -run '^$' -bench BuildCatalogue -benchtime 1x -v
func BenchmarkBuildCatalogue(b *testing.B) {
	var specs []*spec.Spec
	for _, e := range puzzles.Entries() {
		s, err := spec.LoadFS(puzzles.FS, e.Path)
		if err != nil {
			b.Fatal(err)
		}
		if s.Kind.V != "sudoku" {
			specs = append(specs, s)
		}
	}
	for b.Loop() {
		var slowest time.Duration
		var name string
		for _, s := range specs {
			start := time.Now()
			pz, err := compile.FromSpec(s)
			if err != nil {
				b.Fatal(err)
			}
			var group []cover.Symmetry
			if s.Unique.V {
				group = pz.Symmetries()
			}
			if _, err := cover.NewDistinct(pz.Problem, group); err != nil {
				b.Fatal(err)
			}
			if d := time.Since(start); d > slowest {
				slowest, name = d, s.Name.V
			}
		}
		b.ReportMetric(slowest.Seconds(), "s/slowest")
		b.Logf("%d puzzles, the slowest %s in %.2f s", len(specs), name, slowest.Seconds())
	}
}
