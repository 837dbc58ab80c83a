package pips

import (
	"slices"
	"strconv"

	"github.com/polyspec/polyspec/grammar"
)

// A look is a piece turned: its cells with their pips, shifted so that the
// least column and row are 0, in pip order.
type look []grammar.Cell

// looks returns the distinct looks of a piece over its four turns, in order
// of turns. A piece with a symmetric shape and symmetric pips (2I:33, or
// 4O:5555) has fewer than four.
func looks(p *grammar.Polypip) []look {
	var out []look
	var seen []string
	for q := range 4 {
		points := grammar.Rotate(grammar.Layout(p.Shape.String()), q)
		l := make(look, len(points))
		for i, pt := range points {
			l[i] = grammar.Cell{Point: pt, Pips: int(p.Pips[i] - '0')}
		}
		if k := l.key(); !slices.Contains(seen, k) {
			seen = append(seen, k)
			out = append(out, l)
		}
	}
	return out
}

// key writes a look's cells in reading order, which two looks share exactly
// when they are the same.
func (l look) key() string {
	cells := slices.Clone(l)
	slices.SortFunc(cells, func(a, b grammar.Cell) int { return a.Compare(b.Point) })
	var b []byte
	for _, c := range cells {
		b = strconv.AppendInt(b, int64(c.Col), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(c.Row), 10)
		b = append(b, ':', byte('0'+c.Pips), ' ')
	}
	return string(b)
}

// A kind is a set of identical pieces: the same looks, so that swapping two
// of them changes nothing on the board.
type kind struct {
	pieces []int // indices in Game.Pieces, in order
	looks  []look
}

// kinds groups the pieces of g by their looks, in order of first
// appearance. Two pieces are identical exactly when their least look keys
// are equal, as their looks are each other's turns.
func kinds(g *Game) []*kind {
	var out []*kind
	byKey := map[string]*kind{}
	for i, p := range g.Pieces {
		ls := looks(p)
		key := slices.Min(keys(ls))
		k := byKey[key]
		if k == nil {
			k = &kind{looks: ls}
			byKey[key] = k
			out = append(out, k)
		}
		k.pieces = append(k.pieces, i)
	}
	return out
}

func keys(ls []look) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.key()
	}
	return out
}
