package emit

import (
	"image"
	"math"
	"slices"
)

// A canvas draws anti-aliased shapes on an image, one shape at a time: a
// shape's coverage of each pixel is gathered first and then blended, so
// that overlapping pieces of one stroke do not darken their joins.
// Coordinates are in pixels, y down.
type canvas struct {
	img   *image.RGBA // premultiplied, transparent where nothing is drawn
	cover []float32
	// box is the pixel range [x0, x1) × [y0, y1) the shape touched.
	x0, y0, x1, y1 int
}

// subRows is the number of sample rows per pixel when filling; across a
// row coverage is exact.
const subRows = 5

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), cover: make([]float32, w*h)}
}

// box returns the pixels [x0, x1) × [y0, y1) within pad of the rectangle
// lo–hi, clipped to the image, and adds them to the current shape's box.
func (c *canvas) box(lo, hi vec, pad float64) (x0, y0, x1, y1 int) {
	b := c.img.Bounds()
	x0, y0 = max(int(math.Floor(lo.X-pad)), 0), max(int(math.Floor(lo.Y-pad)), 0)
	x1, y1 = min(int(math.Ceil(hi.X+pad)), b.Max.X), min(int(math.Ceil(hi.Y+pad)), b.Max.Y)
	if c.x1 <= c.x0 {
		c.x0, c.y0, c.x1, c.y1 = x0, y0, x1, y1
	}
	c.x0, c.y0, c.x1, c.y1 = min(c.x0, x0), min(c.y0, y0), max(c.x1, x1), max(c.y1, y1)
	return x0, y0, x1, y1
}

// fill covers the inside of closed rings by the even-odd rule.
func (c *canvas) fill(rings [][]vec) {
	lo, hi := extent(rings)
	w := c.img.Bounds().Dx()
	_, y0, _, y1 := c.box(lo, hi, 1)
	var xs []float64
	for sy := y0 * subRows; sy < y1*subRows; sy++ {
		y := (float64(sy) + 0.5) / subRows
		xs = xs[:0]
		for _, r := range rings {
			for i, a := range r {
				b := r[(i+1)%len(r)]
				if (a.Y <= y) != (b.Y <= y) {
					xs = append(xs, a.X+(y-a.Y)*(b.X-a.X)/(b.Y-a.Y))
				}
			}
		}
		slices.Sort(xs)
		row := c.cover[(sy/subRows)*w : (sy/subRows+1)*w]
		for i := 0; i+1 < len(xs); i += 2 {
			span(row, max(xs[i], 0), min(xs[i+1], float64(w)), 1.0/subRows)
		}
	}
}

// span adds weight times the part of each pixel of row that [x0, x1)
// covers.
func span(row []float32, x0, x1, weight float64) {
	if x1 <= x0 {
		return
	}
	p0, p1 := int(x0), int(x1)
	if p0 == p1 {
		row[p0] += float32((x1 - x0) * weight)
		return
	}
	row[p0] += float32((float64(p0+1) - x0) * weight)
	for p := p0 + 1; p < p1; p++ {
		row[p] += float32(weight)
	}
	if p1 < len(row) {
		row[p1] += float32((x1 - float64(p1)) * weight)
	}
}

// line covers a straight stroke of the given width with round ends: each
// pixel as far as its centre lies within half the width of the segment,
// softened over one pixel. A stroke thinner than a pixel keeps a pixel's
// width and fades instead.
func (c *canvas) line(a, b vec, width float64) {
	r := max(width/2, 0.5)
	fade := min(width, 1)
	w := c.img.Bounds().Dx()
	x0, y0, x1, y1 := c.box(vec{X: min(a.X, b.X), Y: min(a.Y, b.Y)}, vec{X: max(a.X, b.X), Y: max(a.Y, b.Y)}, r+1)
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			d := distance(vec{X: float64(x) + 0.5, Y: float64(y) + 0.5}, a, b)
			cov := float32(math.Min(math.Max(r+0.5-d, 0), 1) * fade)
			c.cover[y*w+x] = max(c.cover[y*w+x], cov)
		}
	}
}

// distance from p to the segment ab.
func distance(p, a, b vec) float64 {
	ab, ap := b.sub(a), p.sub(a)
	t := 0.0
	if l := ab.X*ab.X + ab.Y*ab.Y; l > 0 {
		t = math.Min(math.Max((ap.X*ab.X+ap.Y*ab.Y)/l, 0), 1)
	}
	return p.sub(a.add(ab.scale(t))).length()
}

// paint blends col over the image by the gathered coverage and clears it
// for the next shape.
func (c *canvas) paint(col rgb) {
	w := c.img.Bounds().Dx()
	for y := c.y0; y < c.y1; y++ {
		for x := c.x0; x < c.x1; x++ {
			a := min(c.cover[y*w+x], 1)
			c.cover[y*w+x] = 0
			if a <= 0 {
				continue
			}
			i := c.img.PixOffset(x, y)
			px := c.img.Pix[i : i+4]
			for k, v := range [4]uint8{col.R, col.G, col.B, 255} {
				px[k] = uint8(float32(v)*a + float32(px[k])*(1-a) + 0.5)
			}
		}
	}
	c.x0, c.x1 = 0, 0
}

// extent is the bounding box of rings.
func extent(rings [][]vec) (lo, hi vec) {
	lo, hi = vec{X: math.Inf(1), Y: math.Inf(1)}, vec{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, r := range rings {
		for _, v := range r {
			lo = vec{X: min(lo.X, v.X), Y: min(lo.Y, v.Y)}
			hi = vec{X: max(hi.X, v.X), Y: max(hi.Y, v.Y)}
		}
	}
	return lo, hi
}
