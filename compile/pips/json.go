package pips

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// A jvalue is a JSON value and the offset where it starts, so that errors
// about what a value means can point at it: encoding/json reports offsets
// only for syntax errors, and its token API took most of the time of
// solving a NYT puzzle.
type jvalue struct {
	off    int
	kind   byte // '{', '[', '"', '0' (number), 'b' (boolean) or 'n' (null)
	text   string
	keys   []string  // of an object, in order
	values []*jvalue // of an object (by key) or an array
}

// MaxJSONDepth bounds how deeply the lists and objects of a JSON file nest:
// a NYT file nests four deep, and a hostile one must not recurse without
// end.
const MaxJSONDepth = 32

// utf8BOM is the byte order mark some editors put at the start of a file.
const utf8BOM = "\xef\xbb\xbf"

// parseJSON reads data into a jvalue tree. An error is a syntax error and
// its offset. A byte order mark at the start is skipped.
func parseJSON(data []byte) (*jvalue, int, error) {
	s := &jscanner{data: data}
	if bytes.HasPrefix(data, []byte(utf8BOM)) {
		s.i = len(utf8BOM)
	}
	v, err := s.value()
	if err == nil && s.space() < len(data) {
		err = s.expected("the end of the file")
	}
	if err != nil {
		return nil, s.i, err
	}
	return v, 0, nil
}

// A jscanner reads JSON from data at i.
type jscanner struct {
	data  []byte
	i     int
	depth int // of the containers open at i
}

// space skips white space and returns the offset of what follows.
func (s *jscanner) space() int {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return s.i
		}
	}
	return s.i
}

// eat skips c, if it is next.
func (s *jscanner) eat(c byte) bool {
	if s.space() < len(s.data) && s.data[s.i] == c {
		s.i++
		return true
	}
	return false
}

// expected says what should have been at the scanner's place.
func (s *jscanner) expected(what string) error {
	if s.space() >= len(s.data) {
		return fmt.Errorf("expected %s; found the end of the file", what)
	}
	r, _ := utf8.DecodeRune(s.data[s.i:])
	return fmt.Errorf("expected %s; found %q", what, r)
}

func (s *jscanner) value() (*jvalue, error) {
	v := &jvalue{off: s.space()}
	if s.i >= len(s.data) {
		return nil, s.expected("a JSON value")
	}
	switch c := s.data[s.i]; {
	case c == '{' || c == '[':
		return v, s.container(v, c)
	case c == '"':
		v.kind = '"'
		text, err := s.string()
		v.text = text
		return v, err
	case c == '-' || '0' <= c && c <= '9':
		start := s.i
		for s.i < len(s.data) && isNumberByte(s.data[s.i]) {
			s.i++
		}
		v.kind, v.text = '0', string(s.data[start:s.i])
		if _, err := strconv.ParseFloat(v.text, 64); err != nil {
			s.i = start
			return nil, fmt.Errorf("expected a number; found %q", v.text)
		}
		return v, nil
	}
	for _, lit := range []string{"true", "false", "null"} {
		if bytes.HasPrefix(s.data[s.i:], []byte(lit)) {
			s.i += len(lit)
			v.kind, v.text = lit[0], lit
			if lit != "null" {
				v.kind = 'b'
			}
			return v, nil
		}
	}
	return nil, s.expected("a JSON value")
}

func isNumberByte(c byte) bool {
	return '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// container reads an object or an array into v.
func (s *jscanner) container(v *jvalue, open byte) error {
	close := map[byte]byte{'{': '}', '[': ']'}[open]
	if s.depth++; s.depth > MaxJSONDepth {
		return fmt.Errorf("expected lists and objects nested at most %d deep; found deeper ones", MaxJSONDepth)
	}
	defer func() { s.depth-- }()
	v.kind = open
	s.i++
	if s.eat(close) {
		return nil
	}
	var seen map[string]bool // the object's keys, to refuse one twice
	if open == '{' {
		seen = map[string]bool{}
	}
	for {
		if open == '{' {
			if s.space() >= len(s.data) || s.data[s.i] != '"' {
				return s.expected("a key in quotes")
			}
			at := s.i
			key, err := s.string()
			if err != nil {
				return err
			}
			if seen[key] {
				s.i = at
				return fmt.Errorf("expected each key once in an object; found %q again", key)
			}
			seen[key] = true
			if !s.eat(':') {
				return s.expected("':'")
			}
			v.keys = append(v.keys, key)
		}
		child, err := s.value()
		if err != nil {
			return err
		}
		v.values = append(v.values, child)
		if s.eat(close) {
			return nil
		}
		if !s.eat(',') {
			return s.expected(fmt.Sprintf("%q or %q", ',', close))
		}
	}
}

// string reads a string literal at the scanner's place. Escapes are rare
// in these files, so encoding/json decodes the literals that have them.
func (s *jscanner) string() (string, error) {
	start := s.i
	escaped := false
	for s.i++; s.i < len(s.data); s.i++ {
		switch s.data[s.i] {
		case '\\':
			escaped = true
			s.i++
		case '"':
			s.i++
			lit := s.data[start:s.i]
			if !escaped {
				return string(lit[1 : len(lit)-1]), nil
			}
			var out string
			if err := json.Unmarshal(lit, &out); err != nil {
				s.i = start
				return "", errors.New("expected a string with valid escapes")
			}
			return out, nil
		}
	}
	s.i = start
	return "", errors.New("expected a closing quote; found the end of the file")
}

// get returns the value of an object's key, or nil.
func (v *jvalue) get(key string) *jvalue {
	for i, k := range v.keys {
		if k == key {
			return v.values[i]
		}
	}
	return nil
}

// describe says what a value is, for "found ..." in messages.
func (v *jvalue) describe() string {
	switch v.kind {
	case '{':
		return "an object"
	case '[':
		return fmt.Sprintf("a list of %d", len(v.values))
	case '"':
		return strconv.Quote(v.text)
	}
	return v.text
}
