package grammar

import (
	"errors"
	"strings"
	"testing"
)

func TestParsePuzzleRuleValid(t *testing.T) {
	for _, tt := range []struct{ src, norm string }{
		{"X: 2", "X: 2"},
		{"X:0..2", "X: 0..2"},
		{"L, N: 1..", "L, N: 1.."},
		{"all: any", "all: any"},
		{"F at 1,0 2,0 0,1 1,1 1,2", "F at 1,0 2,0 0,1 1,1 1,2"},
		{"I at 0,0,0 1,0,0", "I at 0,0,0 1,0,0"},
		{"X covers 2,2", "X covers 2,2"},
		{"F,L covers border", "F, L covers border"},
		{"I avoids red", "I avoids red"},
		{"X avoids -1,0", "X avoids -1,0"},
		{"V on red", "V on red"},
		{"Z touches border", "Z touches border"},
		{"no-touch F, L", "no-touch F, L"},
		{"no-touch same corners", "no-touch same corners"},
		{"no - touch X corners", "no-touch X corners"},
		{"no-four-corners", "no-four-corners"},
		{"symmetric half-turn", "symmetric half-turn"},
		{"symmetric anti-diagonal", "symmetric anti-diagonal"},
	} {
		r, err := ParsePuzzleRule(tt.src)
		if err != nil {
			t.Errorf("ParsePuzzleRule(%q): %v", tt.src, err)
			continue
		}
		if r.String() != tt.norm {
			t.Errorf("ParsePuzzleRule(%q).String() = %q, want %q", tt.src, r, tt.norm)
		}
		if again, err := ParsePuzzleRule(r.String()); err != nil || again.String() != r.String() {
			t.Errorf("normal form %q of %q parses to %v, %v", r, tt.src, again, err)
		}
	}
}

func TestParsePuzzleRuleErrors(t *testing.T) {
	for _, tt := range []struct{ src, err string }{
		{"", "1:1: expected a rule: "},
		{"X", "1:2: expected "},
		{"X: 2..1x", "1:8: expected the end of the rule"},
		{"X sits 1,1", "1:3: expected "},
		{"no-touch", "1:9: expected "},
		{"symmetric", "1:10: expected "},
	} {
		_, err := ParsePuzzleRule(tt.src)
		var perr *Error
		if !errors.As(err, &perr) {
			t.Errorf("ParsePuzzleRule(%q) error %v, want an *Error", tt.src, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), tt.err) {
			t.Errorf("ParsePuzzleRule(%q) error %q, want it to start %q", tt.src, err, tt.err)
		}
	}
	// A rule that starts with no known form lists every form.
	_, err := ParsePuzzleRule("")
	for _, form := range PuzzleRuleForms() {
		if !strings.Contains(err.Error(), form) {
			t.Errorf("the error for an empty rule does not list %q: %v", form, err)
		}
	}
}

func FuzzParsePuzzleRule(f *testing.F) {
	for _, s := range []string{"X: 2", "X: 0..2", "all: any", "F at 1,0 2,0", "no-touch same corners", "no-four-corners",
		"symmetric half-turn", "I avoids border", "V on red", "Z touches 0,0", "X covers 1,1 2,2", "", "X:", "at at", "no-touch"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r, err := ParsePuzzleRule(src)
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("ParsePuzzleRule(%q) error %v is a %T", src, err, err)
			}
			if want := positionOf(src, perr.Pos.Offset); perr.Pos != want {
				t.Fatalf("ParsePuzzleRule(%q) error at %#v, but its offset is at %#v", src, perr.Pos, want)
			}
			return
		}
		again, err := ParsePuzzleRule(r.String())
		if err != nil || again.String() != r.String() {
			t.Fatalf("ParsePuzzleRule(%q) printed %q, which parses to %v, %v", src, r, again, err)
		}
	})
}
