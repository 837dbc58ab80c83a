package dlxfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

func TestReadErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "f:1:1: expected the item line, found end of file"},
		{"| only a comment\n\n", "f:3:1: expected the item line, found end of file"},
		{"| a b\n  | a b\n", "f:2:3: expected a primary item name before '|'"},
		{"a | b | c\n", "f:1:7: expected a secondary item name, found a second '|'"},
		{"a | 2|b\n", "f:1:5: expected a secondary item name, found multiplicity \"2|\""},
		{"a a\n", "f:1:3: duplicate item \"a\""},
		{"a | a\n", "f:1:5: duplicate item \"a\""},
		{"a b:c\n", "f:1:3: expected an item name, found \"b:c\""},
		{"a 2|\n", "f:1:5: expected an item name, found \"\""},
		{"x:y|a\n", "f:1:1: expected a multiplicity bound (a decimal number), found \"x\""},
		{"1:y|a\n", "f:1:3: expected a multiplicity bound (a decimal number), found \"y\""},
		{"|a\n", "f:2:1: expected the item line"}, // a comment, not items
		{"a |a\n", "f:1:3: expected a multiplicity bound (a decimal number), found \"\""},
		{"3:2|a\n", "f:1:1: expected bounds lo:hi with lo <= hi and hi >= 1, found \"3:2\""},
		{"0|a\n", "f:1:1: expected bounds lo:hi with lo <= hi and hi >= 1, found \"0\""},
		{"99999999999|a\n", "f:1:1: expected a multiplicity bound (a decimal number up to 2147483647), found \"99999999999\""},
		{"a b\na c\n", "f:2:3: expected an item name, found unknown item \"c\""},
		{"a b\n\tb a b\n", "f:2:6: item \"b\" appears twice in this option"},
		{"a | s\na:red\n", "f:2:1: primary item \"a\" cannot have a colour"},
		{"a | s\na s:\n", "f:2:5: expected a colour after ':', found \"\""},
		{"a | s\na s:x|y\n", "f:2:5: expected a colour after ':', found \"x|y\""},
		{"a | s\na | s\n", "f:2:3: expected an item name, found unknown item \"|\""},
	}
	for _, c := range cases {
		_, err := Read(strings.NewReader(c.in), "f")
		var e *Error
		if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Read(%q) error %v, want %q", c.in, err, c.want)
		}
	}
}

// TestRead checks what Read builds from a file using every feature.
func TestRead(t *testing.T) {
	in := "| comment\n\n2|a 0:3|b  c\t| x y\r\n| another comment\na c x:red\nb y\n  x\ty:red a\n"
	p, err := Read(strings.NewReader(in), "f")
	if err != nil {
		t.Fatal(err)
	}
	want := cover.NewProblem()
	want.AddItem(cover.Item{Name: "a", Lo: 2, Hi: 2})
	want.AddItem(cover.Item{Name: "b", Lo: 0, Hi: 3})
	want.AddPrimary("c")
	want.AddSecondary("x")
	want.AddSecondary("y")
	red := want.Color("red")
	want.AddOption([]cover.Entry{{Item: 0}, {Item: 2}, {Item: 3, Color: red}})
	want.AddOption([]cover.Entry{{Item: 1}, {Item: 4}})
	want.AddOption([]cover.Entry{{Item: 3}, {Item: 4, Color: red}, {Item: 0}})
	if !p.Equal(want) || !slices.Equal(p.Colors, want.Colors) {
		t.Errorf("Read gave items %+v, colours %q", p.Items, p.Colors)
	}
}

func TestWrite(t *testing.T) {
	in := "2|a 0:3|b c | x y\na c x:red\nb y\nx y:red a\nx\n"
	p, err := Read(strings.NewReader(in), "f")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Write(&out, p); err != nil {
		t.Fatal(err)
	}
	if out.String() != in {
		t.Errorf("Write gave\n%s\nwant\n%s", out.String(), in)
	}
	out.Reset()
	if err := WriteOption(&out, p, 2); err != nil || out.String() != "x y:red a\n" {
		t.Errorf("WriteOption gave %q, %v", out.String(), err)
	}
}

// TestWriteReordered checks that items listed secondary first come back
// as the same problem up to the order of items.
func TestWriteReordered(t *testing.T) {
	p := cover.NewProblem()
	s := p.AddSecondary("s")
	a := p.AddPrimary("a")
	p.AddOption([]cover.Entry{{Item: int32(a)}, {Item: int32(s), Color: p.Color("c")}})
	var out bytes.Buffer
	if err := Write(&out, p); err != nil {
		t.Fatal(err)
	}
	if want := "a | s\na s:c\n"; out.String() != want {
		t.Errorf("Write gave %q, want %q", out.String(), want)
	}
}

func TestWriteErrors(t *testing.T) {
	cases := map[string]func(p *cover.Problem){
		"no primary":   func(p *cover.Problem) { p.AddSecondary("s") },
		"space":        func(p *cover.Problem) { p.AddPrimary("a b") },
		"colon":        func(p *cover.Problem) { p.AddPrimary("a:b") },
		"empty name":   func(p *cover.Problem) { p.AddPrimary("") },
		"empty option": func(p *cover.Problem) { p.AddPrimary("a"); p.AddOption(nil) },
		"bad colour": func(p *cover.Problem) {
			p.AddPrimary("a")
			s := p.AddSecondary("s")
			p.AddOption([]cover.Entry{{Item: int32(s), Color: p.Color("x y")}})
		},
		"invalid": func(p *cover.Problem) { p.AddItem(cover.Item{Name: "a", Lo: 2, Hi: 1}) },
	}
	for name, build := range cases {
		p := cover.NewProblem()
		build(p)
		if err := Write(&bytes.Buffer{}, p); err == nil {
			t.Errorf("%s: Write succeeded", name)
		}
	}
}

// roundTrip checks that a problem Read accepted comes back unchanged from
// Write and Read.
func roundTrip(t *testing.T, p *cover.Problem) {
	t.Helper()
	var out bytes.Buffer
	if err := Write(&out, p); err != nil {
		t.Fatalf("Write: %v", err)
	}
	q, err := Read(&out, "again")
	if err != nil {
		t.Fatalf("Read of Write's output: %v\n%s", err, out.String())
	}
	if !q.Equal(p) || !slices.Equal(q.Colors, p.Colors) {
		t.Fatalf("round trip changed the problem:\n%s", out.String())
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"a b c\na b\nc\n",
		"| comment\n2|a 0:3|b c | x y\na c x:red\nb y\nx y:red a\n",
		"p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n",
		"0:18|H 0:18|V 0,0 1,0\nH 0,0 1,0\n",
		"a |\n",
		"a | s\ns:1\n",
		"1:2|a\r\na\n\n",
		// past ReadLimit's bound of 3 options, with and without colours
		"a b\na\nb\na b\nb\n",
		"p | s\np s:1\np s:2\np s:3\np s:4\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		// --max-placements: a file reads within the bound or is refused
		// at a position, never built past it.
		if p, err := ReadLimit(strings.NewReader(in), "fuzz", 3); err == nil && p.NumOptions() > 3 {
			t.Fatalf("ReadLimit(3) built %d options", p.NumOptions())
		} else if err != nil && !strings.HasPrefix(err.Error(), "fuzz:") {
			t.Fatalf("error without position: %v", err)
		}
		p, err := Read(strings.NewReader(in), "fuzz")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("Read built an invalid problem: %v", err)
		}
		roundTrip(t, p)
	})
}

// TestReadLimit: an option past the bound is refused at its line; at the
// bound the file reads.
func TestReadLimit(t *testing.T) {
	in := "a b\na\nb\na b\n"
	if p, err := ReadLimit(strings.NewReader(in), "f", 3); err != nil || p.NumOptions() != 3 {
		t.Errorf("at the bound: %v", err)
	}
	_, err := ReadLimit(strings.NewReader(in), "f", 2)
	if want := "f:4:1: more than 2 options, the limit (--max-placements raises it)"; err == nil || err.Error() != want {
		t.Errorf("past the bound: %v, want %s", err, want)
	}
}

// TestReadLongLine: a line past MaxLine is refused at its line when it
// passes the bound, without reading the rest; a line of 4 MiB (past
// bufio's buffer, within the bound) reads.
func TestReadLongLine(t *testing.T) {
	items := "a " + strings.Repeat("b", 4<<20) + "\n"
	if p, err := Read(strings.NewReader(items+"a\n"), "long.dlx"); err != nil || p.NumOptions() != 1 {
		t.Fatalf("a line of 4 MiB: %v", err)
	}
	_, err := Read(io.MultiReader(strings.NewReader("a\n"), zeros{}), "z.dlx")
	if err == nil || err.Error() != fmt.Sprintf("z.dlx:2:1: a line longer than %d bytes, the limit (not a DLX file?)", MaxLine) {
		t.Fatalf("an endless line: %v", err)
	}
}

// zeros is an endless stream of zero bytes, as /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }
