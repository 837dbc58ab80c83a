package studio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/compile/sudoku"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/spec"
)

// A specRequest carries the spec being edited: its text, and the file name
// whose extension picks the syntax.
type specRequest struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// maxPiecesDrawn bounds the piece pictures of one answer.
const maxPiecesDrawn = 200

// compileSpec parses and compiles the spec of a request within the limits.
// A failure is a problem to show in the editor; the spec comes back with
// it when it was read but did not compile.
func (s *Server) compileSpec(req specRequest) (*spec.Spec, *compile.Puzzle, *problem) {
	name := path.Base(req.Name)
	if req.Name == "" || name == "." || name == "/" {
		name = "untitled.toml"
	}
	sp, err := spec.Parse(name, []byte(req.Text))
	if err != nil {
		return nil, nil, specProblem(err)
	}
	if sp.Kind.V == "sudoku" {
		// Compiled by compileSudoku: a grid has no board or pieces.
		return sp, nil, nil
	}
	if n := compile.BoardCost(sp.Board); s.limits.MaxCells > 0 && n > s.limits.MaxCells {
		return nil, nil, &problem{Line: sp.Board.Pos.Line, Col: sp.Board.Pos.Col, Message: fmt.Sprintf(
			"board: %d cells is over the studio's limit of %d (start it with --max-cells %d to allow it)", n, s.limits.MaxCells, n)}
	}
	pz, err := compile.FromSpecLimits(sp, compile.Limits{Placements: s.limits.MaxPlacements, Ceiling: true})
	if err != nil {
		return sp, nil, specProblem(err)
	}
	return sp, pz, nil
}

// decode reads a request's JSON body into v; when it cannot, it answers
// with the problem and returns false.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		fail(w, err)
		return false
	}
	return true
}

// A compiled spec is a request's spec as an exact-cover problem: a
// Sudoku's or a polyform puzzle's, with the board's symmetries that a
// search for distinct solutions reduces by.
type compiled struct {
	spec   *spec.Spec
	sudoku *sudoku.Puzzle   // a Sudoku's, else nil
	puzzle *compile.Puzzle  // a polyform puzzle's, else nil
	exact  *cover.Problem   // the problem of either
	group  []cover.Symmetry // for a spec of unique = true, unless all
}

// compileProblem compiles a request's spec to its exact-cover problem,
// reduced by the board's symmetries when the spec asks and all is not
// set; when it cannot, it answers with the problem and returns false.
func (s *Server) compileProblem(w http.ResponseWriter, req specRequest, all bool) (*compiled, bool) {
	sp, pz, prob := s.compileSpec(req)
	if prob == nil && sp.Kind.V == "sudoku" {
		var spz *sudoku.Puzzle
		if spz, prob = compileSudoku(sp); prob == nil {
			return &compiled{spec: sp, sudoku: spz, exact: spz.Problem}, true
		}
	}
	if prob != nil {
		writeJSON(w, http.StatusBadRequest, prob)
		return nil, false
	}
	c := &compiled{spec: sp, puzzle: pz, exact: pz.Problem}
	if sp.Unique.V && !all {
		c.group = pz.Symmetries()
	}
	return c, true
}

// specProblem places an error of the spec package at its line and column.
func specProblem(err error) *problem {
	if e, ok := errors.AsType[*spec.Error](err); ok {
		return &problem{Message: e.Msg, Line: e.Pos.Line, Col: e.Pos.Col}
	}
	return &problem{Message: err.Error()}
}

// A rendering is the drawing of a spec: its board and pieces as SVG, and
// what the page needs to edit an art board by clicks.
type rendering struct {
	// Problem is what is wrong with the spec; the board may be drawn
	// all the same.
	Problem *problem     `json:"problem,omitempty"`
	Lattice string       `json:"lattice,omitempty"`
	Form    string       `json:"form"` // tiles, segments, cubes or sudoku, for the page's styles
	Cells   int          `json:"cells"`
	Options int          `json:"options"`
	Unique  bool         `json:"unique"`
	Board   string       `json:"board,omitempty"`
	Pieces  []pieceImage `json:"pieces"`
	More    int          `json:"more,omitempty"` // pieces left undrawn
	// Art is set for a square board drawn as art: its rows, and the line
	// of the file where the art's value starts.
	Art *artBoard `json:"art,omitempty"`
	// CellList is set for a board given as a list of cells: where the
	// list's value starts, for the page to add or remove a cell's
	// coordinates by clicks.
	CellList *textPos `json:"cellList,omitempty"`
	// Size is set for a square board given by its size: where the size's
	// value is, and the board's rows as art, for the page to write the
	// board as art when it is first edited.
	Size *artBoard `json:"size,omitempty"`
	// CubeCells are the cells of a cubic board given as a list, for the
	// page to edit it layer by layer: the drawing of the cubes hides
	// their inner cells and has no room for the cells beside them.
	CubeCells [][3]int `json:"cubeCells,omitempty"`
	// Solid holds the cells of a board of cubes, which the page draws in
	// a view it turns.
	Solid [][3]int `json:"solid,omitempty"`
	// OneSided is set when the pieces may not be turned over, which
	// solving by hand keeps to.
	OneSided bool `json:"oneSided,omitempty"`
	// Sudoku is a Sudoku's grid, for filling it in by hand.
	Sudoku *sudokuGrid `json:"sudoku,omitempty"`
}

// A sudokuGrid is a Sudoku's size, its givens (0 for a blank) and each
// cell's block, cell by cell in rows.
type sudokuGrid struct {
	N      int   `json:"n"`
	Givens []int `json:"givens"`
	Blocks []int `json:"blocks"`
}

type textPos struct {
	Line int `json:"line"`
	Col  int `json:"col"`
}

type pieceImage struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
	SVG   string `json:"svg"`
	// Cells are a solid piece's cubes, for the page's turning view.
	Cells [][3]int `json:"cells,omitempty"`
}

type artBoard struct {
	Line int      `json:"line"`
	Rows []string `json:"rows"`
}

// holeMark ends the title of an art board's empty cell: the page tells
// cells from holes by it.
const holeMark = " hole"

func (s *Server) render(w http.ResponseWriter, r *http.Request) {
	var req specRequest
	if !decode(w, r, &req) {
		return
	}
	sp, pz, prob := s.compileSpec(req)
	if sp != nil && sp.Kind.V == "sudoku" {
		out, err := drawSudoku(sp)
		if err != nil {
			fail(w, err)
			return
		}
		writeJSON(w, http.StatusOK, out)
		return
	}
	out := &rendering{Problem: prob}
	if sp != nil {
		// The board is drawn even when the pieces do not fit it, as
		// while cells are being clicked on or off.
		if err := out.drawBoard(sp, fixedPieces(sp, pz)); err != nil && prob == nil {
			out.Problem = specProblem(err)
		}
	}
	if pz != nil {
		if err := out.drawPieces(sp, pz); err != nil {
			fail(w, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// compileSudoku compiles a Sudoku spec; a failure is a problem to show in
// the editor.
func compileSudoku(sp *spec.Spec) (*sudoku.Puzzle, *problem) {
	pz, err := sudoku.FromSpec(sp)
	if err != nil {
		return nil, specProblem(err)
	}
	return pz, nil
}

// drawSudoku draws a Sudoku spec's grid with its givens.
func drawSudoku(sp *spec.Spec) (*rendering, error) {
	pz, prob := compileSudoku(sp)
	if prob != nil {
		return &rendering{Problem: prob}, nil
	}
	n := pz.Layout.N
	pic, err := sudokuSVG(pz, pz.Givens)
	if err != nil {
		return nil, err
	}
	return &rendering{Lattice: "sudoku", Form: "sudoku", Cells: n * n, Options: len(pz.Cells), Board: pic,
		Sudoku: &sudokuGrid{N: n, Givens: pz.Givens, Blocks: pz.Layout.Blocks()}}, nil
}

// sudokuSVG draws a grid of a Sudoku: its givens, or a solution.
func sudokuSVG(pz *sudoku.Puzzle, grid []int) (string, error) {
	rows := strings.Split(strings.TrimSuffix(sudoku.Format(pz.Layout.N, grid), "\n"), "\n")
	return inlineSVG(func(w io.Writer) error { return emit.SudokuSVG(w, rows, pz.Layout.Blocks(), pz.Givens) })
}

// specBoard reads a spec's lattice and board cells without compiling its
// pieces.
func specBoard(sp *spec.Spec) (compile.Lattice, []compile.Cell, error) {
	l, err := compile.LatticeByName(sp.Lattice.V)
	if err != nil {
		return nil, nil, &spec.Error{Pos: sp.Lattice.Pos, Msg: err.Error()}
	}
	b := sp.Board
	// The studio's limit on cells was checked in compileSpec.
	cells, err := compile.BoardCells(l, b, compile.Limits{})
	if err != nil || b.Cells.Set {
		return l, cells, err
	}
	for _, t := range b.Regions {
		more, err := compile.ParseCells(t.V)
		if err != nil {
			return nil, nil, &spec.Error{Pos: t.Pos, Msg: "board: " + err.Error()}
		}
		cells = append(cells, more...)
	}
	return l, cells, nil
}

// fixedPieces are the placements a spec's rules force, as generate's "X
// at CELLS" do: each the only option of the compiled problem that covers
// some item every solution must cover, so that every solution has it.
// They are drawn titled with their pieces' names, which the page tells
// from the cells' coordinates. Only a spec with rules is looked at.
func fixedPieces(sp *spec.Spec, pz *compile.Puzzle) []emit.Placed {
	if pz == nil || len(sp.Rules) == 0 {
		return nil
	}
	p := pz.Problem
	users, user := make([]int, len(p.Items)), make([]int, len(p.Items))
	for o := range p.NumOptions() {
		for _, e := range p.Option(o) {
			users[e.Item]++
			user[e.Item] = o
		}
	}
	drawn := map[int]bool{}
	var out []emit.Placed
	for i, it := range p.Items {
		if it.Secondary || it.Lo == 0 || users[i] != 1 || drawn[user[i]] {
			continue
		}
		drawn[user[i]] = true
		if pl := pz.Placement(user[i]); len(pl.Cells) > 0 {
			out = append(out, emit.Placed{Name: pz.Pieces[pl.Piece].Name, Cells: pl.Cells})
		}
	}
	return out
}

// drawBoard draws a spec's board, one tile per cell titled with its
// coordinates; on a square art board, the art's empty places too; and
// over them the pieces the rules fix in place, if any.
func (out *rendering) drawBoard(sp *spec.Spec, fixed []emit.Placed) error {
	l, board, err := specBoard(sp)
	if err != nil {
		return err
	}
	if len(board) == 0 {
		return nil
	}
	out.Lattice, out.Form, out.Cells = l.Name(), emit.Form(l.Name()), len(board)
	if emit.Solid(l.Name()) {
		out.Solid = cellsOf(board)
	}
	var cells []emit.Placed
	for _, c := range board {
		cells = append(cells, emit.Placed{Name: compile.CellName(c, l), Cells: []compile.Cell{c}})
	}
	if l.Squares() && sp.Board.Art.Set {
		rows := sp.Board.Art.V
		out.Art = &artBoard{Line: sp.Board.Art.Pos.Line, Rows: rows}
		width := 0
		for _, row := range rows {
			width = max(width, len(row))
		}
		for i, row := range rows {
			for x := range width {
				if x >= len(row) || row[x] != '#' {
					c := compile.Cell{x, len(rows) - 1 - i, 0}
					cells = append(cells, emit.Placed{Name: compile.CellName(c, l) + holeMark, Cells: []compile.Cell{c}})
				}
			}
		}
	}
	if l.Squares() && sp.Board.Size.Set {
		size := sp.Board.Size
		out.Size = &artBoard{Line: size.Pos.Line, Rows: make([]string, size.V.H)}
		for i := range out.Size.Rows {
			out.Size.Rows[i] = strings.Repeat("#", size.V.W)
		}
	}
	if sp.Board.Cells.Set {
		out.CellList = &textPos{sp.Board.Cells.Pos.Line, sp.Board.Cells.Pos.Col}
		cells = append(cells, neighbourHoles(l, board)...)
		if emit.Solid(l.Name()) {
			out.CubeCells = out.Solid
		}
	}
	out.Board, err = svgOf(l.Name(), append(cells, fixed...))
	return err
}

// neighbourHoles are the cells next to a board, drawn as holes that a
// click adds to it. Cubes get none: a cube beside the board would hide
// the board's own cubes in the drawing.
func neighbourHoles(l compile.Lattice, board []compile.Cell) []emit.Placed {
	if emit.Solid(l.Name()) {
		return nil
	}
	in := map[compile.Cell]bool{}
	for _, c := range board {
		in[c] = true
	}
	var out []emit.Placed
	for _, c := range board {
		for _, n := range l.Neighbours(c) {
			if !in[n] {
				in[n] = true
				out = append(out, emit.Placed{Name: compile.CellName(n, l) + holeMark, Cells: []compile.Cell{n}})
			}
		}
	}
	return out
}

// drawPieces draws each piece of a compiled spec on its own.
func (out *rendering) drawPieces(sp *spec.Spec, pz *compile.Puzzle) error {
	out.Options, out.Unique, out.OneSided = pz.NumPlacements(), sp.Unique.V, sp.OneSided.V
	for i, p := range pz.Pieces {
		if i == maxPiecesDrawn {
			out.More = len(pz.Pieces) - i
			break
		}
		pic, err := svgOf(pz.Lattice.Name(), []emit.Placed{{Name: p.Name, Cells: p.Cells}})
		if err != nil {
			return err
		}
		img := pieceImage{Name: p.Name, Count: p.Count, SVG: pic}
		// Cubes are drawn by the page; a square piece's cells let it be
		// placed by hand.
		if emit.Solid(pz.Lattice.Name()) || pz.Lattice.Name() == "square" {
			img.Cells = cellsOf(p.Cells)
		}
		out.Pieces = append(out.Pieces, img)
	}
	return nil
}

// cellsOf is cells as the page takes them.
func cellsOf(cells []compile.Cell) [][3]int {
	out := make([][3]int, len(cells))
	for i, c := range cells {
		out[i] = [3]int(c)
	}
	return out
}

// svgOf draws pieces as --svg does, without the XML declaration, ready to
// be put in a page.
func svgOf(lattice string, pieces []emit.Placed) (string, error) {
	pic, err := emit.NewDrawing(lattice, pieces)
	if err != nil {
		return "", err
	}
	return inlineSVG(pic.SVG)
}

// inlineSVG is the SVG that draw writes, without the XML declaration,
// ready to be put in a page.
func inlineSVG(draw func(io.Writer) error) (string, error) {
	var b bytes.Buffer
	if err := draw(&b); err != nil {
		return "", err
	}
	text := b.String()
	if _, rest, ok := strings.Cut(text, "?>\n"); ok {
		text = rest
	}
	return text, nil
}

// A drawRequest is a solution to draw: the page sends back the pieces a
// search streamed to it.
type drawRequest struct {
	Lattice string `json:"lattice"`
	Pieces  []struct {
		Name  string   `json:"name"`
		Cells [][3]int `json:"cells"`
	} `json:"pieces"`
}

// drawTypes are the content types of the pictures /api/draw makes, by the
// format query parameter: SVG (the default, the bytes --svg writes), PNG
// and glTF.
var drawTypes = map[string]string{"svg": "image/svg+xml", "png": "image/png", "gltf": "model/gltf+json"}

// pngSize is the longer side of an exported PNG, as --png-size's default.
const pngSize = 480

// draw answers with a picture of a solution the page sends back.
func (s *Server) draw(w http.ResponseWriter, r *http.Request) {
	format := r.URL.Query().Get("format")
	if format == "" {
		format = "svg"
	}
	contentType, ok := drawTypes[format]
	if !ok {
		fail(w, fmt.Errorf("format %q: expected svg, png or gltf", format))
		return
	}
	var req drawRequest
	if !decode(w, r, &req) {
		return
	}
	pieces := make([]emit.Placed, len(req.Pieces))
	for i, p := range req.Pieces {
		pieces[i] = emit.Placed{Name: p.Name, Cells: p.Cells}
	}
	var b bytes.Buffer
	if err := emit.Draw(&b, format, req.Lattice, pieces, pngSize); err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", contentType)
	_, _ = w.Write(b.Bytes())
}
