package genspec

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/compile/polygen"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/spec"
)

// UnsupportedKeys refuses the keys of a polyform spec that a generated
// spec could not repeat faithfully yet.
func UnsupportedKeys(s *spec.Spec) error {
	msg := ": generate does not copy this key to the puzzle it makes yet"
	switch {
	case len(s.Orientations) > 0:
		return &spec.Error{Pos: s.Orientations[0].Pos, Msg: "orientations" + msg}
	case len(s.Board.Regions) > 0:
		return &spec.Error{Pos: s.Board.Regions[0].Pos, Msg: "board.regions" + msg}
	case len(s.Board.Colours) > 0:
		return &spec.Error{Pos: s.Board.Colours[0].Pos, Msg: "board.colours" + msg}
	}
	return nil
}

// titleOf is a spec's title, or its name.
func titleOf(s *spec.Spec) string {
	if s.Title.V != "" {
		return s.Title.V
	}
	return s.Name.V
}

// WriteFixed writes the puzzle with its fixed pieces as a spec in the
// catalogue's form: the spec's own keys, the fixed pieces as rules after
// its own, and polyspec's count, never an expect, which is for published
// counts. source is the request after "polyspec generate".
func WriteFixed(w io.Writer, s *spec.Spec, l compile.Lattice, f *polygen.Fixed, source string, seed uint64) error {
	var b strings.Builder
	title := titleOf(s)
	fmt.Fprintf(&b, "# %s with %s fixed, made by polyspec generate %s --seed %d.\n", title, emit.Count(int64(len(f.Fixed)), "piece"), source, seed)
	fmt.Fprintf(&b, "# Unique: a search for a second solution (%s, %d nodes) found none.\n", f.Unique.Backend, f.Unique.Nodes)
	fmt.Fprintf(&b, "# Minimal: each fixed piece, unfixed, lets in a second solution (a search for each).\n")
	switch {
	case f.Minimum && len(f.Fixed) > 1:
		fmt.Fprintf(&b, "# Minimum: no set of %d of the solution's %d pieces fixes it (searches: %d).\n", len(f.Fixed)-1, len(f.Solution), f.MinimumSearches)
	case f.Minimum:
		fmt.Fprintf(&b, "# Minimum: the puzzle has more than one solution with no piece fixed.\n")
	default:
		fmt.Fprintf(&b, "# Not shown minimum: the sets of %d of the solution's %d pieces are too many to search.\n", len(f.Fixed)-1, len(f.Solution))
	}
	writeKeys(&b, s, fmt.Sprintf("%s, generated (seed %d)", title, seed), s.Unique.V, 1, seed, f.Unique.Backend)
	var rules []string
	for _, r := range s.Rules {
		rules = append(rules, tomlString(r.S))
	}
	for _, p := range f.Fixed {
		cells := make([]string, len(p.Cells))
		for i, c := range p.Cells {
			cells[i] = compile.CellName(c, l)
		}
		rules = append(rules, tomlString(p.Name+" at "+strings.Join(cells, " ")))
	}
	fmt.Fprintf(&b, "rules = [\n  %s,\n]\n", strings.Join(rules, ",\n  "))
	writeShapesAndBoard(&b, s)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeKeys writes the keys of a generated spec before its rules: the
// spec's own, and polyspec's counts.
func writeKeys(b *strings.Builder, s *spec.Spec, title string, unique bool, all int64, seed uint64, backend string) {
	fmt.Fprintf(b, "title = %s\n", tomlString(title))
	if s.Lattice.Set {
		fmt.Fprintf(b, "lattice = %s\n", tomlString(s.Lattice.V))
	}
	fmt.Fprintf(b, "pieces = %s\n", tomlString(s.Pieces.S))
	for _, k := range []struct {
		key string
		set bool
		val string
	}{
		{"one-sided", s.OneSided.V, "true"},
		{"may-cross", s.MayCross.V, "true"},
		{"omit", s.Omit.Set, fmt.Sprint(s.Omit.V)},
		{"omittable", s.Omittable.S != "", tomlString(s.Omittable.S)},
		{"symmetry", s.Symmetry.Set, tomlString(s.Symmetry.V)},
		{"unique", unique, "true"},
	} {
		if k.set {
			fmt.Fprintf(b, "%s = %s\n", k.key, k.val)
		}
	}
	fmt.Fprintf(b, "count = 1\ncount-all = %d\ncount-by = %s\n", all, tomlString(fmt.Sprintf("polyspec generate, seed %d, %s", seed, backend)))
}

// CanReshape refuses a spec whose board a search for another board
// (generate --shape) would have to keep: its rules, omit and tube name or
// need the spec's board.
func CanReshape(s *spec.Spec) error {
	if len(s.Rules) > 0 || s.Omit.V > 0 || s.Board.Tube.V {
		return errors.New("--shape searches a board for the pieces alone: its rules, omit and tube name or need the spec's board")
	}
	return nil
}

// StartOf says where the search for a board started, for WriteBoard: from
// the start named, or from the pieces laid side by side when they do not
// tile it.
func StartOf(bd *polygen.Board, from string) string {
	if bd.Assembled {
		return from + ", which the pieces do not tile, so from the pieces laid side by side"
	}
	return from
}

// WriteBoard writes the board found as a spec: the spec's pieces on it,
// and polyspec's counts. request is what followed "polyspec generate",
// from where the search started.
func WriteBoard(w io.Writer, s *spec.Spec, l compile.Lattice, bd *polygen.Board, request, from string, seed uint64) error {
	var b strings.Builder
	title := titleOf(s)
	fmt.Fprintf(&b, "# A board of %d cells that the pieces of %s tile one way only, made by polyspec generate %s\n", len(bd.Cells), title, request)
	fmt.Fprintf(&b, "# from %s in %d moves (%d kept).\n", from, bd.Moves, bd.Accepted)
	if bd.Symmetries > 1 {
		fmt.Fprintf(&b, "# Unique: a search modulo the board's %d symmetries (%s, %d nodes) found one solution and no second;\n", bd.Symmetries, bd.Unique.Backend, bd.Unique.Nodes)
		fmt.Fprintf(&b, "# a count without them found %s.\n", emit.Count(bd.All.Solutions, "solution"))
	} else {
		fmt.Fprintf(&b, "# Unique: the board has no symmetry, and a search (%s, %d nodes) found one solution and no second.\n", bd.Unique.Backend, bd.Unique.Nodes)
	}
	writeKeys(&b, s, fmt.Sprintf("%s: a board with one solution (seed %d)", title, seed), true, bd.All.Solutions, seed, bd.Unique.Backend)
	writeShapes(&b, s)
	b.WriteString("\n[board]\n")
	if l.Squares() {
		fmt.Fprintf(&b, "art = %s\n", tomlRows(artRows(bd.Cells)))
	} else {
		cells := make([]string, len(bd.Cells))
		for i, c := range bd.Cells {
			cells[i] = compile.CellName(c, l)
		}
		fmt.Fprintf(&b, "cells = %s\n", tomlString(strings.Join(cells, " ")))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// artRows draws squares as the board key's art: '#' for a cell, the top
// row (the greatest y) first.
func artRows(cells []compile.Cell) []string {
	lo, hi := cells[0], cells[0]
	for _, c := range cells {
		lo = compile.Cell{min(lo[0], c[0]), min(lo[1], c[1])}
		hi = compile.Cell{max(hi[0], c[0]), max(hi[1], c[1])}
	}
	rows := make([][]byte, hi[1]-lo[1]+1)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", hi[0]-lo[0]+1))
	}
	for _, c := range cells {
		rows[hi[1]-c[1]][c[0]-lo[0]] = '#'
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.TrimRight(string(r), ".")
	}
	return out
}

// writeShapes writes the spec's shapes table, if it has one.
func writeShapes(b *strings.Builder, s *spec.Spec) {
	if len(s.Shapes) > 0 {
		b.WriteString("\n[shapes]\n")
		for _, sh := range s.Shapes {
			fmt.Fprintf(b, "%s = %s\n", tomlKey(sh.Name), tomlString(sh.Cells.V))
		}
	}
}

// writeShapesAndBoard writes the spec's shapes and board tables as it
// gives them.
func writeShapesAndBoard(b *strings.Builder, s *spec.Spec) {
	writeShapes(b, s)
	b.WriteString("\n[board]\n")
	switch bd := s.Board; {
	case bd.Size.Set:
		fmt.Fprintf(b, "size = \"%dx%d\"\n", bd.Size.V.W, bd.Size.V.H)
	case bd.Art.Set:
		fmt.Fprintf(b, "art = %s\n", tomlRows(bd.Art.V))
	case bd.Cells.Set:
		fmt.Fprintf(b, "cells = %s\n", tomlString(bd.Cells.V))
	}
	if s.Board.Tube.V {
		b.WriteString("tube = true\n")
	}
}

// FixedSVG draws the puzzle as it is set: the board, its fixed pieces in
// their colours and the rest of it empty.
func FixedSVG(w io.Writer, pz *compile.Puzzle, f *polygen.Fixed) error {
	return puzzleSVG(w, pz.Lattice, pz.Board, placed(f.Fixed))
}

// BoardSVG draws a board found, empty.
func BoardSVG(w io.Writer, l compile.Lattice, bd *polygen.Board) error {
	return puzzleSVG(w, l, bd.Cells, nil)
}

func placed(ps []polygen.Placed) []emit.Placed {
	out := make([]emit.Placed, len(ps))
	for i, p := range ps {
		out[i] = emit.Placed{Name: p.Name, Cells: p.Cells}
	}
	return out
}

// puzzleSVG draws a board with pieces on it; the cells they leave are
// drawn empty.
func puzzleSVG(w io.Writer, l compile.Lattice, board []compile.Cell, pieces []emit.Placed) error {
	taken := map[compile.Cell]bool{}
	for _, p := range pieces {
		for _, c := range p.Cells {
			taken[c] = true
		}
	}
	var empty [][3]int
	for _, c := range board {
		if !taken[c] {
			empty = append(empty, c)
		}
	}
	d, err := emit.NewPuzzleDrawing(l.Name(), empty, pieces)
	if err != nil {
		return err
	}
	return d.SVG(w)
}
