package spec

import (
	"bytes"
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/polyspec/polyspec/spec/nesting"
)

// decodeTOML decodes a TOML spec into the positioned tree.
//
// BurntSushi/toml checks the syntax and decodes the values, and positions its
// syntax errors, but it keeps the positions of keys and values to itself. So
// once it has accepted the file, a small scanner (tomlScanner) walks the same
// text to find where each key and value is, by key path, and the two are
// joined here.
func decodeTOML(src *source) (*node, *Error) {
	if off := nesting.TOML(src.data, nesting.MaxDepth); off >= 0 {
		return nil, errorf(src.pos(off), "expected lists and tables nested at most %d deep; found deeper ones", nesting.MaxDepth)
	}
	var doc map[string]any
	if _, err := toml.Decode(string(src.data), &doc); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			// Start (where the offending token starts, in the text after any
			// byte order mark) is exact, where Line and Col are sometimes
			// those of the next line.
			return nil, errorf(src.pos(tomlBOM(src.data)+pe.Position.Start), "invalid TOML: %s", pe.Message)
		}
		return nil, errorf(src.start(), "invalid TOML: %v", err)
	}
	sc := &tomlScanner{src: src.data, sites: map[string]*tomlSite{}, arrays: map[string]int{}}
	sc.run()
	b := tomlBuilder{src: src, sites: sc.sites}
	root := b.build("", doc)
	root.pos = src.start()
	return root, nil
}

// tomlBOM is the length of the byte order mark that BurntSushi/toml skips
// before reading data, which its offsets do not count.
func tomlBOM(data []byte) int {
	for _, bom := range []string{"\xef\xbb\xbf", "\xff\xfe", "\xfe\xff"} {
		if bytes.HasPrefix(data, []byte(bom)) {
			return len(bom)
		}
	}
	return 0
}

// tomlBuilder turns BurntSushi/toml's decoded values into nodes, taking
// positions from the scanner's sites.
type tomlBuilder struct {
	src   *source
	sites map[string]*tomlSite
}

// build makes the node for value v at key path p (see childPath).
func (b tomlBuilder) build(p string, v any) *node {
	site := b.sites[p]
	if site == nil {
		// The root has no site, nor has a value that the scanner misread:
		// an approximate position still beats none.
		site = &tomlSite{content: -1}
	}
	switch v := v.(type) {
	case string:
		return b.src.stringNode(v, site.val, site.content, site.close)
	case map[string]any:
		return &node{pos: b.src.pos(site.val), val: b.table(p, v)}
	case []map[string]any: // an array of tables ([[name]]): a list like any other
		list := make([]any, len(v))
		for i, t := range v {
			list[i] = t
		}
		return b.build(p, list)
	case []any:
		items := make([]*node, len(v))
		for i, e := range v {
			items[i] = b.build(elemPath(p, i), e)
		}
		return &node{pos: b.src.pos(site.val), val: items}
	}
	// int64, float64, bool or time.Time: the kinds the tree keeps as they are.
	return &node{pos: b.src.pos(site.val), val: v}
}

// table builds the fields of a table in file order, which a Go map loses.
func (b tomlBuilder) table(p string, m map[string]any) []field {
	fields := make([]field, 0, len(m))
	offs := make(map[string]int, len(m))
	for k, v := range m {
		cp := childPath(p, k)
		if site := b.sites[cp]; site != nil {
			offs[k] = site.key
		}
		fields = append(fields, field{key: k, pos: b.src.pos(offs[k]), val: b.build(cp, v)})
	}
	sort.Slice(fields, func(i, j int) bool {
		oi, oj := offs[fields[i].key], offs[fields[j].key]
		return oi < oj || oi == oj && fields[i].key < fields[j].key
	})
	return fields
}

// Key paths name values unambiguously whatever characters keys hold: "" is
// the root, each key is appended quoted after a '.', each list index in
// brackets.
func childPath(p, key string) string  { return p + "." + strconv.Quote(key) }
func elemPath(p string, i int) string { return p + "[" + strconv.Itoa(i) + "]" }

// tomlSite is where the scanner found a key and its value (byte offsets).
type tomlSite struct {
	key, val int
	content  int    // for a string, where its characters start; else -1
	close    string // for a string, its closing delimiter
}

// tomlScanner finds the keys and values of TOML text that BurntSushi/toml has
// accepted. It relies on that: it knows only as much TOML as it takes to step
// over each value and to resolve key paths, and reports nothing. Every loop
// still moves forward, so even text it misreads cannot hang it.
type tomlScanner struct {
	src    []byte
	i      int
	sites  map[string]*tomlSite
	arrays map[string]int // path of each array of tables → tables so far
}

// note records a site for path p unless p has one: the first mention of a
// table (as a header, or a prefix of one or of a dotted key) is its place.
func (s *tomlScanner) note(p string, key, val int) *tomlSite {
	if site := s.sites[p]; site != nil {
		return site
	}
	site := &tomlSite{key: key, val: val, content: -1}
	s.sites[p] = site
	return site
}

func (s *tomlScanner) peek() byte {
	if s.i < len(s.src) {
		return s.src[s.i]
	}
	return 0
}

func (s *tomlScanner) has(prefix string) bool {
	return bytes.HasPrefix(s.src[min(s.i, len(s.src)):], []byte(prefix))
}

// skip steps over blanks, and also over line ends and comments if lines is
// set.
func (s *tomlScanner) skip(lines bool) {
	for s.i < len(s.src) {
		switch c := s.src[s.i]; {
		case c == ' ' || c == '\t':
			s.i++
		case lines && (c == '\n' || c == '\r'):
			s.i++
		case lines && c == '#':
			for s.i < len(s.src) && s.src[s.i] != '\n' {
				s.i++
			}
		default:
			return
		}
	}
}

func (s *tomlScanner) run() {
	s.i = tomlBOM(s.src)
	table := "" // path of the table that key/value lines go into
	for {
		s.skip(true)
		start := s.i
		switch {
		case s.i >= len(s.src):
			return
		case s.has("[["):
			s.i += 2
			table = s.header(true)
		case s.has("["):
			s.i++
			table = s.header(false)
		default:
			s.keyValue(table)
		}
		if s.i == start {
			s.i++
		}
	}
}

// header reads a table header after its opening bracket(s) and returns the
// path of the table it opens. A header names keys from the root, and a key
// that is an array of tables stands for that array's last table.
func (s *tomlScanner) header(array bool) string {
	keys := s.key()
	s.skip(false)
	if array && s.has("]]") {
		s.i += 2
	} else if s.has("]") {
		s.i++
	}
	p := ""
	for j, k := range keys {
		p = childPath(p, k.name)
		s.note(p, k.off, k.off)
		n := s.arrays[p]
		if j == len(keys)-1 && array {
			s.arrays[p] = n + 1
			p = elemPath(p, n)
			s.note(p, k.off, k.off)
		} else if n > 0 {
			p = elemPath(p, n-1)
		}
	}
	return p
}

// keyValue reads "key = value" into table.
func (s *tomlScanner) keyValue(table string) {
	keys := s.key()
	s.skip(false)
	if s.peek() != '=' || len(keys) == 0 {
		return
	}
	s.i++
	s.skip(false)
	p := table
	for _, k := range keys[:len(keys)-1] {
		p = childPath(p, k.name)
		s.note(p, k.off, k.off)
	}
	s.value(childPath(p, keys[len(keys)-1].name), keys[len(keys)-1].off)
}

// keyPart is one part of a dotted key and where it is written.
type keyPart struct {
	name string
	off  int
}

// key reads a dotted key.
func (s *tomlScanner) key() []keyPart {
	var parts []keyPart
	for {
		s.skip(false)
		start := s.i
		var name string
		switch s.peek() {
		case '"':
			s.skipString(`"`, true)
			name = tomlKeyString(s.src[start:s.i])
		case '\'':
			s.skipString(`'`, false)
			name = string(s.src[start+1 : max(s.i-1, start+1)])
		default:
			for s.i < len(s.src) && isBareKeyByte(s.src[s.i]) {
				s.i++
			}
			name = string(s.src[start:s.i])
		}
		if s.i == start {
			return parts
		}
		parts = append(parts, keyPart{name, start})
		s.skip(false)
		if s.peek() != '.' {
			return parts
		}
		s.i++
	}
}

func isBareKeyByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// tomlKeyString decodes a quoted key. A key without escapes is its text;
// one with escapes is decoded by BurntSushi/toml itself, so escapes mean
// exactly what they meant when the file was accepted.
func tomlKeyString(quoted []byte) string {
	if len(quoted) < 2 {
		return ""
	}
	if bytes.IndexByte(quoted, '\\') < 0 {
		return string(quoted[1 : len(quoted)-1])
	}
	var v struct{ K string }
	if _, err := toml.Decode("K = "+string(quoted), &v); err != nil {
		return string(quoted)
	}
	return v.K
}

// skipString steps over a string starting at s.i whose delimiter is quote
// (one or three quote characters).
func (s *tomlScanner) skipString(quote string, escapes bool) {
	s.i += len(quote)
	q := quote[0]
	for s.i < len(s.src) {
		switch c := s.src[s.i]; {
		case c == '\\' && escapes:
			s.i += 2
		case c == q && s.has(quote):
			s.i += len(quote)
			// A multi-line string may end with up to two quotes of its own
			// before its closing three: a run's last three close it.
			for extra := 0; len(quote) == 3 && extra < 2 && s.peek() == q; extra++ {
				s.i++
			}
			return
		default:
			s.i++
		}
	}
	s.i = min(s.i, len(s.src))
}

// value steps over the value at s.i, whose key path is p and key is at byte
// offset key, noting the sites of it and of everything inside it.
func (s *tomlScanner) value(p string, key int) {
	site := s.note(p, key, s.i)
	switch {
	case s.has(`"""`), s.has(`'''`):
		quote := string(s.src[s.i : s.i+3])
		site.content, site.close = s.i+3, quote
		// A line end right after the opening quotes is not part of the string.
		if rest := s.src[site.content:]; bytes.HasPrefix(rest, []byte("\n")) {
			site.content++
		} else if bytes.HasPrefix(rest, []byte("\r\n")) {
			site.content += 2
		}
		s.skipString(quote, quote[0] == '"')
	case s.has(`"`), s.has(`'`):
		quote := string(s.src[s.i])
		site.content, site.close = s.i+1, quote
		s.skipString(quote, quote == `"`)
	case s.has("["):
		s.i++
		for n := 0; ; n++ {
			s.skip(true)
			if s.i >= len(s.src) || s.peek() == ']' {
				s.i++
				return
			}
			start := s.i
			s.value(elemPath(p, n), s.i)
			s.skip(true)
			if s.peek() == ',' {
				s.i++
			}
			if s.i == start {
				s.i++
			}
		}
	case s.has("{"):
		s.i++
		for {
			s.skip(true)
			if s.i >= len(s.src) || s.peek() == '}' {
				s.i++
				return
			}
			start := s.i
			s.keyValue(p)
			s.skip(true)
			if s.peek() == ',' {
				s.i++
			}
			if s.i == start {
				s.i++
			}
		}
	default:
		// A number, boolean or date/time: it runs up to whatever may follow a
		// value. (Not up to a blank: "1979-05-27 07:32:00" is one value.)
		for s.i < len(s.src) && !strings.ContainsRune(",]}#\r\n", rune(s.src[s.i])) {
			s.i++
		}
	}
}
