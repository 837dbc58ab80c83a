package grammar

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// PieceSet is a parsed piece-set rule: the value of a spec's pieces field,
// such as "5*", "1234", "12x5", "F,I,L*3" or "5*, -X", or of a Polypips
// selection rule such as "4L+, 3L, 5*". The Pos of every node is where it
// starts in the rule string.
type PieceSet struct {
	Pos   lexer.Position
	Terms []*Term `parser:"@@ ( ',' @@ )*"`
}

// Term is one comma-separated part of a rule. Exclude marks a term written
// with a leading "-", whose pieces are taken away rather than added; how the
// terms combine is the compiler's business.
type Term struct {
	Pos     lexer.Position
	Exclude bool `parser:"@'-'?"`
	Item    Item `parser:"@@"`
}

// Item is what a term names: *Keyword, *Tally, *Order, *Shape, *Run or
// *Piece.
type Item interface {
	fmt.Stringer
	item()
}

// Keyword is "any" (every piece of the family) or "none" (no piece).
type Keyword struct {
	Pos  lexer.Position
	Word string `parser:"@( 'any' | 'none' )"`
}

// Tally is "12x5": Count pieces of order Order, one of each. The compiler
// checks Count against the number of pieces the family has of that order, so
// that a spec says how many pieces it expects.
type Tally struct {
	Pos   lexer.Position
	Count int `parser:"@Int Times"`
	Order int `parser:"@Int"`
}

// Order is "5*" or "10*": every piece of one order.
type Order struct {
	Pos   lexer.Position
	Order int `parser:"@Int '*'"`
}

// Run is "1234": every piece of each order named by one digit, as in
// Polyform Puzzler's "polyominoes-1234". ParsePieceSet accepts only runs of
// two or more distinct digits from 1 to 9; one order is written as an Order.
type Run struct {
	Pos    lexer.Position
	Digits string `parser:"@Int"`
}

// Piece is a piece named explicitly, such as "F", "I3" or the mirror image
// "p". Copies is how many copies "L*3" asks for, or 0 when the name stands
// alone (one copy).
type Piece struct {
	Pos    lexer.Position
	Name   string `parser:"@Ident"`
	Copies int    `parser:"( '*' @Int )?"`
}

func (*Keyword) item() {}
func (*Tally) item()   {}
func (*Order) item()   {}
func (*Run) item()     {}
func (*Piece) item()   {}
func (*Shape) item()   {}

// The members are tried in turn, so the order matters: the keywords are also
// identifiers and must beat Piece, and a run is the first token of a tally,
// of an order and of a Polypips shape ("4L+") and must come after all three.
var pieceSetParser = participle.MustBuild[PieceSet](
	participle.Lexer(lex),
	participle.Union[Item](&Keyword{}, &Tally{}, &Order{}, &Shape{}, &Run{}, &Piece{}),
)

// ParsePieceSet parses a piece-set rule. Any error is an *Error positioned
// within src.
func ParsePieceSet(src string) (*PieceSet, error) {
	set, err := pieceSetParser.ParseString("", src)
	if err != nil {
		return nil, explain(src, err, "rule", expectedInPieceSet)
	}
	for _, t := range set.Terms {
		var err *Error
		switch it := t.Item.(type) {
		case *Run:
			err = it.check()
		case *Shape:
			// A shape in a rule may leave its chirality open: "4L" is
			// either mirror image.
			err = it.check(&cursor{src: src, pos: it.Pos, n: shapeOnly, piece: it.String()}, false)
		}
		if err != nil {
			return nil, err
		}
	}
	return set, nil
}

// check rejects runs that the grammar cannot tell apart from good ones: a
// lone digit would read as a count to some, and a zero or a repeated digit is
// almost surely a typo.
func (r *Run) check() *Error {
	if len(r.Digits) == 1 {
		return &Error{Pos: r.Pos, Msg: fmt.Sprintf("expected %s* for every piece of order %s, or a run of orders like 1234; found %q", r.Digits, r.Digits, r.Digits)}
	}
	for i, d := range r.Digits {
		pos := r.Pos
		pos.Offset += i
		pos.Column += i
		switch {
		case d == '0':
			return &Error{Pos: pos, Msg: fmt.Sprintf("expected orders from 1 to 9 in the run %s; found \"0\"", r.Digits)}
		case strings.ContainsRune(r.Digits[:i], d):
			return &Error{Pos: pos, Msg: fmt.Sprintf("expected each order once in the run %s; found %q again", r.Digits, string(d))}
		}
	}
	return nil
}

// Orders returns the orders a run names, one per digit.
func (r *Run) Orders() []int {
	orders := make([]int, len(r.Digits))
	for i, d := range r.Digits {
		orders[i] = int(d - '0')
	}
	return orders
}

const (
	expectTerm = "a piece name, a shape like 4L+, an order like 5*, or 12x5"
	expectNext = `"," or the end of the rule`
)

// expectedInPieceSet mirrors the grammar: what may follow a rule that has
// read prev so far. Keep it in step with the struct tags above.
func expectedInPieceSet(prev []lexer.Token) string {
	var last, before lexer.Token
	if n := len(prev); n > 0 {
		last = prev[n-1]
		if n > 1 {
			before = prev[n-2]
		}
	}
	switch {
	case (last.Value == "+" || last.Value == "-") && before.Type == tokLetter:
		// The chirality ends a shape.
		return expectNext
	case len(prev) == 0, last.Value == ",", last.Value == "-":
		return expectTerm
	case last.Type == tokTimes:
		return `an order after "x", as in 12x5`
	case last.Type == tokLetter:
		return `"+", "-", "," or the end of the rule`
	case last.Value == "*" && before.Type == tokIdent:
		return "a number of copies, as in L*3"
	case last.Type == tokInt && len(last.Value) == 1 && before.Type != tokTimes && before.Value != "*":
		// A run so far, which a "*" would turn into an order, or the
		// size of a shape.
		return `"*", a shape letter, "," or the end of the rule`
	case last.Type == tokInt && before.Type != tokTimes && before.Value != "*":
		return `"*", "," or the end of the rule`
	case last.Type == tokIdent && last.Value != "any" && last.Value != "none":
		return `"*" and a number of copies, "," or the end of the rule`
	}
	// The last term is complete.
	return expectNext
}

// String prints the rule in normal form: terms separated by ", ", no other
// spaces.
func (s *PieceSet) String() string {
	terms := make([]string, len(s.Terms))
	for i, t := range s.Terms {
		terms[i] = t.String()
	}
	return strings.Join(terms, ", ")
}

func (t *Term) String() string {
	if t.Exclude {
		return "-" + t.Item.String()
	}
	return t.Item.String()
}

func (k *Keyword) String() string { return k.Word }
func (t *Tally) String() string   { return fmt.Sprintf("%dx%d", t.Count, t.Order) }
func (o *Order) String() string   { return strconv.Itoa(o.Order) + "*" }
func (r *Run) String() string     { return r.Digits }

func (p *Piece) String() string {
	if p.Copies == 0 {
		return p.Name
	}
	return fmt.Sprintf("%s*%d", p.Name, p.Copies)
}
