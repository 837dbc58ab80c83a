package emit

import (
	"fmt"
	"io"
	"strings"
)

// X3D writes a polycube solution as an X3D scene, as Polyform Puzzler's
// --x3d does: one unit box per cube, each piece a group with one material
// in the piece's colour (the first box defines it, the others reuse it) and
// the piece's name as metadata, and a viewpoint in front of the model.
// Other lattices have no X3D form.
func X3D(w io.Writer, lattice string, pieces []Placed) error {
	g, err := lookupGeometry(lattice, pieces)
	if err != nil {
		return err
	}
	if g.form != cubeForm {
		return fmt.Errorf("emit: X3D draws polycubes, not the %s lattice", lattice)
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE X3D PUBLIC "ISO//Web3D//DTD X3D 3.3//EN" "http://www.web3d.org/specifications/x3d-3.3.dtd">
<X3D profile="Interchange" version="3.3">
<Scene>
`)
	var lo, hi [3]int
	first := true
	for _, p := range pieces {
		for _, c := range p.Cells {
			if first {
				lo, hi, first = c, c, false
			}
			for k := range 3 {
				lo[k], hi[k] = min(lo[k], c[k]), max(hi[k], c[k]+1)
			}
		}
	}
	mid := func(k int) float64 { return float64(lo[k]+hi[k]) / 2 }
	size := max(hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2])
	fmt.Fprintf(&b, "<Viewpoint description=\"front\" position=\"%s %s %s\"/>\n", num(mid(0)), num(mid(1)), num(float64(hi[2])+2*float64(size)))
	for i, p := range pieces {
		cells := cellSet(p.Cells)
		if len(cells) == 0 {
			continue
		}
		c := pieceColour(p.Name)
		fmt.Fprintf(&b, "<Group DEF=\"piece%d\">\n<MetadataString containerField=\"metadata\" name=\"piece\" value='\"%s\"'/>\n", i+1, escape(p.Name))
		for j, cell := range cells {
			look := fmt.Sprintf("<Appearance USE=\"look%d\"/>", i+1)
			if j == 0 {
				look = fmt.Sprintf("<Appearance DEF=\"look%d\"><Material diffuseColor=\"%s %s %s\"/></Appearance>",
					i+1, num(float64(c.R)/255), num(float64(c.G)/255), num(float64(c.B)/255))
			}
			fmt.Fprintf(&b, "<Transform translation=\"%s %s %s\"><Shape>%s<Box size=\"1 1 1\"/></Shape></Transform>\n",
				num(float64(cell[0])+0.5), num(float64(cell[1])+0.5), num(float64(cell[2])+0.5), look)
		}
		b.WriteString("</Group>\n")
	}
	b.WriteString("</Scene>\n</X3D>\n")
	_, err = io.WriteString(w, b.String())
	return err
}
