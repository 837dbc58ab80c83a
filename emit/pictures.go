package emit

import (
	"fmt"
	"slices"
	"strings"
)

// A picture draws the placed pieces of one solution as Polyform Puzzler
// does for a family, every line ending in "\n".
type picture func([]Placed) string

// cellGrid indexes the pieces' cells by coordinates within their bounding
// box, which starts at the origin or lower: Polyform Puzzler draws a board
// from (0, 0), so a board that starts further out keeps its margin.
type cellGrid struct {
	lo, hi [3]int
	names  map[[3]int]string
	width  int // the longest name
}

func newCellGrid(pieces []Placed) *cellGrid {
	g := &cellGrid{names: map[[3]int]string{}}
	first := true
	for _, p := range pieces {
		g.width = max(g.width, len(p.Name))
		for _, c := range p.Cells {
			g.names[c] = p.Name
			for k := range 3 {
				if first {
					g.lo[k], g.hi[k] = min(c[k], 0), c[k]
				}
				g.lo[k], g.hi[k] = min(g.lo[k], c[k]), max(g.hi[k], c[k])
			}
			first = false
		}
	}
	return g
}

// at names the piece on a cell, "" for none.
func (g *cellGrid) at(x, y, z int) string { return g.names[[3]int{x, y, z}] }

// lines joins lines, each with its "\n".
func lines(ls []string) string {
	if len(ls) == 0 {
		return ""
	}
	return strings.Join(ls, "\n") + "\n"
}

// omitted is the notice Polyform Puzzler puts above the picture for each
// piece left out.
func omitted(pieces []Placed) string {
	var b strings.Builder
	for _, p := range pieces {
		if len(p.Cells) == 0 {
			fmt.Fprintf(&b, "(%s omitted)\n", p.Name)
		}
	}
	return b.String()
}

// cubePicture draws polycubes as z-layers side by side, each a grid of
// names with the top row first, every name padded to two characters. The
// gap between layers is two spaces more than the longest name, as in
// Polyform Puzzler's files for one- and two-letter names alike.
func cubePicture(pieces []Placed) string {
	g := newCellGrid(pieces)
	var panels [][][3]int // each panel: its columns, as the cell at y = 0
	if g.isRing() {
		// A ring (a box hollow along y) is unrolled into its four walls,
		// as Polyform Puzzler draws one: the x = lo wall by z, the z = hi
		// wall by x, the x = hi wall by z backwards, the z = lo wall by x.
		panels = [][][3]int{
			g.column(func(z int) [3]int { return [3]int{g.lo[0], 0, z} }, g.lo[2], g.hi[2]),
			g.column(func(x int) [3]int { return [3]int{x, 0, g.hi[2]} }, g.lo[0], g.hi[0]),
			g.column(func(z int) [3]int { return [3]int{g.hi[0], 0, g.hi[2] + g.lo[2] - z} }, g.lo[2], g.hi[2]),
			g.column(func(x int) [3]int { return [3]int{x, 0, g.lo[2]} }, g.lo[0], g.hi[0]),
		}
	} else {
		for z := g.lo[2]; z <= g.hi[2]; z++ {
			panels = append(panels, g.column(func(x int) [3]int { return [3]int{x, 0, z} }, g.lo[0], g.hi[0]))
		}
	}
	w := max(2, g.width)
	gap := strings.Repeat(" ", g.width+2)
	var out []string
	for y := g.hi[1]; y >= g.lo[1]; y-- {
		var row []string
		for _, panel := range panels {
			var b strings.Builder
			for _, c := range panel {
				fmt.Fprintf(&b, "%-*s", w, g.at(c[0], y, c[2]))
			}
			row = append(row, b.String())
		}
		out = append(out, strings.TrimRight(strings.Join(row, gap), " "))
	}
	return lines(out)
}

// column lists cell(i) for i from lo to hi: one panel of a cube picture.
func (g *cellGrid) column(cell func(int) [3]int, lo, hi int) [][3]int {
	var out [][3]int
	for i := lo; i <= hi; i++ {
		out = append(out, cell(i))
	}
	return out
}

// isRing reports whether the cells form walls around a hole that runs
// through the whole box along y: every cell on the box's x or z faces, and
// room for a hole between them.
func (g *cellGrid) isRing() bool {
	if g.hi[0]-g.lo[0] < 2 || g.hi[2]-g.lo[2] < 2 {
		return false
	}
	for c := range g.names {
		if c[0] != g.lo[0] && c[0] != g.hi[0] && c[2] != g.lo[2] && c[2] != g.hi[2] {
			return false
		}
	}
	return true
}

// trimBlank drops blank lines at both ends.
func trimBlank(ls []string) []string {
	for len(ls) > 0 && strings.TrimSpace(ls[0]) == "" {
		ls = ls[1:]
	}
	for len(ls) > 0 && strings.TrimSpace(ls[len(ls)-1]) == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

func indent(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }

// dedent removes n leading characters from every line long enough.
func dedent(ls []string, n int) []string {
	for i, l := range ls {
		ls[i] = l[min(n, len(l)):]
	}
	return ls
}

// hexPicture draws polyhexes with walls only ("__", "/", "\"), the y axis
// up and the x axis sloping up to the right: column x of row y is drawn
// 3x characters right and x lines up of column 0.
func hexPicture(pieces []Placed) string {
	g := newCellGrid(pieces)
	w, h := g.hi[0]-g.lo[0]+1, g.hi[1]-g.lo[1]+1
	at := func(x, y int) string { return g.at(x+g.lo[0], y+g.lo[1], 0) }
	var out [][]string
	for x := w - 1; x >= 0; x-- {
		out = append(out, []string{strings.Repeat(" ", 3*x+1)})
	}
	for y := h - 1; y >= 0; y-- {
		out = append(out, nil)
		edge := " "
		if at(0, y) != "" {
			edge = `\`
		}
		out = append(out, []string{edge})
		for x := range w {
			cell := at(x, y)
			left, right, ceiling := " ", " ", "  "
			if x > 0 && y < h-1 {
				if at(x-1, y+1) != cell {
					left = "/"
				}
			} else if cell != "" {
				left = "/"
			}
			if x < w-1 {
				if at(x+1, y) != cell {
					right = `\`
				}
			} else if cell != "" {
				right = `\`
			}
			n := len(out)
			out[n-2-x] = append(out[n-2-x], left+"  "+right)
			if y < h-1 {
				if at(x, y+1) != cell {
					ceiling = "__"
				}
			} else if cell != "" {
				ceiling = "__"
			}
			out[n-3-x] = append(out[n-3-x], ceiling)
		}
	}
	for y := h - 1; y > 0; y-- {
		if at(w-1, y) != "" {
			out[len(out)-w-2*y] = append(out[len(out)-w-2*y], "/")
		}
	}
	for x := range w {
		if at(x, 0) != "" {
			out[len(out)-x-1] = append(out[len(out)-x-1], "__/")
		}
	}
	ls := make([]string, len(out))
	for i, parts := range out {
		ls[i] = strings.TrimRight(strings.Join(parts, ""), " ")
	}
	return lines(trimBlank(ls))
}

// iamondPicture draws polyiamonds with walls only, the x axis horizontal
// and the y axis sloping up to the right: each row of triangles is two
// lines, the "/\" of its sides over the "_" of its floor.
func iamondPicture(pieces []Placed) string {
	g := newCellGrid(pieces)
	w, h := g.hi[0]-g.lo[0]+1, g.hi[1]-g.lo[1]+1
	at := func(x, y, z int) string { return g.at(x+g.lo[0], y+g.lo[1], z) }
	top := []string{strings.Repeat(" ", 2*h)}
	margin := len(top[0])
	for x := range w {
		bottom := " "
		if at(x, h-1, 1) != "" {
			bottom = "_"
		}
		top = append(top, strings.Repeat(bottom, 4))
	}
	out := []string{strings.TrimRight(strings.Join(top, ""), " ")}
	either := func(wall, floor string) string {
		if wall != " " {
			return wall
		}
		return floor
	}
	for y := h - 1; y >= 0; y-- {
		pad := strings.Repeat(" ", 2*y)
		sides, floor := []string{" " + pad}, []string{pad}
		var cell string
		for x := range w {
			cell = at(x, y, 0)
			left, bottom := " ", " "
			if x == 0 && cell != "" || x > 0 && at(x-1, y, 1) != cell {
				left = "/"
			}
			if y == 0 && cell != "" || y > 0 && at(x, y-1, 1) != cell {
				bottom = "_"
			}
			sides = append(sides, left)
			floor = append(floor, either(left, bottom)+bottom+bottom)
			cell = at(x, y, 1)
			left = " "
			if at(x, y, 0) != cell {
				left = `\`
			}
			sides = append(sides, left+"  ")
			floor = append(floor, either(left, bottom))
		}
		right := " "
		if cell != "" {
			right = "/"
		}
		for _, parts := range [][]string{sides, floor} {
			out = append(out, strings.TrimRight(strings.Join(parts, "")+right, " "))
		}
		out = trimBlank(out)
		for _, l := range out {
			margin = min(margin, indent(l))
		}
	}
	return lines(dedent(out, margin))
}

// stickPicture draws polysticks on the square grid: a horizontal segment
// as "-N--" with the piece's name, a vertical one as the name's first
// character over its second (or "|"). Names keep their case: a lower-case
// name is a one-sided set's flipped piece.
func stickPicture(pieces []Placed) string {
	g := newCellGrid(pieces)
	w, h := 0, 0 // grid points across and up
	for c := range g.names {
		w, h = max(w, c[0]+2-c[2]), max(h, c[1]+1+c[2])
	}
	var rows []string
	for y := range h {
		var hs []string
		for x := range w - 1 {
			seg := "    "
			if n := g.at(x, y, 0); n != "" {
				seg = ("-" + n + "--")[:4]
			}
			hs = append(hs, seg)
		}
		rows = append(rows, strings.TrimRight(" "+strings.Join(hs, " "), " "))
		if y == h-1 {
			break
		}
		var first, second []string
		for x := range w {
			n := g.at(x, y, 1)
			if n == "" {
				first, second = append(first, " "), append(second, " ")
				continue
			}
			first, second = append(first, n[:1]), append(second, (n + "|")[1:2])
		}
		rows = append(rows, strings.TrimRight(strings.Join(first, "    "), " ")+"\n"+strings.TrimRight(strings.Join(second, "    "), " "))
	}
	slices.Reverse(rows)
	return lines(trimBlank(strings.Split(strings.Join(rows, "\n"), "\n")))
}

// trigParts are the pieces of text that draw a segment of the triangular
// grid, by direction, occupied or empty, on the three lines of a row.
var trigParts = [3][2][3]string{
	{{"", "", "_%-3s"}, {"", "", "    "}},
	{{"  /", "%-3s", "/"}, {"   ", "   ", " "}},
	{{"%-3s", ` \ `, `\`}, {"   ", "   ", " "}},
}

// trigPicture draws polytrigs with each segment labelled by its piece's
// name: a row of the grid is three lines, a "_NAME" floor under slanted
// segments that carry the name halfway up.
func trigPicture(pieces []Placed) string {
	g := newCellGrid(pieces)
	w, h := g.hi[0]-g.lo[0]+1, g.hi[1]-g.lo[1]+1
	margin := w * 6
	var out []string
	for y := h - 1; y >= 0; y-- {
		var rows [3][]string
		for i := range rows {
			rows[i] = []string{strings.Repeat("   ", y)}
		}
		rows[2] = append(rows[2], "  ")
		floored := false
		for x := range w {
			for z := 2; z >= 0; z-- {
				name := g.at(x+g.lo[0], y+g.lo[1], z)
				if z == 1 {
					floored = g.at(x+g.lo[0], y+g.lo[1], 0) != ""
				}
				empty := 0
				if name == "" {
					empty = 1
				}
				for i := range rows {
					part := trigParts[z][empty][i]
					if strings.Contains(part, "%") {
						part = fmt.Sprintf(part, name)
					}
					if strings.Contains(part, "_") {
						part = strings.ReplaceAll(part, " ", "_")
					}
					if part == " " && floored {
						part = "_"
					}
					rows[i] = append(rows[i], part)
				}
			}
		}
		for _, parts := range rows {
			l := strings.Join(parts, "")
			margin = min(margin, indent(l))
			out = append(out, strings.TrimRight(l, " "))
		}
	}
	for len(out) > 0 && strings.TrimSpace(out[0]) == "" {
		out = out[1:]
	}
	return lines(dedent(out, margin))
}

// twigParts are the pieces of text that draw a segment of the hexagonal
// grid, by direction, occupied or empty, on two lines.
var twigParts = [3][2][2]string{
	{{"", "_%-3s"}, {"", "    "}},
	{{"%-3s   ", ` \`}, {"      ", "  "}},
	{{" %-3s  ", "/     "}, {"      ", "      "}},
}

// twigPicture draws polytwigs with each segment labelled by its piece's
// name, in columns six characters wide: the segments from corner (x, y)
// start 4y + 2x lines up.
func twigPicture(pieces []Placed) string {
	g := newCellGrid(pieces)
	w, h := g.hi[0]-g.lo[0]+1, g.hi[1]-g.lo[1]+1
	grid := make([][]string, 4*h+2*(w-1))
	for i := range grid {
		grid[i] = make([]string, w)
	}
	offsets := [3]int{2, 2, 0}
	for x := range w {
		for y := range h {
			for z := 2; z >= 0; z-- {
				name := g.at(x+g.lo[0], y+g.lo[1], z)
				empty := 0
				if name == "" {
					empty = 1
				}
				for i, part := range twigParts[z][empty] {
					if strings.Contains(part, "%") {
						part = fmt.Sprintf(part, name)
					}
					if strings.Contains(part, "_") {
						part = strings.ReplaceAll(part, " ", "_")
					}
					grid[4*y+2*x+offsets[z]+1-i][x] += part
				}
			}
		}
	}
	margin := w * 6
	out := make([]string, len(grid))
	for i, row := range grid {
		var b strings.Builder
		for _, part := range row {
			if part == "" {
				part = "      "
			}
			b.WriteString(part)
		}
		margin = min(margin, indent(b.String()))
		out[i] = strings.TrimRight(b.String(), " ")
	}
	out = dedent(trimBlank(out), margin)
	slices.Reverse(out)
	return lines(out)
}
