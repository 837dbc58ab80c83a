package studio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/grammar"
)

// A gameRequest names a Pips or Polypips game: an NYT file (JSON, with the
// difficulty to play) or a text game as the generator writes it.
type gameRequest struct {
	Name       string `json:"name"`
	Text       string `json:"text"`
	Difficulty string `json:"difficulty"`
}

// A point is a board cell as the page places it: column and row, rows
// growing downward.
type point struct {
	Col int `json:"col"`
	Row int `json:"row"`
}

type pipCell struct {
	point
	Pips int `json:"pips"`
}

// A gameView is what the page draws of a game.
type gameView struct {
	Name    string       `json:"name"`
	Board   []point      `json:"board"`
	Regions []regionView `json:"regions"`
	Pieces  []pieceView  `json:"pieces"`
}

type regionView struct {
	Cells []point `json:"cells"`
	Label string  `json:"label"`
	Rule  string  `json:"rule"`
}

type pieceView struct {
	Name  string    `json:"name"`
	Cells []pipCell `json:"cells"` // in pip order, unturned
}

// readGame reads the game of a request, within the studio's limit on
// the board's cells.
func (s *Server) readGame(req gameRequest) (*pips.Game, *problem) {
	name := path.Base(req.Name)
	data := []byte(req.Text)
	g, err := pipscli.ReadOne(name, data, req.Difficulty)
	if err != nil {
		return nil, &problem{Message: err.Error()}
	}
	if s.limits.MaxCells > 0 && len(g.Board) > s.limits.MaxCells {
		return nil, &problem{Message: fmt.Sprintf("the board's %d cells are over the studio's limit of %d (--max-cells)", len(g.Board), s.limits.MaxCells)}
	}
	return g, nil
}

func points(ps []grammar.Point) []point {
	out := make([]point, len(ps))
	for i, p := range ps {
		out[i] = point{p.Col, p.Row}
	}
	return out
}

func (s *Server) pipsGame(w http.ResponseWriter, r *http.Request) {
	var req gameRequest
	if !decode(w, r, &req) {
		return
	}
	g, prob := s.readGame(req)
	if prob != nil {
		writeJSON(w, http.StatusBadRequest, prob)
		return
	}
	out := gameView{Name: g.Name, Board: points(g.Board)}
	for _, rg := range g.Regions {
		out.Regions = append(out.Regions, regionView{Cells: points(rg.Cells), Label: rg.Rule.Label(), Rule: rg.Rule.String()})
	}
	for _, p := range g.Pieces {
		v := pieceView{Name: p.String()}
		for _, c := range p.Cells() {
			v.Cells = append(v.Cells, pipCell{point{c.Col, c.Row}, c.Pips})
		}
		out.Pieces = append(out.Pieces, v)
	}
	writeJSON(w, http.StatusOK, out)
}

// A checkRequest is a game and the pieces the player has placed on it.
type checkRequest struct {
	gameRequest
	Placed []struct {
		Piece int       `json:"piece"`
		Cells []pipCell `json:"cells"` // in the piece's pip order
	} `json:"placed"`
}

// A checkView says how each region stands: "met" when it is full and keeps
// its rule, "broken" when it can no longer keep it, "open" otherwise.
type checkView struct {
	Regions []string `json:"regions"`
	Full    bool     `json:"full"`
	Solved  bool     `json:"solved"`
}

// board checks the placements against a game: each piece placed once,
// turned but not flipped, on free board cells. It returns the pips on the
// covered cells.
func (req *checkRequest) board(g *pips.Game) (map[grammar.Point]int, error) {
	board := map[grammar.Point]bool{}
	for _, p := range g.Board {
		board[p] = true
	}
	pipsAt := map[grammar.Point]int{}
	used := map[int]bool{}
	for _, pl := range req.Placed {
		if pl.Piece < 0 || pl.Piece >= len(g.Pieces) || used[pl.Piece] {
			return nil, fmt.Errorf("piece %d: no such piece, or placed twice", pl.Piece)
		}
		used[pl.Piece] = true
		if !fits(g.Pieces[pl.Piece].Cells(), pl.Cells) {
			return nil, fmt.Errorf("piece %d: the cells are not the piece's, turned", pl.Piece)
		}
		for _, c := range pl.Cells {
			p := grammar.Point{Col: c.Col, Row: c.Row}
			if _, taken := pipsAt[p]; taken || !board[p] {
				return nil, fmt.Errorf("piece %d: cell %d,%d is taken or off the board", pl.Piece, c.Col, c.Row)
			}
			pipsAt[p] = c.Pips
		}
	}
	return pipsAt, nil
}

// readPlaced reads a checkRequest, its game and the placements' pips on
// the board; when it cannot, it answers with the problem and ok is false.
func (s *Server) readPlaced(w http.ResponseWriter, r *http.Request) (req *checkRequest, g *pips.Game, pipsAt map[grammar.Point]int, ok bool) {
	req = new(checkRequest)
	if !decode(w, r, req) {
		return nil, nil, nil, false
	}
	g, prob := s.readGame(req.gameRequest)
	if prob != nil {
		writeJSON(w, http.StatusBadRequest, prob)
		return nil, nil, nil, false
	}
	pipsAt, err := req.board(g)
	if err != nil {
		fail(w, err)
		return nil, nil, nil, false
	}
	return req, g, pipsAt, true
}

// maxPips is the largest pip a piece shows.
const maxPips = 6

// pipsCheck checks a player's placements: each piece placed once, turned
// but not flipped, on free board cells, and then the regions' rules.
func (s *Server) pipsCheck(w http.ResponseWriter, r *http.Request) {
	_, g, pipsAt, ok := s.readPlaced(w, r)
	if !ok {
		return
	}
	out := checkView{Full: len(pipsAt) == len(g.Board), Solved: len(pipsAt) == len(g.Board)}
	for _, rg := range g.Regions {
		var values []int
		for _, p := range rg.Cells {
			if v, ok := pipsAt[p]; ok {
				values = append(values, v)
			}
		}
		open := len(rg.Cells) - len(values)
		state := "open"
		switch {
		case open == 0 && rg.Rule.Check(values):
			state = "met"
		case !rg.Rule.Feasible(values, open, 0, maxPips):
			state = "broken"
		}
		out.Solved = out.Solved && state == "met"
		out.Regions = append(out.Regions, state)
	}
	writeJSON(w, http.StatusOK, out)
}

// fits reports whether cells are a piece's cells, in pip order, turned a
// number of quarter turns and moved.
func fits(piece []grammar.Cell, cells []pipCell) bool {
	if len(cells) != len(piece) || len(cells) == 0 {
		return false
	}
	at := make([]grammar.Point, len(piece))
	for i, c := range piece {
		at[i] = c.Point
	}
	for turns := range 4 {
		turned := grammar.Rotate(at, turns)
		dc, dr := cells[0].Col-turned[0].Col, cells[0].Row-turned[0].Row
		same := true
		for i, c := range cells {
			if c.Col != turned[i].Col+dc || c.Row != turned[i].Row+dr || c.Pips != piece[i].Pips {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// A generateRequest asks for a new Polypips game, with the options of
// polyspec generate.
type generateRequest struct {
	Board       string `json:"board"`
	Pieces      string `json:"pieces"`
	Constraints string `json:"constraints"`
	Seed        string `json:"seed"`
	Unique      bool   `json:"unique"`
}

// pipsGenerate makes a game within the studio's time limit and answers
// with its text.
func (s *Server) pipsGenerate(w http.ResponseWriter, r *http.Request) {
	var req generateRequest
	if !decode(w, r, &req) {
		return
	}
	if req.Board == "" || req.Pieces == "" {
		fail(w, fmt.Errorf("a game needs a board and pieces"))
		return
	}
	if cells, err := pips.NamedBoard(req.Board); err == nil && s.limits.MaxCells > 0 && len(cells) > s.limits.MaxCells {
		fail(w, fmt.Errorf("the board's %d cells are over the studio's limit of %d (--max-cells)", len(cells), s.limits.MaxCells))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.MaxTime)
	defer cancel()
	var b bytes.Buffer
	err := pipscli.Generate(ctx, &b, pipscli.GenerateFlags{
		Board: req.Board, Pieces: req.Pieces, Constraints: req.Constraints, Seed: req.Seed, Unique: req.Unique,
	}, s.limits.MaxPlacements)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"name": "generated.txt", "text": b.String()})
}

// maxHintSolutions bounds the solutions a hint looks through.
const maxHintSolutions = 100_000

// A hintView is a placement that every solution going on from the
// player's placements shares, or why there is none.
type hintView struct {
	Cells   []pipCell `json:"cells,omitempty"`
	Message string    `json:"message"`
}

// placementKey names a tile on the board: its cells and their pips, so
// that copies of a piece are alike.
func placementKey(cells []grammar.Cell) string {
	keys := make([]string, len(cells))
	for i, c := range cells {
		keys[i] = fmt.Sprintf("%d,%d:%d", c.Col, c.Row, c.Pips)
	}
	slices.Sort(keys)
	return strings.Join(keys, " ")
}

// pipsHint searches the game's solutions that agree with the player's
// placements and answers with a tile they all have and the player has not
// placed.
func (s *Server) pipsHint(w http.ResponseWriter, r *http.Request) {
	req, g, _, ok := s.readPlaced(w, r)
	if !ok {
		return
	}
	placed := map[string]bool{}
	for _, pl := range req.Placed {
		cells := make([]grammar.Cell, len(pl.Cells))
		for i, c := range pl.Cells {
			cells[i] = grammar.Cell{Point: grammar.Point{Col: c.Col, Row: c.Row}, Pips: c.Pips}
		}
		placed[placementKey(cells)] = true
	}
	c, err := pips.Compile(g, s.limits.MaxPlacements)
	if err != nil {
		fail(w, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.MaxTime)
	defer cancel()
	// shared holds the tiles of every agreeing solution so far that the
	// player has not placed, with their cells.
	var shared map[string][]grammar.Cell
	agreeing, seen := 0, 0
	_, err = c.Solve(ctx, "", func(sol []pips.Placement) bool {
		seen++
		tiles := map[string][]grammar.Cell{}
		for _, p := range sol {
			tiles[placementKey(p.Cells)] = p.Cells
		}
		for k := range placed {
			if tiles[k] == nil {
				return seen < maxHintSolutions // another way
			}
			delete(tiles, k)
		}
		agreeing++
		if shared == nil {
			shared = tiles
		} else {
			for k := range shared {
				if tiles[k] == nil {
					delete(shared, k)
				}
			}
		}
		return len(shared) > 0 && seen < maxHintSolutions
	})
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		fail(w, err)
		return
	}
	var out hintView
	switch {
	case agreeing == 0:
		out.Message = "no solution goes on from these pieces: take one back"
	case len(req.Placed) == len(g.Pieces):
		out.Message = "every piece is placed"
	case len(shared) == 0:
		out.Message = "the solutions that go on from here share no next piece"
	default:
		keys := slices.Sorted(maps.Keys(shared))
		for _, cell := range shared[keys[0]] {
			out.Cells = append(out.Cells, pipCell{point{cell.Col, cell.Row}, cell.Pips})
		}
		out.Message = fmt.Sprintf("every one of the %d solutions that go on from here has this piece", agreeing)
		if agreeing == 1 {
			out.Message = "the one solution that goes on from here has this piece"
		}
		if seen >= maxHintSolutions || err != nil {
			out.Message = fmt.Sprintf("the first %d solutions that go on from here have this piece", agreeing)
		}
	}
	writeJSON(w, http.StatusOK, out)
}
