package emit

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestSudokuSVG draws a grid with blanks: a digit per given cell, in
// reading order, nothing in a blank one, and a thick line where two blocks
// meet.
func TestSudokuSVG(t *testing.T) {
	rows := []string{"1 . . 4", ". 4 . 2", "2 3 . 1", ". . 2 ."}
	blocks := []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}
	var b bytes.Buffer
	// The first row's 1 and 4 are given, the rest found.
	given := []int{1, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	if err := SudokuSVG(&b, rows, blocks, given); err != nil {
		t.Fatal(err)
	}
	var digits []string
	for _, m := range regexp.MustCompile(`>([^<]*)</text>`).FindAllStringSubmatch(b.String(), -1) {
		digits = append(digits, m[1])
	}
	if got := strings.Join(digits, ""); got != "14422312" {
		t.Errorf("the grid reads %q", got)
	}
	if bold, found := strings.Count(b.String(), `font-weight="bold"`), strings.Count(b.String(), `class="found"`); bold != 2 || found != 6 {
		t.Errorf("%d digits drawn as givens and %d as found, want 2 and 6", bold, found)
	}
	// The right edge of cell 1,0 parts blocks 0 and 1; that of cell 0,0
	// does not.
	for edge, width := range map[string]string{`M48 0 L48 24`: "2.4", `M24 0 L24 24`: "0.6"} {
		if !strings.Contains(b.String(), `d="`+edge+`" stroke="#222222" stroke-width="`+width+`"`) {
			t.Errorf("no edge %s of width %s in %.400s", edge, width, b.String())
		}
	}
}
