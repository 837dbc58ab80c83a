package cover

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

// monominoLine is n distinct monominoes on a row of n cells, and the
// row's mirror image as a group: inclusion–exclusion counts it in
// 2^(n−8) sweeps, and the mirror fixes no tiling.
func monominoLine(n int) (*Problem, []Symmetry) {
	p := NewProblem()
	for i := range n {
		p.AddPrimary(fmt.Sprint("m", i))
	}
	for c := range n {
		p.Order = append(p.Order, p.AddPrimary(fmt.Sprint("cell", c)))
	}
	mirror := make(Symmetry, n*n)
	for m := range n {
		for c := range n {
			p.AddOption([]Entry{{Item: int32(m)}, {Item: int32(n + c)}})
			mirror[m*n+c] = int32(m*n + n - 1 - c)
		}
	}
	return p, []Symmetry{mirror}
}

// sweepCases are counts by the sweep in parts: plain sweeps, one per
// symmetry (the 4×4 and 6×6 domino tilings, 36 and 6,728 in all), and
// inclusion–exclusion (11! monomino rows, 8 parts for the identity).
func sweepCases(t *testing.T) []struct {
	name  string
	p     *Problem
	group []Symmetry
	want  int64
} {
	t.Helper()
	type c = struct {
		name  string
		p     *Problem
		group []Symmetry
		want  int64
	}
	var cases []c
	for _, d := range []struct{ n, distinct int }{{4, 8}, {6, 1000}} {
		p, group := dominoes(d.n, d.n)
		for i := range p.Items {
			p.Order = append(p.Order, i)
		}
		all := map[int]int64{4: 36, 6: 6728}[d.n]
		cases = append(cases, c{fmt.Sprintf("dominoes %dx%d all", d.n, d.n), p, nil, all},
			c{fmt.Sprintf("dominoes %dx%d distinct", d.n, d.n), p, group, int64(orbits(t, p, group))})
	}
	p, mirror := monominoLine(11)
	return append(cases, c{"monominoes all", p, nil, 39916800}, c{"monominoes distinct", p, mirror, 19958400})
}

// TestSweepResume checks that a count by the sweep that goes on from a
// state with some of its parts finished gives the count and the
// transitions of the whole count, and that a state whose sums no count
// gives (here one pushed past the bound) is refused with an error rather
// than a panic. Like a search's state, it is trusted otherwise.
func TestSweepResume(t *testing.T) {
	ctx := context.Background()
	for _, c := range sweepCases(t) {
		state := new(State)
		whole, err := countSweep(ctx, c.p, c.group, state, Shard{})
		if err != nil || whole.Solutions != c.want {
			t.Fatalf("%s: %d, %v; want %d", c.name, whole.Solutions, err, c.want)
		}
		var buf bytes.Buffer
		if err := WriteState(&buf, state); err != nil {
			t.Fatal(err)
		}
		text := buf.String()
		for _, keep := range []int{0, 1, 2} {
			back, err := ReadState(strings.NewReader(text), "state")
			if err != nil {
				t.Fatal(err)
			}
			for k := range back.done {
				if k%3 != keep {
					delete(back.done, k)
				}
			}
			st, err := countSweep(ctx, c.p, c.group, back, Shard{})
			if err != nil || st != whole {
				t.Errorf("%s, resumed with the parts ≡ %d (mod 3) done: %+v, %v; want %+v", c.name, keep, st, err, whole)
			}
		}
		altered, _ := ReadState(strings.NewReader(text), "state")
		altered.done[0] = doneSub{Sub: 0, Residue: altered.done[0].Residue + 1<<63, Bound: altered.done[0].Bound}
		if _, err := countSweep(ctx, c.p, c.group, altered, Shard{}); err == nil || !strings.Contains(err.Error(), "one count") {
			t.Errorf("%s, a residue altered: %v, want an error", c.name, err)
		}
	}
}

// TestSweepShards checks that the shards of a count by the sweep, each
// written as a part and read back, merge to the count and the
// transitions of the whole, however many the shards.
func TestSweepShards(t *testing.T) {
	ctx := context.Background()
	for _, c := range sweepCases(t) {
		whole, err := countSweep(ctx, c.p, c.group, nil, Shard{})
		if err != nil {
			t.Fatal(err)
		}
		for _, of := range []int{1, 2, 3, 7} {
			var parts []Part
			for i := range of {
				state := new(State)
				st, err := countSweep(ctx, c.p, c.group, state, Shard{i, of})
				if err != nil || of > 1 && st.Solutions != 0 {
					t.Fatalf("%s, shard %d/%d: %+v, %v", c.name, i, of, st, err)
				}
				pt, err := state.Part()
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := WritePart(&buf, pt); err != nil {
					t.Fatal(err)
				}
				if pt, err = ReadPart(&buf); err != nil {
					t.Fatalf("%s, shard %d/%d: %v", c.name, i, of, err)
				}
				parts = append(parts, pt)
			}
			got, err := Merge(parts)
			if err != nil || got.Solutions != c.want || got.Nodes != whole.Nodes {
				t.Errorf("%s in %d shards: %d solutions, %d transitions, %v; want %d, %d", c.name, of, got.Solutions, got.Nodes, err, c.want, whole.Nodes)
			}
		}
		if _, err := countSweep(ctx, c.p, c.group, nil, Shard{1, 2}); err == nil {
			t.Errorf("%s: a shard with no state to record its sums in was not refused", c.name)
		}
	}
}
