package pips

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadConfigData(t *testing.T) {
	tests := []struct {
		file, pieces, constraints string
		twelve                    bool
		coverage                  float64
		selection                 string
		seed                      int64
	}{
		{"8x8_minus4.cfg", "5F+ 5F- 5I 5L+ 5L- 5N+ 5N- 5P+ 5P- 5T 5U 5V 5W 5X 5Y+ 5Y- 5Z+ 5Z-", "1o 2I 3I 3L 4I 4L+ 4L- 4O 4T 4S+ 4S- 5F+ 5F- 5I 5L+ 5L- 5N+ 5N- 5P+ 5P- 5T 5U 5V 5W 5X 5Y+ 5Y- 5Z+ 5Z-", true, 0.3, "uniform-size", 12345},
		{"8x8_minus4_noconstraints.cfg", "5F+ 5F- 5I 5L+ 5L- 5N+ 5N- 5P+ 5P- 5T 5U 5V 5W 5X 5Y+ 5Y- 5Z+ 5Z-", "", true, 0.5, "uniform-all", 54321},
		{"8x8_mixed_unconstrained.cfg", "4I 4L+ 4L- 4O 4T 4S+ 4S- 5F+ 5F- 5I 5L+ 5L- 5N+ 5N- 5P+ 5P- 5T 5U 5V 5W 5X 5Y+ 5Y- 5Z+ 5Z-", "", false, 0.5, "uniform-all", 98765},
	}
	for _, tt := range tests {
		path := filepath.Join("testdata/polypips/configs", tt.file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		c, err := ReadConfig(path, data)
		if err != nil {
			t.Fatal(err)
		}
		constraints := ""
		if c.Constraints != nil {
			constraints = strings.Join(c.Constraints.Shapes, " ")
		}
		if got := strings.Join(c.Pieces.Shapes, " "); got != tt.pieces || constraints != tt.constraints || c.Pieces.Twelve != tt.twelve ||
			c.Coverage != tt.coverage || c.Selection != tt.selection || c.Seed != tt.seed || !c.HasSeed {
			t.Errorf("%s = %+v, pieces %s, constraints %s", tt.file, c, got, constraints)
		}
	}
}

func TestReadConfigErrors(t *testing.T) {
	const board = "board:\n##\n##\n"
	tests := []struct {
		text, want string
	}{
		{board + "pieces: 2*\nconstraints: 1*\nconstraint-coverage: 0.25\nseed: -7\n", ""},
		{board + "pieces: none\n", "c.cfg:4:9: expected pieces to place; found none (none is only for constraints)"},
		{board + "pieces: 12x5\n", "c.cfg:4:9: expected a board of 60 cells for 12x5, the twelve pentominoes; found 4 cells"},
		{board + "pieces: 2*\nconstraints: 12x5\n", "c.cfg:5:14: expected a selection of constraint shapes; found 12x5, which is only for pieces"},
		{board + "pieces: 2*, 7*\n", "c.cfg:4:13: expected an order from 1* to 5*, as Polypips shapes have 1 to 5 cells; found 7"},
		{board + "pieces: 2*,,\n", "c.cfg:4:12: expected a piece name, a shape like 4L+, an order like 5*, or 12x5; found \",\""},
		{board + "pieces: 2I:01,2I:23\n", "c.cfg:4:9: expected a selection rule such as 4*,X; found pieces with pips (a game is not a generator configuration)"},
		{board + "pieces: 2*\nconstraint-coverage: 1.5\n", `c.cfg:5:22: expected a share from 0 to 1, such as 0.5; found "1.5"`},
		{board + "pieces: 2*\nconstraint-coverage:\n0.5\n", "c.cfg:5:1: expected a value after constraint-coverage: on its line; found 1 line"},
		{board + "pieces: 2*\nconstraint-selection: uniform\n", `c.cfg:5:23: expected uniform-all or uniform-size; found "uniform"`},
		{board + "pieces: 2*\nseed: x\n", `c.cfg:5:7: expected a whole number; found "x"`},
		{board + "pieces: 2*\ncolour: red\n", "c.cfg:5:1: expected a configuration key (board, pieces, constraints, constraint-coverage, constraint-selection, seed); found colour:"},
	}
	for _, tt := range tests {
		_, err := ReadConfig("c.cfg", []byte(tt.text))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q: %v", tt.text, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("%q:\n got %v\nwant %s", tt.text, err, tt.want)
		}
	}
}

func FuzzReadConfig(f *testing.F) {
	for _, name := range []string{"configs/8x8_minus4.cfg", "configs/10x10_mixed_unconstrained.cfg", "2x2.cfg"} {
		data, err := os.ReadFile(filepath.Join("testdata/polypips", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ReadConfig("f.txt", data)
		checkFileError(t, "f.txt", data, err)
		if err == nil && (len(c.Pieces.Shapes) == 0 || len(c.Board) == 0) {
			t.Fatalf("config without pieces or board: %+v", c)
		}
	})
}
