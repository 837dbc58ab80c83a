package pips

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/polyspec/polyspec/grammar"
)

// Difficulties are the puzzles of a NYT Pips file, in order.
var Difficulties = []string{"easy", "medium", "hard"}

// NYTLevels returns the difficulties whose puzzles a NYT file holds, in
// the order of Difficulties: all three in the NYT's own files, one in a
// game written by WriteNYT. A file that is no JSON object, or holds none
// of them, gets all three, so that ReadNYT says what is wrong with it.
func NYTLevels(data []byte) []string {
	root, _, err := parseJSON(data)
	if err != nil || root.kind != '{' || checkSize("", data) != nil {
		return Difficulties
	}
	var out []string
	for _, d := range Difficulties {
		if root.get(d) != nil {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return Difficulties
	}
	return out
}

// nytTypes maps the NYT's region types to rules; the three with a target
// take it.
var nytTypes = map[string]func(target grammar.Num) grammar.Rule{
	"sum":     func(t grammar.Num) grammar.Rule { return &grammar.Sum{Target: t} },
	"less":    func(t grammar.Num) grammar.Rule { return &grammar.Less{Target: t} },
	"greater": func(t grammar.Num) grammar.Rule { return &grammar.More{Target: t} },
	"equals":  func(grammar.Num) grammar.Rule { return &grammar.Same{} },
	"unequal": func(grammar.Num) grammar.Rule { return &grammar.Distinct{} },
	"empty":   func(grammar.Num) grammar.Rule { return &grammar.Empty{Op: "∅"} },
}

// ReadNYT reads the puzzle of one difficulty from a NYT Pips file: an
// object with "easy", "medium" and "hard" puzzles, each with "dominoes"
// ([a, b] pips) and "regions" ("indices" as [row, column] pairs, "type" one
// of sum, less, greater, equals, unequal or empty, and "target" for the
// first three). Other keys are ignored. The board is the cells of the
// regions. Errors name the file, line and column. The file, its lines and
// its dominoes are bounded (MaxFileBytes, MaxLineBytes, MaxPieces).
func ReadNYT(name string, data []byte, difficulty string) (*Game, error) {
	if err := checkSize(name, data); err != nil {
		return nil, err
	}
	lines := newLineIndex(name, data)
	root, off, err := parseJSON(data)
	if err != nil {
		return nil, errorAt(lines.at(off), "%s", err)
	}
	r := &nytReader{lines}
	if root.kind != '{' {
		return nil, r.errorf(root, "expected an object with easy, medium and hard puzzles; found %s", root.describe())
	}
	puzzle := root.get(difficulty)
	if puzzle == nil {
		return nil, r.errorf(root, "expected a %q puzzle; found keys %s", difficulty, strings.Join(root.keys, ", "))
	}
	title := strings.TrimSuffix(name[strings.LastIndexAny(name, `/\`)+1:], ".json")
	g := &Game{Name: title + " " + difficulty}
	if puzzle.kind != '{' {
		return nil, r.errorf(puzzle, "expected a puzzle object; found %s", puzzle.describe())
	}
	dominoes, err := r.list(puzzle, "dominoes")
	if err != nil {
		return nil, err
	}
	g.PiecesPos = r.pos(puzzle.get("dominoes"))
	if err := checkPieces(g.PiecesPos, len(dominoes)); err != nil {
		return nil, err
	}
	for _, d := range dominoes {
		pips, err := r.pair(d, 0, 6, "pips from 0 to 6")
		if err != nil {
			return nil, err
		}
		g.Pieces = append(g.Pieces, &grammar.Polypip{
			Pos:   r.pos(d),
			Shape: &grammar.Shape{Pos: r.pos(d), Size: 2, Letter: "I"},
			Pips:  strconv.Itoa(pips[0]) + strconv.Itoa(pips[1]),
		})
	}
	regions, err := r.list(puzzle, "regions")
	if err != nil {
		return nil, err
	}
	for _, reg := range regions {
		region, err := r.region(reg)
		if err != nil {
			return nil, err
		}
		g.Regions = append(g.Regions, region)
		g.Board = append(g.Board, region.Cells...)
	}
	slices.SortFunc(g.Board, grammar.Point.Compare)
	g.Board = slices.Compact(g.Board)
	g.BoardPos = r.pos(puzzle.get("regions"))
	return g, nil
}

type nytReader struct{ lines *lineIndex }

func (r *nytReader) pos(v *jvalue) lexer.Position { return r.lines.at(v.off) }

func (r *nytReader) errorf(v *jvalue, format string, args ...any) error {
	return errorAt(r.pos(v), format, args...)
}

// list returns the elements of the list under key.
func (r *nytReader) list(obj *jvalue, key string) ([]*jvalue, error) {
	v := obj.get(key)
	if v == nil {
		return nil, r.errorf(obj, "expected a %q list in the puzzle; found none", key)
	}
	if v.kind != '[' {
		return nil, r.errorf(v, "expected a list of %s; found %s", key, v.describe())
	}
	return v.values, nil
}

// integer reads a whole number from lo to hi.
func (r *nytReader) integer(v *jvalue, lo, hi int, what string) (int, error) {
	n, err := strconv.Atoi(v.text)
	if v.kind != '0' || err != nil || n < lo || n > hi {
		return 0, r.errorf(v, "expected %s; found %s", what, v.describe())
	}
	return n, nil
}

// pair reads a list of two whole numbers from lo to hi.
func (r *nytReader) pair(v *jvalue, lo, hi int, what string) ([2]int, error) {
	if v.kind != '[' || len(v.values) != 2 {
		return [2]int{}, r.errorf(v, "expected a pair of %s; found %s", what, v.describe())
	}
	var out [2]int
	for i, x := range v.values {
		n, err := r.integer(x, lo, hi, what)
		if err != nil {
			return out, err
		}
		out[i] = n
	}
	return out, nil
}

// maxCoordinate bounds rows and columns far beyond any real board, so that
// a typo cannot ask for a board of billions of cells.
const maxCoordinate = 999

func (r *nytReader) region(v *jvalue) (*Region, error) {
	if v.kind != '{' {
		return nil, r.errorf(v, "expected a region object; found %s", v.describe())
	}
	typ := v.get("type")
	if typ == nil {
		return nil, r.errorf(v, "expected a region \"type\"; found none")
	}
	rule := nytTypes[typ.text]
	if typ.kind != '"' || rule == nil {
		return nil, r.errorf(typ, "expected a region type of sum, less, greater, equals, unequal or empty; found %s", typ.describe())
	}
	var target grammar.Num
	if typ.text == "sum" || typ.text == "less" || typ.text == "greater" {
		t := v.get("target")
		if t == nil {
			return nil, r.errorf(v, "expected a \"target\" for a %s region; found none", typ.text)
		}
		n, err := r.integer(t, 0, 999999999, "a target from 0 to 999999999")
		if err != nil {
			return nil, err
		}
		target = grammar.Num(n)
	}
	indices, err := r.list(v, "indices")
	if err != nil {
		return nil, err
	}
	reg := &Region{Pos: r.pos(v), Rule: rule(target)}
	seen := map[grammar.Point]bool{}
	for _, ix := range indices {
		rc, err := r.pair(ix, 0, maxCoordinate, fmt.Sprintf("[row, column] indices from 0 to %d", maxCoordinate))
		if err != nil {
			return nil, err
		}
		pt := grammar.Point{Col: rc[1], Row: rc[0]}
		if seen[pt] {
			return nil, r.errorf(ix, "expected each cell once in a region; found [%d, %d] again", rc[0], rc[1])
		}
		seen[pt] = true
		reg.Cells = append(reg.Cells, pt)
	}
	if len(reg.Cells) == 0 {
		return nil, r.errorf(v, "expected a region with cells; found no indices")
	}
	return reg, nil
}
