package polygen_test

import (
	"context"
	"testing"

	"github.com/polyspec/polyspec/compile/polygen"
)

// The benchmarks' figures mean something only beside BenchmarkReference,
// one count of every solution of the 6x10 pentominoes with algx, run in
// the same process on the same, shared, machine.

func BenchmarkReference(b *testing.B) {
	pz := compileSpec(b, catalogueSpec(b, "pentominoes-6x10"))
	for b.Loop() {
		if n := countWith(b, pz, "algx", false, 0); n != 9356 {
			b.Fatalf("%d solutions, want 9356", n)
		}
	}
}

// BenchmarkFixPieces makes the 6x10 pentominoes unique by fixed pieces,
// a seed an iteration.
func BenchmarkFixPieces(b *testing.B) {
	pz := compileSpec(b, catalogueSpec(b, "pentominoes-6x10"))
	var seed uint64
	for b.Loop() {
		if _, err := polygen.FixPieces(context.Background(), pz, 0, polygen.Options{Seed: seed}); err != nil {
			b.Fatal(err)
		}
		seed++
	}
}

// BenchmarkFindBoard searches a board for the 12 pentominoes from the
// 6x10, a seed an iteration.
func BenchmarkFindBoard(b *testing.B) {
	pz := compileSpec(b, catalogueSpec(b, "pentominoes-6x10"))
	var seed uint64
	for b.Loop() {
		if _, err := polygen.FindBoard(context.Background(), pz, nil, polygen.BoardOptions{Options: polygen.Options{Seed: seed}}); err != nil {
			b.Fatal(err)
		}
		seed++
	}
}
