package compile_test

import (
	"testing"

	"github.com/polyspec/polyspec/compile"
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
