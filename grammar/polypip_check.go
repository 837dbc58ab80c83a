package grammar

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// notation is which of the Polypips parsers is at work. They share one
// grammar and differ only in what may follow a complete shape or piece.
type notation int

const (
	shapeOnly notation = iota // ParseShape
	onePiece                  // ParsePolypip
	pieceList                 // ParsePolypips
)

// whole names the input as a whole, for "found the end of the ...".
func (n notation) whole() string { return [...]string{"shape", "piece", "list"}[n] }

// expectedAfter mirrors the grammar in polypip.go: what may follow input
// that has read prev so far. Keep it in step with the struct tags there.
func (n notation) expectedAfter(prev []lexer.Token) string {
	// back(1) is the last token read, back(2) the one before it, and so on.
	back := func(i int) lexer.Token {
		if i > len(prev) {
			return lexer.Token{}
		}
		return prev[len(prev)-i]
	}
	isNumber := func(t lexer.Token) bool { return t.Type == tokInt || t.Type == tokBadInt }
	last := back(1)
	switch {
	case len(prev) == 0 || last.Value == ",":
		if n == shapeOnly {
			return "a shape such as 5F+ or 4O"
		}
		return "a piece such as 5F+:12345"
	case last.Type == tokLetter:
		return n.afterLetter(canonical(back(2).Value + last.Value))
	case last.Value == "+" || last.Value == "-":
		if n == shapeOnly {
			return "the end of the shape"
		}
		return `":" and the pips`
	case last.Value == ":" && isNumber(back(2)):
		return "a rotation of 0, 90, 180 or 270"
	case last.Value == ":":
		return "the pips, one digit from 0 to 6 per cell"
	case back(2).Value == ":" && isNumber(back(3)):
		// A rotation: the piece is complete.
		if n == pieceList {
			return `",", another piece or the end of the list`
		}
		return "the end of the piece"
	case back(2).Value == ":":
		// Pips.
		if n == pieceList {
			return `":" and a rotation, ",", another piece or the end of the list`
		}
		return `":" and a rotation, or the end of the piece`
	}
	// A number of cells, which only a letter may follow.
	return fmt.Sprintf("a shape letter right after %q", last.Value)
}

// afterLetter says what may follow the letter of the shape called name:
// what the check after parsing will accept, so that "5W" and "4L" get
// advice that fits them. An unknown shape gets the grammar's whole choice;
// its letter is reported once the rest parses.
func (n notation) afterLetter(name string) string {
	_, chiral := layouts[name+"+"]
	_, plain := layouts[name]
	switch {
	case n == shapeOnly && (chiral || !plain):
		return `"+", "-" or the end of the shape`
	case n == shapeOnly:
		return "the end of the shape"
	case chiral:
		return `"+" or "-"`
	case plain:
		return `":" and the pips`
	}
	return `"+", "-" or ":" and the pips`
}

// A cursor walks a shape or piece from left to right while check looks at
// it part by part, so that each error points at the character at fault.
type cursor struct {
	src   string
	pos   lexer.Position
	n     notation
	piece string // the piece as written, without spaces
}

// take steps over text, the next part the parser read. The parser skips
// spaces between any two tokens, but a piece is one word: in a list, "4L -"
// could be 4L- or a shape followed by something else.
func (c *cursor) take(text string) *Error {
	if !strings.HasPrefix(c.src[c.pos.Offset:], text) {
		return errorAt(c.pos, "expected no space inside %s; found %s", c.piece, c.found())
	}
	c.pos = advance(c.pos, len(text))
	return nil
}

// found describes the character at the cursor.
func (c *cursor) found() string {
	rest := c.src[c.pos.Offset:]
	if rest == "" {
		return "the end of the " + c.n.whole()
	}
	_, size := utf8.DecodeRuneInString(rest)
	return strconv.Quote(rest[:size])
}

func errorAt(at lexer.Position, format string, args ...any) *Error {
	return &Error{Pos: at, Msg: fmt.Sprintf(format, args...)}
}

// advance moves p over n bytes of one line of ASCII, which is all a shape
// or piece is made of once it has parsed.
func advance(p lexer.Position, n int) lexer.Position {
	p.Offset += n
	p.Column += n
	return p
}

// check checks what the grammar leaves open: that the shape exists, and,
// when needChirality is set, that a chiral shape says which mirror image it
// is. It writes a monomino's letter as "o".
func (s *Shape) check(c *cursor, needChirality bool) *Error {
	at := c.pos
	if err := c.take(strconv.Itoa(s.Size)); err != nil {
		return err
	}
	letters := shapeLetters(s.Size)
	if letters == "" {
		return errorAt(at, "expected 1 to 5 cells; found %q", strconv.Itoa(s.Size))
	}
	at = c.pos
	if err := c.take(s.Letter); err != nil {
		return err
	}
	name := canonical(strconv.Itoa(s.Size) + s.Letter)
	s.Letter = name[len(name)-1:]
	if !strings.Contains(letters, s.Letter) {
		return errorAt(at, "expected a shape letter for %s: %s; found %q", plural(s.Size, "cell"), orList(letters), s.Letter)
	}
	_, chiral := layouts[name+"+"]
	at = c.pos
	switch {
	case s.Chirality != "" && !chiral:
		return errorAt(at, "expected no %q after %s, which is its own mirror image; found %q", s.Chirality, name, s.Chirality)
	case s.Chirality == "" && chiral && needChirality:
		return errorAt(at, `expected "+" or "-" after %s to say which mirror image; found %s`, name, c.found())
	}
	return c.take(s.Chirality)
}

// check checks the shape, then that there is one pip from 0 to 6 per cell
// and that the rotation is a quarter turn; it writes ":0" as no rotation.
// Errors point at the first character at fault, reading left to right.
func (p *Polypip) check(src string, n notation) *Error {
	c := &cursor{src: src, pos: p.Pos, n: n, piece: p.String()}
	if err := p.Shape.check(c, true); err != nil {
		return err
	}
	if err := c.take(":"); err != nil {
		return err
	}
	at := c.pos
	if err := c.take(p.Pips); err != nil {
		return err
	}
	size := p.Shape.Size
	miscount := func(at lexer.Position) *Error {
		return errorAt(at, "expected %s for %s, one per cell; found %d", plural(size, "pip"), p.Shape, len(p.Pips))
	}
	for i, d := range p.Pips {
		switch {
		case i == size:
			return miscount(advance(at, i))
		case d > '6':
			return errorAt(advance(at, i), "expected pips from 0 to 6; found %q", string(d))
		}
	}
	if len(p.Pips) < size {
		return miscount(c.pos)
	}
	if p.Rotation == "" {
		return nil
	}
	if err := c.take(":"); err != nil {
		return err
	}
	at = c.pos
	if err := c.take(p.Rotation); err != nil {
		return err
	}
	switch p.Rotation {
	case "0":
		p.Rotation = ""
	case "90", "180", "270":
	default:
		return errorAt(at, "expected a rotation of 0, 90, 180 or 270; found %q", p.Rotation)
	}
	return nil
}

// canonical returns the name of a shape without chirality as the tables
// spell it. The document writes the monomino 1o, but 1O reads the same to
// anyone.
func canonical(name string) string {
	if name == "1O" {
		return "1o"
	}
	return name
}

// shapeLetters returns the shape letters for size cells, one byte each, in
// alphabetical order; "" if there is no shape of that size.
func shapeLetters(size int) string {
	var letters []byte
	for _, t := range shapeTables {
		if int(t.name[0]-'0') == size && !strings.HasSuffix(t.name, "-") {
			letters = append(letters, t.name[1])
		}
	}
	slices.Sort(letters)
	return string(letters)
}

// orList writes letters as "F, I, L or N".
func orList(letters string) string {
	items := strings.Split(letters, "")
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
