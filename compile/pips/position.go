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
	// last is the previous position found: readers ask for positions in
	// file order, so the next one on the same line counts its column on
	// from there, which keeps a file of one long line linear.
	last lexer.Position
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
	from, col := ix.starts[line], 1
	if ix.last.Line == line+1 && ix.last.Offset <= offset {
		from, col = ix.last.Offset, ix.last.Column
	}
	col += utf8.RuneCount(ix.data[from:offset])
	ix.last = lexer.Position{Filename: ix.name, Offset: offset, Line: line + 1, Column: col}
	return ix.last
}

// offset turns a 1-based line and a column counted in runes, as the YAML
// decoder reports them, into a byte offset, clamped to the file and to the
// line.
func (ix *lineIndex) offset(line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(ix.starts) {
		return len(ix.data)
	}
	off := ix.starts[line-1]
	for range col - 1 {
		if off >= len(ix.data) || ix.data[off] == '\n' {
			break
		}
		_, size := utf8.DecodeRune(ix.data[off:])
		off += size
	}
	return off
}
