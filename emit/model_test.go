package emit

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// gltfFile is the part of a glTF document the checks read.
type gltfFile struct {
	Asset struct {
		Version string `json:"version"`
	} `json:"asset"`
	Scene  *int `json:"scene"`
	Scenes []struct {
		Nodes []int `json:"nodes"`
	} `json:"scenes"`
	Nodes []struct {
		Name     string `json:"name"`
		Mesh     *int   `json:"mesh"`
		Children []int  `json:"children"`
	} `json:"nodes"`
	Meshes []struct {
		Name       string `json:"name"`
		Primitives []struct {
			Attributes map[string]int `json:"attributes"`
			Indices    *int           `json:"indices"`
			Material   *int           `json:"material"`
		} `json:"primitives"`
	} `json:"meshes"`
	Materials   []json.RawMessage `json:"materials"`
	Accessors   []gltfAccessor    `json:"accessors"`
	BufferViews []gltfBufferView  `json:"bufferViews"`
	Buffers     []gltfBuffer      `json:"buffers"`
}

// checkGLTF validates a glTF document as a viewer would read it: every
// index in range, the buffer as long as it says, every accessor inside its
// view with the bounds of its data, every triangle index below its
// primitive's vertex count, and normals of unit length. It returns the
// triangle count of each mesh by name.
func checkGLTF(t *testing.T, data []byte) map[string]int {
	t.Helper()
	var f gltfFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if f.Asset.Version != "2.0" || f.Scene == nil || *f.Scene >= len(f.Scenes) {
		t.Fatalf("asset %q, scene %v of %d", f.Asset.Version, f.Scene, len(f.Scenes))
	}
	if len(f.Buffers) != 1 {
		t.Fatalf("%d buffers, want 1", len(f.Buffers))
	}
	encoded, ok := strings.CutPrefix(f.Buffers[0].URI, "data:application/octet-stream;base64,")
	if !ok {
		t.Fatalf("buffer URI %.40q is not an embedded base64 buffer", f.Buffers[0].URI)
	}
	buf, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil || len(buf) != f.Buffers[0].ByteLength {
		t.Fatalf("buffer: %v, %d bytes, byteLength %d", err, len(buf), f.Buffers[0].ByteLength)
	}
	for i, v := range f.BufferViews {
		if v.Buffer != 0 || v.ByteOffset%4 != 0 || v.ByteOffset+v.ByteLength > len(buf) {
			t.Errorf("bufferView %d: %+v outside the buffer of %d bytes", i, v, len(buf))
		}
	}
	components := map[string]int{"SCALAR": 1, "VEC3": 3}
	// values decodes an accessor's data: floats, or unsigned ints.
	values := func(i int) []float64 {
		a := f.Accessors[i]
		v := f.BufferViews[a.BufferView]
		n := a.Count * components[a.Type]
		if n*4 > v.ByteLength {
			t.Fatalf("accessor %d: %d values do not fit in view %d of %d bytes", i, n, a.BufferView, v.ByteLength)
		}
		out := make([]float64, n)
		for k := range out {
			word := binary.LittleEndian.Uint32(buf[v.ByteOffset+4*k:])
			out[k] = float64(word)
			if a.ComponentType == gltfFloat {
				out[k] = float64(math.Float32frombits(word))
			}
		}
		return out
	}
	visited := map[int]bool{}
	var visit func(int)
	visit = func(n int) {
		if n < 0 || n >= len(f.Nodes) || visited[n] {
			t.Fatalf("node %d: out of range or reached twice", n)
		}
		visited[n] = true
		for _, c := range f.Nodes[n].Children {
			visit(c)
		}
	}
	for _, n := range f.Scenes[*f.Scene].Nodes {
		visit(n)
	}
	triangles := map[string]int{}
	for _, n := range f.Nodes {
		if n.Mesh == nil {
			continue
		}
		m := f.Meshes[*n.Mesh]
		for _, p := range m.Primitives {
			pos, nrm := p.Attributes["POSITION"], p.Attributes["NORMAL"]
			if p.Material == nil || *p.Material >= len(f.Materials) || p.Indices == nil {
				t.Fatalf("mesh %s: material %v of %d, indices %v", m.Name, p.Material, len(f.Materials), p.Indices)
			}
			a := f.Accessors[pos]
			if a.Type != "VEC3" || a.ComponentType != gltfFloat || len(a.Min) != 3 || len(a.Max) != 3 {
				t.Fatalf("mesh %s: POSITION accessor %+v", m.Name, a)
			}
			xyz := values(pos)
			for k := range 3 {
				lo, hi := math.Inf(1), math.Inf(-1)
				for i := k; i < len(xyz); i += 3 {
					lo, hi = min(lo, xyz[i]), max(hi, xyz[i])
				}
				if float32(lo) != a.Min[k] || float32(hi) != a.Max[k] {
					t.Errorf("mesh %s: axis %d spans %v..%v, accessor says %v..%v", m.Name, k, lo, hi, a.Min[k], a.Max[k])
				}
			}
			normals := values(nrm)
			if f.Accessors[nrm].Count != a.Count {
				t.Errorf("mesh %s: %d normals for %d positions", m.Name, f.Accessors[nrm].Count, a.Count)
			}
			for i := 0; i+2 < len(normals); i += 3 {
				if l := math.Hypot(math.Hypot(normals[i], normals[i+1]), normals[i+2]); math.Abs(l-1) > 1e-5 {
					t.Errorf("mesh %s: normal of length %v", m.Name, l)
				}
			}
			idx := values(*p.Indices)
			if f.Accessors[*p.Indices].ComponentType != gltfUnsignedInt || len(idx)%3 != 0 {
				t.Fatalf("mesh %s: indices accessor %+v", m.Name, f.Accessors[*p.Indices])
			}
			for _, i := range idx {
				if int(i) >= a.Count {
					t.Fatalf("mesh %s: index %v of %d vertices", m.Name, i, a.Count)
				}
			}
			// Each triangle winds counter-clockwise seen from the side
			// its normal points to, as glTF renders front faces.
			for k := 0; k < len(idx); k += 3 {
				var v [3]vec
				for j := range 3 {
					i := int(idx[k+j]) * 3
					v[j] = vec{xyz[i], xyz[i+1], xyz[i+2]}
				}
				i := int(idx[k]) * 3
				n := vec{normals[i], normals[i+1], normals[i+2]}
				if w := v[1].sub(v[0]).cross(v[2].sub(v[0])); w.X*n.X+w.Y*n.Y+w.Z*n.Z <= 0 {
					t.Errorf("mesh %s: triangle %v winds against its normal %v", m.Name, v, n)
				}
			}
			triangles[m.Name] += len(idx) / 3
		}
	}
	return triangles
}

func TestGLTF(t *testing.T) {
	cells := func(cs ...[3]int) [][3]int { return cs }
	for _, c := range []struct {
		name, lattice string
		pieces        []Placed
		triangles     map[string]int
	}{
		{"a cube: six squares", "cubic", []Placed{{Name: "A", Cells: cells([3]int{0, 0, 0})}}, map[string]int{"A": 12}},
		{"two cubes of a piece: no wall between", "cubic",
			[]Placed{{Name: "A", Cells: cells([3]int{0, 0, 0}, [3]int{0, 0, 1})}}, map[string]int{"A": 20}},
		{"two pieces side by side keep their walls", "cubic",
			[]Placed{{Name: "A", Cells: cells([3]int{0, 0, 0})}, {Name: "B", Cells: cells([3]int{1, 0, 0})}}, map[string]int{"A": 12, "B": 12}},
		{"a domino slab: two caps of two triangles each, six sides", "square",
			[]Placed{{Name: "I2", Cells: cells([3]int{0, 0, 0}, [3]int{1, 0, 0})}}, map[string]int{"I2": 2*2*2 + 6*2}},
		{"a hexagon slab: fans of four, six sides", "hex", []Placed{{Name: "H", Cells: cells([3]int{0, 0, 0})}}, map[string]int{"H": 2*4 + 6*2}},
		{"a stick: a bar", "stick", []Placed{{Name: "I1", Cells: cells([3]int{0, 0, 1})}}, map[string]int{"I1": 12}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := GLTF(&b, c.lattice, c.pieces); err != nil {
				t.Fatal(err)
			}
			got := checkGLTF(t, b.Bytes())
			for name, n := range c.triangles {
				if got[name] != n {
					t.Errorf("%s: %d triangles, want %d", name, got[name], n)
				}
			}
		})
	}
}

// TestGLTFEveryFamily builds a model of each family's test solution.
func TestGLTFEveryFamily(t *testing.T) {
	for _, lattice := range drawingLattices {
		rec := readRecord(t, filepath.Join("testdata", "drawings", lattice+".txt"))
		var a, b bytes.Buffer
		if err := GLTF(&a, lattice, rec.Pieces); err != nil {
			t.Fatalf("%s: %v", lattice, err)
		}
		if got := checkGLTF(t, a.Bytes()); len(got) != len(rec.Pieces) {
			t.Errorf("%s: %d meshes for %d pieces", lattice, len(got), len(rec.Pieces))
		}
		if err := GLTF(&b, lattice, rec.Pieces); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: a second model differs (%v)", lattice, err)
		}
	}
}

func TestX3D(t *testing.T) {
	rec := readRecord(t, filepath.Join("testdata", "drawings", "cubic.txt"))
	var b bytes.Buffer
	if err := X3D(&b, "cubic", rec.Pieces); err != nil {
		t.Fatal(err)
	}
	xmlTitles(t, b.Bytes(), "X3D")
	cubes := 0
	for _, p := range rec.Pieces {
		cubes += len(p.Cells)
	}
	if n := strings.Count(b.String(), "<Box "); n != cubes {
		t.Errorf("%d boxes for %d cubes", n, cubes)
	}
	if n := strings.Count(b.String(), "<Material "); n != len(rec.Pieces) {
		t.Errorf("%d materials for %d pieces", n, len(rec.Pieces))
	}
	if err := X3D(&b, "square", []Placed{{Name: "O1", Cells: [][3]int{{0, 0, 0}}}}); err == nil {
		t.Error("X3D of a polyomino: no error")
	}
}

// TestModelFacesPointOut checks, on single convex cells, that every face's
// normal points away from the cell's centre.
func TestModelFacesPointOut(t *testing.T) {
	for _, c := range []struct {
		lattice string
		cell    [3]int
	}{
		{"cubic", [3]int{2, -1, 3}}, {"square", [3]int{0, 0, 0}}, {"iamond", [3]int{1, 1, 1}},
		{"hex", [3]int{-2, 1, 0}}, {"stick", [3]int{0, 0, 0}}, {"trig", [3]int{0, 0, 2}}, {"twig", [3]int{1, 0, 1}},
	} {
		ms, err := models(c.lattice, []Placed{{Name: "A", Cells: [][3]int{c.cell}}})
		if err != nil || len(ms) != 1 {
			t.Fatalf("%s: %v, %d meshes", c.lattice, err, len(ms))
		}
		m := ms[0]
		var centre vec
		for _, v := range m.positions {
			centre = centre.add(v.scale(1 / float64(len(m.positions))))
		}
		for i, v := range m.positions {
			n, d := m.normals[i], v.sub(centre)
			if n.X*d.X+n.Y*d.Y+n.Z*d.Z <= 0 {
				t.Errorf("%s: the normal %v at %v points inwards", c.lattice, n, v)
			}
		}
	}
}
