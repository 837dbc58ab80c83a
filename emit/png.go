package emit

import (
	"image/png"
	"io"
	"math"
)

// PNG writes the picture as a PNG image whose longer side is size pixels,
// drawn as the SVG draws it, on a transparent background.
func (d *Drawing) PNG(w io.Writer, size int) error {
	width, height := d.hi.X-d.lo.X, d.hi.Y-d.lo.Y
	scale := float64(size) / max(width, height)
	c := newCanvas(max(1, int(math.Round(width*scale))), max(1, int(math.Round(height*scale))))
	at := func(v vec) vec { return vec{X: (v.X - d.lo.X) * scale, Y: (d.hi.Y - v.Y) * scale} }
	for _, g := range d.groups {
		for _, pt := range g.parts {
			paths := make([][]vec, len(pt.paths))
			for i, path := range pt.paths {
				paths[i] = make([]vec, len(path))
				for j, v := range path {
					paths[i][j] = at(v)
				}
			}
			if pt.closed {
				c.fill(paths)
				c.paint(pt.fill)
			}
			if pt.width > 0 {
				for _, path := range paths {
					n := len(path) - 1
					if pt.closed {
						n++
					}
					for i := range n {
						c.line(path[i], path[(i+1)%len(path)], pt.width*scale)
					}
				}
				c.paint(pt.stroke)
			}
		}
	}
	return png.Encode(w, c.img)
}
