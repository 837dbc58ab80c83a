package compile

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/grammar"
)

// A RuleError is a rule of Options.Rules that cannot apply to the puzzle:
// Index is the rule's place in the list, and Err says why, as a
// *grammar.Error positioned within the rule's text when it can.
type RuleError struct {
	Index int
	Err   error
}

func (e *RuleError) Error() string { return fmt.Sprintf("rules[%d]: %v", e.Index, e.Err) }
func (e *RuleError) Unwrap() error { return e.Err }

// ruleItems is what a puzzle's rules add to its problem: items after the
// board's and the crossings', and for each placement the ones it uses.
type ruleItems struct {
	items []cover.Item
	uses  [][]ruleUse // by placement
	// users and described are keepsRules's, once the placements are
	// final: each item's placements with their colours, and how many
	// items each description has.
	users     [][]ruleUser
	described map[string]int
}

type ruleUse struct {
	item   int32 // in items
	colour string
}

// ruleBuilder is the grammar.Builder through which a puzzle's rules act on
// it while Build runs, between placing the pieces and writing the problem.
type ruleBuilder struct {
	pz       *Puzzle
	onBoard  map[Cell]bool
	dropped  []bool
	bounded  bool
	items    []cover.Item
	names    map[string]int
	uses     [][]ruleUse
	cellsMem [][]Cell
}

func newRuleBuilder(pz *Puzzle) *ruleBuilder {
	b := &ruleBuilder{pz: pz, onBoard: make(map[Cell]bool, len(pz.Board)), names: map[string]int{}}
	for _, c := range pz.Board {
		b.onBoard[c] = true
	}
	n := pz.NumPlacements()
	b.dropped = make([]bool, n)
	b.uses = make([][]ruleUse, n)
	b.cellsMem = make([][]Cell, n)
	return b
}

// applyRules applies Options.Rules in turn, then drops the placements they
// ruled out and keeps the items they added for buildProblem.
func (pz *Puzzle) applyRules() error {
	if len(pz.Options.Rules) == 0 {
		return nil
	}
	b := newRuleBuilder(pz)
	for i, r := range pz.Options.Rules {
		wasBounded := b.bounded
		if err := r.Apply(b); err != nil {
			return &RuleError{Index: i, Err: err}
		}
		if b.bounded && !wasBounded && pz.Options.Omit > 0 {
			return &RuleError{Index: i, Err: fmt.Errorf("a count rule and omit cannot go together: write the pieces that may be left out as ranges instead (X: 0..1)")}
		}
	}
	for i := range b.dropped {
		if p := pz.layout.piece[i]; pz.Pieces[p].Hi == 0 {
			b.dropped[i] = true
		}
	}
	keep := make([]bool, len(b.dropped))
	for i, d := range b.dropped {
		keep[i] = !d
	}
	pz.rules = &ruleItems{items: b.items, uses: b.uses}
	pz.keepPlacements(keep)
	return nil
}

// keepPlacements keeps the placements keep says yes to, with the items
// the rules made them use.
func (pz *Puzzle) keepPlacements(keep []bool) {
	pz.layout.keep(keep)
	if pz.rules == nil {
		return
	}
	uses := pz.rules.uses[:0]
	for i, u := range pz.rules.uses {
		if keep[i] {
			uses = append(uses, u)
		}
	}
	pz.rules.uses = uses
	pz.rules.users, pz.rules.described = nil, nil
}

func (b *ruleBuilder) Lattice() string { return b.pz.Lattice.Name() }
func (b *ruleBuilder) Dims() int       { return b.pz.Lattice.Dims() }

func (b *ruleBuilder) Board() []grammar.LatticeCell { return slices.Clone(b.pz.Board) }

func (b *ruleBuilder) OnBoard(c grammar.LatticeCell) bool { return b.onBoard[c] }

func (b *ruleBuilder) Touching(c grammar.LatticeCell, corners bool) []grammar.LatticeCell {
	var near []Cell
	if g, ok := b.pz.Lattice.(*grid); ok && corners && g.corners != nil {
		near = g.corners(c)
	} else {
		near = b.pz.Lattice.Neighbours(c)
	}
	var out []Cell
	for _, d := range near {
		if d = b.pz.wrap(d); b.onBoard[d] && d != c && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

func (b *ruleBuilder) Border() []grammar.LatticeCell {
	var out []Cell
	for _, c := range b.pz.Board {
		if slices.ContainsFunc(b.pz.Lattice.Neighbours(c), func(d Cell) bool { return !b.onBoard[b.pz.wrap(d)] }) {
			out = append(out, c)
		}
	}
	return out
}

func (b *ruleBuilder) Colour(name string) ([]grammar.LatticeCell, bool) {
	for _, c := range b.pz.Options.Colours {
		if c.Name == name {
			return c.Cells, true
		}
	}
	return nil, false
}

func (b *ruleBuilder) Colours() []string {
	var out []string
	for _, c := range b.pz.Options.Colours {
		out = append(out, c.Name)
	}
	return out
}

func (b *ruleBuilder) Corners() ([][4]grammar.LatticeCell, bool) {
	if b.pz.Lattice.Name() != "square" {
		return nil, false
	}
	var out [][4]Cell
	for _, c := range b.pz.Board {
		q := [4]Cell{c, b.pz.wrap(Cell{c[0] + 1, c[1]}), {c[0], c[1] + 1}, b.pz.wrap(Cell{c[0] + 1, c[1] + 1})}
		if b.onBoard[q[1]] && b.onBoard[q[2]] && b.onBoard[q[3]] {
			out = append(out, q)
		}
	}
	return out, true
}

func (b *ruleBuilder) Pieces() []grammar.PieceInfo {
	out := make([]grammar.PieceInfo, len(b.pz.Pieces))
	for i, p := range b.pz.Pieces {
		out[i] = grammar.PieceInfo{Name: p.Name, Lo: p.Lo, Hi: p.Hi, Order: p.Order()}
	}
	return out
}

func (b *ruleBuilder) Piece(name string) int {
	return slices.IndexFunc(b.pz.Pieces, func(p Piece) bool { return p.Name == name })
}

func (b *ruleBuilder) Bound(piece, lo, hi int) {
	p := &b.pz.Pieces[piece]
	if hi < 0 {
		hi = len(b.pz.Board) / p.Order()
	}
	p.Lo, p.Hi = lo, hi
	b.bounded = true
}

func (b *ruleBuilder) Placements() int { return len(b.dropped) }

func (b *ruleBuilder) Placement(i int) (int, []grammar.LatticeCell) {
	if b.cellsMem[i] == nil {
		b.cellsMem[i] = b.pz.Placement(i).Cells
		if b.cellsMem[i] == nil {
			b.cellsMem[i] = []Cell{}
		}
	}
	return int(b.pz.layout.piece[i]), b.cellsMem[i]
}

func (b *ruleBuilder) Dropped(i int) bool { return b.dropped[i] }
func (b *ruleBuilder) Drop(i int)         { b.dropped[i] = true }

func (b *ruleBuilder) Mirror(name string) ([]int, map[grammar.LatticeCell]grammar.LatticeCell, error) {
	pz := b.pz
	g, ok := pz.Lattice.(*grid)
	if !ok {
		g = &grid{}
	}
	var m Motion
	found := false
	if mat, ok := g.named[name]; ok {
		if k := slices.Index(g.group, mat); k >= 0 {
			m, found = g.motions[k], true
		}
	}
	if !found {
		return nil, nil, fmt.Errorf("expected a symmetry of the %s lattice (%s); found %s", pz.Lattice.Name(), strings.Join(namedSymmetries(g), ", "), name)
	}
	if pz.Options.Wrap > 0 {
		return nil, nil, fmt.Errorf("symmetric: a tube's solutions cannot be asked to be symmetric")
	}
	moves := pz.boardMoves(m)
	if len(moves) == 0 {
		return nil, nil, fmt.Errorf("the board has no %s symmetry", name)
	}
	pieceMap, ok := pz.pieceImages(m)
	if !ok {
		return nil, nil, fmt.Errorf("the pieces have no %s symmetry: the image of a one-sided piece or of a piece with other counts is not in the set", name)
	}
	perm, ok := pz.permutation(moves, nil, pieceMap, pz.newPlacementIndex())
	if !ok {
		return nil, nil, fmt.Errorf("the puzzle has no %s symmetry", name)
	}
	images := make([]int, len(perm))
	for i, j := range perm {
		images[i] = int(j)
	}
	cells := make(map[Cell]Cell, len(pz.Board))
	for _, c := range pz.Board {
		cells[c] = pz.apply(moves[0], c)
	}
	return images, cells, nil
}

// namedSymmetries lists the symmetries of g that a rule may name.
func namedSymmetries(g *grid) []string {
	var out []string
	for _, name := range grammar.SymmetryNames {
		if _, ok := g.named[name]; ok {
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		return []string{"none"}
	}
	return out
}

func (b *ruleBuilder) AddItem(name string, secondary bool, lo, hi int) int {
	// Item names are unique in a problem; "rule: " sets them apart from
	// the board's and the pieces'.
	k := b.names[name]
	b.names[name] = k + 1
	if k > 0 {
		name += " #" + strconv.Itoa(k+1)
	}
	it := cover.Item{Name: "rule: " + name, Secondary: secondary}
	if !secondary {
		it.Lo, it.Hi = lo, hi
	}
	b.items = append(b.items, it)
	return len(b.items) - 1
}

func (b *ruleBuilder) Use(i, item int, colour string) {
	b.uses[i] = append(b.uses[i], ruleUse{int32(item), colour})
}

// ranged reports whether some piece's copies are a range rather than a
// count, which the colour balance and the dead-region check assume.
func (pz *Puzzle) ranged() bool {
	return slices.ContainsFunc(pz.Pieces, func(p Piece) bool { return p.Lo != p.Hi })
}

// keepsRules reports whether the symmetry g of the placements maps the
// items the rules added onto themselves, so that it maps solutions to
// solutions: each item, as the sets of placements that use it with each
// colour, must go to an item of the same bounds (a bijection of items
// exists when the two lists of such descriptions are equal as multisets).
func (r *ruleItems) keepsRules(g cover.Symmetry) bool {
	if r.users == nil {
		// The items' users and their own descriptions are the same for
		// every symmetry tried: made once.
		r.users = make([][]ruleUser, len(r.items))
		for i, us := range r.uses {
			for _, u := range us {
				r.users[u.item] = append(r.users[u.item], ruleUser{int32(i), u.colour})
			}
		}
		r.described = map[string]int{}
		for k, it := range r.items {
			r.described[describeItem(it, r.users[k], nil)]++
		}
	}
	count := maps.Clone(r.described)
	for k, it := range r.items {
		d := describeItem(it, r.users[k], g)
		if count[d] == 0 {
			return false
		}
		count[d]--
	}
	return true
}

type ruleUser struct {
	option int32
	colour string
}

// describeItem writes an item's bounds and, for each colour, the sorted
// placements that use it so, with the placements mapped through g when g
// is not nil; colours become anonymous, as only their classes matter.
func describeItem(it cover.Item, users []ruleUser, g cover.Symmetry) string {
	classes := map[string][]int32{}
	for _, u := range users {
		o := u.option
		if g != nil {
			o = g[o]
		}
		classes[u.colour] = append(classes[u.colour], o)
	}
	var plain string
	var coloured []string
	for colour, os := range classes {
		slices.Sort(os)
		s := fmt.Sprint(os)
		if colour == "" {
			plain = s
		} else {
			coloured = append(coloured, s)
		}
	}
	slices.Sort(coloured)
	return fmt.Sprintf("%t %d %d %s %s", it.Secondary, it.Lo, it.Hi, plain, strings.Join(coloured, ";"))
}
