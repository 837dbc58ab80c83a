package spec

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// node is one value of the positioned tree that both syntaxes decode into, so
// that the schema is checked by one piece of code.
type node struct {
	pos Pos
	// val is a string, int64, float64, bool, time.Time, nil (YAML's null),
	// []*node (a list) or []field (a table, in file order).
	val any
	// text is set for strings: where their characters are in the file.
	text span
}

// field is one key of a table and its value.
type field struct {
	key string
	pos Pos // where the key is written
	val *node
}

// describe names the kind of n and its value, cut short if long, for
// messages of the form "expected X, found Y".
func describe(n *node) string {
	switch v := n.val.(type) {
	case string:
		const limit = 40
		if len(v) > limit {
			cut := limit
			for cut > 0 && !utf8.RuneStart(v[cut]) {
				cut--
			}
			return fmt.Sprintf("string %q...", v[:cut])
		}
		return fmt.Sprintf("string %q", v)
	case int64:
		return fmt.Sprintf("integer %d", v)
	case float64:
		f := strconv.FormatFloat(v, 'g', -1, 64)
		if !strings.ContainsAny(f, ".eIN") { // keep 3.0 from reading as an integer
			f += ".0"
		}
		return "float " + f
	case bool:
		return fmt.Sprintf("boolean %t", v)
	case time.Time:
		return "date/time"
	case []*node:
		if len(v) == 0 {
			return "empty list"
		}
		return "list"
	case []field:
		return "table"
	}
	return "null"
}

// source is a spec file with an index of its lines, to turn the byte offsets
// and rune columns that the decoders report into positions.
type source struct {
	file  string
	data  []byte
	lines []int // byte offset where each line starts
}

func newSource(file string, data []byte) *source {
	s := &source{file: file, data: data, lines: []int{0}}
	for i, c := range data {
		if c == '\n' {
			s.lines = append(s.lines, i+1)
		}
	}
	return s
}

// start is the position of the beginning of the file.
func (s *source) start() Pos { return Pos{File: s.file, Line: 1, Col: 1} }

// pos turns a byte offset into a position.
func (s *source) pos(off int) Pos {
	off = min(max(off, 0), len(s.data))
	line := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	return Pos{File: s.file, Line: line + 1, Col: off - s.lines[line] + 1}
}

// offset turns a 1-based line and a column counted in runes (as YAML counts)
// into a byte offset, clamped to the file and to the line.
func (s *source) offset(line, runeCol int) int {
	if line < 1 {
		return 0
	}
	if line > len(s.lines) {
		return len(s.data)
	}
	off := s.lines[line-1]
	for range runeCol - 1 {
		if off >= len(s.data) || s.data[off] == '\n' {
			break
		}
		_, size := utf8.DecodeRune(s.data[off:])
		off += size
	}
	return off
}

// stringNode makes the node of a decoded string whose token starts at byte
// offset at and whose characters would start at offset content if nothing in
// them is escaped or folded. close is what ends the token right after the
// characters ("" when the syntax does not say). The characters are verbatim
// only if the file really holds them there, followed by close: that check
// catches escapes, folding and indentation whatever the syntax.
func (s *source) stringNode(v string, at, content int, close string) *node {
	n := &node{pos: s.pos(at), val: v, text: span{pos: s.pos(at)}}
	if content >= 0 && content <= len(s.data) {
		rest := s.data[content:]
		if bytes.HasPrefix(rest, []byte(v)) && bytes.HasPrefix(rest[len(v):], []byte(close)) {
			n.text = span{pos: s.pos(content), verbatim: true}
		}
	}
	return n
}

// span is where a run of a Text's characters comes from.
type span struct {
	off      int  // byte offset in Text.S where the run starts
	pos      Pos  // where that byte is in the file
	verbatim bool // the run is copied byte for byte from the file at pos
}

// Text is a string field that keeps track of where its characters are in the
// file, so that a later parser of the string can report file positions.
type Text struct {
	S   string
	Pos Pos // where S starts: its first character if verbatim, else its value
	// spans are in increasing off order, the first at off 0.
	spans []span
}

// PosAt returns the file position of byte off of t.S (clamped to
// 0..len(t.S), where len(t.S) is just past the end). It is exact where the
// characters are written verbatim in the file; inside a string with escapes,
// folded lines or stripped indentation, it is where that string starts. For a
// list of rule strings joined with ",", each offset maps into its own string,
// and a joining comma maps to just past the string before it. A Text made
// by hand, as tests do, maps every offset to t.Pos.
func (t Text) PosAt(off int) Pos {
	off = min(max(off, 0), len(t.S))
	i := sort.Search(len(t.spans), func(i int) bool { return t.spans[i].off > off }) - 1
	if i < 0 {
		return t.Pos
	}
	sp := t.spans[i]
	if !sp.verbatim {
		return sp.pos
	}
	p := sp.pos
	for _, c := range []byte(t.S[sp.off:off]) {
		if c == '\n' {
			p.Line, p.Col = p.Line+1, 1
		} else {
			p.Col++
		}
	}
	return p
}
