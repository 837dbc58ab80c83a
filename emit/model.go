package emit

import (
	"fmt"
	"math"
	"slices"
)

// A mesh is one piece as flat-shaded triangles, in the solution's own
// space: x right, y up, z towards the viewer, a cell's edge long. That is
// glTF's frame as it is.
type mesh struct {
	name      string
	colour    rgb
	positions []vec
	normals   []vec
	indices   []uint32
}

// tileDepth is the thickness of a tile in a model.
const tileDepth = 0.25

// A face is a convex polygon, counter-clockwise seen from outside.
type face []vec

// models builds one mesh per piece from its lattice's geometry: polycubes
// as their cubes, tiles as slabs, segments as bars of the width they are
// drawn with. Faces two cells of one piece share are left out, so the
// model has no walls inside a piece. Pieces without cells are left out.
func models(lattice string, pieces []Placed) ([]mesh, error) {
	g, err := lookupGeometry(lattice, pieces)
	if err != nil {
		return nil, err
	}
	var out []mesh
	for _, p := range pieces {
		var faces []face
		switch g.form {
		case cubeForm:
			for _, c := range cellSet(p.Cells) {
				faces = append(faces, prism(g.points(g.corners(c)), float64(c[2]), float64(c[2]+1))...)
			}
		case tileForm:
			for _, c := range cellSet(p.Cells) {
				faces = append(faces, prism(g.points(g.corners(c)), 0, tileDepth)...)
			}
		case segmentForm:
			for _, s := range pieceSegments(g, p.Cells) {
				faces = append(faces, prism(bar(s[0], s[1], strokeWidth), 0, strokeWidth)...)
			}
		}
		if len(faces) == 0 {
			continue
		}
		m := mesh{name: p.Name, colour: pieceColour(p.Name)}
		for _, f := range outerFaces(faces) {
			m.add(f)
		}
		out = append(out, m)
	}
	return out, nil
}

// normal is a face's outward unit normal.
func (f face) normal() vec {
	n := f[1].sub(f[0]).cross(f[2].sub(f[0]))
	return n.scale(1 / n.length())
}

// prism raises a counter-clockwise polygon of the plane from z0 to z1.
func prism(poly []vec, z0, z1 float64) []face {
	at := func(v vec, z float64) vec { return vec{v.X, v.Y, z} }
	top, bottom := make(face, len(poly)), make(face, len(poly))
	for i, v := range poly {
		top[i], bottom[len(poly)-1-i] = at(v, z1), at(v, z0)
	}
	out := []face{top, bottom}
	for i, a := range poly {
		b := poly[(i+1)%len(poly)]
		out = append(out, face{at(a, z0), at(b, z0), at(b, z1), at(a, z1)})
	}
	return out
}

// bar is the rectangle a stroke of the given width covers from a to b, its
// ends pushed out by half the width as the round caps of the drawing are.
func bar(a, b vec, width float64) []vec {
	d := b.sub(a).scale(width / 2 / b.sub(a).length())
	n := vec{X: -d.Y, Y: d.X}
	a, b = a.sub(d), b.add(d)
	return []vec{a.sub(n), b.sub(n), b.add(n), a.add(n)}
}

// outerFaces drops each pair of faces that coincide: the wall between two
// cells of a piece. Coordinates are compared rounded, since bars and
// hexagons are not whole numbers.
func outerFaces(faces []face) []face {
	key := func(f face) string {
		ps := make([][3]int64, len(f))
		for i, v := range f {
			ps[i] = [3]int64{round6(v.X), round6(v.Y), round6(v.Z)}
		}
		slices.SortFunc(ps, func(a, b [3]int64) int { return slices.Compare(a[:], b[:]) })
		return fmt.Sprint(ps)
	}
	count := map[string]int{}
	for _, f := range faces {
		count[key(f)]++
	}
	var out []face
	for _, f := range faces {
		if count[key(f)] == 1 {
			out = append(out, f)
		}
	}
	return out
}

func round6(x float64) int64 { return int64(math.Round(x * 1e6)) }

// add appends a face as a fan of triangles with its own corners, so that
// each face keeps its flat normal.
func (m *mesh) add(f face) {
	n := f.normal()
	base := uint32(len(m.positions))
	for _, v := range f {
		m.positions = append(m.positions, v)
		m.normals = append(m.normals, n)
	}
	for i := 1; i+1 < len(f); i++ {
		m.indices = append(m.indices, base, base+uint32(i), base+uint32(i+1))
	}
}
