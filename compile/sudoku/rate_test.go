package sudoku

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// cands reads candidates written as a string of digits per cell.
func cands(cells ...string) []uint32 {
	out := make([]uint32, len(cells))
	for i, s := range cells {
		for _, r := range s {
			out[i] |= 1 << (r - '1')
		}
	}
	return out
}

// TestTechniques sets the candidates of a 4×4 grid's top row, every other
// cell open to every digit, and checks what one step of a technique makes
// of them.
func TestTechniques(t *testing.T) {
	lay, err := NewLayout(4, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		step     func(l *logic) int
		row      []string
		want     []string // the top row after the step
		placed   []int    // its digits after the step
		progress int
	}{
		{"a naked single", (*logic).nakedSingle, []string{"2", "1234", "1234", "1234"}, []string{"", "134", "134", "134"}, []int{2, 0, 0, 0}, 1},
		{"a hidden single", (*logic).hiddenSingle, []string{"12", "234", "234", "234"}, []string{"", "234", "234", "234"}, []int{1, 0, 0, 0}, 1},
		{"a naked pair", func(l *logic) int { return l.nakedSubset(2) }, []string{"12", "12", "123", "1234"}, []string{"12", "12", "3", "34"}, []int{0, 0, 0, 0}, 1},
		{"a hidden pair", func(l *logic) int { return l.hiddenSubset(2) }, []string{"1234", "1234", "12", "12"}, []string{"34", "34", "12", "12"}, []int{0, 0, 0, 0}, 1},
		{"no naked triple where a pair would do", func(l *logic) int { return l.nakedSubset(3) }, []string{"12", "12", "1234", "1234"}, []string{"12", "12", "1234", "1234"}, []int{0, 0, 0, 0}, 0},
		{"a naked triple", func(l *logic) int { return l.nakedSubset(3) }, []string{"12", "23", "13", "1234"}, []string{"12", "23", "13", "4"}, []int{0, 0, 0, 0}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := newLogic(lay, make([]int, 16))
			copy(l.cand, cands(c.row...))
			if got := c.step(l); got != c.progress {
				t.Errorf("progress %d, want %d", got, c.progress)
			}
			if got := l.cand[:4]; !slices.Equal(got, cands(c.want...)) {
				t.Errorf("candidates %v, want %v", got, cands(c.want...))
			}
			if got := l.grid[:4]; !slices.Equal(got, c.placed) {
				t.Errorf("digits %v, want %v", got, c.placed)
			}
		})
	}
}

// TestLockedCandidates checks both directions on a 9×9 grid: a digit kept
// to one row inside a box leaves the rest of the row (pointing), and one
// kept to one box inside a row leaves the rest of the box (claiming).
func TestLockedCandidates(t *testing.T) {
	lay, err := NewLayout(9, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		rule   []int // cells that lose digit 1 before the step
		before int   // a cell that has 1 before the step
		after  int   // and has it no longer
	}{
		// The top left box's 1 is in its top row, so the top row's
		// cells in other boxes lose it.
		{"pointing", []int{9, 10, 11, 18, 19, 20}, 5, 5},
		// The top row's 1 is in the top left box, so that box's cells
		// in other rows lose it.
		{"claiming", []int{3, 4, 5, 6, 7, 8}, 10, 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := newLogic(lay, make([]int, 81))
			for _, cell := range c.rule {
				l.cand[cell] &^= 1
			}
			if l.cand[c.before]&1 == 0 || l.locked() != 1 || l.cand[c.after]&1 != 0 {
				t.Errorf("cell %d keeps 1: %b", c.after, l.cand[c.after])
			}
		})
	}
}

// TestRateSound solves the 95 hard puzzles and some generated ones with
// the techniques and checks them against their solutions: every digit
// placed is the solution's, and no blank cell lost its solution's digit.
func TestRateSound(t *testing.T) {
	data, err := os.ReadFile("testdata/top95.txt")
	if err != nil {
		t.Fatal(err)
	}
	list, err := ReadList("top95.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	lay, err := NewLayout(9, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	puzzles := list.Puzzles
	for seed := range uint64(20) {
		g, err := lay.Generate(context.Background(), nil, GenerateOptions{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		puzzles = append(puzzles, g.Givens)
	}
	levels := map[string]int{}
	for i, givens := range puzzles {
		_, solution, _, err := lay.search(context.Background(), mustBackend(t), givens, 0)
		if err != nil {
			t.Fatal(err)
		}
		l := newLogic(lay, givens)
		for l.left > 0 {
			if _, k := l.step(); k == 0 {
				break
			}
			for c, d := range l.grid {
				if d != 0 && d != solution[c] || d == 0 && l.cand[c]&(1<<(solution[c]-1)) == 0 {
					t.Fatalf("puzzle %d, cell %d: digit %d, candidates %b, solution %d", i, c, d, l.cand[c], solution[c])
				}
			}
		}
		r, err := lay.Rate(context.Background(), givens, "dlx")
		if err != nil {
			t.Fatal(err)
		}
		if i < len(list.Puzzles) {
			levels[r.Level()]++
		}
	}
	// A list collected for being hard has no puzzle that singles solve,
	// and most stall every technique here.
	if levels["easy"] != 0 || levels["needs search"] < len(list.Puzzles)/2 {
		t.Errorf("the hard list's levels: %v", levels)
	}
}

func mustBackend(t *testing.T) cover.Backend {
	b, err := cover.Lookup("dlx")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRatingString(t *testing.T) {
	for _, c := range []struct {
		r    Rating
		want string
	}{
		{Rating{}, "easy"},
		{Rating{Uses: [numTechniques]int{HiddenSingle: 40, NakedSingle: 9}}, "easy: hidden single ×40, naked single ×9"},
		{Rating{Uses: [numTechniques]int{HiddenSingle: 40, LockedCandidates: 2}}, "medium: hidden single ×40, locked candidates ×2"},
		{Rating{Uses: [numTechniques]int{HiddenSingle: 30, LockedCandidates: 2, HiddenTriple: 1}}, "hard: hidden single ×30, locked candidates ×2, hidden triple ×1"},
		{Rating{Uses: [numTechniques]int{HiddenSingle: 3}, Left: 55, Search: cover.Stats{Nodes: 120}}, "needs search: hidden single ×3; then 55 blanks left to a search of 120 nodes"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}
