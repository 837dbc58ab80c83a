package pips

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/grammar"
)

// DefaultSeed seeds a configuration that names no seed. Generation never
// reads the clock, so that the same configuration always gives the same
// game.
const DefaultSeed = 1

// DefaultBudget is the number of placements each of the generator's
// searches may try before it gives up: far more than tiling a board of a
// hundred cells takes when a tiling exists, and few enough to give up
// within seconds when none does.
const DefaultBudget = 2_000_000

// The ways generation fails honestly; the errors Generate returns wrap one
// of them and say why.
var (
	// ErrArea: no pieces of the allowed sizes cover exactly the board's
	// number of cells.
	ErrArea = errors.New("the pieces cannot cover the board's area")
	// ErrNoTiling: the search for a tiling tried every way and found none.
	ErrNoTiling = errors.New("no tiling of the board by the pieces exists")
	// ErrCoverage: no arrangement of the constraint shapes covers the
	// share of the board asked for.
	ErrCoverage = errors.New("the constraint shapes cannot reach the coverage")
	// ErrBudget: a search gave up at its bound, GenerateOptions.Budget,
	// before it could tell.
	ErrBudget = errors.New("the search reached its bound")
	// ErrNotUnique: GenerateOptions.Unique could not bring the solutions
	// down to one.
	ErrNotUnique = errors.New("could not make the solution unique")
)

// GenerateOptions change how Generate works.
type GenerateOptions struct {
	// Unique adds and tightens constraints until the generator's own
	// solution is the game's only one, or fails with ErrNotUnique.
	Unique bool
	// Rules are the rule types to choose among, as zero nodes; nil offers
	// every type the grammar knows (grammar.RuleTypes).
	Rules []grammar.Rule
	// Budget bounds the placements each search tries; 0 means
	// DefaultBudget.
	Budget int
	// MaxPlacements, when positive, bounds the placements of the game
	// that Unique compiles to solve (see Compile); a game with more is
	// an error at the configuration's pieces (Config.PiecesPos).
	MaxPlacements int
}

// Generated is a game and the solution it was built from.
type Generated struct {
	Game *Game
	// Solution has each piece of Game.Pieces on the board, in that order,
	// each with its cells in pip order.
	Solution []Placement
	// Seed is the seed used: the configuration's, or DefaultSeed.
	Seed int64
	// Rating is set by GenerateRated, which tried Tries seeds drawn from
	// the seed From to find one that made the game.
	Rating *Rating
	Tries  int
	From   int64
}

// Generate builds a solvable game from a configuration, as the Polypips
// document's phases describe: it tiles the board with pieces of the
// allowed shapes, lays regions of the constraint shapes over it up to the
// coverage, draws pips for each region and a rule of a random type that
// they meet, draws pips for the other cells, and copies the pips onto the
// pieces. Every random choice comes from one PCG stream seeded from the
// seed, in a fixed order, so that a configuration and seed always give the
// same game.
func Generate(ctx context.Context, c *Config, opts GenerateOptions) (*Generated, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(c.Board) == 0 || c.Pieces == nil || len(c.Pieces.Shapes) == 0 {
		return nil, errors.New("pips: a configuration needs a board and pieces to generate a game")
	}
	seed := int64(DefaultSeed)
	if c.HasSeed {
		seed = c.Seed
	}
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	if opts.Rules == nil {
		opts.Rules = grammar.RuleTypes()
	}
	gen := &generator{ctx: ctx, c: c, opts: opts, r: rand.New(rand.NewPCG(uint64(seed), 0)), b: newGrid(c.Board)}
	if err := gen.tile(); err != nil {
		return nil, err
	}
	if err := gen.placeRegions(); err != nil {
		return nil, err
	}
	laid := gen.regions
	for attempt := 1; ; attempt++ {
		gen.regions = make([]*genRegion, len(laid))
		for i, reg := range laid {
			gen.regions[i] = &genRegion{cells: reg.cells}
		}
		if err := gen.fill(); err != nil {
			return nil, err
		}
		out := gen.pieces(seed)
		if opts.Unique {
			err := gen.makeUnique(out)
			if errors.Is(err, errSamePips) && attempt < pipsAttempts {
				continue
			}
			if err != nil {
				return nil, err
			}
		}
		out.Game.Regions = gen.gameRegions()
		return out, nil
	}
}

// pipsAttempts is how many times Unique draws the pips and rules anew when
// two solutions show the same pips, which no constraint can tell apart.
const pipsAttempts = 5

// A generator holds the state of one game's generation. Cells are board
// indices in reading order (grid.points).
type generator struct {
	ctx     context.Context
	c       *Config
	opts    GenerateOptions
	r       *rand.Rand
	b       *grid
	tiles   []tile
	regions []*genRegion
	pips    []int // per cell
}

// A tile is a piece's shape placed on the board: its turn, and its cells
// in pip order.
type tile struct {
	o     *orient
	cells []int
}

// A genRegion is a constraint's region while it is built.
type genRegion struct {
	cells []int // in reading order
	rule  grammar.Rule
	// added marks a region that makeUnique laid on cells the configured
	// regions left free, which it may take out again.
	added bool
}

// A grid is a board as the generator searches it: its cells in reading
// order, and a table from places to cells.
type grid struct {
	points     []grammar.Point
	col0, row0 int
	w, h       int
	index      []int // by (row-row0)*w + col-col0; -1 off the board
	adj        [][]int
}

// newGrid indexes a board's cells, dropping any given twice.
func newGrid(board []grammar.Point) *grid {
	points := slices.Compact(slices.SortedFunc(slices.Values(board), grammar.Point.Compare))
	g := &grid{points: points, col0: points[0].Col, row0: points[0].Row}
	colMax, rowMax := g.col0, g.row0
	for _, p := range points {
		g.col0, colMax = min(g.col0, p.Col), max(colMax, p.Col)
		rowMax = max(rowMax, p.Row)
	}
	g.w, g.h = colMax-g.col0+1, rowMax-g.row0+1
	g.index = slices.Repeat([]int{-1}, g.w*g.h)
	for i, p := range points {
		g.index[(p.Row-g.row0)*g.w+p.Col-g.col0] = i
	}
	g.adj = make([][]int, len(points))
	for i, p := range points {
		for _, d := range []grammar.Point{{Col: 0, Row: -1}, {Col: -1, Row: 0}, {Col: 1, Row: 0}, {Col: 0, Row: 1}} {
			if n := g.at(p.Col+d.Col, p.Row+d.Row); n >= 0 {
				g.adj[i] = append(g.adj[i], n)
			}
		}
	}
	return g
}

// at returns the cell at a place, or -1.
func (g *grid) at(col, row int) int {
	col, row = col-g.col0, row-g.row0
	if col < 0 || row < 0 || col >= g.w || row >= g.h {
		return -1
	}
	return g.index[row*g.w+col]
}

// neighbours returns the cells beside a cell, in a fixed order.
func (g *grid) neighbours(cell int) []int { return g.adj[cell] }

// An orient is a shape turned: its cells in pip order, and which of them
// is first in reading order, where the searches that fill the board in
// reading order anchor it.
type orient struct {
	shape string
	cells []grammar.Point
	first int
}

// orients returns the distinct turns of each shape, in order of shapes
// and then of quarter turns.
func orients(shapes []string) []orient {
	var out []orient
	for _, name := range shapes {
		var seen [][]grammar.Point
		for q := range 4 {
			cells := grammar.Rotate(grammar.Layout(name), q)
			set := slices.SortedFunc(slices.Values(cells), grammar.Point.Compare)
			if slices.ContainsFunc(seen, func(s []grammar.Point) bool { return slices.Equal(s, set) }) {
				continue
			}
			seen = append(seen, set)
			out = append(out, orient{shape: name, cells: cells, first: slices.Index(cells, set[0])})
		}
	}
	return out
}

// fit returns the cells an orient covers with its cell k on cell at, or
// nil if one is off the board or taken. Most tries fail, so it looks
// before it allocates.
func (g *grid) fit(o *orient, k, at int, taken func(int) bool) []int {
	p, a := g.points[at], o.cells[k]
	var buf [5]int
	cells := buf[:0]
	for _, q := range o.cells {
		c := g.at(p.Col+q.Col-a.Col, p.Row+q.Row-a.Row)
		if c < 0 || taken(c) {
			return nil
		}
		cells = append(cells, c)
	}
	return slices.Clone(cells)
}

// sums returns which totals from 0 to n are sums of the sizes.
func sums(sizes []int, n int) []bool {
	out := make([]bool, n+1)
	out[0] = true
	for t := 1; t <= n; t++ {
		for _, s := range sizes {
			if s <= t && out[t-s] {
				out[t] = true
				break
			}
		}
	}
	return out
}

// sizes returns the distinct sizes of shapes, in increasing order.
func sizes(shapes []string) []int {
	var out []int
	for _, s := range shapes {
		out = append(out, int(s[0]-'0'))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// pickTries is how many pips a rule type gets to fit before the next type
// is tried: enough that "=" meets a region of equal pips nearly always.
const pickTries = 16

// fill draws the pips of each region and a rule of a random type that
// they meet, then the pips of the other cells.
func (gen *generator) fill() error {
	gen.pips = slices.Repeat([]int{-1}, len(gen.b.points))
	for _, reg := range gen.regions {
		rule, values := gen.drawRule(len(reg.cells))
		if rule == nil {
			return fmt.Errorf("pips: no rule of the types %s fits a region of %d cells", ruleNames(gen.opts.Rules), len(reg.cells))
		}
		reg.rule = rule
		for i, c := range reg.cells {
			gen.pips[c] = values[i]
		}
	}
	for c, v := range gen.pips {
		if v < 0 {
			gen.pips[c] = gen.r.IntN(7)
		}
	}
	return nil
}

// drawRule chooses a rule type at random, draws pips for a region of n
// cells and asks the type for a rule they meet, trying other pips and then
// other types while the type declines or its rule says nothing of the
// pips (see saysSomething). Pips are drawn all alike, all
// different or at random, so that "=" and "≠" get their chance.
func (gen *generator) drawRule(n int) (grammar.Rule, []int) {
	r := gen.r
	for _, t := range r.Perm(len(gen.opts.Rules)) {
		for range pickTries {
			values := make([]int, n)
			switch k := r.IntN(4); {
			case k == 0:
				v := r.IntN(7)
				for i := range values {
					values[i] = v
				}
			case k == 1 && n <= 7:
				copy(values, r.Perm(7))
			default:
				for i := range values {
					values[i] = r.IntN(7)
				}
			}
			if rule := gen.opts.Rules[t].Pick(values, r); rule != nil && saysSomething(rule, n) {
				return rule, values
			}
		}
	}
	return nil, nil
}

// ruleFor chooses a rule type at random and asks it for a rule that the
// pips of cells meet, that says something (see saysSomething) and that
// accept takes, trying other types while none does; nil if no type has
// one.
func (gen *generator) ruleFor(cells []int, accept func(grammar.Rule) bool) grammar.Rule {
	values := make([]int, len(cells))
	for i, c := range cells {
		values[i] = gen.pips[c]
	}
	for _, t := range gen.r.Perm(len(gen.opts.Rules)) {
		for range 3 { // Pick may draw its target
			if rule := gen.opts.Rules[t].Pick(values, gen.r); rule != nil && saysSomething(rule, len(cells)) && accept(rule) {
				return rule
			}
		}
	}
	return nil
}

// fillings yields every way to fill n cells with pips from 0 to 6, in one
// slice that it reuses.
func fillings(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		values := make([]int, n)
		for yield(values) {
			i := n - 1
			for i >= 0 && values[i] == 6 {
				values[i] = 0
				i--
			}
			if i < 0 {
				return
			}
			values[i]++
		}
	}
}

// allowed counts the ways to fill a region of n cells with pips from 0 to
// 6 that a rule allows.
func allowed(rule grammar.Rule, n int) int {
	count := 0
	for values := range fillings(n) {
		if rule.Check(values) {
			count++
		}
	}
	return count
}

// saysSomething reports whether a rule on a region of n cells rules out
// some way to fill it, or is meant to say nothing: "≠" or "=" on one cell
// holds whatever it shows, which only "∅" should.
func saysSomething(rule grammar.Rule, n int) bool {
	if rule.Kind() == grammar.Free {
		return true
	}
	for values := range fillings(n) {
		if !rule.Check(values) {
			return true
		}
	}
	return false
}

// ruleNames lists rule types for messages by their zero rules.
func ruleNames(rules []grammar.Rule) string {
	names := make([]string, len(rules))
	for i, r := range rules {
		names[i] = reflect.TypeOf(r).Elem().Name()
	}
	return strings.Join(names, ", ")
}

// pieces copies the pips onto the tiles and returns the game and its
// solution, with the pieces in random order so that the list does not
// give the tiling away. The game's regions are set later.
func (gen *generator) pieces(seed int64) *Generated {
	g := &Game{Name: "generated", Board: gen.b.points}
	sol := make([]Placement, len(gen.tiles))
	for i, k := range gen.r.Perm(len(gen.tiles)) {
		t := gen.tiles[k]
		digits := make([]byte, len(t.cells))
		cells := make([]grammar.Cell, len(t.cells))
		for j, c := range t.cells {
			digits[j] = byte('0' + gen.pips[c])
			cells[j] = grammar.Cell{Point: gen.b.points[c], Pips: gen.pips[c]}
		}
		p, err := grammar.ParsePolypip(t.o.shape + ":" + string(digits))
		if err != nil {
			panic(fmt.Sprintf("pips: generated piece %s:%s: %v", t.o.shape, digits, err))
		}
		g.Pieces = append(g.Pieces, p)
		sol[i] = Placement{Piece: i, Cells: cells}
	}
	return &Generated{Game: g, Solution: sol, Seed: seed}
}

// gameRegions returns the regions as the game states them, in reading
// order of their first cells.
func (gen *generator) gameRegions() []*Region {
	regs := slices.Clone(gen.regions)
	slices.SortStableFunc(regs, func(a, b *genRegion) int { return cmp.Compare(a.cells[0], b.cells[0]) })
	out := make([]*Region, len(regs))
	for i, reg := range regs {
		r := &Region{Rule: reg.rule}
		for _, c := range reg.cells {
			r.Cells = append(r.Cells, gen.b.points[c])
		}
		out[i] = r
	}
	return out
}

// String writes a region as a constraint line of a game: its rule in
// normal form, then its cells, as "12 {(0, 1), (1, 1)}". ReadGame reads it
// back.
func (r *Region) String() string {
	cells := make([]string, len(r.Cells))
	for i, c := range r.Cells {
		cells[i] = "(" + strconv.Itoa(c.Col) + ", " + strconv.Itoa(c.Row) + ")"
	}
	return r.Rule.String() + " {" + strings.Join(cells, ", ") + "}"
}

// solutionKey writes a solution as a string that another solution shares
// exactly when it puts the same pips on the same cells in the same
// pieces: each placement's cells in reading order, the placements sorted.
func solutionKey(sol []Placement) string {
	parts := make([]string, len(sol))
	for i, p := range sol {
		cells := slices.SortedFunc(slices.Values(p.Cells), func(a, b grammar.Cell) int { return a.Compare(b.Point) })
		var b strings.Builder
		for _, c := range cells {
			fmt.Fprintf(&b, "(%d,%d)%d", c.Col, c.Row, c.Pips)
		}
		parts[i] = b.String()
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}
