package grammar

import (
	"cmp"
	"fmt"
	"strings"
)

// A Point is a cell of a shape: Col grows to the right and Row grows
// downward, as on a screen and in the Polypips document's tables.
type Point struct{ Col, Row int }

// Compare orders points in reading order: by row, then column.
func (p Point) Compare(q Point) int {
	return cmp.Or(cmp.Compare(p.Row, q.Row), cmp.Compare(p.Col, q.Col))
}

// shapeTables are the Polypips document's layout tables, copied letter for
// letter so that they can be checked against it by eye: rows separated by
// spaces, "." for an empty cell, and the letters m, n, o, p, q marking the
// cells the first to fifth pip land on. The order is the document's, which
// is also the order ShapeNames lists.
//
// The document's header for 3L reads "3L:nmo", but its table, like every
// other, names the cells m, n, o in order: the table wins.
var shapeTables = []struct{ name, rows string }{
	{"1o", "m"},
	{"2I", "mn"},
	{"3I", "mno"},
	{"3L", "m. no"},
	{"4I", "mnop"},
	{"4L+", "m.. nop"},
	{"4L-", "..m pon"},
	{"4O", "mn op"},
	{"4T", "mno .p."},
	{"4S+", "mn. .op"},
	{"4S-", ".nm po."},
	{"5F+", ".mn op. .q."},
	{"5F-", "nm. .po .q."},
	{"5I", "mnopq"},
	{"5L+", "m... nopq"},
	{"5L-", "...m qpon"},
	{"5N+", "mn.. .opq"},
	{"5N-", "..nm qpo."},
	{"5P+", "mn op q."},
	{"5P-", "nm po .q"},
	{"5T", "mno .p. .q."},
	{"5U", "m.n opq"},
	{"5V", "mno p.. q.."},
	{"5W", "m.. no. .pq"},
	{"5X", ".m. nop .q."},
	{"5Y+", "mnop .q.."},
	{"5Y-", "ponm ..q."},
	{"5Z+", "mn. .o. .pq"},
	{"5Z-", ".nm .o. qp."},
}

// layouts maps each shape name to its cells in pip order. Building it at
// start-up means a typo in a table fails every test at once.
var layouts = func() map[string][]Point {
	m := make(map[string][]Point, len(shapeTables))
	for _, t := range shapeTables {
		m[t.name] = parseTable(t.name, t.rows)
	}
	return m
}()

// parseTable reads one of shapeTables. The first byte of name is the number
// of cells, which the letters must match exactly.
func parseTable(name, rows string) []Point {
	n := int(name[0] - '0')
	points := make([]Point, n)
	seen := 0
	for row, line := range strings.Fields(rows) {
		for col, c := range line {
			if c == '.' {
				continue
			}
			i := int(c - 'm')
			if i < 0 || i >= n || seen&(1<<i) != 0 {
				panic(fmt.Sprintf("grammar: table of %s: bad or repeated letter %q", name, c))
			}
			seen |= 1 << i
			points[i] = Point{col, row}
		}
	}
	if seen != 1<<n-1 {
		panic(fmt.Sprintf("grammar: table of %s names fewer than %d cells", name, n))
	}
	return points
}

// ShapeNames returns the names of the 29 Polypips shapes, from 1o to 5Z-,
// in the order of the Polypips document: by number of cells, then as the
// document lists them, "+" before "-".
func ShapeNames() []string {
	names := make([]string, len(shapeTables))
	for i, t := range shapeTables {
		names[i] = t.name
	}
	return names
}

// Layout returns the cells of the named shape ("5W", "4L+", "1o") in pip
// order, unturned: the n-th point is where the n-th pip of a piece of that
// shape lies. It returns nil for any other name, including a name that
// leaves the chirality of a chiral shape open, such as "4L", which stands for
// two layouts.
func Layout(name string) []Point {
	points, ok := layouts[name]
	if !ok {
		return nil
	}
	return append([]Point(nil), points...)
}

// Rotate returns points turned a quarter turn counter-clockwise, as seen on
// the screen, quarterTurns times (a negative count turns clockwise), and then
// shifted so that the least column and the least row are 0. The order of the
// points is kept, so pips stay bound to their cells.
//
// This is the matrix rotation of the Polypips document's 4L+:3456:90
// example: the last column of the unturned piece becomes its top row.
func Rotate(points []Point, quarterTurns int) []Point {
	turned := make([]Point, len(points))
	for i, p := range points {
		for range (quarterTurns%4 + 4) % 4 {
			// Right (+Col) turns to up (-Row).
			p = Point{Col: p.Row, Row: -p.Col}
		}
		turned[i] = p
	}
	return normalize(turned)
}

// normalize shifts points in place so that the least column and the least
// row are 0, and returns them.
func normalize(points []Point) []Point {
	if len(points) == 0 {
		return points
	}
	low := points[0]
	for _, p := range points[1:] {
		low = Point{min(low.Col, p.Col), min(low.Row, p.Row)}
	}
	for i := range points {
		points[i].Col -= low.Col
		points[i].Row -= low.Row
	}
	return points
}
