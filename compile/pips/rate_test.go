package pips

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestRateNYT rates the 84 NYT puzzles and compares with the NYT's own
// labels: the thresholds of Rate were fit to them, so the table is pinned,
// and a change to the sums backend's search that moves it shows here.
func TestRateNYT(t *testing.T) {
	// agree[label][rating] counts the puzzles.
	agree := map[string]map[string]int{}
	for _, tc := range nytCases(t) {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		g, err := ReadNYT(tc.file, data, tc.difficulty)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Compile(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		r, err := c.Rate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if r.Solutions != tc.count {
			t.Errorf("%s %s: rated with %d solutions, want %d", tc.file, tc.difficulty, r.Solutions, tc.count)
		}
		if agree[tc.difficulty] == nil {
			agree[tc.difficulty] = map[string]int{}
		}
		agree[tc.difficulty][r.Level]++
	}
	var b strings.Builder
	b.WriteString("| NYT label | rated easy | rated medium | rated hard |\n|---|---|---|---|\n")
	same := 0
	for _, label := range Difficulties {
		fmt.Fprintf(&b, "| %s |", label)
		for _, level := range Difficulties {
			fmt.Fprintf(&b, " %d |", agree[label][level])
		}
		b.WriteString("\n")
		same += agree[label][label]
	}
	t.Logf("Rate against the NYT's labels, %d of 84 the same:\n%s", same, b.String())
	want := map[string][]int{"easy": {22, 6, 0}, "medium": {2, 19, 7}, "hard": {0, 4, 24}}
	for label, counts := range want {
		got := []int{agree[label]["easy"], agree[label]["medium"], agree[label]["hard"]}
		if !slices.Equal(got, counts) {
			t.Errorf("NYT %s puzzles rated easy, medium, hard: %v, want %v", label, got, counts)
		}
	}
}
