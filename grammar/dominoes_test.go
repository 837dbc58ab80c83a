package grammar

import (
	"errors"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

func TestParseDominoes(t *testing.T) {
	tests := []struct{ src, want string }{
		{"06,26,24", "2I:06 2I:26 2I:24"},
		{" 00 , 66\n12 34", "2I:00 2I:66 2I:12 2I:34"},
	}
	for _, tt := range tests {
		got, err := ParseDominoes(tt.src)
		if err != nil {
			t.Errorf("ParseDominoes(%q): %v", tt.src, err)
			continue
		}
		var names []string
		for _, p := range got {
			names = append(names, p.String())
		}
		if strings.Join(names, " ") != tt.want {
			t.Errorf("ParseDominoes(%q) = %v, want %s", tt.src, names, tt.want)
		}
	}
	got, _ := ParseDominoes("06, 26")
	if got[1].Pos != pos(4, 1, 5) {
		t.Errorf("second domino at %v", got[1].Pos)
	}
}

func TestParseDominoesInvalid(t *testing.T) {
	tests := []struct {
		src     string
		wantPos lexer.Position
		wantMsg string
	}{
		{"", pos(0, 1, 1), "expected a domino such as 06; found the end of the list"},
		{"06,", pos(3, 1, 4), "expected a domino such as 06; found the end of the list"},
		{"06 x", pos(3, 1, 4), `expected ",", another domino or the end of the list; found "x"`},
		{"06,266", pos(3, 1, 4), `expected two pips from 0 to 6 for a domino, such as 06; found "266"`},
		{"06,7", pos(3, 1, 4), `expected two pips from 0 to 6 for a domino, such as 06; found "7"`},
		{"06,27", pos(4, 1, 5), `expected pips from 0 to 6; found "7"`},
	}
	for _, tt := range tests {
		_, err := ParseDominoes(tt.src)
		var perr *Error
		if !errors.As(err, &perr) || perr.Pos != tt.wantPos || perr.Msg != tt.wantMsg {
			t.Errorf("ParseDominoes(%q) = %v; want at %v: %s", tt.src, err, tt.wantPos, tt.wantMsg)
		}
	}
}
