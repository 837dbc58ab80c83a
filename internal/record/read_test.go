package record

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestReadRecords(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []Piece
		omitted    []string
		dims       int
		err        string
	}{
		{
			name: "plain",
			text: "solving X:\n\nsolution 1:\n0,0 1,0 A\n! B\n\nA A\n\n",
			want: []Piece{{Name: "A", Cells: [][3]int{{0, 0, 0}, {1, 0, 0}}}}, omitted: []string{"B"}, dims: 2,
		},
		{
			name: "intersections are skipped",
			text: "solution 1 (74 searches):\n0,1,0 1,1i 1,0,1 X\n\n-X-\n\n",
			want: []Piece{{Name: "X", Cells: [][3]int{{0, 1, 0}, {1, 0, 1}}}}, dims: 3,
		},
		{
			name: "pieces that disagree on coordinates",
			text: "solution 1:\n0,0 A\n0,0,0 B\n\nA B\n\n",
			want: []Piece{{Name: "A", Cells: [][3]int{{0, 0, 0}}}, {Name: "B", Cells: [][3]int{{0, 0, 0}}}},
		},
		{
			name: "bad coordinate",
			text: "solution 1:\n0,0 1,x A\n\nA A\n\n",
			err:  "f.txt:2:5: in \"1,x\": expected a whole number, found \"x\"",
		},
		{
			name: "coordinate at the bound",
			text: "solution 1:\n1000000,-1000000 A\n\nA\n\n",
			want: []Piece{{Name: "A", Cells: [][3]int{{1000000, -1000000, 0}}}}, dims: 2,
		},
		{
			name: "coordinate past the bound",
			text: "solution 1:\n0,0 1000001,0 A\n\nA A\n\n",
			err:  "f.txt:2:5: in \"1000001,0\": coordinate 1000001 is beyond ±1000000, the limit",
		},
		{
			name: "coordinate near int64's limit",
			text: "solution 1:\n0,-9223372036854775808 A\n\nA\n\n",
			err:  "f.txt:2:1: in \"0,-9223372036854775808\": coordinate -9223372036854775808 is beyond ±1000000, the limit",
		},
		{
			name: "no solution number",
			text: "solution \n",
			err:  "f.txt:1:10: expected a solution number, found \"\"",
		},
		{
			name: "line too long",
			text: "solution 1:\n" + strings.Repeat("0,0 ", MaxLine/4+1) + "A\n\nA\n\n",
			err:  "f.txt:2: line longer than 1048576 bytes: not a solution file",
		},
		{
			name: "truncated record",
			text: "solution 1:\n0,0 1,0 A",
			err:  "f.txt:2: record of solution 1 ends before its picture",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs, err := Read(strings.NewReader(c.text), "f.txt", 1)
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("got error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil || len(recs) != 1 {
				t.Fatalf("got %v, %d records", err, len(recs))
			}
			r := recs[0]
			if !reflect.DeepEqual(r.Pieces, c.want) || !reflect.DeepEqual(r.Omitted, c.omitted) || r.Dims != c.dims {
				t.Errorf("got %v omitted %v dims %d, want %v omitted %v dims %d", r.Pieces, r.Omitted, r.Dims, c.want, c.omitted, c.dims)
			}
		})
	}
}

// FuzzReadRecords checks that Read never panics, and that what it
// reads, written back in the same format, reads the same.
func FuzzReadRecords(f *testing.F) {
	for _, s := range []string{
		"solving X:\n\nsolution 1:\n0,0 1,0 A\n! B\n\nA A\n\n1 solutions, 5 searches, duration 0:00:00.000001\n",
		"solution 1 (74 searches):\n0,1,0 1,1i 1,0,1 X\n\n-X-\n\n",
		"solution 2:\n0,0,0 1,0,0 A\n0,0,1 B\n\npic\n\nsolution 3:\n-1,2 Q\n\nQ\n",
		"solution \n",
		// coordinates at, past and far past the bound
		"solution 1:\n1000000,-1000000 A\n\nA\n\n",
		"solution 1:\n1000001,0 A\n\nA\n\n",
		"solution 1:\n0,0,-1000001 A\n\nA\n\n",
		"solution 1:\n9223372036854775807,0 A\n\nA\n\n",
		"solution 1:\n-9223372036854775808,0,0 A\n\nA\n\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		recs, err := Read(strings.NewReader(text), "f.txt", 0)
		if err != nil {
			return
		}
		for _, r := range recs {
			for _, p := range r.Pieces {
				for _, c := range p.Cells {
					for _, v := range c {
						if CheckCoord(v) != nil {
							t.Fatalf("cell %v read, beyond ±%d", c, MaxCoord)
						}
					}
				}
			}
		}
		var b strings.Builder
		for _, r := range recs {
			if r.Dims == 0 && len(r.Pieces) > 0 {
				return // mixed coordinates: the cells do not say how they were written
			}
			if slices.ContainsFunc(r.Pieces, func(p Piece) bool { return len(p.Cells) == 0 }) {
				return // only grid points ("1,1i"): the writer names such a piece omitted
			}
			if err := NewWriter(&b, r.Dims, nil).Write(r); err != nil {
				t.Fatal(err)
			}
		}
		again, err := Read(strings.NewReader(b.String()), "g.txt", 0)
		if err != nil {
			t.Fatalf("reading back %q: %v", b.String(), err)
		}
		if len(again) != len(recs) {
			t.Fatalf("read back %d records, want %d", len(again), len(recs))
		}
		for i, r := range recs {
			a := again[i]
			a.Line = r.Line
			if !reflect.DeepEqual(a, r) {
				t.Fatalf("record %d reads back as %+v, want %+v", i, a, r)
			}
		}
	})
}
