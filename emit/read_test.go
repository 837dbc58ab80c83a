package emit

import (
	"reflect"
	"strings"
	"testing"
)

func TestReadRecords(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []Placed
		omitted    []string
		dims       int
		err        string
	}{
		{
			name: "plain",
			text: "solving X:\n\nsolution 1:\n0,0 1,0 A\n! B\n\nA A\n\n",
			want: []Placed{{Name: "A", Cells: [][3]int{{0, 0, 0}, {1, 0, 0}}}}, omitted: []string{"B"}, dims: 2,
		},
		{
			name: "intersections are skipped",
			text: "solution 1 (74 searches):\n0,1,0 1,1i 1,0,1 X\n\n-X-\n\n",
			want: []Placed{{Name: "X", Cells: [][3]int{{0, 1, 0}, {1, 0, 1}}}}, dims: 3,
		},
		{
			name: "pieces that disagree on coordinates",
			text: "solution 1:\n0,0 A\n0,0,0 B\n\nA B\n\n",
			want: []Placed{{Name: "A", Cells: [][3]int{{0, 0, 0}}}, {Name: "B", Cells: [][3]int{{0, 0, 0}}}},
		},
		{
			name: "bad coordinate",
			text: "solution 1:\n0,0 1,x A\n\nA A\n\n",
			err:  "f.txt:2:5: expected a whole number in \"1,x\"",
		},
		{
			name: "truncated record",
			text: "solution 1:\n0,0 1,0 A",
			err:  "f.txt:2: record of solution 1 ends before its picture",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs, err := ReadRecords(strings.NewReader(c.text), "f.txt", 1)
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
