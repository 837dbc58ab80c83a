package emit

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"math"
)

// glTF constants: component types and buffer targets.
const (
	gltfFloat        = 5126
	gltfUnsignedInt  = 5125
	gltfArrayBuffer  = 34962
	gltfElementArray = 34963
)

type gltfDoc struct {
	Asset       gltfAsset        `json:"asset"`
	Scene       int              `json:"scene"`
	Scenes      []gltfScene      `json:"scenes"`
	Nodes       []gltfNode       `json:"nodes,omitempty"`
	Meshes      []gltfMesh       `json:"meshes,omitempty"`
	Materials   []gltfMaterial   `json:"materials,omitempty"`
	Accessors   []gltfAccessor   `json:"accessors,omitempty"`
	BufferViews []gltfBufferView `json:"bufferViews,omitempty"`
	Buffers     []gltfBuffer     `json:"buffers,omitempty"`
}

type gltfAsset struct {
	Version   string `json:"version"`
	Generator string `json:"generator"`
}

type gltfScene struct {
	Nodes []int `json:"nodes"`
}

type gltfNode struct {
	Name        string      `json:"name,omitempty"`
	Mesh        *int        `json:"mesh,omitempty"`
	Children    []int       `json:"children,omitempty"`
	Translation *[3]float32 `json:"translation,omitempty"`
}

type gltfMesh struct {
	Name       string          `json:"name"`
	Primitives []gltfPrimitive `json:"primitives"`
}

type gltfPrimitive struct {
	Attributes map[string]int `json:"attributes"`
	Indices    int            `json:"indices"`
	Material   int            `json:"material"`
}

type gltfMaterial struct {
	Name string  `json:"name"`
	PBR  gltfPBR `json:"pbrMetallicRoughness"`
}

type gltfPBR struct {
	BaseColorFactor [4]float32 `json:"baseColorFactor"`
	MetallicFactor  float32    `json:"metallicFactor"`
	RoughnessFactor float32    `json:"roughnessFactor"`
}

type gltfAccessor struct {
	BufferView    int       `json:"bufferView"`
	ComponentType int       `json:"componentType"`
	Count         int       `json:"count"`
	Type          string    `json:"type"`
	Min           []float32 `json:"min,omitempty"`
	Max           []float32 `json:"max,omitempty"`
}

type gltfBufferView struct {
	Buffer     int `json:"buffer"`
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
	Target     int `json:"target"`
}

type gltfBuffer struct {
	ByteLength int    `json:"byteLength"`
	URI        string `json:"uri"`
}

// GLTF writes a solution as a glTF 2.0 model: one .gltf JSON file with its
// buffer embedded as base64, one node, mesh and material per piece (named
// after it, coloured as in the pictures), under a root node that centres
// the model on the origin. Polycubes are their cubes; the plane families
// are slabs and bars, seen from the front (+z).
func GLTF(w io.Writer, lattice string, pieces []Placed) error {
	ms, err := models(lattice, pieces)
	if err != nil {
		return err
	}
	doc := gltfDoc{Asset: gltfAsset{Version: "2.0", Generator: "polyspec"}, Scenes: []gltfScene{{Nodes: []int{0}}}}
	root := gltfNode{Name: "solution"}
	doc.Nodes = append(doc.Nodes, root)
	var buf []byte
	view := func(data []byte, target int) int {
		doc.BufferViews = append(doc.BufferViews, gltfBufferView{ByteOffset: len(buf), ByteLength: len(data), Target: target})
		buf = append(buf, data...)
		return len(doc.BufferViews) - 1
	}
	accessor := func(a gltfAccessor) int {
		doc.Accessors = append(doc.Accessors, a)
		return len(doc.Accessors) - 1
	}
	var lo, hi [3]float32
	for i, m := range ms {
		pos, plo, phi := vec3s(m.positions)
		nrm, _, _ := vec3s(m.normals)
		if i == 0 {
			lo, hi = plo, phi
		}
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], plo[k]), max(hi[k], phi[k])
		}
		posAcc := accessor(gltfAccessor{BufferView: view(pos, gltfArrayBuffer), ComponentType: gltfFloat, Count: len(m.positions), Type: "VEC3", Min: plo[:], Max: phi[:]})
		nrmAcc := accessor(gltfAccessor{BufferView: view(nrm, gltfArrayBuffer), ComponentType: gltfFloat, Count: len(m.normals), Type: "VEC3"})
		var idx []byte
		for _, j := range m.indices {
			idx = binary.LittleEndian.AppendUint32(idx, j)
		}
		idxAcc := accessor(gltfAccessor{BufferView: view(idx, gltfElementArray), ComponentType: gltfUnsignedInt, Count: len(m.indices), Type: "SCALAR"})
		doc.Materials = append(doc.Materials, gltfMaterial{Name: m.name, PBR: gltfPBR{
			BaseColorFactor: [4]float32{linear(m.colour.R), linear(m.colour.G), linear(m.colour.B), 1},
			RoughnessFactor: 0.8,
		}})
		doc.Meshes = append(doc.Meshes, gltfMesh{Name: m.name, Primitives: []gltfPrimitive{{
			Attributes: map[string]int{"POSITION": posAcc, "NORMAL": nrmAcc}, Indices: idxAcc, Material: i,
		}}})
		doc.Nodes = append(doc.Nodes, gltfNode{Name: m.name, Mesh: &i})
		doc.Nodes[0].Children = append(doc.Nodes[0].Children, len(doc.Nodes)-1)
	}
	centre := [3]float32{-(lo[0] + hi[0]) / 2, -(lo[1] + hi[1]) / 2, -(lo[2] + hi[2]) / 2}
	doc.Nodes[0].Translation = &centre
	if len(buf) > 0 { // glTF has no empty buffers
		doc.Buffers = []gltfBuffer{{ByteLength: len(buf), URI: "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(buf)}}
	}
	data, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// vec3s packs points as little-endian float32 triples, with their bounds
// as glTF wants them: of the float32 values actually stored.
func vec3s(vs []vec) (data []byte, lo, hi [3]float32) {
	for i, v := range vs {
		f := [3]float32{float32(v.X), float32(v.Y), float32(v.Z)}
		for k := range 3 {
			if i == 0 {
				lo[k], hi[k] = f[k], f[k]
			}
			lo[k], hi[k] = min(lo[k], f[k]), max(hi[k], f[k])
			data = binary.LittleEndian.AppendUint32(data, math.Float32bits(f[k]))
		}
	}
	return data, lo, hi
}

// linear converts an sRGB channel to the linear value glTF colours are.
func linear(c uint8) float32 {
	v := float64(c) / 255
	if v <= 0.04045 {
		return float32(v / 12.92)
	}
	return float32(math.Pow((v+0.055)/1.055, 2.4))
}
