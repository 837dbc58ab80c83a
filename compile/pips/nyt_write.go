package pips

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/grammar"
)

// nytType says a rule as a NYT region's type and target (-1 for none), or
// false if the NYT has no type for it on n cells. "=4" on one cell is the
// NYT's sum of 4; on more it has no type.
func nytType(rule grammar.Rule, n int) (string, int, bool) {
	switch r := rule.(type) {
	case *grammar.Sum:
		return "sum", int(r.Target), true
	case *grammar.Less:
		return "less", int(r.Target), true
	case *grammar.More:
		return "greater", int(r.Target), true
	case *grammar.Same:
		if r.Value == nil {
			return "equals", -1, true
		}
		return "sum", int(*r.Value), n == 1
	case *grammar.Distinct:
		return "unequal", -1, true
	case *grammar.Empty:
		return "empty", -1, true
	}
	return "", 0, false
}

// WriteNYT writes the game as a NYT Pips file holding one puzzle, under
// the key level (one of Difficulties): its dominoes and its regions, the
// keys ReadNYT reads, with each cell in no region as an "empty" region of
// its own, since the NYT's board is the cells of its regions. ReadNYT
// reads it back to a game that WriteNYT writes in the same bytes. A game
// with pieces other than dominoes of pips 0 to 6, or a rule the NYT has no
// type for, is an error at the piece or region.
func (g *Game) WriteNYT(level string) ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "{\n  %s: {\n    \"dominoes\": [", strconv.Quote(level))
	for i, p := range g.Pieces {
		if p.Shape.Size != 2 || len(p.Pips) != 2 || strings.Trim(p.Pips, "0123456") != "" {
			return nil, errorAt(p.Pos, "expected dominoes with pips from 0 to 6 for a NYT file; found %s", p)
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "[%c, %c]", p.Pips[0], p.Pips[1])
	}
	b.WriteString("],\n    \"regions\": [")
	in := map[grammar.Point]bool{}
	sep := "\n"
	region := func(cells []grammar.Point, typ string, target int) {
		ix := make([]string, len(cells))
		for i, c := range cells {
			ix[i] = fmt.Sprintf("[%d, %d]", c.Row, c.Col)
			in[c] = true
		}
		fmt.Fprintf(&b, "%s      {\"indices\": [%s], ", sep, strings.Join(ix, ", "))
		if target >= 0 {
			fmt.Fprintf(&b, "\"target\": %d, ", target)
		}
		fmt.Fprintf(&b, "\"type\": %q}", typ)
		sep = ",\n"
	}
	for _, r := range g.Regions {
		typ, target, ok := nytType(r.Rule, len(r.Cells))
		if !ok {
			return nil, errorAt(r.Pos, "expected a rule the NYT has (a sum, <, >, =, ≠ or ∅, and =N on one cell); found %s on %s", r.Rule, plural(len(r.Cells), "cell"))
		}
		region(r.Cells, typ, target)
	}
	for _, c := range g.Board {
		if !in[c] {
			region([]grammar.Point{c}, "empty", -1)
		}
	}
	b.WriteString("\n    ]\n  }\n}\n")
	return []byte(b.String()), nil
}
