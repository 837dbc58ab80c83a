package grammar

import (
	"strconv"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Shape is a reference to a Polypips shape, such as "5W", "4L+" or "1o": a
// number of cells, a shape letter and, for a shape whose mirror image is
// another shape, a chirality. Pos is where it starts in the string.
type Shape struct {
	Pos  lexer.Position
	Size int `parser:"@Int"`
	// Letter is the shape letter; a monomino's is "o", even when it was
	// written "O".
	Letter string `parser:"@Letter"`
	// Chirality is "+" or "-" for the two mirror images of a chiral shape.
	// It is "" for a shape that is its own mirror image, and for a shape
	// reference that leaves the chirality open ("4L": 4L+ or 4L-), which
	// only ParseShape allows.
	Chirality string `parser:"@( '+' | '-' )?"`
}

// Polypip is a piece of the Polypips notation, such as "5F+:12345" or
// "4L+:3456:90": a shape, its pips and a rotation. Pos is where it starts in
// the string.
type Polypip struct {
	Pos   lexer.Position
	Shape *Shape `parser:"@@ ':'"`
	// Pips holds one digit from 0 to 6 per cell, in the order of the
	// shape's table (see Layout). The lexer's BadInt is allowed because a
	// leading 0 is an ordinary pip here.
	Pips string `parser:"@( Int | BadInt )"`
	// Rotation is the rotation counter-clockwise in degrees: "90", "180",
	// "270", or "" for none, whether written ":0" or left out. See Degrees.
	Rotation string `parser:"( ':' @( Int | BadInt ) )?"`
}

// polypipList is the grammar of ParsePolypips.
type polypipList struct {
	Pieces []*Polypip `parser:"@@ ( ','? @@ )*"`
}

var (
	shapeParser       = participle.MustBuild[Shape](participle.Lexer(lex))
	polypipParser     = participle.MustBuild[Polypip](participle.Lexer(lex))
	polypipListParser = participle.MustBuild[polypipList](participle.Lexer(lex))
)

// ParseShape parses a shape reference such as "5W", "4L+" or "3L", written
// without spaces. A chiral shape may leave its chirality open ("4L"): the
// Polypips document's selection rules read that as either mirror image.
// Any error is an *Error positioned within src.
func ParseShape(src string) (*Shape, error) {
	s, err := shapeParser.ParseString("", src)
	if err != nil {
		return nil, explain(src, err, shapeOnly.whole(), shapeOnly.expectedAfter)
	}
	if err := s.check(&cursor{src: src, pos: s.Pos, n: shapeOnly, piece: s.String()}, false); err != nil {
		return nil, err
	}
	return s, nil
}

// ParsePolypip parses one piece such as "5F+:12345" or "4L+:3456:90". The
// whole piece is written without spaces, and a chiral shape must say which
// mirror image it is. Any error is an *Error positioned within src.
func ParsePolypip(src string) (*Polypip, error) {
	p, err := polypipParser.ParseString("", src)
	if err != nil {
		return nil, explain(src, err, onePiece.whole(), onePiece.expectedAfter)
	}
	if err := p.check(src, onePiece); err != nil {
		return nil, err
	}
	return p, nil
}

// ParsePolypips parses a list of pieces separated by commas, spaces or
// both, such as "5F+:12345, 4O:1234 3I:123:90", as ParsePolypip parses each.
func ParsePolypips(src string) ([]*Polypip, error) {
	list, err := polypipListParser.ParseString("", src)
	if err != nil {
		return nil, explain(src, err, pieceList.whole(), pieceList.expectedAfter)
	}
	for _, p := range list.Pieces {
		if err := p.check(src, pieceList); err != nil {
			return nil, err
		}
	}
	return list.Pieces, nil
}

// Degrees returns the rotation in degrees counter-clockwise: 0, 90, 180 or
// 270.
func (p *Polypip) Degrees() int {
	d, _ := strconv.Atoi(p.Rotation) // "" is 0, and check lets no other text through
	return d
}

// A Cell is a cell of a placed piece and the pips on it.
type Cell struct {
	Point
	Pips int
}

// Cells returns the cells of the piece after its rotation, with their
// pips, in pip order, shifted so that the least column and row are 0. The
// piece must be one that ParsePolypip or ParsePolypips returned, whose pips
// fit its shape.
func (p *Polypip) Cells() []Cell {
	points := Rotate(Layout(p.Shape.String()), p.Degrees()/90)
	cells := make([]Cell, len(points))
	for i, pt := range points {
		cells[i] = Cell{Point: pt, Pips: int(p.Pips[i] - '0')}
	}
	return cells
}

// String prints the shape in normal form, such as "5F+" or "1o".
func (s *Shape) String() string { return strconv.Itoa(s.Size) + s.Letter + s.Chirality }

// String prints the piece in normal form: no spaces, and no ":0".
func (p *Polypip) String() string {
	s := p.Shape.String() + ":" + p.Pips
	if p.Rotation != "" {
		s += ":" + p.Rotation
	}
	return s
}
