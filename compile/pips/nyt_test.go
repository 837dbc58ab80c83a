package pips

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// nytCase is one puzzle of the NYT set and its known number of solutions.
type nytCase struct {
	file, difficulty string
	count            int64
}

// nytCases reads solution_counts.csv.
func nytCases(t testing.TB) []nytCase {
	f, err := os.Open("testdata/nyt/solution_counts.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []nytCase
	for _, row := range rows[1:] {
		n, err := strconv.ParseInt(row[2], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, nytCase{filepath.Join("testdata/nyt", row[0]+".json"), row[1], n})
	}
	if len(out) != 84 {
		t.Fatalf("%d puzzles in solution_counts.csv, want 28 days of 3", len(out))
	}
	return out
}

// rawPuzzle is a NYT puzzle as encoding/json reads it, for checking
// solutions without any of the code under test.
type rawPuzzle struct {
	Dominoes [][2]int
	Regions  []struct {
		Indices [][2]int
		Type    string
		Target  int
	}
}

// checkNYT checks a solution against the puzzle's raw JSON: each domino
// used once on two neighbouring cells with its pips, every cell of the
// board covered once, and every region's rule as the NYT states it.
func checkNYT(t *testing.T, name string, raw rawPuzzle, sol []Placement) {
	t.Helper()
	pips := map[[2]int]int{} // [row, col] -> pips
	used := map[int]bool{}
	for _, p := range sol {
		d := raw.Dominoes[p.Piece]
		if used[p.Piece] || len(p.Cells) != 2 {
			t.Fatalf("%s: domino %d used twice or not a domino", name, p.Piece)
		}
		used[p.Piece] = true
		a, b := p.Cells[0], p.Cells[1]
		if dx, dy := a.Col-b.Col, a.Row-b.Row; dx*dx+dy*dy != 1 {
			t.Fatalf("%s: domino %v on cells that do not touch", name, d)
		}
		if [2]int{a.Pips, b.Pips} != d && [2]int{b.Pips, a.Pips} != d {
			t.Fatalf("%s: domino %v shows %d and %d", name, d, a.Pips, b.Pips)
		}
		for _, c := range p.Cells {
			if _, twice := pips[[2]int{c.Row, c.Col}]; twice {
				t.Fatalf("%s: cell %v covered twice", name, c.Point)
			}
			pips[[2]int{c.Row, c.Col}] = c.Pips
		}
	}
	cells := 0
	for _, r := range raw.Regions {
		var vals []int
		sum := 0
		for _, ix := range r.Indices {
			v, ok := pips[ix]
			if !ok {
				t.Fatalf("%s: cell %v not covered", name, ix)
			}
			vals = append(vals, v)
			sum += v
			cells++
		}
		distinct := len(slices.Compact(slices.Sorted(slices.Values(vals))))
		ok := map[string]bool{
			"sum": sum == r.Target, "less": sum < r.Target, "greater": sum > r.Target,
			"equals": distinct == 1, "unequal": distinct == len(vals), "empty": true,
		}[r.Type]
		if !ok {
			t.Fatalf("%s: region %s %d holds %v", name, r.Type, r.Target, vals)
		}
	}
	if cells != len(pips) || len(used) != len(raw.Dominoes) {
		t.Fatalf("%s: %d cells covered, board has %d; %d of %d dominoes used", name, len(pips), cells, len(used), len(raw.Dominoes))
	}
}

// TestNYT solves every NYT puzzle: the first solution must meet every rule,
// checked against the raw JSON, and the number of solutions must be the
// known one, counted without enumerating and by enumerating. Puzzles whose
// rules exact cover says by itself (no sum on two cells or more) are also
// solved with dlx and algx.
func TestNYT(t *testing.T) {
	plain := 0
	for _, tc := range nytCases(t) {
		name := tc.file + " " + tc.difficulty
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		var file map[string]json.RawMessage
		var raw rawPuzzle
		if err := json.Unmarshal(data, &file); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(file[tc.difficulty], &raw); err != nil {
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
		backends := []string{"sums"}
		if c.Regions == nil {
			backends = append(backends, "dlx", "algx")
			plain++
		}
		for _, b := range backends {
			var first []Placement
			var n int64
			st, err := c.Solve(context.Background(), b, func(sol []Placement) bool {
				if first == nil {
					first = sol
				}
				n++
				return true
			})
			if err != nil {
				t.Fatalf("%s, %s: %v", name, b, err)
			}
			if n != tc.count || st.Solutions != tc.count {
				t.Errorf("%s, %s: enumerated %d solutions, want %d", name, b, n, tc.count)
			}
			checkNYT(t, name+", "+b, raw, first)
			count, err := c.Solve(context.Background(), b, nil)
			if err != nil || count.Solutions != tc.count {
				t.Errorf("%s, %s: counted %d (%v), want %d", name, b, count.Solutions, err, tc.count)
			}
		}
	}
	if plain == 0 {
		t.Error("no puzzle was solved with dlx and algx")
	}
}
