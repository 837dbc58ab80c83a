package main

import (
	"testing"

	"github.com/polyspec/polyspec/cover"
)

func TestPivotRule(t *testing.T) {
	for _, c := range []struct {
		flag     string
		cutShort bool
		want     cover.PivotRule
		err      string
	}{
		{"auto", false, cover.PivotEstimate, ""},
		{"auto", true, cover.PivotFewest, ""},
		{"fewest", false, cover.PivotFewest, ""},
		{"estimate", true, cover.PivotEstimate, ""}, // asked for, it is done
		{"free", true, cover.PivotFree, ""},
		{"most", false, 0, `cover: no pivot rule "most" (fewest, free, estimate)`},
	} {
		got, err := pivotRule(c.flag, c.cutShort)
		if errText(err) != c.err || got != c.want {
			t.Errorf("--pivot %s, cut short %v: %v, %v; want %v, %s", c.flag, c.cutShort, got, err, c.want, c.err)
		}
	}
}
