package emit

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/polyspec/polyspec/internal/record"
)

// A Drawing is one solution drawn in the plane from its lattice's geometry
// — outlined tiles, strokes or shaded cubes — ready to be written as SVG or
// PNG, which draw the same shapes in the same order.
type Drawing struct {
	groups []group
	lo, hi vec // the extent of the drawing, margin included
}

// A group is what one title names: a piece, or one cube of a piece.
type group struct {
	title string
	parts []part
}

// A part is either closed rings, filled (even-odd) and outlined, or open
// polylines, stroked with round ends.
type part struct {
	paths  [][]vec
	closed bool
	fill   rgb
	stroke rgb
	width  float64 // of the stroke, 0 for none
}

// Sizes in units of a cell's edge.
const (
	outlineWidth = 0.08 // the light line around a tile piece
	strokeWidth  = 0.2  // a stick, trig or twig
	strokeInset  = 0.25 // how far a piece's loose end stops short of its corner
	cubeEdge     = 0.03 // the dark line around a cube's face
	layerGap     = 0.8  // between the layers of a polycube solution
	margin       = 0.25
)

// Draw writes placed pieces on a lattice in a picture format: "svg",
// "png" (pngSize pixels on its longer side), "x3d" or "gltf".
func Draw(w io.Writer, format, lattice string, pieces []Placed, pngSize int) error {
	for _, p := range pieces {
		for _, c := range p.Cells {
			for _, v := range c {
				if err := record.CheckCoord(v); err != nil {
					return fmt.Errorf("piece %s: %v", p.Name, err)
				}
			}
		}
	}
	switch format {
	case "x3d":
		return X3D(w, lattice, pieces)
	case "gltf":
		return GLTF(w, lattice, pieces)
	}
	pic, err := NewDrawing(lattice, pieces)
	if err != nil {
		return err
	}
	if format == "png" {
		return pic.PNG(w, pngSize)
	}
	return pic.SVG(w)
}

// NewDrawing draws the placed pieces of a solution on a lattice, by name
// (lattices.go lists them). Pieces without cells (left out of the
// solution) are not drawn.
func NewDrawing(lattice string, pieces []Placed) (*Drawing, error) {
	return NewPuzzleDrawing(lattice, nil, pieces)
}

// A puzzle's empty cells: pale tiles edged in grey, thin grey segments,
// pale cubes.
var (
	blankFill = rgb{0xf3, 0xf1, 0xec}
	blankLine = rgb{0xb4, 0xae, 0xa3}
	blankCube = rgb{0xe2, 0xdf, 0xd8}
)

const blankWidth = 0.05 // the edge of an empty tile, or an empty segment

// blankTitle is the title of a puzzle's empty cells.
const blankTitle = "empty"

// NewPuzzleDrawing draws a puzzle as it is set rather than solved: the
// board's empty cells, each on its own so that they show the grid, and the
// pieces placed on it (fixed pieces) as NewDrawing draws them.
func NewPuzzleDrawing(lattice string, empty [][3]int, pieces []Placed) (*Drawing, error) {
	g, err := lookupGeometry(lattice, append([]Placed{{Name: blankTitle, Cells: empty}}, pieces...))
	if err != nil {
		return nil, err
	}
	d := &Drawing{}
	var blank part
	for _, c := range cellSet(empty) {
		blank.paths = append(blank.paths, g.points(g.corners(c)))
	}
	switch g.form {
	case tileForm:
		blank.closed, blank.fill, blank.stroke, blank.width = true, blankFill, blankLine, blankWidth
	case segmentForm:
		blank.stroke, blank.width = blankLine, blankWidth
	}
	if len(blank.paths) > 0 && g.form != cubeForm {
		d.groups = append(d.groups, group{blankTitle, []part{blank}})
	}
	switch g.form {
	case tileForm:
		d.tiles(g, pieces)
	case segmentForm:
		d.segments(g, pieces)
	case cubeForm:
		d.cubes(g, pieces, empty)
	}
	d.bound()
	return d, nil
}

// cellSet drops repeated cells and sorts the rest, so that a piece's
// drawing does not depend on the order its cells were listed in.
func cellSet(cells [][3]int) [][3]int {
	out := slices.Clone(cells)
	slices.SortFunc(out, func(a, b [3]int) int { return slices.Compare(a[:], b[:]) })
	return slices.Compact(out)
}

// tiles draws each piece as its outline, holes included, filled with the
// piece's colour and edged in white so that neighbours stand apart.
func (d *Drawing) tiles(g geometry, pieces []Placed) {
	for _, pc := range pieces {
		var shapes [][]node
		for _, c := range cellSet(pc.Cells) {
			shapes = append(shapes, g.corners(c))
		}
		if len(shapes) == 0 {
			continue
		}
		var paths [][]vec
		for _, ring := range rings(boundary(shapes)) {
			paths = append(paths, g.points(ring))
		}
		d.groups = append(d.groups, group{pc.Name, []part{{
			paths: paths, closed: true, fill: pieceColour(pc.Name), stroke: white, width: outlineWidth,
		}}})
	}
}

func (g geometry) points(ns []node) []vec {
	out := make([]vec, len(ns))
	for i, n := range ns {
		out[i] = g.point(n)
	}
	return out
}

// segments draws each piece as thick strokes. A segment end where the piece
// goes on is drawn to the corner, so the piece looks joined; a loose end
// stops short, so that two pieces meeting at a corner stay apart.
func (d *Drawing) segments(g geometry, pieces []Placed) {
	for _, pc := range pieces {
		var paths [][]vec
		for _, s := range pieceSegments(g, pc.Cells) {
			paths = append(paths, []vec{s[0], s[1]})
		}
		if len(paths) == 0 {
			continue
		}
		d.groups = append(d.groups, group{pc.Name, []part{{paths: paths, stroke: pieceColour(pc.Name), width: strokeWidth}}})
	}
}

// pieceSegments returns a segment piece's segments as drawn, loose ends cut
// back by strokeInset. The glTF model builds its bars from them too.
func pieceSegments(g geometry, cells [][3]int) [][2]vec {
	cells = cellSet(cells)
	degree := map[node]int{}
	for _, c := range cells {
		for _, n := range g.corners(c) {
			degree[n]++
		}
	}
	out := make([][2]vec, len(cells))
	for i, c := range cells {
		ends := g.corners(c)
		a, b := g.point(ends[0]), g.point(ends[1])
		t := strokeInset / b.sub(a).length()
		if degree[ends[0]] == 1 {
			out[i][0] = a.lerp(b, t)
		} else {
			out[i][0] = a
		}
		if degree[ends[1]] == 1 {
			out[i][1] = b.lerp(a, t)
		} else {
			out[i][1] = b
		}
	}
	return out
}

// view is the direction the isometric drawing of polycubes is seen from.
var view = vec{1, 1, 1}

// iso projects a point of space isometrically, seen from view: x runs down
// to the right, z (towards the viewer) down to the left, y straight up.
func iso(v vec) vec {
	c := math.Sqrt(3) / 2
	return vec{X: c * (v.X - v.Z), Y: v.Y - (v.X+v.Z)/2}
}

// A cube of a solution, with its piece; blank for a puzzle's empty cell.
type cube struct {
	at    [3]int
	piece string
	blank bool
}

// cubes draws polycubes as isometric cubes, one z layer beside the next from
// left to right as the solution files show them, so that no cube hides
// another: within one layer each cube keeps its front face. A cube is the
// one the glTF model builds, its faces turned away from the viewer left
// out; the top is lit and the right side shaded. The empty cells of a
// puzzle are pale cubes among the pieces'.
func (d *Drawing) cubes(g geometry, pieces []Placed, empty [][3]int) {
	var all []cube
	for _, pc := range pieces {
		for _, c := range cellSet(pc.Cells) {
			all = append(all, cube{c, pc.Name, false})
		}
	}
	for _, c := range cellSet(empty) {
		all = append(all, cube{c, blankTitle, true})
	}
	if len(all) == 0 {
		return
	}
	// Back to front within a layer: a cube can only hide cubes with a
	// smaller x+y.
	slices.SortFunc(all, func(a, b cube) int {
		return cmp.Or(cmp.Compare(a.at[2], b.at[2]), cmp.Compare(a.at[0]+a.at[1], b.at[0]+b.at[1]), cmp.Compare(a.at[0], b.at[0]))
	})
	lo, hi := all[0].at, all[0].at
	for _, c := range all {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], c.at[k]), max(hi[k], c.at[k])
		}
	}
	// A layer spans the projection of the whole x range, front and back.
	width := iso(vec{X: float64(hi[0] + 1)}).X - iso(vec{X: float64(lo[0]), Z: 1}).X + layerGap
	for _, c := range all {
		shift := vec{X: width * float64(c.at[2]-lo[2])}
		base := pieceColour(c.piece)
		if c.blank {
			base = blankCube
		}
		gr := group{title: c.piece}
		// Each layer is drawn from its own depth, 0 to 1.
		for _, f := range prism(g.points(g.corners(c.at)), 0, 1) {
			n := f.normal()
			if n.dot(view) <= 0 {
				continue
			}
			fill := base
			switch {
			case n.Y > 0:
				fill = base.mix(white, 0.4)
			case n.X > 0:
				fill = base.mix(black, 0.25)
			}
			path := make([]vec, len(f))
			for i, v := range f {
				path[i] = iso(v).add(shift)
			}
			gr.parts = append(gr.parts, part{paths: [][]vec{path}, closed: true, fill: fill, stroke: base.mix(black, 0.55), width: cubeEdge})
		}
		d.groups = append(d.groups, gr)
	}
}

// bound sets the picture's extent: every point, half a stroke and a margin
// around. An empty picture is one margin square.
func (d *Drawing) bound() {
	first := true
	for _, g := range d.groups {
		for _, pt := range g.parts {
			for _, path := range pt.paths {
				for _, v := range path {
					r := pt.width/2 + margin
					if first {
						d.lo, d.hi, first = v, v, false
					}
					d.lo = vec{X: min(d.lo.X, v.X-r), Y: min(d.lo.Y, v.Y-r)}
					d.hi = vec{X: max(d.hi.X, v.X+r), Y: max(d.hi.Y, v.Y+r)}
				}
			}
		}
	}
	if first {
		d.hi = vec{X: 2 * margin, Y: 2 * margin}
	}
}
