package spec

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// badSpecs are specs with one problem each and the exact error they give.
var badSpecs = []struct{ file, text, want string }{
	// Keys the schema does not have.
	{"p.toml", "peices = \"5*\"\n", `p.toml:1:1: unknown key "peices" (did you mean "pieces"?)`},
	{"p.yaml", "pieces: 5*\nboard: {size: 3x3}\n\nexpect_all: 3\n", `p.yaml:4:1: unknown key "expect_all" (did you mean "expect-all"?)`},
	{"p.toml", "pieces = \"5*\"\ncolour = \"red\"\n", `p.toml:2:1: unknown key "colour"`},
	{"p.toml", "pieces = \"5*\"\n[board]\nsize = \"3x3\"\nszie = 3\n", `p.toml:4:1: board: unknown key "szie" (did you mean "size"?)`},
	{"p.yaml", "pieces: 5*\nboard:\n  size: 3x3\n  szie: 3\n", `p.yaml:4:3: board: unknown key "szie" (did you mean "size"?)`},
	{"p.toml", "pieces = \"5*\"\nboard.size.w = 3\n", `p.toml:2:7: board.size: expected "WxH" with W, H >= 1 (e.g. "10x6"), found table`},

	// Keys of the other kind of spec.
	{"p.toml", "kind = \"sudoku\"\npieces = \"5*\"\n", `p.toml:2:1: pieces: a sudoku spec has no use for this key`},
	{"p.toml", "kind = \"sudoku\"\n", `p.toml:1:1: missing required key "givens"`},
	{"p.toml", "pieces = \"5*\"\nboard.size = \"2x2\"\ngivens = \"1\"\n", `p.toml:3:1: givens: a polyform spec has no use for this key`},
	{"p.toml", "kind = \"kakuro\"\n", `p.toml:1:8: kind: expected one of "polyform", "sudoku", "pips", found string "kakuro"`},
	{"p.toml", "kind = \"sudoku\"\ngivens = \"\\n\"\n", `p.toml:2:10: givens: expected rows of symbols, found string "\n"`},

	// Values of the wrong type.
	{"p.toml", "pieces = \"Q\"\nshapes = \"Q\"\n", `p.toml:2:10: shapes: expected a table of piece names and cells, found string "Q"`},
	{"p.toml", "pieces = \"Q\"\n[shapes]\n2Q = \"0,0\"\n", `p.toml:3:1: shapes: expected a piece name of letters and digits starting with a letter, found "2Q"`},
	{"p.yaml", "pieces: Q\nshapes:\n  Q: 0;0\n", `p.yaml:3:6: shapes.Q: expected cells like 3,1 or 3,1,0 separated by spaces, found "0;0"`},
	{"p.toml", "pieces = \"L4\"\norientations = \"L4\"\n", `p.toml:2:16: orientations: expected a table of piece names and lists of their orientations' cells, found string "L4"`},
	{"p.toml", "pieces = \"L4\"\n[orientations]\nL4 = \"0,0 1,0\"\n", `p.toml:3:6: orientations.L4: expected a list of strings of cells, found string "0,0 1,0"`},
	{"p.yaml", "pieces: L4\norientations:\n  L4: [\"0;0\"]\n", `p.yaml:3:8: orientations.L4[0]: expected cells like 3,1 or 3,1,0 separated by spaces, found "0;0"`},
	{"p.toml", "pieces = \"5*\"\nboard.size = \"3x3\"\nunique = \"yes\"\n", `p.toml:3:10: unique: expected true or false, found string "yes"`},
	{"p.yaml", "pieces: 5*\nboard: {size: 3x3}\nunique: yes\n", `p.yaml:3:9: unique: expected true or false, found string "yes"`},
	{"p.yaml", "{title: \"×\", unique: yes}\n", `p.yaml:1:23: unique: expected true or false, found string "yes"`}, // columns count bytes
	{"p.toml", "title = 7\n", `p.toml:1:9: title: expected a string, found integer 7`},
	{"p.toml", "title = true\n", `p.toml:1:9: title: expected a string, found boolean true`},
	{"p.toml", "expect = \"a very long string indeed, longer than forty bytes\"\n", `p.toml:1:10: expect: expected an integer >= 0, found string "a very long string indeed, longer than f"...`},
	{"p.yaml", "&k pieces: 5*\n*k : 4*\n", `p.yaml:2:1: invalid YAML: duplicate key "pieces" (first at line 1)`},
	{"p.yaml", "--- ~\n", `p.yaml:1:1: missing required key "pieces"`},
	{"p.yaml", "one-sided: ~\n", `p.yaml:1:12: one-sided: expected true or false, found null`},
	{"p.toml", "expect = 2.5\n", `p.toml:1:10: expect: expected an integer >= 0, found float 2.5`},
	{"p.yaml", "expect: 3.0\n", `p.yaml:1:9: expect: expected an integer >= 0, found float 3.0`},
	{"p.toml", "expect-all = -1\n", `p.toml:1:14: expect-all: expected an integer >= 0, found integer -1`},
	{"p.toml", "count = -3\n", `p.toml:1:9: count: expected an integer >= 0, found integer -3`},
	{"p.toml", "count-by = 2026\n", `p.toml:1:12: count-by: expected a string, found integer 2026`},
	{"p.toml", "expect-source = true\n", `p.toml:1:17: expect-source: expected a string, found boolean true`},
	{"p.toml", "expect = 1979-05-27\n", `p.toml:1:10: expect: expected an integer >= 0, found date/time`},
	{"p.toml", "pieces = 5\n", `p.toml:1:10: pieces: expected a rule string or a list of rule strings, found integer 5`},
	{"p.yaml", "pieces: []\n", `p.yaml:1:9: pieces: expected a rule string or a list of rule strings, found empty list`},
	{"p.toml", "pieces = [\"5*\",\n  3]\n", `p.toml:2:3: pieces[1]: expected a rule string, found integer 3`},
	{"p.yaml", "pieces:\n  - 5*\n  - [I]\n", `p.yaml:3:5: pieces[1]: expected a rule string, found list`},
	{"p.toml", "pieces = \"\"\n", `p.toml:1:10: pieces: expected a rule string, found string ""`},
	{"p.toml", "pieces = \"5*\"\nboard = \"10x6\"\n", `p.toml:2:9: board: expected a table with size, art, cells or regions, found string "10x6"`},
	{"p.yaml", "pieces: 5*\nboard: [10, 6]\n", `p.yaml:2:8: board: expected a table with size, art, cells or regions, found list`},
	{"p.yaml", "- pieces: 5*\n", `p.yaml:1:1: expected a table of spec keys, found list`},
	{"p.yaml", "pieces: 5*\n[board]: 1\n", `p.yaml:2:1: expected a string key, found list`},

	// Bad values.
	{"p.toml", "pieces = \"5*\"\n[board]\nsize = \"0x5\"\n", `p.toml:3:8: board.size: expected "WxH" with W, H >= 1 (e.g. "10x6"), found string "0x5"`},
	{"p.yaml", "pieces: 5*\nboard:\n  size: 10 x 6\n", `p.yaml:3:9: board.size: expected "WxH" with W, H >= 1 (e.g. "10x6"), found string "10 x 6"`},
	{"p.yaml", "pieces: 5*\nboard:\n  size: 10\n", `p.yaml:3:9: board.size: expected "WxH" with W, H >= 1 (e.g. "10x6"), found integer 10`},
	{"p.toml", "pieces = \"5*\"\n[board]\nsize = \"99999999999999999999x1\"\n", `p.toml:3:8: board.size: expected "WxH" with W, H >= 1 (e.g. "10x6"), found string "99999999999999999999x1"`},
	{"p.toml", "pieces = \"5*\"\n[board]\nsize = \"3x3\"\nart = \"#\"\n", `p.toml:4:1: board.art: give one of size, art or cells, not two`},
	{"p.yaml", "pieces: 5*\nboard:\n  art: '#'\n  size: 3x3\n", `p.yaml:4:3: board.size: give one of size, art or cells, not two`},
	{"p.toml", "pieces = \"5*\"\n[board]\n", `p.toml:2:2: board: missing key "size", "art", "cells" or "regions"`},
	{"p.yaml", "pieces: 5*\nboard: {}\n", `p.yaml:2:1: board: missing key "size", "art", "cells" or "regions"`},
	{"p.toml", "pieces = \"5*\"\n[board]\nart = \"\"\"\n\n  \n\"\"\"\n", `p.toml:3:7: board.art: expected rows of '#' cells, found no rows`},
	{"p.yaml", "pieces: 5*\nboard:\n  art: |\n    ...\n    .  .\n", `p.yaml:3:8: board.art: expected rows of '#' cells, found no '#'`},
	{"p.yaml", "pieces: 5*\nboard:\n  art: [\"#\"]\n", `p.yaml:3:8: board.art: expected a string of rows of '#' cells, found list`},
	{"p.toml", "name = \"Pentominoes 6x10\"\n", `p.toml:1:8: name: expected a name of a-z, 0-9 and '-', found string "Pentominoes 6x10"`},
	{"p.yaml", "name: \"\"\n", `p.yaml:1:7: name: expected a name of a-z, 0-9 and '-', found string ""`},
	{"p.toml", "lattice = \"sqare\"\n", `p.toml:1:11: lattice: expected one of square, cubic, iamond, hex, stick, trig, twig, found string "sqare" (did you mean "square"?)`},
	{"p.yaml", "lattice: penrose\n", `p.yaml:1:10: lattice: expected one of square, cubic, iamond, hex, stick, trig, twig, found string "penrose"`},

	// Keys that must be there.
	{"p.toml", "", `p.toml:1:1: missing required key "pieces"`},
	{"p.yaml", "# nothing yet\n", `p.yaml:1:1: missing required key "pieces"`},
	{"p.yaml", "pieces: 5*\n", `p.yaml:1:1: missing required key "board"`},
	{"Big Puzzle.toml", "pieces = \"5*\"\nboard.size = \"3x3\"\n", `Big Puzzle.toml:1:1: missing key "name", and the file name "Big Puzzle" cannot stand in for it (expected only a-z, 0-9 and '-')`},

	// Syntax errors.
	{"p.toml", "pieces = \"5*\nboard.size = \"3x3\"\n", `p.toml:1:13: invalid TOML: strings cannot contain newlines`},
	{"p.toml", "pieces = \"5*\"\nunique = yes\n", `p.toml:2:10: invalid TOML: expected value but found "yes" instead`},
	{"p.toml", "[board\nsize = \"3x3\"\n", `p.toml:1:7: invalid TOML: expected '.' or ']' to end table name, but got '\n' instead`},
	{"p.toml", "pieces = \"5*\"\npieces = \"4*\"\n", `p.toml:2:1: invalid TOML: Key 'pieces' has already been defined.`},
	{"p.yaml", "pieces: 5*\nboard: {size: 3x3\n", `p.yaml:2:9: invalid YAML: did not find expected ',' or '}'`},
	{"p.yaml", "pieces: \"5*\nboard: {size: 3x3}\n", `p.yaml:1:9: invalid YAML: found unexpected end of stream`},
	{"p.yaml", "pieces: 5*\n  board: 1\n", `p.yaml:2:8: invalid YAML: mapping values are not allowed in this context`},
	{"p.yaml", "pieces: 5*\n- board\n", `p.yaml:2:1: invalid YAML: did not find expected key`},
	{"p.yaml", "pieces: 5*\n\tboard: {}\n", `p.yaml:2:1: invalid YAML: found a tab character that violates indentation`},
	{"p.yaml", "pieces: 5*\npieces: 4*\n", `p.yaml:2:1: invalid YAML: duplicate key "pieces" (first at line 1)`},
	{"p.yaml", "pieces: 5*\n---\npieces: 4*\n", `p.yaml:2:1: invalid YAML: a spec is one document, found a second one`},
	{"p.yaml", "pieces: &p [*p]\n", `p.yaml:1:13: invalid YAML: alias *p refers to a value that contains it`},
	{"p.yaml", "expect: 18446744073709551616\n", `p.yaml:1:9: expect: expected an integer >= 0, found float 1.8446744073709552e+19`},
	{"p.yaml", "expect: 18446744073709551615\n", `p.yaml:1:9: invalid YAML: integer 18446744073709551615 does not fit in 64 bits`},
	{"p.yaml", "expect: !!int many\n", "p.yaml:1:9: invalid YAML: cannot decode !!str `many` as a !!int"},

	// Nesting is bounded before a decoder recurses (see TestDeepNesting).
	{"p.toml", "a = " + strings.Repeat("[", 40) + strings.Repeat("]", 40), "p.toml:1:37: expected lists and tables nested at most 32 deep; found deeper ones"},
	{"p.yaml", "a: " + strings.Repeat("[", 40) + strings.Repeat("]", 40), "p.yaml:1:35: expected lists and mappings nested at most 32 deep; found deeper ones"},

	// The file name picks the syntax.
	{"p.json", "{}", `p.json: unknown spec format ".json": want .toml, .yaml or .yml`},
}

func TestErrors(t *testing.T) {
	for _, c := range badSpecs {
		s, err := Parse(c.file, []byte(c.text))
		if err == nil {
			t.Errorf("%s %q: no error, got %+v", c.file, c.text, s)
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s %q: error %T %v is not an *Error", c.file, c.text, err, err)
		}
		if err.Error() != c.want {
			t.Errorf("%s %q:\n got %s\nwant %s", c.file, c.text, err, c.want)
		}
	}
}

// TestDeepNesting checks the files of the issue that crashed or took
// gigabytes: BurntSushi/toml overflowed the stack on millions of "[", and
// 30,000 nested lists took 2.3 GB. They are not in badSpecs, which seeds
// the fuzz targets: megabytes of seed slow fuzzing to a crawl.
func TestDeepNesting(t *testing.T) {
	for _, text := range []string{
		"a = " + strings.Repeat("[", 5000000),
		"a = " + strings.Repeat("[", 30000) + strings.Repeat("]", 30000),
	} {
		_, err := Parse("p.toml", []byte(text))
		if want := "p.toml:1:37: expected lists and tables nested at most 32 deep; found deeper ones"; err == nil || err.Error() != want {
			t.Errorf("%.20q...: got %v, want %s", text, err, want)
		}
	}
}

// TestYAMLErrorInHugeFile checks that past yamlBisectMax a syntax error is
// still positioned, at the line the YAML library reports.
func TestYAMLErrorInHugeFile(t *testing.T) {
	data := []byte(strings.Repeat("# padding\n", yamlBisectMax/10+1) + "pieces: 5*\n  board: 1\n")
	_, err := Parse("p.yaml", data)
	want := fmt.Sprintf("p.yaml:%d:1: invalid YAML: mapping values are not allowed in this context", yamlBisectMax/10+3)
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestNewFieldErrors covers the keys added for the other lattices.
func TestNewFieldErrors(t *testing.T) {
	for _, c := range []struct{ file, src, want string }{
		{"p.toml", "pieces = \"5*\"\nsymmetry = \"mirror\"\n[board]\nsize = \"3x3\"\n", `p.toml:2:12: symmetry: expected one of "all", "rotations", "parts", found string "mirror"`},
		{"p.toml", "pieces = \"5*\"\nomit = -1\n[board]\nsize = \"3x3\"\n", `p.toml:2:8: omit: expected an integer >= 0, found integer -1`},
		{"p.yaml", "pieces: 5*\nboard:\n  cells: 0,0 1;0\n", `p.yaml:3:10: board.cells: expected cells like 3,1 or 3,1,0 separated by spaces, found "1;0"`},
		{"p.yaml", "pieces: 5*\nboard:\n  cells: '0,0'\n  art: '#'\n", `p.yaml:4:3: board.art: give one of size, art or cells, not two`},
		{"p.toml", "pieces = \"5*\"\n[board]\nsize = \"3x3\"\ntube = 1\n", `p.toml:4:8: board.tube: expected true or false, found integer 1`},
	} {
		_, err := Parse(c.file, []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
	s, err := Parse("p.toml", []byte("pieces = \"5*\"\nomit = 1\nsymmetry = \"rotations\"\n[board]\ncells = \"\"\"\n0,0,0 1,0,0\n0,1,0\n\"\"\"\ntube = true\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Omit.V != 1 || s.Symmetry.V != "rotations" || !s.Board.Tube.V || len(strings.Fields(s.Board.Cells.V)) != 3 {
		t.Errorf("decoded %+v", s)
	}
}

// TestMaxPlacements checks the max-placements key's range, in both
// syntaxes, and that a Sudoku has no use for it.
func TestMaxPlacements(t *testing.T) {
	for _, c := range []struct{ file, src, want string }{
		{"p.toml", "pieces = \"5*\"\nmax-placements = 0\n[board]\nsize = \"3x3\"\n", `p.toml:2:18: max-placements: expected an integer from 1 to 4000000, found integer 0`},
		{"p.toml", "pieces = \"5*\"\nmax-placements = 4000001\n[board]\nsize = \"3x3\"\n", `p.toml:2:18: max-placements: expected an integer from 1 to 4000000, found integer 4000001`},
		{"p.yaml", "pieces: 5*\nmax-placements: big\nboard:\n  size: 3x3\n", `p.yaml:2:17: max-placements: expected an integer from 1 to 4000000, found string "big"`},
		{"p.toml", "kind = \"sudoku\"\ngivens = \"1...\"\nmax-placements = 10\n", `p.toml:3:1: max-placements: a sudoku spec has no use for this key`},
	} {
		_, err := Parse(c.file, []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
	s, err := Parse("p.toml", []byte("pieces = \"5*\"\nmax-placements = 4000000\n[board]\nsize = \"3x3\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := (Value[int64]{V: MaxDeclaredPlacements, Pos: Pos{File: "p.toml", Line: 2, Col: 18}, Set: true}); s.MaxPlacements != want {
		t.Errorf("decoded %+v, want %+v", s.MaxPlacements, want)
	}
}
