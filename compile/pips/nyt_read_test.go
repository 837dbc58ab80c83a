package pips

import (
	"os"
	"strings"
	"testing"
)

func TestReadNYTErrors(t *testing.T) {
	wrap := func(puzzle string) string { return `{"easy": ` + puzzle + `}` }
	tests := []struct {
		text, want string
	}{
		{`[]`, "n.json:1:1: expected an object with easy, medium and hard puzzles; found a list of 0"},
		{`{"hard": {}}`, `n.json:1:1: expected a "easy" puzzle; found keys hard`},
		{`{"easy": 3}`, "n.json:1:10: expected a puzzle object; found 3"},
		{wrap(`{}`), `n.json:1:10: expected a "dominoes" list in the puzzle; found none`},
		{wrap(`{"dominoes": {}}`), "n.json:1:23: expected a list of dominoes; found an object"},
		{wrap(`{"dominoes": [[1, 7]]}`), "n.json:1:28: expected pips from 0 to 6; found 7"},
		{wrap(`{"dominoes": [[1]]}`), "n.json:1:24: expected a pair of pips from 0 to 6; found a list of 1"},
		{wrap(`{"dominoes": [[1, 2]]}`), `n.json:1:10: expected a "regions" list in the puzzle; found none`},
		{wrap(`{"dominoes": [[1, 2]], "regions": [{"indices": [[0, 0], [0, 1]], "type": "odd"}]}`), `n.json:1:83: expected a region type of sum, less, greater, equals, unequal or empty; found "odd"`},
		{wrap(`{"dominoes": [[1, 2]], "regions": [{"indices": [[0, 0], [0, 1]], "type": "sum"}]}`), `n.json:1:45: expected a "target" for a sum region; found none`},
		{wrap(`{"dominoes": [[1, 2]], "regions": [{"indices": [[0, 0], [0, 1]], "type": "sum", "target": 2.5}]}`), "n.json:1:100: expected a target from 0 to 999999999; found 2.5"},
		{wrap(`{"dominoes": [[1, 2]], "regions": [{"indices": [[0, -1]], "type": "empty"}]}`), "n.json:1:62: expected [row, column] indices from 0 to 999; found -1"},
		{wrap(`{"dominoes": [[1, 2]], "regions": [{"indices": [[0, 0], [0, 0]], "type": "empty"}]}`), "n.json:1:66: expected each cell once in a region; found [0, 0] again"},
		{wrap(`{"dominoes": [[1, 2]], "regions": [{"indices": [], "type": "empty"}]}`), "n.json:1:45: expected a region with cells; found no indices"},
		{"{\n  \"easy\": [1,\n}", "n.json:3:1: expected a JSON value; found '}'"},
		{`{"easy": {}`, `n.json:1:12: expected ',' or '}'; found the end of the file`},
		{`{"easy": {"dominoes": [1 2]}}`, `n.json:1:26: expected ',' or ']'; found '2'`},
		{`{"easy": {"dominoes": [-]}}`, `n.json:1:24: expected a number; found "-"`},
		{`{"easy": {"dominoes": "\q"}}`, `n.json:1:23: expected a string with valid escapes`},
		{`{"easy": {"dominoes": "ab`, `n.json:1:23: expected a closing quote; found the end of the file`},
		{`{"easy": {}} x`, `n.json:1:14: expected the end of the file; found 'x'`},
		{`{easy: 1}`, `n.json:1:2: expected a key in quotes; found 'e'`},
		{`{"easy" 1}`, `n.json:1:9: expected ':'; found '1'`},
		{`{"easy": tru}`, `n.json:1:10: expected a JSON value; found 't'`},
		{``, `n.json:1:1: expected a JSON value; found the end of the file`},
		{`{"easy": {}, "easy": 3}`, `n.json:1:14: expected each key once in an object; found "easy" again`},
		{`{"easy": ` + strings.Repeat("[", 2000000), `n.json:1:1: expected lines of at most 1048576 bytes (the Pips readers' limit); found one of 2000009 bytes`},
		{`{"easy": ` + strings.Repeat("[\n", 1000000), `n.json:32:1: expected lists and objects nested at most 32 deep; found deeper ones`},
		{strings.Repeat("[", 100000), `n.json:1:33: expected lists and objects nested at most 32 deep; found deeper ones`},
		{"\xef\xbb\xbf" + wrap(`{"dominoes": [[1, 2]], "regions": [{"indices": [[0, 0], [0, 1]], "type": "sum", "target": 3}]}`), ""},
		{wrap(`{"dominoes": [[1, 2]], "regions": [{"indices": [[0, 0], [0, 1]], "type": "sum", "target": 3}]}`), ""},
	}
	for _, tt := range tests {
		g, err := ReadNYT("n.json", []byte(tt.text), "easy")
		if err == nil {
			_, err = Compile(g, 0)
		}
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.text, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("%s:\n got %v\nwant %s", tt.text, err, tt.want)
		}
	}
}

func TestReadNYTGame(t *testing.T) {
	data, err := os.ReadFile("testdata/nyt/2025-08-18.json")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadNYT("testdata/nyt/2025-08-18.json", data, "easy")
	if err != nil {
		t.Fatal(err)
	}
	var pieces, rules []string
	for _, p := range g.Pieces {
		pieces = append(pieces, p.String())
	}
	for _, r := range g.Regions {
		rules = append(rules, r.Rule.String())
	}
	if g.Name != "2025-08-18 easy" || len(g.Board) != 8 || strings.Join(pieces, " ") != "2I:22 2I:23 2I:52 2I:66" || strings.Join(rules, " ") != "∅ = 5 12" {
		t.Errorf("game %s: board %v, pieces %v, rules %v", g.Name, g.Board, pieces, rules)
	}
	if g.Regions[1].Pos.Line != 33 {
		t.Errorf("second region at line %d, want 33", g.Regions[1].Pos.Line)
	}
}

func FuzzReadNYT(f *testing.F) {
	data, err := os.ReadFile("testdata/nyt/2025-08-18.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"easy": {"dominoes": [[1, 2]], "regions": [{"indices": [[0, 0], [0, 1]], "type": "sum", "target": 3}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadNYT("f.txt", data, "easy")
		if err == nil {
			_, err = Compile(g, 0)
		}
		checkFileError(t, "f.txt", data, err)
	})
}
