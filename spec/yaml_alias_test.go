package spec

import (
	"fmt"
	"strings"
	"testing"
)

// aliasBomb is a YAML spec whose aliases grow it tenfold a level: levels
// deep, its last key holds 10^levels copies of "x".
func aliasBomb(levels int) string {
	var b strings.Builder
	b.WriteString("pieces: I\nboard: {size: 5x1}\nl0: &l0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [", i, i)
		for k := range 10 {
			if k > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// repeatedShape is a YAML spec that names one shape of cells cells under
// names names: the probe of issue 44, whose 1 MB file ran out of memory.
func repeatedShape(cells, names int) string {
	var shape []string
	for i := range cells {
		shape = append(shape, fmt.Sprintf("%d,%d", i%100, i/100))
	}
	var b strings.Builder
	pieces := make([]string, names)
	for i := range pieces {
		pieces[i] = fmt.Sprintf("S%d", i)
	}
	fmt.Fprintf(&b, "pieces: %s\nboard: {size: 5x1}\nshapes:\n  S0: &s %q\n", strings.Join(pieces, ","), strings.Join(shape, " "))
	for i := 1; i < names; i++ {
		fmt.Fprintf(&b, "  S%d: *s\n", i)
	}
	return b.String()
}

// TestYAMLAliasBound checks that aliases cannot make a spec larger, written
// out, than a spec file may be: the refusal names the alias that crosses
// the bound, by line and column, before anything reads the values.
func TestYAMLAliasBound(t *testing.T) {
	const tail = ": invalid YAML: alias *%s makes the spec larger than 4194304 bytes written out, the most a spec file holds: aliases may repeat a value, not grow a spec past that"
	for _, c := range []struct {
		name, text, want string
	}{
		// l0 to l5 take 21, 211, ... 2,111,111 bytes written out, 2.3 MB
		// in all: the first of l6's aliases to l5 crosses 4 MiB.
		{"ten a level", aliasBomb(8), "bomb.yaml:9:10" + fmt.Sprintf(tail, "l5")},
		// A shape of 5,000 cells in 28.5 kB, after 34 kB of the file:
		// its 146th alias crosses, on line 4 + 146.
		{"one shape repeated", repeatedShape(5000, 1000), "bomb.yaml:150:9" + fmt.Sprintf(tail, "s")},
		// An alias as a key counts as well.
		{"keys", "pieces: I\nboard: {size: 5x1}\nk: &k " + strings.Repeat("y", 3<<20) + "\n*k : 1\n", "bomb.yaml:4:1" + fmt.Sprintf(tail, "k")},
	} {
		_, err := Parse("bomb.yaml", []byte(c.text))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s (%d bytes): error %v\nwant %s", c.name, len(c.text), err, c.want)
		}
	}
	// Under the bound, aliases read as before; a recursive alias is still
	// the builder's to refuse.
	for _, c := range []struct {
		name, text, want string
	}{
		{"five levels", aliasBomb(5), `bomb.yaml:3:1: unknown key "l0"`},
		{"shape repeated within the bound", repeatedShape(50, 20), ""},
		{"recursive", "pieces: &p [*p]\n", "bomb.yaml:1:13: invalid YAML: alias *p refers to a value that contains it"},
	} {
		s, err := Parse("bomb.yaml", []byte(c.text))
		switch {
		case c.want == "" && (err != nil || len(s.Shapes) != 20):
			t.Errorf("%s: %d shapes, error %v; want 20", c.name, len(s.Shapes), err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one starting %q", c.name, err, c.want)
		}
	}
}
