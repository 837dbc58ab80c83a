package grammar

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A Selection is what a Polypips selection rule (a generator's "pieces:" or
// "constraints:" value) allows.
type Selection struct {
	// Shapes lists the shapes allowed, each hand of a chiral shape by
	// itself ("4L" brings 4L+ and 4L-), in the order of ShapeNames.
	Shapes []string
	// Twelve is set by "12x5": exactly one of each of the twelve
	// pentominoes, each in either hand. Shapes then lists all eighteen
	// hands.
	Twelve bool
}

// Polypips reads a piece-set rule as a Polypips selection rule: "none",
// "any", orders from 1* to 5* (or a run such as 45), shapes with or
// without chirality (4L+, 3L, 5F), bare pentomino letters (X), and 12x5,
// which must stand alone. Terms with a leading "-" take shapes away. An
// error is an *Error at the term at fault.
func (s *PieceSet) Polypips() (*Selection, error) {
	var include, exclude []string
	sel := &Selection{}
	for _, t := range s.Terms {
		if tally, ok := t.Item.(*Tally); ok && len(s.Terms) > 1 {
			return nil, errorAt(t.Pos, "expected %s alone, as it names exactly the twelve pentominoes; found other terms with it", tally)
		}
		shapes, err := polypipShapes(t.Item)
		if err != nil {
			return nil, errorAt(t.Pos, "%s", err)
		}
		if _, ok := t.Item.(*Tally); ok {
			sel.Twelve = true
		}
		if t.Exclude {
			exclude = append(exclude, shapes...)
		} else {
			include = append(include, shapes...)
		}
	}
	for _, name := range ShapeNames() {
		if slices.Contains(include, name) && !slices.Contains(exclude, name) {
			sel.Shapes = append(sel.Shapes, name)
		}
	}
	return sel, nil
}

// polypipShapes returns the shapes one term names.
func polypipShapes(it Item) ([]string, error) {
	bySize := func(n int) ([]string, error) {
		if n < 1 || n > 5 {
			return nil, fmt.Errorf("expected an order from 1* to 5*, as Polypips shapes have 1 to 5 cells; found %d", n)
		}
		return shapesMatching(strconv.Itoa(n)), nil
	}
	switch it := it.(type) {
	case *Keyword:
		if it.Word == "none" {
			return nil, nil
		}
		return ShapeNames(), nil
	case *Order:
		return bySize(it.Order)
	case *Run:
		var all []string
		for _, n := range it.Orders() {
			shapes, err := bySize(n)
			if err != nil {
				return nil, err
			}
			all = append(all, shapes...)
		}
		return all, nil
	case *Tally:
		if it.Count != 12 || it.Order != 5 {
			return nil, fmt.Errorf("expected 12x5, the one tally of Polypips shapes; found %s", it)
		}
		return shapesMatching("5"), nil
	case *Shape:
		return shapesMatching(it.String()), nil
	case *Piece:
		if it.Copies != 0 {
			return nil, fmt.Errorf("expected no copies in a selection rule; found %s", it)
		}
		if len(it.Name) != 1 || !strings.Contains(shapeLetters(5), it.Name) {
			return nil, fmt.Errorf("expected a pentomino letter (%s) or a shape such as 4L+; found %q", orList(shapeLetters(5)), it.Name)
		}
		return shapesMatching("5" + it.Name), nil
	}
	return nil, fmt.Errorf("unsupported term %s", it)
}

// shapesMatching returns the shape names that start with prefix and go on
// with at most a chirality, or, for a bare size, every shape of that size.
func shapesMatching(prefix string) []string {
	var out []string
	for _, name := range ShapeNames() {
		rest, ok := strings.CutPrefix(name, prefix)
		if ok && (len(prefix) == 1 || rest == "" || rest == "+" || rest == "-") {
			out = append(out, name)
		}
	}
	return out
}
