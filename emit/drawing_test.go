package emit

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/polyspec/polyspec/internal/record"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// drawingLattices are the families with a first solution record from one
// of Polyform Puzzler's files in testdata/drawings/LATTICE.txt.
var drawingLattices = []string{"square", "cubic", "iamond", "hex", "stick", "trig", "twig"}

// A testRecord is the first solution of a solution file, its pieces as
// emit takes them.
type testRecord struct {
	Solution
	Picture string
}

// readRecord reads the first record of a file.
func readRecord(t *testing.T, path string) testRecord {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := record.Read(bytes.NewReader(data), path, 1)
	if err != nil || len(recs) != 1 {
		t.Fatalf("record.Read: %v (%d records)", err, len(recs))
	}
	rec := testRecord{Solution{Number: recs[0].Number}, recs[0].Picture}
	for _, p := range recs[0].Pieces {
		rec.Pieces = append(rec.Pieces, Placed{Name: p.Name, Cells: p.Cells})
	}
	return rec
}

// compareGolden compares got with a file in testdata, or rewrites the file with
// -update.
func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./emit -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test ./emit -update rewrites it after a deliberate change)", path)
	}
}

// xmlTitles checks that data is well-formed XML with the given root
// element, and returns the text of its <title> elements.
func xmlTitles(t *testing.T, data []byte, root string) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	var titles []string
	first, inTitle := true, false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if first && tok.Name.Local != root {
				t.Fatalf("root element <%s>, want <%s>", tok.Name.Local, root)
			}
			first = false
			inTitle = tok.Name.Local == "title"
		case xml.CharData:
			if inTitle {
				titles = append(titles, string(tok))
			}
		case xml.EndElement:
			inTitle = false
		}
	}
	return titles
}

func TestDrawingSVG(t *testing.T) {
	for _, lattice := range drawingLattices {
		t.Run(lattice, func(t *testing.T) {
			rec := readRecord(t, filepath.Join("testdata", "drawings", lattice+".txt"))
			d, err := NewDrawing(lattice, rec.Pieces)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := d.SVG(&b); err != nil {
				t.Fatal(err)
			}
			compareGolden(t, filepath.Join("testdata", "drawings", lattice+".svg"), b.Bytes())

			// One title per piece, or per cube, naming it.
			var want []string
			for _, p := range rec.Pieces {
				for range p.Cells {
					want = append(want, p.Name)
					if lattice != "cubic" {
						break
					}
				}
			}
			got := xmlTitles(t, b.Bytes(), "svg")
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("titles %v, want %v", got, want)
			}
			if !bytes.Contains(b.Bytes(), []byte(`viewBox="0 0 `)) {
				t.Error("no viewBox")
			}

			// The order cells are listed in changes nothing.
			for _, p := range rec.Pieces {
				slices.Reverse(p.Cells)
			}
			d, _ = NewDrawing(lattice, rec.Pieces)
			var again bytes.Buffer
			if err := d.SVG(&again); err != nil || !bytes.Equal(again.Bytes(), b.Bytes()) {
				t.Errorf("drawing the cells in another order gives other bytes (%v)", err)
			}
		})
	}
}

// TestDrawingPNG checks the rasteriser against the shapes it was given:
// inside each cell, segment or cube front, the pixel has the piece's
// colour; a corner of the image, outside every piece, stays transparent.
func TestDrawingPNG(t *testing.T) {
	const size = 300
	for _, lattice := range drawingLattices {
		t.Run(lattice, func(t *testing.T) {
			rec := readRecord(t, filepath.Join("testdata", "drawings", lattice+".txt"))
			d, err := NewDrawing(lattice, rec.Pieces)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := d.PNG(&b, size); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&b)
			if err != nil {
				t.Fatal(err)
			}
			r := img.Bounds()
			if max(r.Dx(), r.Dy()) != size {
				t.Fatalf("image is %dx%d, want a longer side of %d", r.Dx(), r.Dy(), size)
			}
			if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
				t.Error("the corner of the image is not transparent")
			}
			scale := size / max(d.hi.X-d.lo.X, d.hi.Y-d.lo.Y)
			for _, p := range probes(t, lattice, d, rec.Pieces) {
				x, y := int((p.at.X-d.lo.X)*scale), int((d.hi.Y-p.at.Y)*scale)
				r, g, b, a := img.At(x, y).RGBA()
				got := rgb{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
				if a>>8 != 255 || got != p.colour {
					t.Errorf("pixel %d,%d of %s is %v (alpha %d), want %v", x, y, p.piece, got, a>>8, p.colour)
				}
			}
		})
	}
}

type probe struct {
	piece  string
	at     vec
	colour rgb
}

// probes are points well inside what each piece draws, with the colour
// drawn there: the centre of each tile, the middle of each segment, the
// centre of each cube's front face.
func probes(t *testing.T, lattice string, d *Drawing, pieces []Placed) []probe {
	l, _ := lookupLattice(lattice)
	g := l.geometry
	var out []probe
	if g.form == cubeForm {
		for _, gr := range d.groups {
			front := gr.parts[0]
			var c vec
			for _, v := range front.paths[0] {
				c = c.add(v.scale(1 / float64(len(front.paths[0]))))
			}
			out = append(out, probe{gr.title, c, front.fill})
		}
		return out
	}
	for _, p := range pieces {
		for _, c := range p.Cells {
			var centre vec
			corners := g.points(g.corners(c))
			for _, v := range corners {
				centre = centre.add(v.scale(1 / float64(len(corners))))
			}
			out = append(out, probe{p.Name, centre, pieceColour(p.Name)})
		}
	}
	if len(out) == 0 {
		t.Fatal("nothing to probe")
	}
	return out
}

func TestNewDrawingErrors(t *testing.T) {
	for _, c := range []struct {
		lattice string
		cells   [][3]int
	}{
		{"penrose", [][3]int{{0, 0, 0}}},
		{"square", [][3]int{{0, 0, 1}}},
		{"iamond", [][3]int{{0, 0, 2}}},
		{"trig", [][3]int{{0, 0, -1}}},
	} {
		if _, err := NewDrawing(c.lattice, []Placed{{Name: "A", Cells: c.cells}}); err == nil {
			t.Errorf("%s %v: no error", c.lattice, c.cells)
		}
	}
}

// TestOmittedPieceIsNotDrawn: a piece left out has no cells and no group.
func TestOmittedPieceIsNotDrawn(t *testing.T) {
	for _, lattice := range drawingLattices {
		d, err := NewDrawing(lattice, []Placed{{Name: "A", Cells: [][3]int{{0, 0, 0}}}, {Name: "B"}})
		if err != nil || len(d.groups) != 1 {
			t.Errorf("%s: %v, %d groups", lattice, err, len(d.groups))
		}
	}
}

// TestPuzzleDrawing draws a puzzle as it is set on each form of lattice:
// its empty cells in one group titled "empty" (a cube each for cubes), a
// path a cell, then the pieces placed, in their colours; the pieces'
// groups are the ones a solution's drawing of them has.
func TestPuzzleDrawing(t *testing.T) {
	for _, tc := range []struct {
		lattice string
		empty   [][3]int
		pieces  []Placed
		groups  []string // the titles, in order
		paths   int      // the empty cells' paths
	}{
		{"square", [][3]int{{1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {1, 1, 0}}, []Placed{{Name: "I", Cells: [][3]int{{0, 0, 0}}}},
			[]string{"empty", "I"}, 3},
		{"iamond", [][3]int{{0, 0, 1}, {1, 0, 0}}, []Placed{{Name: "T", Cells: [][3]int{{0, 0, 0}}}},
			[]string{"empty", "T"}, 2},
		{"stick", [][3]int{{0, 0, 1}, {1, 0, 1}, {0, 1, 0}}, []Placed{{Name: "L", Cells: [][3]int{{0, 0, 0}, {1, 0, 0}}}},
			[]string{"empty", "L"}, 3},
		{"square", nil, []Placed{{Name: "O", Cells: [][3]int{{0, 0, 0}, {1, 0, 0}}}}, []string{"O"}, 0},
		{"cubic", [][3]int{{1, 0, 0}}, []Placed{{Name: "V", Cells: [][3]int{{0, 0, 0}}}}, []string{"V", "empty"}, 0},
	} {
		t.Run(tc.lattice, func(t *testing.T) {
			d, err := NewPuzzleDrawing(tc.lattice, tc.empty, tc.pieces)
			if err != nil {
				t.Fatal(err)
			}
			var titles []string
			for _, g := range d.groups {
				titles = append(titles, g.title)
			}
			if !slices.Equal(titles, tc.groups) {
				t.Errorf("groups %q, want %q", titles, tc.groups)
			}
			if tc.paths > 0 {
				blank := d.groups[0].parts[0]
				if len(blank.paths) != tc.paths || blank.stroke != blankLine {
					t.Errorf("the empty cells: %d paths in %v, want %d in %v", len(blank.paths), blank.stroke, tc.paths, blankLine)
				}
			}
			// The pieces are drawn as in a solution.
			sol, err := NewDrawing(tc.lattice, tc.pieces)
			if err != nil {
				t.Fatal(err)
			}
			last := d.groups[len(d.groups)-len(sol.groups):]
			if tc.lattice == "cubic" {
				last = d.groups[:len(sol.groups)]
			}
			for i, g := range sol.groups {
				if !slices.EqualFunc(g.parts, last[i].parts, func(a, b part) bool { return a.fill == b.fill && a.stroke == b.stroke && a.width == b.width }) {
					t.Errorf("piece %s is drawn otherwise than in a solution", g.title)
				}
			}
		})
	}
	if _, err := NewPuzzleDrawing("iamond", [][3]int{{0, 0, 5}}, nil); err == nil {
		t.Errorf("an empty cell off the lattice was drawn")
	}
}
