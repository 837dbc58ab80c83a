package compile_test

import (
	"fmt"
	"testing"

	"github.com/polyspec/polyspec/compile"
)

// faqCounts are the tables of the FAQ's "How many of each type of polyform
// are there?": free and one-sided counts by order (one count for polycubes,
// which are never turned over).
var faqCounts = []struct {
	lattice        string
	free, oneSided []int
}{
	{"square", []int{1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655}, []int{1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189}},
	{"iamond", []int{1, 1, 1, 3, 4, 12, 24, 66, 160, 448, 1186}, []int{1, 1, 1, 4, 6, 19, 43, 120, 307, 866, 2336}},
	{"hex", []int{1, 1, 3, 7, 22, 82, 333, 1448}, []int{1, 1, 3, 10, 33, 147, 620, 2821}},
	{"cubic", []int{1, 1, 2, 8, 29, 166, 1023, 6922}, nil},
	{"stick", []int{1, 2, 5, 16, 55, 222, 950}, []int{1, 2, 7, 25, 99, 416, 1854}},
	{"trig", []int{1, 3, 12, 60, 375, 2613}, []int{1, 3, 19, 104, 719, 5123}},
	{"twig", []int{1, 1, 3, 4, 12, 27, 78}, []int{1, 1, 4, 6, 19, 49, 143}},
}

// TestEnumerateMatchesFAQ checks every row of the FAQ's tables.
func TestEnumerateMatchesFAQ(t *testing.T) {
	for _, c := range faqCounts {
		l, err := compile.LatticeByName(c.lattice)
		if err != nil {
			t.Fatal(err)
		}
		for _, side := range []struct {
			oneSided bool
			want     []int
		}{{false, c.free}, {true, c.oneSided}} {
			if side.want == nil {
				continue
			}
			levels, err := compile.EnumerateUpTo(l, len(side.want), side.oneSided)
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range side.want {
				if got := len(levels[i]); got != want {
					t.Errorf("%s order %d one-sided=%v: got %d, want %d", c.lattice, i+1, side.oneSided, got, want)
				}
			}
		}
	}
}

// BenchmarkEnumerate times the largest row of each table.
func BenchmarkEnumerate(b *testing.B) {
	for _, c := range faqCounts {
		l, _ := compile.LatticeByName(c.lattice)
		b.Run(fmt.Sprintf("%s/%d", c.lattice, len(c.free)), func(b *testing.B) {
			for b.Loop() {
				if _, err := compile.Enumerate(l, len(c.free), false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestEnumerateRejects(t *testing.T) {
	cubic, _ := compile.LatticeByName("cubic")
	if _, err := compile.Enumerate(cubic, 3, true); err == nil {
		t.Error("one-sided polycubes: no error")
	}
	if _, err := compile.Enumerate(cubic, 0, false); err == nil {
		t.Error("order 0: no error")
	}
}
