package pips

import (
	"fmt"
	"strings"
	"testing"
)

// TestLimits checks that every reader refuses a file over the bounds of
// limits.go with an error that names the file, the place and the limit,
// and reads a file at the bounds.
func TestLimits(t *testing.T) {
	const (
		lineErr   = "expected lines of at most 1048576 bytes (the Pips readers' limit); found one of %d bytes"
		piecesErr = "expected at most 4096 pieces (the Pips readers' limit); found %d"
	)
	longLine := strings.Repeat("#", MaxLineBytes+1)
	longGame := "board:\n" + strings.Repeat("#\n", MaxFileBytes/2) + "pieces: 01\n"
	longConfig := "pieces: " + strings.Repeat("2*,", MaxLineBytes/3+1)
	dominoes := func(n int, sep string) string { return strings.TrimSuffix(strings.Repeat("01"+sep, n), sep) }
	// nyt is a NYT file with n dominoes on lines of their own, and a board
	// of their 2n cells in rows of 64.
	nyt := func(n int) string {
		var cells []string
		for i := range 2 * n {
			cells = append(cells, fmt.Sprintf("[%d, %d]", i/64, i%64))
		}
		return `{"easy": {"dominoes": [` + strings.Repeat("\n[0, 1],", n-1) + "\n[0, 1]],\n" +
			`"regions": [{"type": "empty", "indices": [` + strings.Join(cells, ",\n") + `]}]}}`
	}
	nytOneLine := `{"easy": {"dominoes": [` + strings.Repeat("[0, 1], ", 200000) + `[0, 1]], "regions": []}}`
	tests := []struct {
		name, file string
		read       func(data []byte) error
		want       string // "" for no error
	}{
		{"game line", "board:\n" + longLine + "\npieces: 01\n", readGame, "g.txt:2:1: " + fmt.Sprintf(lineErr, MaxLineBytes+1)},
		{"game pieces on one line", "board:\n##\npieces: " + dominoes(MaxPieces+1, ",") + "\n", readGame, "g.txt:3:9: " + fmt.Sprintf(piecesErr, MaxPieces+1)},
		{"game pieces on many lines", "board:\n##\npieces:\n" + dominoes(MaxPieces+1, ",\n") + "\n", readGame, "g.txt:4:1: " + fmt.Sprintf(piecesErr, MaxPieces+1)},
		{"game pieces at the limit", "board:\n##\npieces: " + dominoes(MaxPieces, " ") + "\n", readGame, ""},
		{"game file", longGame, readGame, fmt.Sprintf("g.txt:1:1: expected a file of at most 16777216 bytes (the Pips readers' limit); found %d bytes", len(longGame))},
		{"config line", "board:\n##\n" + longConfig + "\n", readConfig, "g.txt:3:1: " + fmt.Sprintf(lineErr, len(longConfig))},
		{"TOML config line", "board = \"##\"\npieces = \"" + strings.Repeat("2", MaxLineBytes) + "\"\n", readConfigTOML, "g.toml:2:1: " + fmt.Sprintf(lineErr, MaxLineBytes+11)},
		{"YAML config line", "board: \"##\"\npieces: \"" + strings.Repeat("2", MaxLineBytes) + "\"\n", readConfigYAML, "g.yaml:2:1: " + fmt.Sprintf(lineErr, MaxLineBytes+10)},
		{"NYT line", nytOneLine, readNYT, "n.json:1:1: " + fmt.Sprintf(lineErr, len(nytOneLine))},
		{"NYT dominoes", nyt(MaxPieces + 1), readNYT, "n.json:1:23: " + fmt.Sprintf(piecesErr, MaxPieces+1)},
		{"NYT dominoes at the limit", nyt(MaxPieces), readNYT, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.read([]byte(tt.file))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("got %v, want no error", err)
			case tt.want != "" && (err == nil || err.Error() != tt.want):
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

func readGame(data []byte) error {
	_, err := ReadGame("g.txt", data)
	return err
}

func readConfig(data []byte) error {
	_, err := ReadConfig("g.txt", data)
	return err
}

func readConfigTOML(data []byte) error {
	_, err := ReadConfigFile("g.toml", data)
	return err
}

func readConfigYAML(data []byte) error {
	_, err := ReadConfigFile("g.yaml", data)
	return err
}

func readNYT(data []byte) error {
	_, err := ReadNYT("n.json", data, "easy")
	return err
}
