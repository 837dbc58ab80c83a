package spec

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"testing/fstest"
)

// samePair is one spec written in both syntaxes, and what it decodes to.
type samePair struct {
	name       string // file base name, without extension
	toml, yaml string
	want       Spec // positions and File are not compared
}

var samePairs = []samePair{
	{
		name: "pentominoes-6x10",
		toml: `name = "pentominoes-6x10"
title = "Pentominoes 6×10"
lattice = "square"
pieces = "5*"
one-sided = false
unique = true
expect = 2339
expect-all = 9356

[board]
size = "10x6"
`,
		yaml: `name: pentominoes-6x10
title: Pentominoes 6×10
lattice: square
pieces: 5*
one-sided: false
unique: true
expect: 2339
expect-all: 9356
board:
  size: 10x6
`,
		want: Spec{
			Name:      Value[string]{V: "pentominoes-6x10", Set: true},
			Title:     Value[string]{V: "Pentominoes 6×10", Set: true},
			Lattice:   Value[string]{V: "square", Set: true},
			Kind:      Value[string]{V: "polyform"},
			Pieces:    Text{S: "5*"},
			OneSided:  Value[bool]{V: false, Set: true},
			Unique:    Value[bool]{V: true, Set: true},
			Expect:    Value[int64]{V: 2339, Set: true},
			ExpectAll: Value[int64]{V: 9356, Set: true},
			Board:     Board{Size: Value[Size]{V: Size{W: 10, H: 6}, Set: true}},
		},
	},
	{
		// Defaults: name from the file, lattice square; a "×" size.
		name: "minimal",
		toml: "pieces = \"4*\"\nboard.size = \"4×5\"\n",
		yaml: "pieces: \"4*\"\nboard: {size: \"4×5\"}\n",
		want: Spec{
			Name:    Value[string]{V: "minimal"},
			Lattice: Value[string]{V: "square"},
			Kind:    Value[string]{V: "polyform"},
			Pieces:  Text{S: "4*"},
			Board:   Board{Size: Value[Size]{V: Size{W: 4, H: 5}, Set: true}},
		},
	},
	{
		// A list of rules, and an art board with blank edges to drop.
		name: "ring",
		toml: `pieces = ["I4", 'L4', "T4"]
one-sided = true
lattice = "hex"

[board]
art = """

########
###..###
########

"""
`,
		yaml: `pieces:
  - I4
  - 'L4'
  - "T4"
one-sided: true
lattice: hex
board:
  art: |

    ########
    ###..###
    ########

`,
		want: Spec{
			Name:     Value[string]{V: "ring"},
			Lattice:  Value[string]{V: "hex", Set: true},
			Kind:     Value[string]{V: "polyform"},
			Pieces:   Text{S: "I4,L4,T4"},
			OneSided: Value[bool]{V: true, Set: true},
			Board: Board{Art: Value[[]string]{V: []string{
				"########",
				"###..###",
				"########",
			}, Set: true}},
		},
	},
	{
		// Art in a one-line string with escapes, in an inline table;
		// leading spaces in rows are kept (they are non-cells).
		name: "steps",
		toml: "pieces = [\"2\"]\nboard = { art = \"#\\n ##\\n###\" }\nexpect = 0\n",
		yaml: "pieces: [\"2\"]\nboard: {art: \"#\\n ##\\n###\"}\nexpect: 0\n",
		want: Spec{
			Name:    Value[string]{V: "steps"},
			Lattice: Value[string]{V: "square"},
			Kind:    Value[string]{V: "polyform"},
			Pieces:  Text{S: "2"},
			Expect:  Value[int64]{V: 0, Set: true},
			Board:   Board{Art: Value[[]string]{V: []string{"#", " ##", "###"}, Set: true}},
		},
	},
	{
		// Pieces the spec defines itself, kept in file order.
		name: "defined",
		toml: "pieces = \"Q,R\"\nmay-cross = true\n[shapes]\nQ = \"0,0 1,0\"\nR = \"0,0\"\n[board]\nsize = \"3x1\"\n",
		yaml: "pieces: Q,R\nmay-cross: true\nshapes:\n  Q: 0,0 1,0\n  R: \"0,0\"\nboard: {size: 3x1}\n",
		want: Spec{
			Name:     Value[string]{V: "defined"},
			Lattice:  Value[string]{V: "square"},
			Kind:     Value[string]{V: "polyform"},
			Pieces:   Text{S: "Q,R"},
			MayCross: Value[bool]{V: true, Set: true},
			Shapes: []NamedShape{
				{Name: "Q", Cells: Value[string]{V: "0,0 1,0", Set: true}},
				{Name: "R", Cells: Value[string]{V: "0,0", Set: true}},
			},
			Board: Board{Size: Value[Size]{V: Size{W: 3, H: 1}, Set: true}},
		},
	},
	{
		// A piece kept to some of its orientations, in file order.
		name: "restricted",
		toml: "pieces = \"L4,O4\"\n[orientations]\nL4 = [\"0,0 0,1 0,2 1,0\", \"0,0 1,0 2,0 2,1\"]\n[board]\nsize = \"4x2\"\n",
		yaml: "pieces: L4,O4\norientations:\n  L4: [\"0,0 0,1 0,2 1,0\", \"0,0 1,0 2,0 2,1\"]\nboard: {size: 4x2}\n",
		want: Spec{
			Name:    Value[string]{V: "restricted"},
			Lattice: Value[string]{V: "square"},
			Kind:    Value[string]{V: "polyform"},
			Pieces:  Text{S: "L4,O4"},
			Orientations: []PieceOrientations{{Name: "L4", Cells: []Value[string]{
				{V: "0,0 0,1 0,2 1,0", Set: true}, {V: "0,0 1,0 2,0 2,1", Set: true}}}},
			Board: Board{Size: Value[Size]{V: Size{W: 4, H: 2}, Set: true}},
		},
	},
	{
		// A Sudoku: separators and blanks are kept for the compiler.
		name: "sudoku",
		toml: "kind = \"sudoku\"\ngivens = \"\"\"\n1 . | . 4\n----+----\n\"\"\"\ngroups = [\"diagonals\"]\nexpect = 1\n",
		yaml: "kind: sudoku\ngivens: |\n  1 . | . 4\n  ----+----\ngroups: diagonals\nexpect: 1\n",
		want: Spec{
			Name:    Value[string]{V: "sudoku"},
			Lattice: Value[string]{V: "square"},
			Kind:    Value[string]{V: "sudoku", Set: true},
			Givens:  Value[[]string]{V: []string{"1 . | . 4", "----+----"}, Set: true},
			Groups:  []Value[[]string]{{V: []string{"diagonals"}, Set: true}},
			Expect:  Value[int64]{V: 1, Set: true},
		},
	},
	{
		// An external count with its source, and polyspec's own counts.
		name: "sourced",
		toml: "pieces = \"5*\"\nexpect = 2\nexpect-source = \"a book\"\ncount = 3\ncount-all = 12\ncount-by = \"polyspec dev, 2026-11-24, dlx\"\nboard.size = \"5x5\"\n",
		yaml: "pieces: 5*\nexpect: 2\nexpect-source: a book\ncount: 3\ncount-all: 12\ncount-by: polyspec dev, 2026-11-24, dlx\nboard: {size: 5x5}\n",
		want: Spec{
			Name:         Value[string]{V: "sourced"},
			Lattice:      Value[string]{V: "square"},
			Kind:         Value[string]{V: "polyform"},
			Pieces:       Text{S: "5*"},
			Expect:       Value[int64]{V: 2, Set: true},
			ExpectSource: Value[string]{V: "a book", Set: true},
			Count:        Value[int64]{V: 3, Set: true},
			CountAll:     Value[int64]{V: 12, Set: true},
			CountBy:      Value[string]{V: "polyspec dev, 2026-11-24, dlx", Set: true},
			Board:        Board{Size: Value[Size]{V: Size{W: 5, H: 5}, Set: true}},
		},
	},
	{
		// YAML anchors and aliases (even as a key); CRLF line ends in both.
		name: "aliases",
		toml: "pieces = [\"I\", \"I\"]\r\nexpect = 5\r\nexpect-all = 5\r\n[board]\r\nart = \"\"\"\r\n##\r\n\"\"\"\r\n",
		yaml: "pieces: [&i I, *i]\r\nexpect: &n 5\r\n? &k expect-all\r\n: *n\r\nboard:\r\n  art: |\r\n    ##\r\n",
		want: Spec{
			Name:      Value[string]{V: "aliases"},
			Lattice:   Value[string]{V: "square"},
			Kind:      Value[string]{V: "polyform"},
			Pieces:    Text{S: "I,I"},
			Expect:    Value[int64]{V: 5, Set: true},
			ExpectAll: Value[int64]{V: 5, Set: true},
			Board:     Board{Art: Value[[]string]{V: []string{"##"}, Set: true}},
		},
	},
}

// withoutPositions returns a copy of s with File and every Pos zeroed, and
// Text spans dropped, by reflection so that new fields are covered too.
func withoutPositions(s Spec) Spec {
	s.File = ""
	s.Shapes = slices.Clone(s.Shapes)
	s.Groups = slices.Clone(s.Groups)
	var zero func(v reflect.Value)
	zero = func(v reflect.Value) {
		switch {
		case v.Type() == reflect.TypeFor[Pos]():
			v.SetZero()
		case v.Type() == reflect.TypeFor[Text]():
			v.Set(reflect.ValueOf(Text{S: v.Interface().(Text).S}))
		case v.Kind() == reflect.Struct:
			for i := range v.NumField() {
				zero(v.Field(i))
			}
		case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Struct:
			for i := range v.Len() {
				zero(v.Index(i))
			}
		}
	}
	zero(reflect.ValueOf(&s).Elem())
	return s
}

func TestSameSpecBothSyntaxes(t *testing.T) {
	for _, p := range samePairs {
		t.Run(p.name, func(t *testing.T) {
			for _, file := range []struct{ name, text string }{
				{p.name + ".toml", p.toml},
				{p.name + ".yaml", p.yaml},
			} {
				s, err := Parse(file.name, []byte(file.text))
				if err != nil {
					t.Fatalf("Parse(%s): %v", file.name, err)
				}
				if s.File != file.name {
					t.Errorf("%s: File = %q", file.name, s.File)
				}
				if got := withoutPositions(*s); !reflect.DeepEqual(got, p.want) {
					t.Errorf("%s:\n got %+v\nwant %+v", file.name, got, p.want)
				}
			}
		})
	}
}

// TestPositions checks where fields are found, in both syntaxes.
func TestPositions(t *testing.T) {
	toml := `name = "x"
pieces = "5*"  # rules
unique = true

[board]
art = '''
##
'''
`
	yaml := `name: x
pieces:   "5*" # rules
unique: true

board:
  art: |
    ##
`
	for _, c := range []struct {
		file, text                       string
		name, pieces, unique, board, art Pos
	}{
		{"p.toml", toml, Pos{"p.toml", 1, 8}, Pos{"p.toml", 2, 11}, Pos{"p.toml", 3, 10}, Pos{"p.toml", 5, 2}, Pos{"p.toml", 6, 7}},
		{"p.yaml", yaml, Pos{"p.yaml", 1, 7}, Pos{"p.yaml", 2, 12}, Pos{"p.yaml", 3, 9}, Pos{"p.yaml", 5, 1}, Pos{"p.yaml", 6, 8}},
	} {
		s, err := Parse(c.file, []byte(c.text))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []struct {
			what      string
			got, want Pos
		}{
			{"name", s.Name.Pos, c.name},
			{"pieces", s.Pieces.Pos, c.pieces},
			{"unique", s.Unique.Pos, c.unique},
			{"board", s.Board.Pos, c.board},
			{"board.art", s.Board.Art.Pos, c.art},
			{"lattice (default)", s.Lattice.Pos, Pos{c.file, 1, 1}},
		} {
			if f.got != f.want {
				t.Errorf("%s: %s at %v, want %v", c.file, f.what, f.got, f.want)
			}
		}
	}
}

func TestTextPosAt(t *testing.T) {
	for _, c := range []struct {
		file, text string
		offs       []int
		want       []Pos
	}{
		// One-line strings map byte for byte; the joining comma maps just
		// past the string before it; offsets are clamped.
		{"p.toml", `pieces = ["5*", "I×"]`, []int{-1, 0, 1, 2, 3, 4, 6, 99},
			[]Pos{{"", 1, 12}, {"", 1, 12}, {"", 1, 13}, {"", 1, 14}, {"", 1, 18}, {"", 1, 19}, {"", 1, 21}, {"", 1, 21}}},
		{"p.yaml", "pieces: [5*, 'I']", []int{0, 2, 3},
			[]Pos{{"", 1, 10}, {"", 1, 12}, {"", 1, 15}}},
		// A verbatim multi-line string maps across its lines.
		{"p.toml", "pieces = \"\"\"\nI,\n  L\"\"\"", []int{0, 2, 5},
			[]Pos{{"", 2, 1}, {"", 2, 3}, {"", 3, 3}}},
		// Escapes make a string's offsets all map to where it starts.
		{"p.toml", `pieces = "5\u002a"`, []int{0, 1},
			[]Pos{{"", 1, 10}, {"", 1, 10}}},
		{"p.yaml", "pieces: >\n  I,\n  L\n", []int{0, 3},
			[]Pos{{"", 1, 9}, {"", 1, 9}}},
	} {

		board := map[string]string{
			".toml": "\nboard = {size = \"1x1\"}\n",
			".yaml": "\nboard: {size: 1x1}\n",
		}[filepath.Ext(c.file)]
		s, err := Parse(c.file, []byte(c.text+board))
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		for i, off := range c.offs {
			want := c.want[i]
			want.File = c.file
			if got := s.Pieces.PosAt(off); got != want {
				t.Errorf("%q: PosAt(%d) = %v, want %v", c.text, off, got, want)
			}
		}
	}
}

func TestTextPosAtByHand(t *testing.T) {
	at := Pos{"made.toml", 4, 2}
	if got := (Text{S: "5*", Pos: at}).PosAt(1); got != at {
		t.Errorf("PosAt of a Text made by hand = %v, want %v", got, at)
	}
}

func TestLoad(t *testing.T) {
	const text = "pieces = \"5*\"\nboard = {size = \"10x6\"}\n"
	dir := t.TempDir()
	path := filepath.Join(dir, "from-disk.toml")
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Name.V != "from-disk" || s.File != path {
		t.Errorf("Load: name %q, file %q", s.Name.V, s.File)
	}
	if _, err := Load(filepath.Join(dir, "missing.toml")); !os.IsNotExist(err) {
		t.Errorf("Load of a missing file: %v, want a not-exist error", err)
	}

	fsys := fstest.MapFS{"specs/embedded.yml": {Data: []byte("pieces: 5*\nboard: {size: 10x6}\n")}}
	s, err = LoadFS(fsys, "specs/embedded.yml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name.V != "embedded" || s.Board.Size.V != (Size{10, 6}) {
		t.Errorf("LoadFS: %+v", s)
	}
	if _, err := LoadFS(fsys, "specs/nope.yml"); err == nil {
		t.Error("LoadFS of a missing file: no error")
	}
}

func TestNearest(t *testing.T) {
	names := []string{"pentominoes-6x10", "pentominoes-5x12", "pentominoes-8x8", "soma-3x3x3"}
	tests := []struct {
		word string
		want []string
	}{
		{"pentominos-6x10", []string{"pentominoes-6x10"}},
		{"pentominoes-6x12", []string{"pentominoes-6x10", "pentominoes-5x12"}},
		{"soma-3x3", []string{"soma-3x3x3"}},
		{"soma", nil},
		{"tetrasticks-6x6", nil},
	}
	for _, tt := range tests {
		if got := Nearest(tt.word, names); !slices.Equal(got, tt.want) {
			t.Errorf("Nearest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}
