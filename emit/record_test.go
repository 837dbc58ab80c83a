package emit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const puzzlerDir = "../../shared/data/puzzler-solutions/ominoes"

// TestPictureMatchesPuzzler re-emits the first record of Polyform Puzzler's
// own solution files and compares coordinates and picture to the letter.
func TestPictureMatchesPuzzler(t *testing.T) {
	for _, name := range []string{
		"pentominoes-6x10.txt", "pentominoes-3x20.txt", "pentominoes-8x8.txt",
		"pentominoes-cross-1.txt", "polyominoes-1234-square-plus.txt",
		"one-sided-pentominoes-3x30.txt", "pentominoes-8x8-four-holes-1.txt",
	} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(puzzlerDir, name))
			if err != nil {
				t.Fatal(err)
			}
			recs, err := ReadRecords(bytes.NewReader(data), name, 1)
			if err != nil || len(recs) != 1 {
				t.Fatalf("ReadRecords: %v (%d records)", err, len(recs))
			}
			var board [][3]int
			for _, p := range recs[0].Pieces {
				board = append(board, p.Cells...)
			}
			var out bytes.Buffer
			if err := NewRecords(&out, 2, board).Solution(recs[0].Solution); err != nil {
				t.Fatal(err)
			}
			got := out.String()
			start := bytes.Index(data, []byte("solution 1"))
			want := string(data[start:])
			want = want[:strings.Index(want, "\n\n")+2] + recs[0].Picture + "\n\n"
			want = "solution 1:" + want[strings.Index(want, "\n"):]
			if got != want {
				t.Errorf("re-emitted record differs\ngot:\n%s\nwant:\n%s", got, want)
			}
		})
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
