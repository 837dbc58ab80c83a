package pips

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/polyspec/polyspec/spec/nesting"
	"go.yaml.in/yaml/v3"
)

// ReadConfigFile reads a generator's configuration in the format its name
// says: TOML (.toml) or YAML (.yaml, .yml) with the keys of ReadConfig, or
// else ReadConfig's own. In TOML and YAML the board is a string of rows:
//
//	board = """
//	######
//	##  ##
//	"""
//	pieces = "4*,X"
//	constraint-coverage = 0.5
//	seed = 7
//
// Errors name the file, line and column, as exactly as the decoders allow:
// a value written with escapes or folded lines is placed at its start.
func ReadConfigFile(name string, data []byte) (*Config, error) {
	var sections []*section
	var err error
	switch strings.ToLower(filepath.Ext(name)) {
	case ".toml":
		sections, err = tomlSections(name, data)
	case ".yaml", ".yml":
		sections, err = yamlSections(name, data)
	default:
		return ReadConfig(name, data)
	}
	if err != nil {
		return nil, err
	}
	for _, key := range configKeys[:2] {
		if get(sections, key) == nil {
			return nil, errorAt(lexer.Position{Filename: name, Line: 1, Column: 1}, "expected a %q key; found none", key)
		}
	}
	return configFrom(name, sections, false)
}

// tomlKey matches a key and its "=" at the start of a line of TOML.
var tomlKey = regexp.MustCompile(`(?m)^[ \t]*(?:"([^"\\\n]*)"|'([^'\n]*)'|([A-Za-z0-9_-]+))[ \t]*=[ \t]*`)

// tomlSections reads a TOML configuration into sections. BurntSushi/toml
// checks the syntax and decodes the values but keeps their positions to
// itself; a configuration is one table of plain values, so the first line
// that assigns a key is where the key is, and its value follows the "=".
func tomlSections(name string, data []byte) ([]*section, error) {
	if err := checkSize(name, data); err != nil {
		return nil, err
	}
	ix := newLineIndex(name, data)
	if off := nesting.TOML(data, nesting.MaxDepth); off >= 0 {
		return nil, errorAt(ix.at(off), "expected lists and tables nested at most %d deep; found deeper ones", nesting.MaxDepth)
	}
	var doc map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, errorAt(ix.at(pe.Position.Start), "invalid TOML: %s", pe.Message)
		}
		return nil, errorAt(ix.at(0), "invalid TOML: %v", err)
	}
	type site struct{ key, value int }
	sites := map[string]site{}
	for _, m := range tomlKey.FindAllSubmatchIndex(data, -1) {
		key := ""
		for i := 2; i < len(m); i += 2 {
			if m[i] >= 0 {
				key = string(data[m[i]:m[i+1]])
			}
		}
		if _, seen := sites[key]; !seen {
			sites[key] = site{m[0] + bytes.IndexFunc(data[m[0]:], func(r rune) bool { return r != ' ' && r != '\t' }), m[1]}
		}
	}
	// File order, so that the first mistake in the file is the one reported.
	keys := slices.Sorted(maps.Keys(doc))
	slices.SortStableFunc(keys, func(a, b string) int { return sites[a].key - sites[b].key })
	var out []*section
	for _, k := range keys {
		at := sites[k]
		s := &section{key: k, pos: ix.at(at.key)}
		if !slices.Contains(configKeys, k) {
			return nil, unknownKey(s.pos, k)
		}
		switch v := doc[k].(type) {
		case string:
			content := at.value
			for _, quote := range []string{`"""`, `'''`, `"`, `'`} {
				if bytes.HasPrefix(data[content:], []byte(quote)) {
					content += len(quote)
					if len(quote) == 3 {
						// TOML drops a newline right after the opening quotes.
						for _, nl := range []string{"\n", "\r\n"} {
							if bytes.HasPrefix(data[content:], []byte(nl)) {
								content += len(nl)
								break
							}
						}
					}
					break
				}
			}
			s.lines = valueLines(ix, v, content)
		case int64:
			s.lines = []textLine{{strconv.FormatInt(v, 10), ix.at(at.value)}}
		case float64:
			s.lines = []textLine{{strconv.FormatFloat(v, 'f', -1, 64), ix.at(at.value)}}
		default:
			return nil, errorAt(ix.at(at.value), "expected a string or a number for %s; found %s", k, tomlType(v))
		}
		out = append(out, s)
	}
	return out, nil
}

// tomlType names the type of a TOML value that a configuration has no use
// for.
func tomlType(v any) string {
	switch v.(type) {
	case bool:
		return "a boolean"
	case map[string]any:
		return "a table"
	case []any, []map[string]any:
		return "an array"
	}
	return "a date or time"
}

// unknownKey says that a TOML or YAML key is none of a configuration's.
func unknownKey(at lexer.Position, key string) error {
	return errorAt(at, "expected a configuration key (%s); found %q", strings.Join(configKeys, ", "), key)
}

// yamlLine splits go.yaml.in/yaml/v3's syntax errors, "yaml: line N: msg"
// with the line part optional.
var yamlLine = regexp.MustCompile(`(?s)^yaml: (?:line (\d+): )?(.*)$`)

// yamlSections reads a YAML configuration into sections, through
// yaml.Node, which knows where each key and value is.
func yamlSections(name string, data []byte) ([]*section, error) {
	if err := checkSize(name, data); err != nil {
		return nil, err
	}
	ix := newLineIndex(name, data)
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		msg, line := err.Error(), 1
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			msg = m[2]
			if n, err := strconv.Atoi(m[1]); err == nil {
				line = n
			}
		}
		return nil, errorAt(ix.at(ix.offset(line, 1)), "invalid YAML: %s", msg)
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, errorAt(yamlPos(ix, root), "expected a mapping of configuration keys; found %s", yamlKind(root))
	}
	var out []*section
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		s := &section{key: k.Value, pos: yamlPos(ix, k)}
		if k.Kind != yaml.ScalarNode || !slices.Contains(configKeys, k.Value) {
			return nil, unknownKey(s.pos, k.Value)
		}
		if first := get(out, k.Value); first != nil {
			return nil, errorAt(s.pos, "expected one %s key; found another (the first is at line %d)", k.Value, first.pos.Line)
		}
		if v.Kind == yaml.AliasNode && v.Alias != nil {
			v = v.Alias
		}
		if v.Kind != yaml.ScalarNode || v.Tag == "!!null" || v.Tag == "!!bool" {
			return nil, errorAt(yamlPos(ix, v), "expected a string or a number for %s; found %s", k.Value, yamlKind(v))
		}
		content := ix.offset(v.Line, v.Column)
		switch v.Style {
		case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
			content++
		case yaml.LiteralStyle, yaml.FoldedStyle:
			content = ix.offset(v.Line+1, 1) // the rows start below the | or >
		}
		s.lines = valueLines(ix, v.Value, content)
		out = append(out, s)
	}
	return out, nil
}

func yamlPos(ix *lineIndex, n *yaml.Node) lexer.Position {
	return ix.at(ix.offset(n.Line, n.Column))
}

// yamlKind names the kind of a YAML value that a configuration has no use
// for.
func yamlKind(n *yaml.Node) string {
	switch {
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Tag == "!!null":
		return "null"
	case n.Tag == "!!bool":
		return fmt.Sprintf("the boolean %s", n.Value)
	}
	return fmt.Sprintf("%q", n.Value)
}

// valueLines splits a decoded string into the lines of a section, placing
// each in the file: the i-th line is sought on the i-th line of the file
// from the one where the string's characters start at byte offset off (on
// the first, from off). A line not found there, because it was written
// with escapes or folded, is placed where the string starts.
func valueLines(ix *lineIndex, v string, off int) []textLine {
	start := ix.at(off)
	var out []textLine
	for i, text := range strings.Split(strings.TrimRight(v, "\r\n"), "\n") {
		text = strings.TrimSuffix(text, "\r")
		pos := start
		if line := start.Line - 1 + i; line < len(ix.starts) {
			from := ix.starts[line]
			if i == 0 {
				from = off
			}
			end := len(ix.data)
			if j := bytes.IndexByte(ix.data[from:], '\n'); j >= 0 {
				end = from + j
			}
			if j := bytes.Index(ix.data[from:end], []byte(text)); j >= 0 {
				pos = ix.at(from + j)
			}
		}
		out = append(out, textLine{text, pos})
	}
	return out
}
