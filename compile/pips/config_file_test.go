package pips

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/grammar"
)

// TestReadConfigFileFormats reads the same configuration written in the
// text format, TOML, and YAML in block and flow style. A YAML block whose
// first row starts with a space needs an indentation indicator ("|2").
func TestReadConfigFileFormats(t *testing.T) {
	files := map[string]string{
		"c.cfg": "board:\n ##\n###\n\npieces: 1*,2I\nconstraints: 2*\nconstraint-coverage: 0.4\nconstraint-selection: uniform-size\nseed: -3\n",
		"c.toml": "# a comment\nboard = \"\"\"\n ##\n###\n\"\"\"\npieces = \"1*,2I\"\nconstraints = '2*'\n" +
			"constraint-coverage = 0.4\nconstraint-selection = \"uniform-size\"\nseed = -3\n",
		"c.yaml": "board: |2\n   ##\n  ###\npieces: 1*,2I\nconstraints: \"2*\"\nconstraint-coverage: 0.4\nconstraint-selection: uniform-size\nseed: -3\n",
		"c.yml":  "{board: \" ##\\n###\", pieces: '1*,2I', constraints: 2*, constraint-coverage: .4, constraint-selection: uniform-size, seed: -3}\n",
	}
	want := []grammar.Point{{Col: 1, Row: 0}, {Col: 2, Row: 0}, {Col: 0, Row: 1}, {Col: 1, Row: 1}, {Col: 2, Row: 1}}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		c, err := ReadConfigFile(name, []byte(files[name]))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !slices.Equal(c.Board, want) || c.Coverage != 0.4 || c.Selection != "uniform-size" || c.Seed != -3 || !c.HasSeed ||
			!slices.Equal(c.Pieces.Shapes, []string{"1o", "2I"}) || !slices.Equal(c.Constraints.Shapes, []string{"2I"}) {
			t.Errorf("%s: %+v", name, c)
		}
	}
}

// TestReadConfigFileErrors checks that mistakes in TOML and YAML are
// reported at their file, line and column.
func TestReadConfigFileErrors(t *testing.T) {
	const board = "board = \"\"\"\n##\n##\n\"\"\"\n"
	tests := []struct{ name, text, want string }{
		{"c.toml", board + "pieces = \"2*, 7*\"\n", "c.toml:5:15: expected an order from 1* to 5*, as Polypips shapes have 1 to 5 cells; found 7"},
		{"c.toml", board + "pieces = \"none\"\n", "c.toml:5:11: expected pieces to place; found none (none is only for constraints)"},
		{"c.toml", board + "pieces = \"12x5\"\n", "c.toml:5:11: expected a board of 60 cells for 12x5, the twelve pentominoes; found 4 cells"},
		{"c.toml", "board = \"\"\"\n#x\n\"\"\"\npieces = \"1*\"\n", "c.toml:2:2: expected '#' for a cell, or ' ' or '.' for none; found 'x'"},
		{"c.toml", board + "pieces = \"2*\"\nseed = 1.5\n", "c.toml:6:8: expected a whole number; found \"1.5\""},
		{"c.toml", board + "pieces = \"2*\"\nconstraint-coverage = 2\n", "c.toml:6:23: expected a share from 0 to 1, such as 0.5; found \"2\""},
		{"c.toml", board + "pieces = \"2*\"\nunique = true\n", "c.toml:6:1: expected a configuration key (board, pieces, constraints, constraint-coverage, constraint-selection, seed); found \"unique\""},
		{"c.toml", board + "pieces = [\"2*\"]\n", "c.toml:5:10: expected a string or a number for pieces; found an array"},
		{"c.toml", board + "pieces = \"2*\n", "c.toml:5:13: invalid TOML: strings cannot contain newlines"},
		{"c.toml", "pieces = \"2*\"\n", "c.toml:1:1: expected a \"board\" key; found none"},
		{"c.toml", "board = \"\"\"\n##\n" + strings.Repeat("#", 65) + "\n\"\"\"\npieces = \"2*\"\n", "c.toml:3:1: expected a board of at most 64 rows of 64 columns, as --board allows; found a cell in row 2, column 65"},
		{"c.yaml", "board: |\n" + strings.Repeat("  #\n", 1000) + "pieces: 2*\n", "c.yaml:66:3: expected a board of at most 64 rows of 64 columns, as --board allows; found a cell in row 65, column 1"},
		{"c.toml", "board = " + strings.Repeat("[", 5000000), "c.toml:1:1: expected lines of at most 1048576 bytes (the Pips readers' limit); found one of 5000008 bytes"},
		{"c.toml", "board = " + strings.Repeat("[", 1000000), "c.toml:1:41: expected lists and tables nested at most 32 deep; found deeper ones"},
		{"c.yaml", "board: |\n  ##\n  #y\npieces: 2*\n", "c.yaml:3:4: expected '#' for a cell, or ' ' or '.' for none; found 'y'"},
		{"c.yaml", "board: '##'\npieces: 2*\nconstraints: 4O, 9*\n", "c.yaml:3:18: expected an order from 1* to 5*, as Polypips shapes have 1 to 5 cells; found 9"},
		{"c.yaml", "board: '##'\npieces: 2*\nseed: yes\n", "c.yaml:3:7: expected a whole number; found \"yes\""},
		{"c.yaml", "board: '##'\npieces: 2*\nseed: true\n", "c.yaml:3:7: expected a string or a number for seed; found the boolean true"},
		{"c.yaml", "board: '##'\npieces: [2*]\n", "c.yaml:2:9: expected a string or a number for pieces; found a list"},
		{"c.yaml", "board: '##'\npieces: 2*\npieces: 3*\n", "c.yaml:3:1: expected one pieces key; found another (the first is at line 2)"},
		{"c.yaml", "board: '##'\ncolour: red\n", "c.yaml:2:1: expected a configuration key (board, pieces, constraints, constraint-coverage, constraint-selection, seed); found \"colour\""},
		{"c.yaml", "- board\n", "c.yaml:1:1: expected a mapping of configuration keys; found a list"},
		{"c.yaml", "board: [\n", "c.yaml:1:1: invalid YAML: did not find expected node content"},
		{"c.yml", "", "c.yml:1:1: expected a \"board\" key; found none"},
	}
	for _, tt := range tests {
		_, err := ReadConfigFile(tt.name, []byte(tt.text))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s %q:\n got %v\nwant %s", tt.name, tt.text, err, tt.want)
		}
	}
}

func FuzzReadConfigFile(f *testing.F) {
	f.Add(".toml", []byte("board = \"\"\"\n##\n##\n\"\"\"\npieces = \"2*\"\nseed = 3\n"))
	f.Add(".yaml", []byte("board: |\n  ##\n  ##\npieces: 2*\nconstraint-coverage: 0.5\n"))
	f.Add(".yml", []byte("{board: '#', pieces: 1o, constraints: none}"))
	data, err := os.ReadFile(filepath.Join("testdata/polypips/configs/8x8_minus4.cfg"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(".cfg", data)
	f.Fuzz(func(t *testing.T, ext string, data []byte) {
		if !slices.Contains([]string{".toml", ".yaml", ".yml", ".cfg"}, ext) {
			return
		}
		c, err := ReadConfigFile("f"+ext, data)
		if err != nil {
			checkFileError(t, "f"+ext, data, err)
			return
		}
		if len(c.Pieces.Shapes) == 0 || len(c.Board) == 0 || strings.ContainsRune(c.Selection, ' ') {
			t.Fatalf("config without pieces or board: %+v", c)
		}
	})
}
