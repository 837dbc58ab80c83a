package spec

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The reference of the spec format is written once, here and in the key
// tables of schema.go, and three things are made from it: the text of
// 'polyspec help spec' (Help), the doc page docs/spec.md (Markdown) and
// the JSON Schema that editors check spec files with (Schema, shipped as
// spec.schema.json). reference_test.go checks that the shipped files are
// up to date; 'go generate ./spec' rewrites them.

//go:generate go test -run TestGeneratedFiles -update

// A valueType is what a key's value must be, said for people and, as JSON
// Schema, for editors. The schema says no more than the key's decoder
// checks, and no less where JSON Schema can say it.
type valueType struct {
	text   string
	schema map[string]any
}

// The value types of the keys.
var (
	tString = &valueType{"string", typed("string")}
	tName   = &valueType{"a-z, 0-9 and '-'", typed("string", "pattern", `^[a-z0-9-]+$`)}
	tBool   = &valueType{"true or false", typed("boolean")}
	tCount  = &valueType{"integer >= 0", typed("integer", "minimum", 0)}
	// tMaxPlacements is the max-placements key's range.
	tMaxPlacements = &valueType{fmt.Sprintf("integer from 1 to %d", MaxDeclaredPlacements), typed("integer", "minimum", 1, "maximum", MaxDeclaredPlacements)}
	tLattice       = choice(Lattices)
	tRule          = &valueType{"rule, or a list of rules", anyOf(
		typed("string", "minLength", 1),
		typed("array", "minItems", 1, "items", typed("string", "minLength", 1)))}
	tRows   = &valueType{"string of rows", typed("string", "pattern", `\S`)}
	tGroups = &valueType{"string of rows, or a list of them", anyOf(tRows.schema, typed("array", "items", tRows.schema))}
	tSize   = &valueType{`"WxH"`, typed("string", "pattern", `^0*[1-9][0-9]*[xX×]0*[1-9][0-9]*$`)}
	tArt    = &valueType{"string of rows of '#' and holes", typed("string", "pattern", "#")}
	tCells  = &valueType{`string of cells, such as "0,0 1,0"`, typed("string",
		"pattern", `^\s*`+cellPattern+`(\s+`+cellPattern+`)*\s*$`)}
	tRegions = &valueType{"list of strings of cells", typed("array", "minItems", 1, "items", tCells.schema)}
	tShapes  = &valueType{"table of piece names and their cells", typed("object",
		"minProperties", 1,
		"propertyNames", map[string]any{"pattern": pieceName.String()},
		"additionalProperties", tCells.schema)}
	tOrientations = &valueType{"table of piece names and lists of their orientations' cells", typed("object",
		"minProperties", 1,
		"propertyNames", map[string]any{"pattern": pieceName.String()},
		"additionalProperties", tRegions.schema)}
	tRules   = &valueType{"rule, or a list of rules", tRule.schema}
	tColours = &valueType{"table of colour names and their cells", typed("object",
		"minProperties", 1,
		"propertyNames", map[string]any{"pattern": pieceName.String()},
		"additionalProperties", tCells.schema)}
	tBoard = &valueType{"table", boardSchema()}
)

// choice is a string that must be one of values.
func choice(values []string) *valueType {
	return &valueType{"one of " + quoteAll(values), typed("string", "enum", values)}
}

// typed is a JSON Schema of one type, with further keywords in pairs.
func typed(typ string, keywords ...any) map[string]any {
	s := map[string]any{"type": typ}
	for i := 0; i < len(keywords); i += 2 {
		s[keywords[i].(string)] = keywords[i+1]
	}
	return s
}

func anyOf(schemas ...map[string]any) map[string]any { return map[string]any{"anyOf": schemas} }

// A keyRef is the reference of one key: fieldDef without its decoder.
type keyRef struct {
	key      string
	required bool
	typ      *valueType
	def      any
	doc      string
}

func refs[T any](defs []fieldDef[T]) []keyRef {
	out := make([]keyRef, len(defs))
	for i, d := range defs {
		out[i] = keyRef{d.key, d.required, d.typ, d.def, d.doc}
	}
	return out
}

// KeyDoc returns the reference's meaning of a key, such as "pieces" or
// "board.size", for programs that write specs with comments; "" for a key
// the schema does not have.
func KeyDoc(key string) string {
	ks := refs(specFields)
	if k, ok := strings.CutPrefix(key, "board."); ok {
		ks, key = refs(boardFields), k
	}
	if i := slices.IndexFunc(ks, func(k keyRef) bool { return k.key == key }); i >= 0 {
		return ks[i].doc
	}
	return ""
}

// defaultText writes a key's default as a spec writes it, or "" for none.
func (k keyRef) defaultText() string {
	switch d := k.def.(type) {
	case nil:
		return ""
	case prose:
		return string(d)
	case string:
		return strconv.Quote(d)
	}
	return fmt.Sprint(k.def)
}

// kindNote says which kind of spec a key is for, when only one has a use
// for it, and where it is required.
func kindNote(key string) string {
	var only, required []string
	for _, kind := range Kinds {
		if !slices.Contains(kindKeys[kind].unused, key) {
			only = append(only, kind)
		}
		if slices.Contains(kindKeys[kind].required, key) {
			required = append(required, kind)
		}
	}
	switch {
	case len(only) < len(Kinds) && slices.Equal(only, required):
		return strings.Join(only, ", ") + " specs only, required there"
	case len(only) < len(Kinds):
		return strings.Join(only, ", ") + " specs only"
	case required != nil:
		return "required in " + strings.Join(required, ", ") + " specs"
	}
	return ""
}

// A LatticeDoc is the reference's description of a lattice, for spec
// authors.
type LatticeDoc struct {
	Name  string // as the lattice key writes it
	Forms string // what its pieces are called
	Cells string // how board.cells writes its cells
	Sets  string // the names of its sets of pieces, separated by spaces
	// Pieces says how its pieces are named, where the reference says.
	Pieces string
	// Example is a spec of a puzzle on the lattice (package compile's
	// tests solve it).
	Example string
}

// LatticeDocs returns the reference's description of each lattice, in the
// order of Lattices.
func LatticeDocs() []LatticeDoc { return slices.Clone(latticeDocs) }

var latticeDocs = []LatticeDoc{
	{Name: "square", Forms: "polyominoes",
		Cells:  "x,y: the square whose lower left corner is (x, y).",
		Sets:   "monominoes dominoes trominoes tetrominoes pentominoes hexominoes",
		Pieces: "O1 I2 I3 V3 I4 L4 O4 T4 Z4, the pentominoes F I L N P T U V W X Y Z, and their mirror images in lower case (one-sided sets need them)",
		Example: `name = "pentominoes-3x20"
pieces = "5*"
unique = true
expect = 2
expect-source = "Polyform Puzzler solution file, complete run"

[board]
size = "20x3"
`},
	{Name: "cubic", Forms: "polycubes",
		Cells: "x,y,z: the unit cube whose lowest corner is (x, y, z).",
		Sets:  "soma tetracubes pentacubes polycubes5 solidpentominoes solidhexominoes diabolical",
		Example: `name = "soma-3x3x3"
lattice = "cubic"
pieces = "soma"
unique = true
expect = 240
expect-source = "Polyform Puzzler solution file, complete run"

[board]
cells = """
0,0,0 0,0,1 0,0,2 0,1,0 0,1,1 0,1,2 0,2,0 0,2,1 0,2,2
1,0,0 1,0,1 1,0,2 1,1,0 1,1,1 1,1,2 1,2,0 1,2,1 1,2,2
2,0,0 2,0,1 2,0,2 2,1,0 2,1,1 2,1,2 2,2,0 2,2,1 2,2,2
"""
`},
	{Name: "iamond", Forms: "polyiamonds",
		Cells: "x,y,0: the triangle pointing up with corners (x, y), (x+1, y), (x, y+1) on axes 60° apart; x,y,1: the triangle pointing down with corners (x+1, y), (x, y+1), (x+1, y+1).",
		Sets:  "moniamonds diamonds triamonds tetriamonds pentiamonds hexiamonds heptiamonds",
		Example: `name = "polyiamonds-1234-3x3"
lattice = "iamond"
pieces = "1234"
unique = true

[board]
cells = """
0,0,0 0,0,1 1,0,0 1,0,1 2,0,0 2,0,1
0,1,0 0,1,1 1,1,0 1,1,1 2,1,0 2,1,1
0,2,0 0,2,1 1,2,0 1,2,1 2,2,0 2,2,1
"""
`},
	{Name: "hex", Forms: "polyhexes",
		Cells: "x,y: the hexagon at x steps along the 0° axis and y along the 60° axis.",
		Sets:  "monohexes dihexes trihexes tetrahexes pentahexes hexahexes",
		Example: `name = "tetrahexes-coin"
lattice = "hex"
pieces = "tetrahexes"
unique = true
expect = 4
expect-source = "Polyform Puzzler solution file, complete run"

[board]
cells = """
0,2 0,3 0,4 1,1 1,2 1,3 1,4 2,0 2,1 2,2 2,3 2,4 3,0 3,1
3,3 3,4 4,0 4,1 4,2 4,3 4,4 5,0 5,1 5,2 5,3 6,0 6,1 6,2
"""
`},
	{Name: "stick", Forms: "polysticks",
		Cells: "x,y,0: the unit segment from (x, y) to (x+1, y); x,y,1: the one from (x, y) to (x, y+1).",
		Sets:  "monosticks disticks tristicks tetrasticks weldedtetrasticks",
		Example: `name = "polysticks-123-4x4-clipped-corners-1"
lattice = "stick"
pieces = "123"
unique = true
expect = 21
expect-source = "Polyform Puzzler solution file, complete run"

[board]
cells = """
0,1,0 0,1,1 0,2,0 0,2,1 0,3,0 1,0,0 1,0,1 1,1,0 1,1,1 1,2,0
1,2,1 1,3,0 2,0,0 2,0,1 2,1,0 2,1,1 2,2,0 2,2,1 3,0,1 3,1,1
"""
`},
	{Name: "trig", Forms: "polytrigs",
		Cells: "x,y,z: the unit segment of the triangular grid from (x, y), on axes 60° apart, at 0° (z = 0), 60° (z = 1) or 120° (z = 2).",
		Sets:  "monotrigs ditrigs tritrigs",
		Example: `name = "tritrigs-hexagon-2"
lattice = "trig"
pieces = "tritrigs"
unique = true
expect = 10
expect-source = "Polyform Puzzler solution file, complete run"

[board]
cells = """
0,2,1 0,3,0 0,3,1 0,4,0 1,1,0 1,1,1 1,1,2 1,2,1 1,2,2 1,3,0
1,3,1 1,3,2 1,4,0 2,0,0 2,0,1 2,0,2 2,1,0 2,1,1 2,1,2 2,2,0
2,2,2 2,3,0 2,3,2 3,0,0 3,0,1 3,0,2 3,1,0 3,1,1 3,2,0 3,2,1
3,2,2 3,3,2 4,0,1 4,1,1 4,1,2 4,2,2
"""
`},
	{Name: "twig", Forms: "polytwigs",
		Cells: "x,y,z: a side of the hexagonal grid, from the lower left corner of hexagon x,y (as on the hex lattice) at 0° (z = 0), 120° (z = 1) or 240° (z = 2).",
		Sets:  "monotwigs ditwigs tritwigs tetratwigs pentatwigs hexatwigs quasiditwigs quasitritwigs",
		Example: `name = "one-sided-polytwigs-123-triangle"
lattice = "twig"
pieces = "123"
one-sided = true
unique = true
expect = 3
expect-source = "Polyform Puzzler solution file, complete run"

[board]
cells = """
0,0,0 0,0,1 0,1,0 0,1,1 0,1,2 0,2,0 0,2,2 1,0,0
1,0,1 1,0,2 1,1,0 1,1,1 1,1,2 2,0,1 2,0,2
"""
`},
}

// ruleForms are the terms of a piece-set rule; terms are joined with ",".
var ruleForms = [][2]string{
	{`5*`, "every piece of order 5 (every pentomino)"},
	{`1234`, "every piece of each order named by a digit: here 1, 2, 3 and 4"},
	{`12x5`, "the 12 pieces of order 5, one of each: the count is checked"},
	{`pentominoes`, "a named set of the lattice (see Lattices)"},
	{`F`, "one piece, by its name in the lattice or in the spec's shapes"},
	{`L*2`, "two copies of a piece"},
	{`-X`, "leaves out the pieces of a term: 5*,-X is every pentomino but X"},
	{`any`, "every piece the lattice names"},
	{`none`, "no piece"},
}

// The parts of the reference that are prose.
const (
	introText = "A spec is a TOML file (.toml) or a YAML file (.yaml, .yml) that describes a puzzle: " +
		"the pieces, the board they cover and the counts known for it. Both syntaxes take the same keys; " +
		"YAML writes the board table as board: {size: 10x6}. A mistake is reported with the file, line and column, and what was expected."
	rulesText       = "The pieces key and omittable are piece-set rules: terms joined with \",\", each one of these forms."
	puzzleRulesText = "The rules key holds rules the solutions keep besides covering the board, a string or a list of them: " +
		"X: 0..2 (piece counts and ranges, X: any), F at CELLS (a piece fixed), X covers CELLS, X avoids CELLS, X on CELLS, X touches CELLS " +
		"(CELLS: cells, border, or a colour of the board's colours table), no-touch X, Y [corners], no-touch same, no-four-corners, " +
		"symmetric half-turn. docs/rules.md lists them with their meaning and examples; puzzles/rules/ holds a spec for each."
	sudokuText = "A spec of kind = \"sudoku\" is a Sudoku grid of 4x4 up to 25x25 cells, reduced to exact cover: " +
		"its givens (required) draw the grid, blocks draw jigsaw blocks, and groups adds groups such as the diagonals. " +
		"unique, expect and expect-all work as for polyforms; the keys of pieces and boards have no use there."
	sudokuExample = `kind = "sudoku"
groups = "diagonals"
givens = """
1 . | . 4
. 4 | . 2
----+----
2 3 | . 1
. . | 2 .
"""
`
	pipsText = "A spec of kind = \"pips\" is a Pips or Polypips game: its board drawn as art ('#' for a cell, top row first, " +
		"as y grows downward in games), its pieces with pips in the Polypips notation (2I:01, 5F+:12345; dominoes also as 06,26), " +
		"and its constraints, each a region rule and its cells as the Polypips text game writes them. polyspec solve also reads " +
		"the games' own files (NYT Pips JSON, the Polypips text game), and polyspec compile --to toml writes any game as such a spec."
	pipsExample = `kind = "pips"
name = "pips-2x2"
pieces = "2I:01, 2I:23"
constraints = ["6 {(0, 0), (1, 0)}"]

[board]
art = """
##
##
"""
`
	editorText = "polyspec schema prints a JSON Schema of spec files (spec/spec.schema.json in the module). " +
		"Point an editor at a copy of it with a first line #:schema ./spec.schema.json in TOML (editors using Taplo) " +
		"or # yaml-language-server: $schema=./spec.schema.json in YAML."
)

// Help is the spec reference as 'polyspec help spec' prints it.
func Help() string {
	var b strings.Builder
	section := func(title, text string) {
		fmt.Fprintf(&b, "%s\n\n", title)
		if text != "" {
			b.WriteString(wrap(text, "  ", 78) + "\n")
		}
	}
	keys := func(table string, ks []keyRef) {
		for _, k := range ks {
			fmt.Fprintf(&b, "  %s%s: %s\n", table, k.key, k.typ.text)
			doc := k.doc
			if d := k.defaultText(); d != "" {
				doc += " Default: " + d + "."
			}
			if n := kindNote(k.key); n != "" {
				doc += " (" + n + ")"
			}
			b.WriteString(wrap(doc, "      ", 78) + "\n")
		}
		b.WriteString("\n")
	}
	section("SPEC FILES", introText)
	b.WriteString("\n")
	section("KEYS", "")
	keys("", refs(specFields))
	section("BOARD KEYS", "")
	keys("board.", refs(boardFields))
	section("LATTICES", "")
	for _, l := range latticeDocs {
		fmt.Fprintf(&b, "  %s (%s)\n", l.Name, l.Forms)
		b.WriteString(wrap("Cells: "+l.Cells, "      ", 78) + "\n")
		b.WriteString(wrap("Sets: "+l.Sets+".", "      ", 78) + "\n")
		if l.Pieces != "" {
			b.WriteString(wrap("Pieces: "+l.Pieces+".", "      ", 78) + "\n")
		}
		b.WriteString("      Example:\n" + indent(l.Example, "        ") + "\n\n")
	}
	section("PIECE-SET RULES", rulesText)
	for _, f := range ruleForms {
		fmt.Fprintf(&b, "  %-12s %s\n", f[0], f[1])
	}
	b.WriteString("\n")
	section("THE RULES KEY", puzzleRulesText)
	b.WriteString("\n")
	section("SUDOKU", sudokuText)
	b.WriteString("  Example:\n" + indent(sudokuExample, "    ") + "\n\n")
	section("PIPS AND POLYPIPS", pipsText)
	b.WriteString("  Example:\n" + indent(pipsExample, "    ") + "\n")
	b.WriteString("\n")
	section("EDITORS", editorText)
	return b.String()
}

// Markdown is the spec reference as the doc page docs/spec.md.
func Markdown() string {
	var b strings.Builder
	b.WriteString("<!-- Generated from spec/schema.go and spec/reference.go by 'go generate ./spec'. Do not edit. -->\n\n")
	b.WriteString("# Spec files\n\n" + introText + "\n\n")
	keys := func(table string, ks []keyRef) {
		b.WriteString("| key | value | default | meaning |\n|---|---|---|---|\n")
		for _, k := range ks {
			doc := k.doc
			if n := kindNote(k.key); n != "" {
				doc += " (" + n + ")"
			}
			fmt.Fprintf(&b, "| `%s%s` | %s | %s | %s |\n", table, k.key, mdCell(k.typ.text), mdCell(k.defaultText()), mdCell(doc))
		}
		b.WriteString("\n")
	}
	b.WriteString("## Keys\n\n")
	keys("", refs(specFields))
	b.WriteString("## Board keys\n\n")
	keys("board.", refs(boardFields))
	b.WriteString("## Lattices\n\n")
	for _, l := range latticeDocs {
		fmt.Fprintf(&b, "### %s (%s)\n\nCells: %s\n\nSets: %s.\n\n", l.Name, l.Forms, l.Cells, l.Sets)
		if l.Pieces != "" {
			fmt.Fprintf(&b, "Pieces: %s.\n\n", l.Pieces)
		}
		fmt.Fprintf(&b, "```toml\n%s```\n\n", l.Example)
	}
	b.WriteString("## Piece-set rules\n\n" + rulesText + "\n\n| term | means |\n|---|---|\n")
	for _, f := range ruleForms {
		fmt.Fprintf(&b, "| `%s` | %s |\n", f[0], mdCell(f[1]))
	}
	b.WriteString("\n## The rules key\n\n" + puzzleRulesText + "\n")
	b.WriteString("\n## Sudoku\n\n" + sudokuText + "\n\n```toml\n" + sudokuExample + "```\n\n")
	b.WriteString("## Pips and Polypips\n\n" + pipsText + "\n\n```toml\n" + pipsExample + "```\n\n")
	b.WriteString("## Editors\n\n" + editorText + "\n")
	return b.String()
}

// mdCell escapes text for a cell of a Markdown table.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

//go:embed spec.schema.json
var schemaJSON []byte

// SchemaJSON returns the JSON Schema of spec files that the module ships,
// for editors and other programs to check spec files with. A spec that the
// schema rejects fails to load; the loader checks more (that pieces is a
// rule it can read, that a board's regions do not overlap, ...).
func SchemaJSON() []byte { return slices.Clone(schemaJSON) }

// schema makes the JSON Schema from the key tables.
func schema() []byte {
	root := tableSchema(refs(specFields))
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["title"] = "polyspec puzzle spec"
	root["description"] = introText
	// A kind's required and unused keys: the default kind's apply when
	// kind is left out, since the "if" then holds.
	var rules []any
	for i, kind := range Kinds {
		cond := map[string]any{"properties": map[string]any{"kind": map[string]any{"const": kind}}}
		if i > 0 {
			cond["required"] = []string{"kind"}
		}
		unused := map[string]any{}
		for _, k := range kindKeys[kind].unused {
			unused[k] = false
		}
		rules = append(rules, map[string]any{"if": cond, "then": map[string]any{
			"required":   kindKeys[kind].required,
			"properties": unused,
		}})
	}
	root["allOf"] = rules
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(root); err != nil {
		panic(err) // maps of strings, numbers and slices always encode
	}
	return b.Bytes()
}

// tableSchema is the schema of a table of keys: no others.
func tableSchema(ks []keyRef) map[string]any {
	props := map[string]any{}
	var required []string
	for _, k := range ks {
		p := map[string]any{}
		for name, v := range k.typ.schema {
			p[name] = v
		}
		p["description"] = k.doc
		if n := kindNote(k.key); n != "" {
			p["description"] = k.doc + " (" + n + ")"
		}
		if _, isProse := k.def.(prose); k.def != nil && !isProse {
			p["default"] = k.def
		}
		props[k.key] = p
		if k.required {
			required = append(required, k.key)
		}
	}
	s := typed("object", "properties", props, "additionalProperties", false)
	if required != nil {
		s["required"] = required
	}
	return s
}

// boardSchema is the schema of the board table, which gives its cells one
// way (size, art or cells), or only as regions.
func boardSchema() map[string]any {
	s := tableSchema(refs(boardFields))
	shapes := []string{"size", "art", "cells"}
	var one, two []any
	for i, a := range shapes {
		one = append(one, map[string]any{"required": []string{a}})
		for _, b := range shapes[i+1:] {
			two = append(two, map[string]any{"required": []string{a, b}})
		}
	}
	one = append(one, map[string]any{"required": []string{"regions"}})
	s["anyOf"] = one
	s["not"] = map[string]any{"anyOf": two}
	return s
}

// wrap fills text into lines of at most width columns, each starting with
// prefix.
func wrap(text, prefix string, width int) string {
	var lines []string
	line := prefix
	for _, w := range strings.Fields(text) {
		if line != prefix && len([]rune(line))+1+len([]rune(w)) > width {
			lines = append(lines, line)
			line = prefix
		}
		if line != prefix {
			line += " "
		}
		line += w
	}
	return strings.Join(append(lines, line), "\n")
}

// indent puts prefix before each line of text.
func indent(text, prefix string) string {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(prefix+l, " ")
	}
	return strings.Join(lines, "\n")
}
