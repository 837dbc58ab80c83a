package emit

// A lattice is everything emit knows of one lattice, registered once: its
// record format (the coordinates of a cell and the text picture), and its
// drawing.
type lattice struct {
	name     string
	dims     int     // coordinates of a cell in a record
	picture  picture // a record's text picture
	geometry geometry
}

// squareTiles is the square lattice's geometry, which Pips boards use too.
var squareTiles = geometry{tileForm, squareBasis, square, 1}

// lattices are the lattices emit draws.
var lattices = []lattice{
	{"square", 2, squarePicture, squareTiles},
	{"hex", 2, hexPicture, geometry{tileForm, triangleBasis, hexagon, 1}},
	{"cubic", 3, cubePicture, geometry{cubeForm, squareBasis, square, 0}},
	{"iamond", 3, iamondPicture, geometry{tileForm, triangleBasis, triangle, 2}},
	{"stick", 3, stickPicture, geometry{segmentForm, squareBasis, stick, 2}},
	{"trig", 3, trigPicture, geometry{segmentForm, triangleBasis, trig, 3}},
	{"twig", 3, twigPicture, geometry{segmentForm, triangleBasis, twig, 3}},
}

// lookupLattice finds a lattice by its name.
func lookupLattice(name string) (*lattice, bool) {
	for i, l := range lattices {
		if l.name == name {
			return &lattices[i], true
		}
	}
	return nil, false
}

// Solid reports whether a lattice's cells are cubes, which X3D draws.
func Solid(name string) bool { return Form(name) == "cubes" }

// Form names how a lattice's cells are drawn: "tiles", "segments" or
// "cubes", or "" for an unknown lattice.
func Form(name string) string {
	l, ok := lookupLattice(name)
	if !ok {
		return ""
	}
	return [...]string{tileForm: "tiles", segmentForm: "segments", cubeForm: "cubes"}[l.geometry.form]
}
