package spec

import (
	"bytes"
	"errors"
	"path/filepath"
	"slices"
	"testing"
)

func FuzzParseTOML(f *testing.F) { fuzzParse(f, ".toml") }

func FuzzParseYAML(f *testing.F) { fuzzParse(f, ".yaml") }

// fuzzParse seeds a fuzz target with the specs of the other tests of one
// syntax and checks that Parse never panics, fails only with a positioned
// *Error, and on success keeps its promises.
func fuzzParse(f *testing.F, ext string) {
	for _, p := range samePairs {
		f.Add([]byte(map[string]string{".toml": p.toml, ".yaml": p.yaml}[ext]))
	}
	if ext == ".toml" {
		f.Add([]byte(trickyTOML))
	}
	if ext == ".yaml" {
		f.Add([]byte(aliasBomb(8)))
	}
	// coordinates at and past the bound, and a YAML spec that starts
	// with the board (not a Polypips game)
	for _, s := range []string{
		"pieces = \"O1*2\"\n[board]\ncells = \"1000000,0 -1000000,-1000000\"\n",
		"pieces = \"O1\"\n[board]\ncells = \"1000001,0\"\n",
		"pieces = \"A\"\n[shapes]\nA = \"0,0 9223372036854775807,0\"\n[board]\nsize = \"2x1\"\n",
		"board:\n  size: 20x3\npieces: 5*\n",
		"board:\n  cells: 1000001,0\npieces: O1\n",
	} {
		f.Add([]byte(s))
	}
	for _, c := range badSpecs {
		if filepath.Ext(c.file) == ext {
			f.Add([]byte(c.text))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file := "f" + ext
		if ext == ".toml" {
			checkTOMLSites(t, data)
		}
		s, err := Parse(file, data)
		if err != nil {
			var e *Error
			lines := bytes.Count(data, []byte("\n")) + 1
			if !errors.As(err, &e) || e.Pos.File != file || e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Col < 1 {
				t.Fatalf("error %T %q is not an *Error positioned in the file", err, err)
			}
			return
		}
		if s.Kind.V == "sudoku" {
			if !validName(s.Name.V) || !s.Givens.Set || s.Pieces.S != "" {
				t.Fatalf("invalid sudoku spec accepted: %+v", s)
			}
			return
		}
		if !validName(s.Name.V) || !slices.Contains(Lattices, s.Lattice.V) || s.Pieces.S == "" {
			t.Fatalf("invalid spec accepted: %+v", s)
		}
		if n := btoi(s.Board.Size.Set) + btoi(s.Board.Art.Set) + btoi(s.Board.Cells.Set); n > 1 || n == 0 && s.Board.Regions == nil {
			t.Fatalf("board must be one of size, art, cells, or regions alone: %+v", s.Board)
		}
		// Where PosAt claims an exact position, the file holds the character.
		src, spans := newSource(file, data), s.Pieces.spans
		for i, sp := range spans {
			end := len(s.Pieces.S)
			if i+1 < len(spans) {
				end = spans[i+1].off - 1 // before the joining comma
			}
			for off := sp.off; sp.verbatim && off < end; off++ {
				p := s.Pieces.PosAt(off)
				at := src.lines[p.Line-1] + p.Col - 1
				if at >= len(data) || data[at] != s.Pieces.S[off] {
					t.Fatalf("PosAt(%d) = %v, which does not hold %q", off, p, s.Pieces.S[off])
				}
			}
		}
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
