package emit

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// svgUnit is the length of a cell's edge in SVG user units (pixels at
// natural size); the viewBox lets a page scale the picture freely.
const svgUnit = 24

// SVG writes the picture as a standalone SVG document: one <g> per piece
// (per cube for polycubes) with the piece's name in its <title>, which a
// browser shows on hover. The same picture always gives the same bytes.
func (d *Drawing) SVG(w io.Writer) error {
	s := newSVG(d.hi.X-d.lo.X, d.hi.Y-d.lo.Y)
	// The drawing's y axis points up and SVG's down.
	at := func(v vec) vec { return vec{X: v.X - d.lo.X, Y: d.hi.Y - v.Y} }
	for _, g := range d.groups {
		s.open("g")
		s.title(g.title)
		for _, pt := range g.parts {
			d := pathData(pt.paths, pt.closed, at)
			w := num(pt.width * svgUnit)
			if pt.closed {
				s.printf(`<path d="%s" fill="%s" fill-rule="evenodd" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`, d, pt.fill, pt.stroke, w)
			} else {
				s.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`, d, pt.stroke, w)
			}
		}
		s.close("g")
	}
	return s.end(w)
}

// An svgDoc builds an SVG document whose coordinates are in cell units,
// scaled by svgUnit as they are written.
type svgDoc struct{ b strings.Builder }

func newSVG(width, height float64) *svgDoc {
	s := &svgDoc{}
	w, h := num(width*svgUnit), num(height*svgUnit)
	s.printf(`<?xml version="1.0" encoding="UTF-8"?>`)
	s.printf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s">`, w, h, w, h)
	return s
}

// printf writes one line.
func (s *svgDoc) printf(format string, args ...any) {
	fmt.Fprintf(&s.b, format, args...)
	s.b.WriteByte('\n')
}

func (s *svgDoc) open(tag string)  { s.printf("<%s>", tag) }
func (s *svgDoc) close(tag string) { s.printf("</%s>", tag) }

func (s *svgDoc) title(t string) { s.printf("<title>%s</title>", escape(t)) }

func (s *svgDoc) end(w io.Writer) error {
	s.close("svg")
	_, err := io.WriteString(w, s.b.String())
	return err
}

// escape makes text safe inside an XML element or a quoted attribute.
func escape(t string) string {
	var b strings.Builder
	// xml.EscapeText only fails when its writer does, and a Builder
	// does not.
	_ = xml.EscapeText(&b, []byte(t))
	return b.String()
}

// pathData writes paths in SVG's path syntax, in SVG units, after placing
// each point with at.
func pathData(paths [][]vec, closed bool, at func(vec) vec) string {
	var b strings.Builder
	for _, path := range paths {
		for i, v := range path {
			v = at(v)
			if i == 0 {
				b.WriteString("M")
			} else {
				b.WriteString(" L")
			}
			b.WriteString(num(v.X * svgUnit))
			b.WriteByte(' ')
			b.WriteString(num(v.Y * svgUnit))
		}
		if closed {
			b.WriteString(" Z")
		}
		b.WriteByte(' ')
	}
	return strings.TrimSpace(b.String())
}

// num formats a length with at most two decimals: plenty at the scale of a
// picture, and short, stable text.
func num(v float64) string {
	r := math.Round(v*100) / 100
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}
