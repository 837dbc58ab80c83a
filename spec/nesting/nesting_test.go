package nesting

import (
	"strings"
	"testing"
)

func TestTOML(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{`a = [[1], [2]]`, -1},
		{`a = [[[1]]]`, 6},
		{`a = {b = {c = [1]}}`, 14},
		{`a = "[[[["`, -1},
		{`a = '[[[[' # [[[[`, -1},
		{"a = \"\"\"\n[[[[\\\"\"\"\"\nb = [[[1]]]", 24},
		{"a = '''\n[[[[\n'''", -1},
		{"[[t]]\n[[t]]\nx = 1", -1},
		{"a = \"unclosed\nb = [[[1]]]", 20},
		{"a = [[\"]]]]]\", [1]]]", 15},
		{strings.Repeat("[", 5000000), 2},
	} {
		if got := TOML([]byte(c.text), 2); got != c.want {
			t.Errorf("TOML(%.40q) = %d, want %d", c.text, got, c.want)
		}
	}
}

func FuzzTOML(f *testing.F) {
	f.Add(`a = [[1], "]]"] # [`)
	f.Fuzz(func(t *testing.T, text string) {
		off := TOML([]byte(text), 2)
		if off >= 0 && (off >= len(text) || text[off] != '[' && text[off] != '{') {
			t.Fatalf("offset %d is not at a bracket", off)
		}
		// Deeper nesting never passes where shallower fails.
		if off >= 0 && TOML([]byte(text), 1) < 0 {
			t.Fatal("too deep for 2 but not for 1")
		}
	})
}
