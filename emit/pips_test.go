package emit

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/grammar"
)

// pipsExample is a solved 4×2 board: two upright dominoes at the ends, two
// lying ones between, and one region per rule.
//
//	6 3 3 1
//	2 0 5 4
var pipsExample = PipsBoard{
	Cells: []PipsCell{
		{grammar.Point{Col: 0, Row: 0}, 1, 6}, {grammar.Point{Col: 0, Row: 1}, 1, 2},
		{grammar.Point{Col: 1, Row: 0}, 2, 3}, {grammar.Point{Col: 2, Row: 0}, 2, 3},
		{grammar.Point{Col: 3, Row: 0}, 3, 1}, {grammar.Point{Col: 3, Row: 1}, 3, 4},
		{grammar.Point{Col: 1, Row: 1}, 4, 0}, {grammar.Point{Col: 2, Row: 1}, 4, 5},
	},
	Regions: []PipsRegion{
		{[]grammar.Point{{Col: 0, Row: 0}, {Col: 0, Row: 1}}, "8"},
		{[]grammar.Point{{Col: 1, Row: 0}, {Col: 2, Row: 0}}, "="},
		{[]grammar.Point{{Col: 3, Row: 0}}, ">0"},
		{[]grammar.Point{{Col: 1, Row: 1}, {Col: 2, Row: 1}}, "≠"},
		{[]grammar.Point{{Col: 3, Row: 1}}, "<5"},
	},
}

func TestPipsSVG(t *testing.T) {
	var b bytes.Buffer
	if err := PipsSVG(&b, pipsExample); err != nil {
		t.Fatal(err)
	}
	compareGolden(t, filepath.Join("testdata", "pips.svg"), b.Bytes())
	titles := xmlTitles(t, b.Bytes(), "svg")
	if want := "tile 1,tile 2,tile 3,tile 4,rule 8,rule =,rule >0,rule ≠,rule <5"; strings.Join(titles, ",") != want {
		t.Errorf("titles %q, want %q", strings.Join(titles, ","), want)
	}
	spots := 0
	for _, c := range pipsExample.Cells {
		spots += c.Pips
	}
	if n := strings.Count(b.String(), "<circle "); n != spots {
		t.Errorf("%d spots drawn, want %d", n, spots)
	}
	bad := PipsBoard{Cells: []PipsCell{{grammar.Point{}, 0, 10}}}
	if err := PipsSVG(&b, bad); err == nil {
		t.Error("10 pips: no error")
	}
}

// TestPipSpots checks the spot patterns: n spots for n pips, none twice.
func TestPipSpots(t *testing.T) {
	for n, spots := range pipSpots {
		seen := map[[2]int]bool{}
		for _, s := range spots {
			seen[s] = true
		}
		if len(spots) != n || len(seen) != n {
			t.Errorf("%d pips: spots %v", n, spots)
		}
	}
}
