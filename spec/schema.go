package spec

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// fieldDef is one key of a table of the schema: how to decode its value into
// a T, and its reference (its type, default and meaning), from which the
// help text, the doc page and the JSON Schema are made (see reference.go).
// A new key is one entry in specFields or boardFields.
type fieldDef[T any] struct {
	key      string
	required bool
	typ      *valueType
	// def is the key's default: a value as the file would write it, or a
	// prose description of one that depends on the rest of the spec; nil
	// when leaving the key out means "none".
	def any
	doc string
	// decode checks and stores f's value; name is the key's dotted name for
	// messages.
	decode func(dst *T, f field, name string) *Error
}

// prose is a default that is no value, such as the file's name.
type prose string

var specFields = []fieldDef[Spec]{
	{key: "name", typ: tName, def: prose("the file's name without its extension"),
		doc:    "Identifies the puzzle in lists, file names and messages.",
		decode: func(s *Spec, f field, name string) *Error { return decodeName(&s.Name, f.val, name) }},
	{key: "title", typ: tString,
		doc:    "Free text for people.",
		decode: func(s *Spec, f field, name string) *Error { return decodeString(&s.Title, f.val, name) }},
	{key: "kind", typ: choice(Kinds), def: Kinds[0],
		doc:    "polyform: pieces on a board; sudoku: a Sudoku grid (see Sudoku); pips: a Pips or Polypips game (see Pips and Polypips).",
		decode: func(s *Spec, f field, name string) *Error { return decodeChoice(&s.Kind, f.val, name, Kinds) }},
	{key: "lattice", typ: tLattice, def: Lattices[0],
		doc:    "The grid the cells and pieces lie on (see Lattices).",
		decode: func(s *Spec, f field, name string) *Error { return decodeLattice(&s.Lattice, f.val, name) }},
	{key: "pieces", typ: tRule,
		doc:    "The piece set, as a piece-set rule (see Piece-set rules); the rules of a list are joined with \",\".",
		decode: func(s *Spec, f field, name string) *Error { return decodePieces(&s.Pieces, f.val, name) }},
	{key: "one-sided", typ: tBool, def: false,
		doc:    "true: pieces may not be turned over, so a piece and its mirror image (P and p) are different pieces.",
		decode: func(s *Spec, f field, name string) *Error { return decodeBool(&s.OneSided, f.val, name) }},
	{key: "unique", typ: tBool, def: false,
		doc:    "true: count each class of solutions that the board's symmetries map onto each other once.",
		decode: func(s *Spec, f field, name string) *Error { return decodeBool(&s.Unique, f.val, name) }},
	{key: "symmetry", typ: choice(Symmetries), def: Symmetries[0],
		doc: "Which of the board's symmetries unique removes: all; rotations (mirror images count apart, as some published counts do); " +
			"parts (on a board of separate parts, moving one part on its own or swapping congruent parts makes no new solution).",
		decode: func(s *Spec, f field, name string) *Error { return decodeChoice(&s.Symmetry, f.val, name, Symmetries) }},
	{key: "expect", typ: tCount,
		doc:    "The known number of solutions, counted as unique says; polyspec verify checks it.",
		decode: func(s *Spec, f field, name string) *Error { return decodeCount(&s.Expect, f.val, name) }},
	{key: "expect-all", typ: tCount,
		doc:    "The known number of solutions without symmetry reduction.",
		decode: func(s *Spec, f field, name string) *Error { return decodeCount(&s.ExpectAll, f.val, name) }},
	{key: "expect-source", typ: tString,
		doc:    "Where expect and expect-all come from: \"Polyform Puzzler solution file, complete run\", \"Polyform Puzzler documentation\", both (\"Polyform Puzzler documentation and solution file, complete run\"), or a publication. Required with either.",
		decode: func(s *Spec, f field, name string) *Error { return decodeString(&s.ExpectSource, f.val, name) }},
	{key: "count", typ: tCount,
		doc:    "polyspec's own count of solutions, counted as unique says, where no published count exists; never an external fact. polyspec verify --own checks it.",
		decode: func(s *Spec, f field, name string) *Error { return decodeCount(&s.Count, f.val, name) }},
	{key: "count-all", typ: tCount,
		doc:    "polyspec's own count of solutions without symmetry reduction.",
		decode: func(s *Spec, f field, name string) *Error { return decodeCount(&s.CountAll, f.val, name) }},
	{key: "count-by", typ: tString,
		doc:    "How count and count-all were made: \"polyspec <version>, <date>, <backends>\".",
		decode: func(s *Spec, f field, name string) *Error { return decodeString(&s.CountBy, f.val, name) }},
	{key: "omit", typ: tCount, def: int64(0),
		doc:    "How many pieces each solution leaves out.",
		decode: func(s *Spec, f field, name string) *Error { return decodeCount(&s.Omit, f.val, name) }},
	{key: "omittable", typ: tRule, def: prose("every piece"),
		doc:    "A piece-set rule naming the only pieces a solution may leave out.",
		decode: func(s *Spec, f field, name string) *Error { return decodePieces(&s.Omittable, f.val, name) }},
	{key: "may-cross", typ: tBool, def: false,
		doc:    "On the segment lattices (stick, trig, twig): pieces may cross each other at grid points.",
		decode: func(s *Spec, f field, name string) *Error { return decodeBool(&s.MayCross, f.val, name) }},
	{key: "max-placements", typ: tMaxPlacements, def: prose("the limit --max-placements sets"),
		doc: fmt.Sprintf("The most placements (pieces laid on the board: the options of the puzzle's problem, which take memory) the puzzle may have: "+
			"a puzzle known to need more than polyspec's --max-placements says so here, up to %d. It replaces --max-placements for this spec "+
			"(--max-placements 0 still lifts every limit), and a puzzle with more placements than it says is refused at this key.", MaxDeclaredPlacements),
		decode: func(s *Spec, f field, name string) *Error { return decodeMaxPlacements(&s.MaxPlacements, f.val, name) }},
	{key: "shapes", typ: tShapes,
		doc:    "Pieces the spec defines, for shapes the lattice does not name: piece names and their cells, as board.cells writes them (Q = \"0,0 1,0 1,1\"); the pieces rule can then name them.",
		decode: func(s *Spec, f field, name string) *Error { return decodeShapes(&s.Shapes, f.val, name) }},
	{key: "orientations", typ: tOrientations,
		doc:    "Pieces restricted to some of their orientations: piece names and lists of their allowed orientations, each written as cells (P = [\"0,0 1,0 0,1 1,1 0,2\"]); such a puzzle is counted without unique, as the restriction breaks the board's symmetry itself.",
		decode: func(s *Spec, f field, name string) *Error { return decodeOrientations(&s.Orientations, f.val, name) }},
	{key: "rules", typ: tRules,
		doc:    "Rules the solutions must keep besides covering the board: piece counts and ranges, fixed pieces, cells to cover or avoid, pieces that may not touch, border and colour rules, symmetric solutions (docs/rules.md); a rule string, or a list of them.",
		decode: func(s *Spec, f field, name string) *Error { return decodeRules(&s.Rules, f.val, name) }},
	{key: "constraints", typ: tRules,
		doc:    "A Pips game's region rules, each a rule and its region's cells as the Polypips text game writes them (\"12 {(0, 0), (1, 0)}\", \"= {(2, 1), (3, 1)}\"); a string, or a list of them.",
		decode: func(s *Spec, f field, name string) *Error { return decodeRules(&s.Constraints, f.val, name) }},
	{key: "board", typ: tBoard,
		doc:    "The region the pieces cover exactly: one of size, art or cells, and the other keys of the board table.",
		decode: func(s *Spec, f field, name string) *Error { return decodeBoard(&s.Board, f, name) }},
	{key: "givens", typ: tRows,
		doc:    "A Sudoku's rows, top first: digits 1-9, then A-P on grids over 9x9, and '.' for a blank; spaces and the rules '|', '-' and '+' are for people.",
		decode: func(s *Spec, f field, name string) *Error { return decodeRows(&s.Givens, f.val, name) }},
	{key: "blocks", typ: tRows, def: prose("the usual boxes"),
		doc:    "Jigsaw Sudoku: the blocks drawn as rows of labels, one label per block.",
		decode: func(s *Spec, f field, name string) *Error { return decodeRows(&s.Blocks, f.val, name) }},
	{key: "groups", typ: tGroups,
		doc:    "Further cell groups that hold every digit once: \"diagonals\" (both long diagonals), or rows of labels with '.' for cells in no group; one, or a list.",
		decode: func(s *Spec, f field, name string) *Error { return decodeGroups(&s.Groups, f.val, name) }},
}

// kindKeys are the keys each kind of spec needs, and those it has no use
// for, which are refused rather than silently ignored.
var kindKeys = map[string]struct{ required, unused []string }{
	"polyform": {required: []string{"pieces", "board"}, unused: []string{"givens", "blocks", "groups", "constraints"}},
	"sudoku":   {required: []string{"givens"}, unused: []string{"pieces", "rules", "board", "one-sided", "omit", "omittable", "symmetry", "shapes", "orientations", "may-cross", "max-placements", "constraints"}},
	"pips":     {required: []string{"pieces", "board"}, unused: []string{"givens", "blocks", "groups", "lattice", "rules", "one-sided", "omit", "omittable", "symmetry", "unique", "shapes", "orientations", "may-cross", "max-placements"}},
}

var boardFields = []fieldDef[Board]{
	{key: "size", typ: tSize,
		doc: "A rectangle of W by H cells (square lattice).",
		decode: func(b *Board, f field, name string) *Error {
			if err := b.onlyShape(f, name); err != nil {
				return err
			}
			return decodeSize(&b.Size, f.val, name)
		}},
	{key: "art", typ: tArt,
		doc: "A drawing of the board (square lattice): '#' for a cell, anything else for a hole; the top row first, as y grows upward.",
		decode: func(b *Board, f field, name string) *Error {
			if err := b.onlyShape(f, name); err != nil {
				return err
			}
			return decodeArt(&b.Art, f.val, name)
		}},
	{key: "cells", typ: tCells,
		doc: "The cells in the lattice's coordinates, as Polyform Puzzler's solution files write them, separated by spaces or new lines (see Lattices).",
		decode: func(b *Board, f field, name string) *Error {
			if err := b.onlyShape(f, name); err != nil {
				return err
			}
			return decodeCells(&b.Cells, f.val, name)
		}},
	{key: "tube", typ: tBool, def: false,
		doc:    "The board's left and right edges join.",
		decode: func(b *Board, f field, name string) *Error { return decodeBool(&b.Tube, f.val, name) }},
	{key: "regions", typ: tRegions,
		doc:    "Parts of the board that every piece must lie within, as strings of cells that together cover the board once; alone they are the board.",
		decode: func(b *Board, f field, name string) *Error { return decodeRegions(&b.Regions, f.val, name) }},
	{key: "colours", typ: tColours,
		doc:    "Colours of board cells, for the rules' colour rules: colour names and their cells (red = \"0,0 1,1\"); a cell has one colour at most.",
		decode: func(b *Board, f field, name string) *Error { return decodeColours(&b.Colours, f.val, name) }},
}

// decodeRules decodes a rule string, or a list of them, each a Text of its
// own so that an error inside one points into it.
func decodeRules(dst *[]Text, n *node, name string) *Error {
	list := []*node{n}
	if v, ok := n.val.([]*node); ok {
		list = v
		if len(list) == 0 {
			return errorf(n.pos, "%s: expected a rule string or a list of rule strings, found an empty list", name)
		}
	}
	for i, r := range list {
		key := name
		if r != n {
			key = fmt.Sprintf("%s[%d]", name, i)
		}
		var t Text
		if err := decodePieces(&t, r, key); err != nil {
			return err
		}
		*dst = append(*dst, t)
	}
	return nil
}

// decodeColours decodes the board's colours: a table of colour names, each
// with a string of cells.
func decodeColours(dst *[]NamedShape, n *node, name string) *Error {
	fields, ok := n.val.([]field)
	if !ok || len(fields) == 0 {
		return errorf(n.pos, "%s: expected a table of colour names and their cells, found %s", name, describe(n))
	}
	for _, f := range fields {
		if !pieceName.MatchString(f.key) {
			return errorf(f.pos, "%s: expected a colour name of letters and digits starting with a letter, found %q", name, f.key)
		}
		c := NamedShape{Name: f.key, Pos: f.pos}
		if err := decodeCells(&c.Cells, f.val, name+"."+f.key); err != nil {
			return err
		}
		*dst = append(*dst, c)
	}
	return nil
}

// decodeRegions decodes a list of strings of cells.
func decodeRegions(dst *[]Value[string], n *node, name string) *Error {
	list, ok := n.val.([]*node)
	if !ok || len(list) == 0 {
		return errorf(n.pos, "%s: expected a list of strings of cells, found %s", name, describe(n))
	}
	for i, it := range list {
		var r Value[string]
		if err := decodeCells(&r, it, fmt.Sprintf("%s[%d]", name, i)); err != nil {
			return err
		}
		*dst = append(*dst, r)
	}
	return nil
}

// onlyShape refuses a second way of giving the board's cells.
func (b *Board) onlyShape(f field, name string) *Error {
	if b.Size.Set || b.Art.Set || b.Cells.Set {
		return errorf(f.pos, "%s: give one of size, art or cells, not two", name)
	}
	return nil
}

// check checks the decoded tree of a whole file against the schema.
func check(src *source, root *node) (*Spec, *Error) {
	s := &Spec{File: src.file}
	if _, ok := root.val.([]field); !ok {
		return nil, errorf(root.pos, "expected a table of spec keys, found %s", describe(root))
	}
	if err := decodeTable(s, root, "", src.start(), specFields); err != nil {
		return nil, err
	}
	if !s.Kind.Set {
		s.Kind = Value[string]{V: Kinds[0], Pos: src.start()}
	}
	if err := checkKind(s.Kind, root.val.([]field), src.start()); err != nil {
		return nil, err
	}
	if !s.Lattice.Set {
		s.Lattice = Value[string]{V: Lattices[0], Pos: src.start()}
	}
	if !s.Name.Set {
		base := filepath.Base(src.file)
		base = strings.TrimSuffix(base, filepath.Ext(base))
		if !validName(base) {
			return nil, errorf(src.start(), "missing key \"name\", and the file name %q cannot stand in for it (expected only a-z, 0-9 and '-')", base)
		}
		s.Name = Value[string]{V: base, Pos: src.start()}
	}
	return s, nil
}

// checkKind checks that a spec has the keys its kind needs, and none that
// belong to the other kind.
func checkKind(kind Value[string], fields []field, start Pos) *Error {
	keys := kindKeys[kind.V]
	for _, f := range fields {
		if slices.Contains(keys.unused, f.key) {
			return errorf(f.pos, "%s: a %s spec has no use for this key", f.key, kind.V)
		}
	}
	for _, k := range keys.required {
		if !slices.ContainsFunc(fields, func(f field) bool { return f.key == k }) {
			return errorf(start, "missing required key %q", k)
		}
	}
	return nil
}

// decodeTable decodes the fields of table n, which is written at pos and
// named name ("" for the whole file), into dst. It stops at the first
// problem, in file order.
func decodeTable[T any](dst *T, n *node, name string, pos Pos, defs []fieldDef[T]) *Error {
	prefix := ""
	if name != "" {
		prefix = name + ": "
	}
	seen := map[string]bool{}
	for _, f := range n.val.([]field) {
		i := slices.IndexFunc(defs, func(d fieldDef[T]) bool { return d.key == f.key })
		if i < 0 {
			keys := make([]string, len(defs))
			for i, d := range defs {
				keys[i] = d.key
			}
			return errorf(f.pos, "%sunknown key %q%s", prefix, f.key, suggest(f.key, keys))
		}
		if err := defs[i].decode(dst, f, strings.TrimPrefix(name+"."+f.key, ".")); err != nil {
			return err
		}
		seen[f.key] = true
	}
	for _, d := range defs {
		if d.required && !seen[d.key] {
			return errorf(pos, "%smissing required key %q", prefix, d.key)
		}
	}
	return nil
}

// suggest returns ` (did you mean "c"?)` for the candidate c closest to an
// unknown word, if one is close enough to be a likely typo, else "".
func suggest(word string, candidates []string) string {
	near := Nearest(strings.ReplaceAll(strings.ToLower(word), "_", "-"), candidates)
	if near == nil {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", near[0])
}

// Nearest returns the candidates closest to word by edit distance, in
// their order, if they are close enough for word to be a likely typo of
// them: at most two edits, and fewer than half their length. It is nil when
// none is.
func Nearest(word string, candidates []string) []string {
	var best []string
	bestDist := 2
	for _, c := range candidates {
		dist := editDistance(word, c)
		if dist > bestDist || 2*dist >= len(c) {
			continue
		}
		if dist < bestDist {
			best, bestDist = nil, dist
		}
		best = append(best, c)
	}
	return best
}

// editDistance counts the single-character insertions, deletions,
// substitutions and swaps of neighbours that turn a into b (optimal string
// alignment distance): swapped letters are the commonest typo in keys.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

func decodeString(dst *Value[string], n *node, name string) *Error {
	s, ok := n.val.(string)
	if !ok {
		return errorf(n.pos, "%s: expected a string, found %s", name, describe(n))
	}
	*dst = Value[string]{V: s, Pos: n.pos, Set: true}
	return nil
}

func decodeName(dst *Value[string], n *node, name string) *Error {
	if s, ok := n.val.(string); !ok || !validName(s) {
		return errorf(n.pos, "%s: expected a name of a-z, 0-9 and '-', found %s", name, describe(n))
	}
	return decodeString(dst, n, name)
}

// validName reports whether s is one or more of a-z, 0-9 and '-', which
// makes it safe in file names, URLs and command lines alike.
func validName(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

func decodeLattice(dst *Value[string], n *node, name string) *Error {
	if s, ok := n.val.(string); !ok || !slices.Contains(Lattices, s) {
		hint := ""
		if ok {
			hint = suggest(s, Lattices)
		}
		return errorf(n.pos, "%s: expected one of %s, found %s%s", name, strings.Join(Lattices, ", "), describe(n), hint)
	}
	return decodeString(dst, n, name)
}

func decodeBool(dst *Value[bool], n *node, name string) *Error {
	b, ok := n.val.(bool)
	if !ok {
		return errorf(n.pos, "%s: expected true or false, found %s", name, describe(n))
	}
	*dst = Value[bool]{V: b, Pos: n.pos, Set: true}
	return nil
}

// decodeCount decodes a solution count: an integer >= 0.
func decodeCount(dst *Value[int64], n *node, name string) *Error {
	i, ok := n.val.(int64)
	if !ok || i < 0 {
		return errorf(n.pos, "%s: expected an integer >= 0, found %s", name, describe(n))
	}
	*dst = Value[int64]{V: i, Pos: n.pos, Set: true}
	return nil
}

// MaxDeclaredPlacements bounds the max-placements key, so that a spec
// cannot lift the limit that guards against hostile files: the
// catalogue's largest puzzle, polycubes-56-crystal-1, has 2,365,581
// placements and peaks at 0.8 GB to compile and 1 GB to search with dlx
// (bench/results/build.md); memory grows with the placements.
const MaxDeclaredPlacements = 4_000_000

func decodeMaxPlacements(dst *Value[int64], n *node, name string) *Error {
	i, ok := n.val.(int64)
	if !ok || i < 1 || i > MaxDeclaredPlacements {
		return errorf(n.pos, "%s: expected an integer from 1 to %d, found %s", name, MaxDeclaredPlacements, describe(n))
	}
	*dst = Value[int64]{V: i, Pos: n.pos, Set: true}
	return nil
}

// decodePieces decodes a rule string, or a list of them joined with ",",
// keeping where each string's characters are.
func decodePieces(dst *Text, n *node, name string) *Error {
	var rules []*node
	switch v := n.val.(type) {
	case string:
		rules = []*node{n}
	case []*node:
		rules = v
	}
	if len(rules) == 0 {
		return errorf(n.pos, "%s: expected a rule string or a list of rule strings, found %s", name, describe(n))
	}
	var (
		text  strings.Builder
		spans []span
	)
	for i, r := range rules {
		if s, ok := r.val.(string); !ok || s == "" {
			if r != n {
				name = fmt.Sprintf("%s[%d]", name, i)
			}
			return errorf(r.pos, "%s: expected a rule string, found %s", name, describe(r))
		}
		if i > 0 {
			text.WriteByte(',')
		}
		sp := r.text
		sp.off = text.Len()
		spans = append(spans, sp)
		text.WriteString(r.val.(string))
	}
	*dst = Text{S: text.String(), Pos: spans[0].pos, spans: spans}
	return nil
}

func decodeBoard(dst *Board, f field, name string) *Error {
	n := f.val
	if _, ok := n.val.([]field); !ok {
		return errorf(n.pos, "%s: expected a table with size, art, cells or regions, found %s", name, describe(n))
	}
	dst.Pos = f.pos
	if err := decodeTable(dst, n, name, f.pos, boardFields); err != nil {
		return err
	}
	if !dst.Size.Set && !dst.Art.Set && !dst.Cells.Set && dst.Regions == nil {
		return errorf(f.pos, "%s: missing key \"size\", \"art\", \"cells\" or \"regions\"", name)
	}
	return nil
}

// decodeRows splits a string into rows, as decodeArt does, for grids of
// symbols.
func decodeRows(dst *Value[[]string], n *node, name string) *Error {
	s, ok := n.val.(string)
	rows := splitRows(s)
	if !ok || len(rows) == 0 {
		return errorf(n.pos, "%s: expected rows of symbols, found %s", name, describe(n))
	}
	*dst = Value[[]string]{V: rows, Pos: n.pos, Set: true}
	return nil
}

// decodeGroups decodes a grid of rows, or a list of them.
func decodeGroups(dst *[]Value[[]string], n *node, name string) *Error {
	items := []*node{n}
	if list, ok := n.val.([]*node); ok {
		items = list
	}
	for i, it := range items {
		var g Value[[]string]
		if err := decodeRows(&g, it, fmt.Sprintf("%s[%d]", name, i)); err != nil {
			return err
		}
		*dst = append(*dst, g)
	}
	return nil
}

// splitRows splits text into lines, dropping the '\r' of CRLF line ends and
// blank lines at either end (so a grid may start on the line after the
// opening quotes).
func splitRows(s string) []string {
	rows := strings.Split(s, "\n")
	for i, r := range rows {
		rows[i] = strings.TrimSuffix(r, "\r")
	}
	blank := func(r string) bool { return strings.TrimSpace(r) == "" }
	for len(rows) > 0 && blank(rows[0]) {
		rows = rows[1:]
	}
	for len(rows) > 0 && blank(rows[len(rows)-1]) {
		rows = rows[:len(rows)-1]
	}
	return rows
}

// sizeSyntax is "WxH"; '×' is what people type when they can.
var sizeSyntax = regexp.MustCompile(`^([0-9]+)[xX×]([0-9]+)$`)

func decodeSize(dst *Value[Size], n *node, name string) *Error {
	bad := errorf(n.pos, "%s: expected \"WxH\" with W, H >= 1 (e.g. \"10x6\"), found %s", name, describe(n))
	s, _ := n.val.(string)
	m := sizeSyntax.FindStringSubmatch(s)
	if m == nil {
		return bad
	}
	w, errW := strconv.Atoi(m[1])
	h, errH := strconv.Atoi(m[2])
	if errW != nil || errH != nil || w < 1 || h < 1 {
		return bad
	}
	*dst = Value[Size]{V: Size{W: w, H: h}, Pos: n.pos, Set: true}
	return nil
}

// decodeArt splits a drawing into rows, dropping blank rows at either end
// (so the drawing may start on the line after the opening quotes) and the
// '\r' of CRLF line ends.
func decodeArt(dst *Value[[]string], n *node, name string) *Error {
	s, ok := n.val.(string)
	if !ok {
		return errorf(n.pos, "%s: expected a string of rows of '#' cells, found %s", name, describe(n))
	}
	rows := splitRows(s)
	switch {
	case len(rows) == 0:
		return errorf(n.pos, "%s: expected rows of '#' cells, found no rows", name)
	case !strings.Contains(s, "#"):
		return errorf(n.pos, "%s: expected rows of '#' cells, found no '#'", name)
	}
	*dst = Value[[]string]{V: rows, Pos: n.pos, Set: true}
	return nil
}

// cellPattern is one cell: two or three whole numbers joined by commas.
const cellPattern = `-?[0-9]+,-?[0-9]+(,-?[0-9]+)?`

var cellSyntax = regexp.MustCompile(`^` + cellPattern + `$`)

// decodeCells checks a list of cells such as "0,0 1,0 0,1" (the coordinates
// of Polyform Puzzler's solution files, separated by spaces or new lines);
// the compiler knows how many coordinates its lattice wants.
func decodeCells(dst *Value[string], n *node, name string) *Error {
	s, ok := n.val.(string)
	if !ok || strings.TrimSpace(s) == "" {
		return errorf(n.pos, "%s: expected a string of cells like \"0,0 1,0\", found %s", name, describe(n))
	}
	for _, c := range strings.Fields(s) {
		if !cellSyntax.MatchString(c) {
			return errorf(n.pos, "%s: expected cells like 3,1 or 3,1,0 separated by spaces, found %q", name, c)
		}
	}
	*dst = Value[string]{V: s, Pos: n.pos, Set: true}
	return nil
}

// decodeChoice decodes a string that must be one of choices.
func decodeChoice(dst *Value[string], n *node, name string, choices []string) *Error {
	s, ok := n.val.(string)
	if !ok || !slices.Contains(choices, s) {
		return errorf(n.pos, "%s: expected one of %s, found %s", name, quoteAll(choices), describe(n))
	}
	*dst = Value[string]{V: s, Pos: n.pos, Set: true}
	return nil
}

func quoteAll(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = strconv.Quote(w)
	}
	return strings.Join(q, ", ")
}

// pieceName is a name the pieces rule can write: a letter, then letters and
// digits.
var pieceName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*$`)

// decodeOrientations decodes a table of piece names and lists of cells.
func decodeOrientations(dst *[]PieceOrientations, n *node, name string) *Error {
	return decodePieceTable(n, name, "lists of their orientations' cells", func(f field) *Error {
		po := PieceOrientations{Name: f.key, Pos: f.pos}
		if err := decodeRegions(&po.Cells, f.val, name+"."+f.key); err != nil {
			return err
		}
		*dst = append(*dst, po)
		return nil
	})
}

// decodeShapes decodes a table of piece names and their cells.
func decodeShapes(dst *[]NamedShape, n *node, name string) *Error {
	return decodePieceTable(n, name, "cells", func(f field) *Error {
		sh := NamedShape{Name: f.key, Pos: f.pos}
		if err := decodeCells(&sh.Cells, f.val, name+"."+f.key); err != nil {
			return err
		}
		*dst = append(*dst, sh)
		return nil
	})
}

// decodePieceTable checks that n is a table keyed by piece names, each
// holding what, and decodes each entry in order.
func decodePieceTable(n *node, name, what string, decode func(field) *Error) *Error {
	fields, ok := n.val.([]field)
	if !ok || len(fields) == 0 {
		return errorf(n.pos, "%s: expected a table of piece names and %s, found %s", name, what, describe(n))
	}
	for _, f := range fields {
		if !pieceName.MatchString(f.key) {
			return errorf(f.pos, "%s: expected a piece name of letters and digits starting with a letter, found %q", name, f.key)
		}
		if err := decode(f); err != nil {
			return err
		}
	}
	return nil
}
