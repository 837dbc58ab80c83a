package grammar

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

func TestParsePolypipValid(t *testing.T) {
	tests := []struct {
		src       string
		want      string // normal form
		letter    string
		chirality string
		degrees   int
	}{
		{"1o:0", "1o:0", "o", "", 0},
		{"1O:6", "1o:6", "o", "", 0},
		{"2I:12", "2I:12", "I", "", 0},
		{"3L:012", "3L:012", "L", "", 0},
		{"4L+:3456:90", "4L+:3456:90", "L", "+", 90},
		{"4S-:0000:180", "4S-:0000:180", "S", "-", 180},
		{"5F+:12345", "5F+:12345", "F", "+", 0},
		{"5Z-:65432:270", "5Z-:65432:270", "Z", "-", 270},
		{"5W:12345:0", "5W:12345", "W", "", 0},
		{"  5X:01234\n", "5X:01234", "X", "", 0},
	}
	for _, tt := range tests {
		p, err := ParsePolypip(tt.src)
		if err != nil {
			t.Errorf("ParsePolypip(%q): %v", tt.src, err)
			continue
		}
		if got := p.String(); got != tt.want {
			t.Errorf("ParsePolypip(%q).String() = %q, want %q", tt.src, got, tt.want)
		}
		if p.Shape.Letter != tt.letter || p.Shape.Chirality != tt.chirality || p.Degrees() != tt.degrees {
			t.Errorf("ParsePolypip(%q) = letter %q, chirality %q, %d degrees; want %q, %q, %d",
				tt.src, p.Shape.Letter, p.Shape.Chirality, p.Degrees(), tt.letter, tt.chirality, tt.degrees)
		}
		checkPolypipRoundTrip(t, tt.src, p)
	}
}

func TestParsePolypipAST(t *testing.T) {
	got, err := ParsePolypip(" 4L+:3456:90")
	if err != nil {
		t.Fatal(err)
	}
	want := &Polypip{
		Pos:      pos(1, 1, 2),
		Shape:    &Shape{Pos: pos(1, 1, 2), Size: 4, Letter: "L", Chirality: "+"},
		Pips:     "3456",
		Rotation: "90",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParsePolypip = %#v %#v, want %#v %#v", got, got.Shape, want, want.Shape)
	}
}

func TestParsePolypipInvalid(t *testing.T) {
	const (
		letter5  = "expected a shape letter for 5 cells: F, I, L, N, P, T, U, V, W, X, Y or Z; found "
		rotation = "expected a rotation of 0, 90, 180 or 270; found "
		piece    = "expected a piece such as 5F+:12345; found "
	)
	tests := []struct {
		src     string
		wantPos lexer.Position
		wantMsg string
	}{
		{"5Q:12345", pos(1, 1, 2), letter5 + `"Q"`},
		{"5w:12345", pos(1, 1, 2), letter5 + `"w"`},
		{"4F+:1234", pos(1, 1, 2), `expected a shape letter for 4 cells: I, L, O, S or T; found "F"`},
		{"1I:1", pos(1, 1, 2), `expected a shape letter for 1 cell: o; found "I"`},
		{"2o:12", pos(1, 1, 2), `expected a shape letter for 2 cells: I; found "o"`},
		{"6I:123456", pos(0, 1, 1), `expected 1 to 5 cells; found "6"`},
		{"0I:1", pos(0, 1, 1), `expected a number of at least 1; found "0"`},
		{"4T:123", pos(6, 1, 7), `expected 4 pips for 4T, one per cell; found 3`},
		{"4T:12345", pos(7, 1, 8), `expected 4 pips for 4T, one per cell; found 5`},
		{"1o:12", pos(4, 1, 5), `expected 1 pip for 1o, one per cell; found 2`},
		{"5L+:123:90", pos(7, 1, 8), `expected 5 pips for 5L+, one per cell; found 3`},
		{"5I:12378", pos(6, 1, 7), `expected pips from 0 to 6; found "7"`},
		{"4O:9123", pos(3, 1, 4), `expected pips from 0 to 6; found "9"`},
		// Reading left to right, the bad digit comes before the count.
		{"4O:12389", pos(6, 1, 7), `expected pips from 0 to 6; found "8"`},
		{"5W:12345:45", pos(9, 1, 10), rotation + `"45"`},
		{"5W:12345:360", pos(9, 1, 10), rotation + `"360"`},
		{"5W:12345:00", pos(9, 1, 10), rotation + `"00"`},
		{"5W:12345:090", pos(9, 1, 10), rotation + `"090"`},
		{"5W:12345:", pos(9, 1, 10), rotation + "the end of the piece"},
		{"5W:12345::90", pos(9, 1, 10), rotation + `":"`},
		{":45", pos(0, 1, 1), piece + `":"`},
		{"", pos(0, 1, 1), piece + "the end of the piece"},
		{"W:12345", pos(0, 1, 1), piece + `"W"`},
		{"4L:1234", pos(2, 1, 3), `expected "+" or "-" after 4L to say which mirror image; found ":"`},
		{"4T+:1234", pos(2, 1, 3), `expected no "+" after 4T, which is its own mirror image; found "+"`},
		{"1o-:1", pos(2, 1, 3), `expected no "-" after 1o, which is its own mirror image; found "-"`},
		{"5F12345", pos(2, 1, 3), `expected "+" or "-"; found "12345"`},
		{"5W12345", pos(2, 1, 3), `expected ":" and the pips; found "12345"`},
		{"5Q", pos(2, 1, 3), `expected "+", "-" or ":" and the pips; found the end of the piece`},
		{"5F+12345", pos(3, 1, 4), `expected ":" and the pips; found "12345"`},
		{"5 F+:12345", pos(2, 1, 3), `expected a shape letter right after "5"; found "F"`},
		{"5F+ :12345", pos(3, 1, 4), `expected no space inside 5F+:12345; found " "`},
		{"5F+:\t12345", pos(4, 1, 5), `expected no space inside 5F+:12345; found "\t"`},
		{"5F+:12345\n:90", pos(9, 1, 10), `expected no space inside 5F+:12345:90; found "\n"`},
		{"5W:", pos(3, 1, 4), "expected the pips, one digit from 0 to 6 per cell; found the end of the piece"},
		{"5W:x", pos(3, 1, 4), `expected the pips, one digit from 0 to 6 per cell; found "x"`},
		{"5W:12345x", pos(8, 1, 9), `expected ":" and a rotation, or the end of the piece; found "x"`},
		{"5W:12345 4O:1234", pos(9, 1, 10), `expected ":" and a rotation, or the end of the piece; found "4"`},
		{"5W:12345:90:", pos(11, 1, 12), `expected the end of the piece; found ":"`},
		{"5W:1234×", pos(7, 1, 8), `expected ":" and a rotation, or the end of the piece; found "×"`},
		{"\n 5Q:12345", pos(3, 2, 3), letter5 + `"Q"`},
	}
	for _, tt := range tests {
		checkParseError(t, "ParsePolypip", tt.src, tt.wantPos, tt.wantMsg, func(src string) (any, error) { return ParsePolypip(src) })
	}
}

func TestParsePolypips(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"5F+:12345", []string{"5F+:12345"}},
		{"5F+:12345, 4O:1234 3I:123:90", []string{"5F+:12345", "4O:1234", "3I:123:90"}},
		{"1o:1,1O:2 ,\n2I:34", []string{"1o:1", "1o:2", "2I:34"}},
		{"5W:12345:0,4L-:0123:270", []string{"5W:12345", "4L-:0123:270"}},
	}
	for _, tt := range tests {
		pieces, err := ParsePolypips(tt.src)
		if err != nil {
			t.Errorf("ParsePolypips(%q): %v", tt.src, err)
			continue
		}
		var got []string
		for _, p := range pieces {
			got = append(got, p.String())
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParsePolypips(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

func TestParsePolypipsInvalid(t *testing.T) {
	const next = `expected ",", another piece or the end of the list; found `
	tests := []struct {
		src     string
		wantPos lexer.Position
		wantMsg string
	}{
		{"", pos(0, 1, 1), "expected a piece such as 5F+:12345; found the end of the list"},
		{"5W:12345,", pos(9, 1, 10), "expected a piece such as 5F+:12345; found the end of the list"},
		{"5W:12345,,4O:1234", pos(9, 1, 10), `expected a piece such as 5F+:12345; found ","`},
		{"5W:12345 4", pos(10, 1, 11), `expected a shape letter right after "4"; found the end of the list`},
		{"5W:12345 4O", pos(11, 1, 12), `expected ":" and the pips; found the end of the list`},
		{"5W:12345)", pos(8, 1, 9), `expected ":" and a rotation, ",", another piece or the end of the list; found ")"`},
		{"5W:12345:90 )", pos(12, 1, 13), next + `")"`},
		{"4L- 5W:12345", pos(4, 1, 5), `expected ":" and the pips; found "5"`},
		{"3I:123 4O :1234", pos(9, 1, 10), `expected no space inside 4O:1234; found " "`},
		// Checks run piece by piece once the whole list has parsed.
		{"3I:123, 4T:123, 5Q:12345", pos(14, 1, 15), `expected 4 pips for 4T, one per cell; found 3`},
		{"3I:123, 5Q:12345, )", pos(18, 1, 19), `expected a piece such as 5F+:12345; found ")"`},
	}
	for _, tt := range tests {
		checkParseError(t, "ParsePolypips", tt.src, tt.wantPos, tt.wantMsg, func(src string) (any, error) { return ParsePolypips(src) })
	}
}

func TestParseShape(t *testing.T) {
	tests := []struct{ src, want string }{
		{"5W", "5W"},
		{"4L+", "4L+"},
		{"4L", "4L"}, // either mirror image
		{"3L", "3L"},
		{"1O", "1o"},
		{" 5Z- ", "5Z-"},
	}
	for _, tt := range tests {
		s, err := ParseShape(tt.src)
		if err != nil {
			t.Errorf("ParseShape(%q): %v", tt.src, err)
			continue
		}
		if got := s.String(); got != tt.want {
			t.Errorf("ParseShape(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

func TestParseShapeInvalid(t *testing.T) {
	tests := []struct {
		src     string
		wantPos lexer.Position
		wantMsg string
	}{
		{"", pos(0, 1, 1), "expected a shape such as 5F+ or 4O; found the end of the shape"},
		{"5Q", pos(1, 1, 2), `expected a shape letter for 5 cells: F, I, L, N, P, T, U, V, W, X, Y or Z; found "Q"`},
		{"5W:12345", pos(2, 1, 3), `expected the end of the shape; found ":"`},
		{"5F:12345", pos(2, 1, 3), `expected "+", "-" or the end of the shape; found ":"`},
		{"5F+:12345", pos(3, 1, 4), `expected the end of the shape; found ":"`},
		{"4L +", pos(2, 1, 3), `expected no space inside 4L+; found " "`},
		{"4T-", pos(2, 1, 3), `expected no "-" after 4T, which is its own mirror image; found "-"`},
	}
	for _, tt := range tests {
		checkParseError(t, "ParseShape", tt.src, tt.wantPos, tt.wantMsg, func(src string) (any, error) { return ParseShape(src) })
	}
}

// checkParseError checks that parse fails on src with an *Error at wantPos
// saying wantMsg.
func checkParseError(t *testing.T, name, src string, wantPos lexer.Position, wantMsg string, parse func(string) (any, error)) {
	t.Helper()
	got, err := parse(src)
	if err == nil {
		t.Errorf("%s(%q) = %v, want an error", name, src, got)
		return
	}
	var perr *Error
	if !errors.As(err, &perr) {
		t.Errorf("%s(%q) error %v is a %T, want *Error", name, src, err, err)
		return
	}
	if perr.Pos != wantPos || perr.Msg != wantMsg {
		t.Errorf("%s(%q) error at %#v: %s\nwant at %#v: %s", name, src, perr.Pos, perr.Msg, wantPos, wantMsg)
	}
}

func FuzzParsePolypips(f *testing.F) {
	for _, s := range []string{
		"1o:1", "1O:0", "2I:12", "3L:123:90", "4L+:3456:90", "5F+:12345",
		"5Z-:12345:270", "5W:12345:0", "5F+:12345, 4O:1234 3I:123", "",
		"5Q:12345", "4T:123", "5I:12378", ":45", "5W:12345:45", "5F12345",
		"5F+ :12345", "4L:1234", "4T+:1234", "0W:1", "12x5", "5*", "\xff", "5W:1234×",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		pieces, err := ParsePolypips(src)
		one, oneErr := ParsePolypip(src)
		if err != nil {
			checkFuzzError(t, src, err)
			if oneErr == nil {
				t.Fatalf("ParsePolypip(%q) = %s, but ParsePolypips fails: %v", src, one, err)
			}
			checkFuzzError(t, src, oneErr)
			return
		}
		for _, p := range pieces {
			checkPolypipRoundTrip(t, src, p)
		}
		if oneErr != nil {
			checkFuzzError(t, src, oneErr)
			if len(pieces) == 1 {
				t.Fatalf("ParsePolypips(%q) = %s, but ParsePolypip fails: %v", src, pieces[0], oneErr)
			}
			return
		}
		if len(pieces) != 1 || pieces[0].String() != one.String() {
			t.Fatalf("ParsePolypip(%q) = %s, but ParsePolypips = %v", src, one, pieces)
		}
	})
}

// checkFuzzError checks an error's type, wording and position, as
// FuzzParsePieceSet does.
func checkFuzzError(t *testing.T, src string, err error) {
	t.Helper()
	var perr *Error
	if !errors.As(err, &perr) {
		t.Fatalf("parsing %q: error %v is a %T, want *Error", src, err, err)
	}
	if !strings.HasPrefix(perr.Msg, "expected ") || !strings.Contains(perr.Msg, "; found ") {
		t.Fatalf("parsing %q: message %q is not of the form \"expected ...; found ...\"", src, perr.Msg)
	}
	if want := positionOf(src, perr.Pos.Offset); perr.Pos != want {
		t.Fatalf("parsing %q: error at %#v, but its offset is at %#v", src, perr.Pos, want)
	}
}

// checkPolypipRoundTrip checks that p's normal form parses back to p,
// positions aside, and that its cells are as many as the shape says, in
// distinct places touching row 0 and column 0, carrying its pips in order.
func checkPolypipRoundTrip(t *testing.T, src string, p *Polypip) {
	t.Helper()
	norm := p.String()
	again, err := ParsePolypip(norm)
	if err != nil {
		t.Fatalf("%q printed %q, which does not parse: %v", src, norm, err)
	}
	again.Pos, again.Shape.Pos = p.Pos, p.Shape.Pos
	if !reflect.DeepEqual(again, p) {
		t.Fatalf("%q printed %q, which parses to %#v, not %#v", src, norm, again, p)
	}
	cells := p.Cells()
	if len(cells) != p.Shape.Size {
		t.Fatalf("%q: %d cells for a shape of %d", src, len(cells), p.Shape.Size)
	}
	seen := map[Point]bool{}
	low := cells[0].Point
	for i, c := range cells {
		if seen[c.Point] || c.Pips != int(p.Pips[i]-'0') {
			t.Fatalf("%q: cell %d is %+v, a repeat or not carrying pip %c", src, i, c, p.Pips[i])
		}
		seen[c.Point] = true
		low = Point{min(low.Col, c.Col), min(low.Row, c.Row)}
	}
	if low != (Point{}) {
		t.Fatalf("%q: cells %+v start at %+v, not at 0,0", src, cells, low)
	}
}
