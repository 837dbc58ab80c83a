package pips

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// A section is one part of a text game or configuration: a "key:" line at
// the start of a line, the value after the colon, and the lines below up to
// a blank line.
type section struct {
	key   string
	pos   lexer.Position // of the key
	lines []textLine     // the value after the colon first, if any
}

// A textLine is a line, or the rest of one, and where it starts.
type textLine struct {
	text string
	pos  lexer.Position
}

// header matches a section's first line. Board rows hold no colon, and
// the lines of a list of pieces start with a digit, so neither is taken
// for one.
var header = regexp.MustCompile(`^([a-z][a-z-]*(?: \([a-z]+\))?):(.*)$`)

// readSections splits a file into sections. A section's block ends at the
// first blank line after some of its value; reading stops at the end of
// the block of the section named last, if it is not "", because what
// follows it (a game's picture and solution) is not for the reader. A file
// or line over MaxFileBytes or MaxLineBytes is refused first.
func readSections(name string, data []byte, last string) ([]*section, error) {
	if err := checkSize(name, data); err != nil {
		return nil, err
	}
	var out []*section
	var cur *section
	closed := false
	offset := 0
	for i, text := range strings.SplitAfter(string(data), "\n") {
		pos := lexer.Position{Filename: name, Offset: offset, Line: i + 1, Column: 1}
		offset += len(text)
		text = strings.TrimRight(text, "\r\n")
		if i == 0 {
			// A byte order mark some editors write is no part of the game.
			text = strings.TrimPrefix(text, utf8BOM)
		}
		switch m := header.FindStringSubmatch(text); {
		case strings.TrimSpace(text) == "":
			if cur != nil && len(cur.lines) > 0 {
				if cur.key == last {
					return out, nil
				}
				closed = true
			}
		case m != nil:
			if cur != nil && cur.key == last {
				return out, nil
			}
			if s := get(out, m[1]); s != nil {
				return nil, errorAt(pos, "expected one %s: section; found another (the first is at line %d)", m[1], s.pos.Line)
			}
			cur, closed = &section{key: m[1], pos: pos}, false
			if value := strings.TrimLeft(m[2], " \t"); strings.TrimSpace(value) != "" {
				at := len(text) - len(value)
				vpos := pos
				vpos.Offset += at
				vpos.Column += utf8.RuneCountInString(text[:at])
				cur.lines = append(cur.lines, textLine{value, vpos})
			}
			out = append(out, cur)
		case cur == nil || closed:
			return nil, errorAt(pos, "expected a section such as board:, pieces: or constraints:; found %q", strings.TrimSpace(text))
		default:
			cur.lines = append(cur.lines, textLine{text, pos})
		}
	}
	return out, nil
}

// get returns the section with the given key, or nil.
func get(sections []*section, key string) *section {
	for _, s := range sections {
		if s.key == key {
			return s
		}
	}
	return nil
}
