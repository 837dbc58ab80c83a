package pips

import (
	"slices"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// A lineIndex turns byte offsets of a file into positions. A NYT file has
// hundreds of values to place, so it finds lines by binary search rather
// than count newlines from the start each time.
type lineIndex struct {
	name   string
	data   []byte
	starts []int // the offset of each line
}

func newLineIndex(name string, data []byte) *lineIndex {
	ix := &lineIndex{name: name, data: data, starts: []int{0}}
	for i, c := range data {
		if c == '\n' {
			ix.starts = append(ix.starts, i+1)
		}
	}
	return ix
}

// at returns the position of a byte offset.
func (ix *lineIndex) at(offset int) lexer.Position {
	offset = min(max(offset, 0), len(ix.data))
	line, found := slices.BinarySearch(ix.starts, offset)
	if !found {
		line--
	}
	col := utf8.RuneCount(ix.data[ix.starts[line]:offset]) + 1
	return lexer.Position{Filename: ix.name, Offset: offset, Line: line + 1, Column: col}
}
