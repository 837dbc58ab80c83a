package pips

import (
	"context"
	"fmt"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/grammar"
)

// DefaultBackend is the backend that solves every game: sums checks the
// rules that exact cover cannot say, and counts without enumerating.
const DefaultBackend = "sums"

// Compiled is a game as an exact-cover problem.
type Compiled struct {
	Game    *Game
	Problem *cover.Problem
	// Regions holds the rules left to the sums backend, or is nil when
	// exact cover says every rule and any backend will do.
	Regions *cover.Regions
	kinds   []*kind
	options []option
}

// An option is a kind of piece in one place.
type option struct {
	kind  int
	cells look
}

// A Placement is a piece on the board: the index of the piece in
// Game.Pieces and the board cells it covers, with their pips.
type Placement struct {
	Piece int
	Cells []grammar.Cell
}

// Compile checks a game and builds its problem. Items are the cells in
// board order, then one per kind of piece with the number of its copies as
// multiplicity, then the secondary items of "=" and "≠" regions. Options
// are the kinds' looks in every place on the board, in that order, less
// those that break a rule on their own.
//
// maxPlacements, when positive, bounds the options, which take memory in
// proportion: a game with more is an error at its pieces, saying the limit
// and the flag that raises it (polyspec's --max-placements, as for a
// spec), before more than that many are built.
func Compile(g *Game, maxPlacements int) (*Compiled, error) {
	if err := g.check(); err != nil {
		return nil, err
	}
	c := &Compiled{Game: g, Problem: cover.NewProblem(), kinds: kinds(g)}
	p := c.Problem
	cellItem := map[grammar.Point]int32{}
	for _, pt := range g.Board {
		cellItem[pt] = int32(p.AddPrimary(fmt.Sprintf("(%d,%d)", pt.Col, pt.Row)))
	}
	for _, k := range c.kinds {
		n := len(k.pieces)
		p.AddItem(cover.Item{Name: g.Pieces[k.pieces[0]].String(), Lo: n, Hi: n})
	}
	lo, hi := pipRange(g)
	rs := newRegionSet(g, p, lo, hi)
	values := [][]cover.Value{}
	for ki, k := range c.kinds {
		piece := int32(len(g.Board) + ki)
		for _, l := range k.looks {
			for _, anchor := range g.Board {
				cells, ok := place(l, anchor, cellItem)
				if !ok || !rs.allows(cells) {
					continue
				}
				entries := []cover.Entry{{Item: piece}}
				var vals []cover.Value
				for _, cell := range cells {
					entries = append(entries, cover.Entry{Item: cellItem[cell.Point]})
					vals = append(vals, cover.Value{Item: cellItem[cell.Point], Value: cell.Pips})
				}
				entries = append(entries, rs.entries(cells)...)
				if maxPlacements > 0 && len(c.options) == maxPlacements {
					return nil, errorAt(g.PiecesPos, "%s", &compile.LimitError{What: "placements", Limit: maxPlacements})
				}
				p.AddOption(entries)
				values = append(values, vals)
				c.options = append(c.options, option{ki, cells})
			}
		}
	}
	if list := rs.searched(cellItem); len(list) > 0 {
		c.Regions = &cover.Regions{Values: values, List: list}
	}
	return c, nil
}

// pipRange returns the least and greatest pips of the game's pieces.
func pipRange(g *Game) (lo, hi int) {
	lo, hi = 9, 0
	for _, pc := range g.Pieces {
		for _, d := range pc.Pips {
			lo, hi = min(lo, int(d-'0')), max(hi, int(d-'0'))
		}
	}
	return min(lo, hi), hi
}

// place puts a look's first cell on anchor and returns its board cells, or
// false if some cell is off the board. Most places are off the board, so it
// looks before it allocates.
func place(l look, anchor grammar.Point, on map[grammar.Point]int32) (look, bool) {
	dx, dy := anchor.Col-l[0].Col, anchor.Row-l[0].Row
	for _, c := range l {
		if _, ok := on[grammar.Point{Col: c.Col + dx, Row: c.Row + dy}]; !ok {
			return nil, false
		}
	}
	out := make(look, len(l))
	for i, c := range l {
		out[i] = grammar.Cell{Point: grammar.Point{Col: c.Col + dx, Row: c.Row + dy}, Pips: c.Pips}
	}
	return out, true
}

// Placements turns a solution's options into pieces on the board. Copies
// of a piece are handed out in the order the game lists them.
func (c *Compiled) Placements(sol []int) []Placement {
	next := make([]int, len(c.kinds))
	out := make([]Placement, len(sol))
	for i, o := range sol {
		opt := c.options[o]
		k := c.kinds[opt.kind]
		out[i] = Placement{Piece: k.pieces[next[opt.kind]], Cells: opt.cells}
		next[opt.kind]++
	}
	return out
}

// Solve searches with the named backend ("" for DefaultBackend) and calls
// visit with each solution until it returns false; a nil visit only counts,
// in the returned Stats.
func (c *Compiled) Solve(ctx context.Context, backend string, visit func([]Placement) bool) (cover.Stats, error) {
	if backend == "" {
		backend = DefaultBackend
	}
	b, err := cover.Lookup(backend)
	if err != nil {
		return cover.Stats{}, err
	}
	var v cover.Visit
	if visit != nil {
		v = func(sol []int) bool { return visit(c.Placements(sol)) }
	}
	return cover.SolveRegions(ctx, b, c.Problem, c.Regions, v)
}
