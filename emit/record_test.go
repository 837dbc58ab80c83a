package emit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// puzzlerDir holds the Polyform Puzzler solution files of the golden list,
// copied unchanged, one folder per family.
const puzzlerDir = "testdata/puzzler"

// golden lists reference files whose first record must come out of
// Records to the byte, by family folder and lattice.
var golden = []struct{ family, lattice, name string }{
	{"ominoes", "square", "pentominoes-6x10"},
	{"ominoes", "square", "pentominoes-3x20"},
	{"ominoes", "square", "pentominoes-8x8"},
	{"ominoes", "square", "pentominoes-cross-1"},
	{"ominoes", "square", "polyominoes-1234-square-plus"},
	{"ominoes", "square", "polyominoes-123-square"},
	{"ominoes", "square", "one-sided-pentominoes-3x30"},
	{"ominoes", "square", "pentominoes-8x8-four-holes-1"},
	{"ominoes", "square", "tetrominoes-5x4-tube"},
	{"cubes", "cubic", "soma-3x3x3"},
	{"cubes", "cubic", "soma-bathtub"},
	{"cubes", "cubic", "tetracubes-2x2x8"},
	{"cubes", "cubic", "tetracubes-2x4x4"},
	{"cubes", "cubic", "diabolical-cube"},
	{"cubes", "cubic", "solid-pentominoes-3x4x5"},
	{"cubes", "cubic", "solid-pentominoes-3x3x9-ring"},
	{"iamonds", "iamond", "hexiamonds-4x10-long-hex"},
	{"iamonds", "iamond", "hexiamonds-6x6"},
	{"iamonds", "iamond", "hexiamonds-4x9"},
	{"iamonds", "iamond", "hexiamonds-snowflake"},
	{"iamonds", "iamond", "polyiamonds-12345-snowflake-3"},
	{"iamonds", "iamond", "one-sided-hexiamonds-hexagram"},
	{"hexes", "hex", "tetrahexes-coin"},
	{"hexes", "hex", "tetrahexes-4x7"},
	{"hexes", "hex", "polyhexes-34-hexagram"},
	{"hexes", "hex", "tetrahexes-staggered-rectangle-7x4"},
	{"sticks", "stick", "tetrasticks-6x6"},
	{"sticks", "stick", "one-sided-welded-tetrasticks-5x5"},
	{"sticks", "stick", "polysticks-123-4x4-clipped-corners-1"},
	{"trigs", "trig", "tritrigs-hexagon-2"},
	{"trigs", "trig", "tritrigs-heart-1"},
	{"trigs", "trig", "polytrigs-23-trefoil-2"},
	{"twigs", "twig", "pentatwigs-4x4-2"},
	{"twigs", "twig", "polytwigs-1234-hex-1"},
	{"twigs", "twig", "pentatwigs-x-1"},
	{"twigs", "twig", "one-sided-tetratwigs-triangle-1"},
}

// TestPictureMatchesPuzzler re-emits the first record of Polyform Puzzler's
// own solution files and compares coordinates and picture to the letter.
func TestPictureMatchesPuzzler(t *testing.T) {
	for _, g := range golden {
		t.Run(g.name, func(t *testing.T) {
			path := filepath.Join(puzzlerDir, g.family, g.name+".txt")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rec := readRecord(t, path)
			var board [][3]int
			for _, p := range rec.Pieces {
				board = append(board, p.Cells...)
			}
			var out bytes.Buffer
			r, err := NewRecords(&out, g.lattice, board)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Solution(rec.Solution); err != nil {
				t.Fatal(err)
			}
			got := out.String()
			start := bytes.Index(data, []byte("solution 1"))
			want := string(data[start:])
			want = want[:strings.Index(want, "\n\n")+2] + rec.Picture + "\n\n"
			want = "solution 1:" + want[strings.Index(want, "\n"):]
			if got != want {
				t.Errorf("re-emitted record differs\ngot:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestOmitted checks the record of a solution that leaves a piece out.
func TestOmitted(t *testing.T) {
	var out bytes.Buffer
	r, err := NewRecords(&out, "stick", [][3]int{{0, 0, 0}, {0, 0, 1}})
	if err != nil {
		t.Fatal(err)
	}
	sol := Solution{Number: 3, Pieces: []Placed{{Name: "L2", Cells: [][3]int{{0, 0, 0}, {0, 0, 1}}}, {Name: "I1"}}}
	if err := r.Solution(sol); err != nil {
		t.Fatal(err)
	}
	want := "solution 3:\n0,0,0 0,0,1 L2\n! I1\n\n(I1 omitted)\nL\n2\n -L2-\n\n"
	if out.String() != want {
		t.Errorf("got\n%q\nwant\n%q", out.String(), want)
	}
	if _, err := NewRecords(&out, "penrose", nil); err == nil {
		t.Error("unknown lattice: no error")
	}
}

func TestDuration(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{19*time.Minute + 10*time.Second + 133*time.Millisecond, "0:19:10.133000"},
		{6 * time.Second, "0:00:06"},
		{11740 * time.Microsecond, "0:00:00.011740"},
		{35*24*time.Hour + 3*time.Hour + 7*time.Second, "35 days, 3:00:07"},
		{24*time.Hour + time.Microsecond, "1 day, 0:00:00.000001"},
	} {
		if got := Duration(c.d); got != c.want {
			t.Errorf("Duration(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
