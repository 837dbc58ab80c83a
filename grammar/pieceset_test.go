package grammar

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

func pos(offset, line, column int) lexer.Position {
	return lexer.Position{Offset: offset, Line: line, Column: column}
}

func TestParsePieceSetAST(t *testing.T) {
	tests := []struct {
		src  string
		want *PieceSet
	}{
		{"5*", &PieceSet{Pos: pos(0, 1, 1), Terms: []*Term{
			{Pos: pos(0, 1, 1), Item: &Order{Pos: pos(0, 1, 1), Order: 5}},
		}}},
		{"3L,-4L+", &PieceSet{Pos: pos(0, 1, 1), Terms: []*Term{
			{Pos: pos(0, 1, 1), Item: &Shape{Pos: pos(0, 1, 1), Size: 3, Letter: "L"}},
			{Pos: pos(3, 1, 4), Exclude: true, Item: &Shape{Pos: pos(4, 1, 5), Size: 4, Letter: "L", Chirality: "+"}},
		}}},
		{" 12x5 ,-X", &PieceSet{Pos: pos(1, 1, 2), Terms: []*Term{
			{Pos: pos(1, 1, 2), Item: &Tally{Pos: pos(1, 1, 2), Count: 12, Order: 5}},
			{Pos: pos(7, 1, 8), Exclude: true, Item: &Piece{Pos: pos(8, 1, 9), Name: "X"}},
		}}},
		{"1234,\nL*3, none", &PieceSet{Pos: pos(0, 1, 1), Terms: []*Term{
			{Pos: pos(0, 1, 1), Item: &Run{Pos: pos(0, 1, 1), Digits: "1234"}},
			{Pos: pos(6, 2, 1), Item: &Piece{Pos: pos(6, 2, 1), Name: "L", Copies: 3}},
			{Pos: pos(11, 2, 6), Item: &Keyword{Pos: pos(11, 2, 6), Word: "none"}},
		}}},
	}
	for _, tt := range tests {
		got, err := ParsePieceSet(tt.src)
		if err != nil {
			t.Errorf("ParsePieceSet(%q): %v", tt.src, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParsePieceSet(%q) =\n%s\nwant\n%s", tt.src, dump(got), dump(tt.want))
		}
	}
}

func TestParsePieceSetValid(t *testing.T) {
	tests := []struct{ src, want string }{
		{"5*", "5*"},
		{"4*", "4*"},
		{"10*", "10*"},
		{"12*", "12*"},
		{"12", "12"},
		{"1234", "1234"},
		{"12345", "12345"},
		{"987654321", "987654321"},
		{"12x5", "12x5"},
		{"35x6", "35x6"},
		{"F,I,L,N,P,T,U,V,W,X,Y,Z", "F, I, L, N, P, T, U, V, W, X, Y, Z"},
		{"I3, V3,O1 ,L4", "I3, V3, O1, L4"},
		{"p,n", "p, n"},
		{"x", "x"},
		{"x5", "x5"},
		{"L*3", "L*3"},
		{"L*1", "L*1"},
		{"L * 3", "L*3"},
		{"none", "none"},
		{"any", "any"},
		{"None", "None"},
		{"nonesuch", "nonesuch"},
		{"5*,-X", "5*, -X"},
		{"any, -5*, -12x5, -1234, -L*2, -none", "any, -5*, -12x5, -1234, -L*2, -none"},
		{"  5* ,\t-X\n", "5*, -X"},
		{"12x5,F*2,345", "12x5, F*2, 345"},
		{"5L", "5L"},
		{"4L+,3L, 5F-,1O", "4L+, 3L, 5F-, 1o"},
		{"4*,X, -4L-", "4*, X, -4L-"},
	}
	for _, tt := range tests {
		got, err := ParsePieceSet(tt.src)
		if err != nil {
			t.Errorf("ParsePieceSet(%q): %v", tt.src, err)
			continue
		}
		if s := got.String(); s != tt.want {
			t.Errorf("ParsePieceSet(%q).String() = %q, want %q", tt.src, s, tt.want)
		}
		checkRoundTrip(t, tt.src, got)
	}
}

func TestRunOrders(t *testing.T) {
	set, err := ParsePieceSet("4213")
	if err != nil {
		t.Fatal(err)
	}
	got := set.Terms[0].Item.(*Run).Orders()
	if want := []int{4, 2, 1, 3}; !reflect.DeepEqual(got, want) {
		t.Errorf("Orders() = %v, want %v", got, want)
	}
}

func TestParsePieceSetInvalid(t *testing.T) {
	const (
		term = "expected a piece name, a shape like 4L+, an order like 5*, or 12x5; found "
		next = `expected "," or the end of the rule; found `
	)
	tests := []struct {
		src     string
		wantPos lexer.Position
		wantMsg string
	}{
		{"", pos(0, 1, 1), term + "the end of the rule"},
		{"   ", pos(3, 1, 4), term + "the end of the rule"},
		{")", pos(0, 1, 1), term + `")"`},
		{"5*,", pos(3, 1, 4), term + "the end of the rule"},
		{"5*,,F", pos(3, 1, 4), term + `","`},
		{"5*, )", pos(4, 1, 5), term + `")"`},
		{"-", pos(1, 1, 2), term + "the end of the rule"},
		{"--X", pos(1, 1, 2), term + `"-"`},
		{"*", pos(0, 1, 1), term + `"*"`},
		{"12×5", pos(2, 1, 3), `expected "*", "," or the end of the rule; found "×"`},
		{"\xff", pos(0, 1, 1), term + `"\xff"`},
		{"F)", pos(1, 1, 2), `expected "*" and a number of copies, "," or the end of the rule; found ")"`},
		{"F G", pos(2, 1, 3), `expected "*" and a number of copies, "," or the end of the rule; found "G"`},
		{"L 3", pos(2, 1, 3), `expected "*" and a number of copies, "," or the end of the rule; found "3"`},
		{"L*", pos(2, 1, 3), "expected a number of copies, as in L*3; found the end of the rule"},
		{"L*x", pos(2, 1, 3), `expected a number of copies, as in L*3; found "x"`},
		{"L*3*", pos(3, 1, 4), next + `"*"`},
		{"L*3x2", pos(3, 1, 4), next + `"x"`},
		{"none*", pos(4, 1, 5), next + `"*"`},
		{"any F", pos(4, 1, 5), next + `"F"`},
		{"5**", pos(2, 1, 3), next + `"*"`},
		{"5*3", pos(2, 1, 3), next + `"3"`},
		{"5*3", pos(2, 1, 3), next + `"3"`},
		{"4L+-", pos(3, 1, 4), next + `"-"`},
		{"4L+ 5*", pos(4, 1, 5), next + `"5"`},
		{"4L:1234", pos(2, 1, 3), `expected "+", "-", "," or the end of the rule; found ":"`},
		{"4)", pos(1, 1, 2), `expected "*", a shape letter, "," or the end of the rule; found ")"`},
		{"6L", pos(0, 1, 1), `expected 1 to 5 cells; found "6"`},
		{"4Q", pos(1, 1, 2), `expected a shape letter for 4 cells: I, L, O, S or T; found "Q"`},
		{"4T+", pos(2, 1, 3), `expected no "+" after 4T, which is its own mirror image; found "+"`},
		{"F, 4L +", pos(5, 1, 6), `expected no space inside 4L+; found " "`},
		{"12 x5", pos(3, 1, 4), `expected "*", "," or the end of the rule; found "x5"`},
		{"12x", pos(3, 1, 4), `expected an order after "x", as in 12x5; found the end of the rule`},
		{"12xL", pos(3, 1, 4), `expected an order after "x", as in 12x5; found "L"`},
		{"12x x", pos(4, 1, 5), `expected an order after "x", as in 12x5; found "x"`},
		{"12x5*", pos(4, 1, 5), next + `"*"`},
		{"12x5x3", pos(4, 1, 5), next + `"x"`},
		{"F,\n  G)", pos(6, 2, 4), `expected "*" and a number of copies, "," or the end of the rule; found ")"`},
		{"0*", pos(0, 1, 1), `expected a number of at least 1; found "0"`},
		{"F, 00x5", pos(3, 1, 4), `expected a number of at least 1; found "00"`},
		{"L*0", pos(2, 1, 3), `expected a number of at least 1; found "0"`},
		{"05*", pos(0, 1, 1), `expected a number without a leading 0; found "05"`},
		{"12x05", pos(3, 1, 4), `expected a number without a leading 0; found "05"`},
		{"0123", pos(0, 1, 1), `expected a number without a leading 0; found "0123"`},
		{"1234567890*", pos(0, 1, 1), `expected a number of at most 9 digits; found "1234567890"`},
		{"L*99999999999999999999", pos(2, 1, 3), `expected a number of at most 9 digits; found "99999999999999999999"`},
		// A syntax error is reported even when an earlier run is bad: runs
		// are checked only once the whole rule has parsed.
		{"11, )", pos(4, 1, 5), term + `")"`},
		{"5", pos(0, 1, 1), `expected 5* for every piece of order 5, or a run of orders like 1234; found "5"`},
		{"F, 4", pos(3, 1, 4), `expected 4* for every piece of order 4, or a run of orders like 1234; found "4"`},
		{"1023", pos(1, 1, 2), `expected orders from 1 to 9 in the run 1023; found "0"`},
		{"F,\n 12342", pos(8, 2, 6), `expected each order once in the run 12342; found "2" again`},
	}
	for _, tt := range tests {
		set, err := ParsePieceSet(tt.src)
		if err == nil {
			t.Errorf("ParsePieceSet(%q) = %s, want an error", tt.src, set)
			continue
		}
		var perr *Error
		if !errors.As(err, &perr) {
			t.Errorf("ParsePieceSet(%q) error %v is a %T, want *Error", tt.src, err, err)
			continue
		}
		if perr.Pos != tt.wantPos || perr.Msg != tt.wantMsg {
			t.Errorf("ParsePieceSet(%q) error at %#v: %s\nwant at %#v: %s", tt.src, perr.Pos, perr.Msg, tt.wantPos, tt.wantMsg)
		}
	}
}

func TestErrorString(t *testing.T) {
	_, err := ParsePieceSet("5*, )")
	if want := `1:5: expected a piece name, a shape like 4L+, an order like 5*, or 12x5; found ")"`; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err, want)
	}
	// The compiler's use: shift the error to where the string sits in its
	// file and name the file.
	perr := err.(*Error)
	perr.Pos = lexer.Position{Filename: "puzzle.toml", Offset: 40, Line: 3, Column: 11}.Add(perr.Pos)
	if want := `puzzle.toml:3:15: expected a piece name, a shape like 4L+, an order like 5*, or 12x5; found ")"`; perr.Error() != want {
		t.Errorf("Error() = %q, want %q", perr, want)
	}
	if perr.Pos.Offset != 44 {
		t.Errorf("shifted Offset = %d, want 44", perr.Pos.Offset)
	}
}

func FuzzParsePieceSet(f *testing.F) {
	for _, s := range []string{
		"5*", "10*", "1234", "12x5", "F,I,L,N,P,T,U,V,W,X,Y,Z", "I3,V3,O1,L4",
		"p, n", "L*3", "none", "any", "5*,-X", " 5* ,\n -X ", "any,-12x5,-L*2",
		"", ",", "5", "0*", "05", "1023", "1123", "12x", "L*", "5L", "12×5",
		"1234567890", "\xff", "5Z-:12345", "4L+:3456:90", "1o:m", "<5", "≠",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		set, err := ParsePieceSet(src)
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("ParsePieceSet(%q) error %v is a %T, want *Error", src, err, err)
			}
			// Participle's own messages name grammar productions; every
			// message must instead say in words what was expected.
			if !strings.HasPrefix(perr.Msg, "expected ") || !strings.Contains(perr.Msg, "; found ") {
				t.Fatalf("ParsePieceSet(%q): message %q is not of the form \"expected ...; found ...\"", src, perr.Msg)
			}
			if want := positionOf(src, perr.Pos.Offset); perr.Pos != want {
				t.Fatalf("ParsePieceSet(%q) error at %#v, but its offset is at %#v", src, perr.Pos, want)
			}
			return
		}
		checkRoundTrip(t, src, set)
	})
}

// checkRoundTrip checks that set's normal form parses back to set, positions
// aside, and is its own normal form.
func checkRoundTrip(t *testing.T, src string, set *PieceSet) {
	t.Helper()
	norm := set.String()
	again, err := ParsePieceSet(norm)
	if err != nil {
		t.Fatalf("ParsePieceSet(%q) printed %q, which does not parse: %v", src, norm, err)
	}
	if !reflect.DeepEqual(withoutPos(set), withoutPos(again)) {
		t.Fatalf("ParsePieceSet(%q) printed %q, which parses to\n%s\nnot\n%s", src, norm, dump(again), dump(set))
	}
	if s := again.String(); s != norm {
		t.Fatalf("normal form %q prints as %q", norm, s)
	}
}

// positionOf computes by hand the position a parser should report for a
// byte offset in src.
func positionOf(src string, offset int) lexer.Position {
	before := src[:offset]
	line := strings.Count(before, "\n") + 1
	column := utf8.RuneCountInString(before[strings.LastIndex(before, "\n")+1:]) + 1
	return pos(offset, line, column)
}

var positionType = reflect.TypeFor[lexer.Position]()

// withoutPos returns a deep copy of set with every position zeroed, so that
// ASTs of differently spaced rules compare equal.
func withoutPos(set *PieceSet) *PieceSet {
	c := reflect.New(reflect.TypeFor[PieceSet]())
	copyWithoutPos(c.Elem(), reflect.ValueOf(set).Elem())
	return c.Interface().(*PieceSet)
}

func copyWithoutPos(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if !src.IsNil() {
			dst.Set(reflect.New(src.Type().Elem()))
			copyWithoutPos(dst.Elem(), src.Elem())
		}
	case reflect.Interface:
		if !src.IsNil() {
			v := reflect.New(src.Elem().Type()).Elem()
			copyWithoutPos(v, src.Elem())
			dst.Set(v)
		}
	case reflect.Slice:
		dst.Set(reflect.MakeSlice(src.Type(), src.Len(), src.Len()))
		for i := range src.Len() {
			copyWithoutPos(dst.Index(i), src.Index(i))
		}
	case reflect.Struct:
		if src.Type() == positionType {
			return
		}
		for i := range src.NumField() {
			copyWithoutPos(dst.Field(i), src.Field(i))
		}
	default:
		dst.Set(src)
	}
}

// dump prints an AST with its positions, for failure messages.
func dump(set *PieceSet) string {
	var b strings.Builder
	fmtPos := func(p lexer.Position) string {
		return strings.TrimPrefix(p.GoString(), "Position")
	}
	b.WriteString("PieceSet" + fmtPos(set.Pos) + "\n")
	for _, term := range set.Terms {
		b.WriteString("  Term" + fmtPos(term.Pos))
		if term.Exclude {
			b.WriteString(" Exclude")
		}
		b.WriteString(" " + reflect.TypeOf(term.Item).Elem().Name())
		b.WriteString(fmtPos(reflect.ValueOf(term.Item).Elem().FieldByName("Pos").Interface().(lexer.Position)))
		b.WriteString(" " + term.Item.String() + "\n")
	}
	return b.String()
}
