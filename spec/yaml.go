package spec

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/polyspec/polyspec/internal/infile"
	"github.com/polyspec/polyspec/spec/nesting"
	"go.yaml.in/yaml/v3"
)

// decodeYAML decodes a YAML spec into the positioned tree, through yaml.Node,
// which knows where each key and value is.
func decodeYAML(src *source) (*node, *Error) {
	doc, extra, err := parseYAML(src.data)
	if err != nil {
		return nil, yamlSyntaxError(src, err)
	}
	if extra != nil {
		return nil, errorf(src.pos(src.offset(extra.Line, extra.Column)),
			"invalid YAML: a spec is one document, found a second one")
	}
	if doc == nil || len(doc.Content) == 0 {
		return &node{pos: src.start(), val: []field{}}, nil
	}
	if deep := yamlTooDeep(doc.Content[0], nesting.MaxDepth); deep != nil {
		return nil, errorf(src.pos(src.offset(deep.Line, deep.Column)), "expected lists and mappings nested at most %d deep; found deeper ones", nesting.MaxDepth)
	}
	if alias := yamlTooLarge(doc.Content[0], yamlExpandedMax); alias != nil {
		return nil, errorf(src.pos(src.offset(alias.Line, alias.Column)),
			"invalid YAML: alias *%s makes the spec larger than %d bytes written out, the most a spec file holds: aliases may repeat a value, not grow a spec past that", alias.Value, yamlExpandedMax)
	}
	b := yamlBuilder{src: src, done: map[*yaml.Node]*node{}, open: map[*yaml.Node]bool{}}
	root, perr := b.build(doc.Content[0])
	if perr != nil {
		return nil, perr
	}
	if root.val == nil { // "---" alone, or only "~": as empty as an empty file
		root.val = []field{}
	}
	root.pos = src.start()
	return root, nil
}

// yamlTooDeep returns the first node nested more than limit lists or
// mappings deep in n, or nil. The YAML library stops at 10,000 levels; a
// spec needs a few.
func yamlTooDeep(n *yaml.Node, limit int) *yaml.Node {
	type at struct {
		n     *yaml.Node
		depth int
	}
	stack := []at{{n, 0}}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		depth := top.depth
		if top.n.Kind == yaml.SequenceNode || top.n.Kind == yaml.MappingNode {
			if depth++; depth > limit {
				return top.n
			}
		}
		for i := len(top.n.Content) - 1; i >= 0; i-- {
			stack = append(stack, at{top.n.Content[i], depth})
		}
	}
	return nil
}

// yamlExpandedMax bounds a YAML spec with its aliases written out, as
// infile.SpecBytes bounds the file: the builder below shares an aliased
// value rather than copying it, but what reads the spec takes each use
// apart, so a 1 MB file that names a 5,000-cell shape 55,000 times was
// read as 275 million cells and ran out of memory.
const yamlExpandedMax = infile.SpecBytes

// yamlTooLarge returns the alias at which n, read from the start with its
// aliases written out, grows past limit bytes, or nil. A scalar counts its
// text and one byte more, a list or mapping one byte and its contents:
// about what they take in a file. Only an alias is blamed, since without
// aliases the file's own limit bounds the document. The size of a value
// aliases refer to is computed once, however often they repeat it; an
// alias to a value that contains it counts nothing, for the builder to
// refuse. n is nested at most nesting.MaxDepth deep (yamlTooDeep), which
// bounds the recursion.
func yamlTooLarge(n *yaml.Node, limit int64) *yaml.Node {
	sizes := map[*yaml.Node]int64{} // of the values aliases refer to
	open := map[*yaml.Node]bool{}
	// size returns n's size with its aliases written out, or limit+1
	// for any larger one.
	var size func(n *yaml.Node) int64
	size = func(n *yaml.Node) int64 {
		if n.Kind == yaml.AliasNode {
			if open[n.Alias] {
				return 0
			}
			s, ok := sizes[n.Alias]
			if !ok {
				s = size(n.Alias)
				sizes[n.Alias] = s
			}
			return s
		}
		s := int64(len(n.Value)) + 1
		open[n] = true
		for _, c := range n.Content {
			if s = min(s+size(c), limit+1); s > limit {
				break
			}
		}
		delete(open, n)
		return s
	}
	var read int64
	var walk func(n *yaml.Node) *yaml.Node
	walk = func(n *yaml.Node) *yaml.Node {
		if n.Kind == yaml.AliasNode {
			if read += size(n); read > limit {
				return n
			}
			return nil
		}
		read += int64(len(n.Value)) + 1
		open[n] = true
		defer delete(open, n)
		for _, c := range n.Content {
			if at := walk(c); at != nil {
				return at
			}
		}
		return nil
	}
	return walk(n)
}

// parseYAML parses data, which must hold at most one document. doc is nil for
// a file without one; extra is the start of a second document.
func parseYAML(data []byte) (doc, extra *yaml.Node, err error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var d, e yaml.Node
	if err := dec.Decode(&d); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, nil
		}
		return nil, nil, err
	}
	if err := dec.Decode(&e); err != nil {
		if errors.Is(err, io.EOF) {
			return &d, nil, nil
		}
		return nil, nil, err
	}
	return &d, &e, nil
}

// yamlLine splits go.yaml.in/yaml/v3's syntax errors, "yaml: line N: msg"
// with the line part optional.
var yamlLine = regexp.MustCompile(`(?s)^yaml: (?:line (\d+): )?(.*)$`)

// yamlBisectMax is the largest file whose syntax errors yamlSyntaxError
// positions by bisection, which takes a few dozen parses; it is far larger
// than any spec.
const yamlBisectMax = 256 << 10

// yamlSyntaxError positions a YAML syntax error. The YAML library reports a
// line only, often the line before the problem (some of its marks are
// 0-based), sometimes none. But a parser reads from the front, so a problem
// gives the very same error as soon as the text up to it is parsed: the
// shortest prefix of the file that fails with the same error ends at the
// problem. Bisection finds it in a few parses. (Past yamlBisectMax bytes the
// library's line is taken as it is.)
func yamlSyntaxError(src *source, err error) *Error {
	want := err.Error()
	msg, line := want, 0
	if m := yamlLine.FindStringSubmatch(want); m != nil {
		msg = m[2]
		line, _ = strconv.Atoi(m[1])
	}
	if len(src.data) > yamlBisectMax {
		return errorf(Pos{File: src.file, Line: max(line, 1), Col: 1}, "invalid YAML: %s", msg)
	}
	// shortest bisects for the shortest prefix whose error same accepts;
	// the empty prefix parses, and the whole file fails.
	shortest := func(same func(msg string) bool) int {
		lo, hi := 0, len(src.data)
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if _, _, err := parseYAML(src.data[:mid]); err != nil && same(err.Error()) {
				hi = mid
			} else {
				lo = mid
			}
		}
		return hi
	}
	end := shortest(func(e string) bool { return e == want })
	if line >= bytes.Count(src.data, []byte("\n")) {
		// Reported at the end of the file, as an error found there is, such
		// as a string or list left open further up; the line then changes
		// with the prefix, but the message does not.
		sameMsg := func(e string) bool {
			m := yamlLine.FindStringSubmatch(e)
			return m != nil && m[2] == msg
		}
		end = min(end, shortest(sameMsg))
	}
	return errorf(src.pos(end-1), "invalid YAML: %s", msg)
}

// yamlBuilder turns a yaml.Node tree into nodes.
type yamlBuilder struct {
	src *source
	// done holds each node built, so that a value that aliases refer to many
	// times is built once (and "billion laughs" files stay small).
	done map[*yaml.Node]*node
	// open holds the collections being built, to catch an alias to a value
	// that contains the alias, which the YAML library accepts.
	open map[*yaml.Node]bool
}

func (b *yamlBuilder) pos(n *yaml.Node) Pos { return b.src.pos(b.src.offset(n.Line, n.Column)) }

func (b *yamlBuilder) build(n *yaml.Node) (*node, *Error) {
	if n.Kind == yaml.AliasNode {
		if b.open[n.Alias] {
			return nil, errorf(b.pos(n), "invalid YAML: alias *%s refers to a value that contains it", n.Value)
		}
		n = n.Alias
	}
	if built := b.done[n]; built != nil {
		return built, nil
	}
	var (
		built *node
		err   *Error
	)
	switch n.Kind {
	case yaml.MappingNode:
		b.open[n] = true
		built, err = b.mapping(n)
		delete(b.open, n)
	case yaml.SequenceNode:
		b.open[n] = true
		built, err = b.sequence(n)
		delete(b.open, n)
	default:
		built, err = b.scalar(n)
	}
	if err != nil {
		return nil, err
	}
	b.done[n] = built
	return built, nil
}

func (b *yamlBuilder) mapping(n *yaml.Node) (*node, *Error) {
	fields := make([]field, 0, len(n.Content)/2)
	first := map[string]Pos{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, err := b.build(n.Content[i])
		if err != nil {
			return nil, err
		}
		switch k.val.(type) {
		case []*node, []field:
			return nil, errorf(k.pos, "expected a string key, found %s", describe(k))
		}
		key, at := n.Content[i].Value, b.pos(n.Content[i])
		if n.Content[i].Kind == yaml.AliasNode {
			key = n.Content[i].Alias.Value
		}
		if p, dup := first[key]; dup {
			return nil, errorf(at, "invalid YAML: duplicate key %q (first at line %d)", key, p.Line)
		}
		first[key] = at
		v, err := b.build(n.Content[i+1])
		if err != nil {
			return nil, err
		}
		fields = append(fields, field{key: key, pos: at, val: v})
	}
	return &node{pos: b.pos(n), val: fields}, nil
}

func (b *yamlBuilder) sequence(n *yaml.Node) (*node, *Error) {
	items := make([]*node, len(n.Content))
	for i, c := range n.Content {
		item, err := b.build(c)
		if err != nil {
			return nil, err
		}
		items[i] = item
	}
	return &node{pos: b.pos(n), val: items}, nil
}

// scalar decodes a scalar as the YAML library resolves it (so "yes" stays a
// string, as in YAML 1.2).
func (b *yamlBuilder) scalar(n *yaml.Node) (*node, *Error) {
	at := b.src.offset(n.Line, n.Column)
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, errorf(b.src.pos(at), "invalid YAML: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	switch v := v.(type) {
	case string:
		content, close := at, ""
		switch {
		case n.Style&yaml.DoubleQuotedStyle != 0:
			content, close = at+1, `"`
		case n.Style&yaml.SingleQuotedStyle != 0:
			content, close = at+1, `'`
		case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
			// The characters start on the line after the indicator.
			content = b.src.offset(n.Line+1, 1)
			for content < len(b.src.data) && b.src.data[content] == ' ' {
				content++
			}
		}
		return b.src.stringNode(v, at, content, close), nil
	case int:
		return &node{pos: b.src.pos(at), val: int64(v)}, nil
	case int64, float64, bool, time.Time, nil:
		return &node{pos: b.src.pos(at), val: v}, nil
	case uint64:
		return nil, errorf(b.src.pos(at), "invalid YAML: integer %s does not fit in 64 bits", n.Value)
	}
	return nil, errorf(b.src.pos(at), "invalid YAML: unsupported value %s %q", n.ShortTag(), n.Value)
}
