package emit

// A lattice is everything emit knows of one lattice, registered once:
// the folder of its family's solution files, its record format (the
// coordinates of a cell and the text picture), and its drawing.
type lattice struct {
	name, family, title string
	dims                int     // coordinates of a cell in a record
	picture             picture // a record's text picture
	walls               int     // the class of its text pictures, see pictureClass
	geometry            geometry
}

// squareTiles is the square lattice's geometry, which Pips boards use too.
var squareTiles = geometry{tileForm, squareBasis, square, 1}

// lattices are the lattices in the order a guess prefers them when the
// coordinates fit several: the plain lattice before the one that merely
// also fits.
var lattices = []lattice{
	{"square", "ominoes", "Polyominoes", 2, squarePicture, 0, squareTiles},
	{"hex", "hexes", "Polyhexes", 2, hexPicture, 1, geometry{tileForm, triangleBasis, hexagon, 1}},
	{"cubic", "cubes", "Polycubes", 3, cubePicture, 0, geometry{cubeForm, squareBasis, square, 0}},
	{"iamond", "iamonds", "Polyiamonds", 3, iamondPicture, 2, geometry{tileForm, triangleBasis, triangle, 2}},
	{"stick", "sticks", "Polysticks", 3, stickPicture, 0, geometry{segmentForm, squareBasis, stick, 2}},
	{"trig", "trigs", "Polytrigs", 3, trigPicture, 2, geometry{segmentForm, triangleBasis, trig, 3}},
	{"twig", "twigs", "Polytwigs", 3, twigPicture, 1, geometry{segmentForm, triangleBasis, twig, 3}},
}

// lookupLattice finds a lattice by its name, or by its family's folder
// when byFamily is set.
func lookupLattice(name string, byFamily bool) (*lattice, bool) {
	for i, l := range lattices {
		if l.name == name && !byFamily || l.family == name && byFamily {
			return &lattices[i], true
		}
	}
	return nil, false
}

// FamilyTitle names a family folder such as "ominoes" for people
// ("Polyominoes"), or returns the folder's name for an unknown one.
func FamilyTitle(family string) string {
	if l, ok := lookupLattice(family, true); ok {
		return l.title
	}
	return family
}

// Solid reports whether a lattice's cells are cubes, which X3D draws.
func Solid(name string) bool { return Form(name) == "cubes" }

// Form names how a lattice's cells are drawn: "tiles", "segments" or
// "cubes", or "" for an unknown lattice.
func Form(name string) string {
	l, ok := lookupLattice(name, false)
	if !ok {
		return ""
	}
	return [...]string{tileForm: "tiles", segmentForm: "segments", cubeForm: "cubes"}[l.geometry.form]
}
