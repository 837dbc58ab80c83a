package compile_test

import (
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/spec"
)

// TestDefinedShapes checks pieces a spec defines in its shapes table: they
// are found by name, hide a library piece of the same name, bring their
// mirror image into a one-sided set, and are checked against the lattice.
func TestDefinedShapes(t *testing.T) {
	for _, c := range []specCase{
		{
			name: "two dominoes named apart",
			src:  "pieces = \"A,B\"\nunique = true\n[shapes]\nA = \"0,0 1,0\"\nB = \"0,0 0,1\"\n[board]\nsize = \"2x2\"\n",
			want: 1,
		},
		{
			name: "a defined name hides the library's",
			src:  "pieces = \"I,O1\"\nunique = true\n[shapes]\nI = \"0,0 1,0 2,0\"\n[board]\nsize = \"4x1\"\n",
			want: 1,
		},
		{
			name: "the mirror image of a defined chiral piece",
			src:  "pieces = \"Q,q\"\none-sided = true\nunique = true\n[shapes]\nQ = \"0,0 1,0 2,0 2,1\"\n[board]\nart = \"..##..\\n######\"\n",
			want: 1,
		},
		{
			name: "cells of the wrong dimension",
			src:  "pieces = \"A\"\n[shapes]\nA = \"0,0,0\"\n[board]\nsize = \"1x1\"\n",
			err:  "test.toml:3:5: shapes.A: expected cells of 2 coordinates on the square lattice, found \"0,0,0\"",
		},
		{
			name: "an undefined name lists the defined ones",
			src:  "lattice = \"trig\"\npieces = \"B\"\n[shapes]\nA = \"0,0,0\"\n[board]\ncells = \"0,0,0\"\n",
			err:  "test.toml:2:11: pieces: unknown piece \"B\" (the trig lattice names I1, I2, L2, V2, C3, E3, I3, J3, L3, O3, P3, S3, T3, U3, Y3, Z3, A; and the sets ditrigs, monotrigs, tritrigs)",
		},
	} {
		t.Run(c.name, func(t *testing.T) { c.check(t, true) })
	}
}

// A specCase is a spec and what compiling it gives: a number of solutions,
// or an error.
type specCase struct {
	name, src string
	want      int64
	err       string
}

// check compiles the spec and counts its solutions (modulo symmetry if
// unique), or checks the error.
func (c specCase) check(t *testing.T, unique bool) {
	t.Helper()
	if c.err == "" {
		if got := count(t, c.src, "dlx", unique); got != c.want {
			t.Errorf("got %d solutions, want %d", got, c.want)
		}
		return
	}
	s, err := spec.Parse("test.toml", []byte(c.src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := compile.FromSpec(s); err == nil || err.Error() != c.err {
		t.Errorf("got error %v\nwant %s", err, c.err)
	}
}

// TestMayCross checks the crossing rule of segment lattices: two straight
// sticks can only cover a plus sign by crossing at its centre.
func TestMayCross(t *testing.T) {
	plus := "lattice = \"stick\"\npieces = \"I,J\"\nunique = true\n[shapes]\nI = \"0,0,0 1,0,0\"\nJ = \"0,0,1 0,1,1\"\n" +
		"[board]\ncells = \"0,1,0 1,1,0 1,0,1 1,1,1\"\n"
	for _, c := range []struct {
		key  string
		want int64
	}{
		{"", 0},
		{"may-cross = true\n", 1},
	} {
		if got := count(t, c.key+plus, "dlx", true); got != c.want {
			t.Errorf("%q: got %d distinct solutions, want %d", c.key, got, c.want)
		}
	}
}

// TestOmittable checks the rule that limits which pieces a solution may
// leave out: two monominoes for one cell make two solutions, one each way,
// until only B may go.
func TestOmittable(t *testing.T) {
	const monominoes = "pieces = \"A,B\"\nomit = 1\n[shapes]\nA = \"0,0\"\nB = \"0,0\"\n[board]\nsize = \"1x1\"\n"
	for _, c := range []specCase{
		{name: "every piece", src: monominoes, want: 2},
		{name: "only B", src: "omittable = \"B\"\n" + monominoes, want: 1},
		{name: "both named", src: "omittable = [\"A\", \"B\"]\n" + monominoes, want: 2},
		{
			name: "a piece the puzzle lacks",
			src:  "omittable = \"X\"\n" + monominoes,
			err:  "test.toml:1:14: omittable: X is not one of the puzzle's pieces",
		},
		{
			name: "a bad rule",
			src:  "omittable = \"B,,\"\n" + monominoes,
			err:  "test.toml:1:16: omittable: expected a piece name, a shape like 4L+, an order like 5*, or 12x5; found \",\"",
		},
		{
			name: "nothing omitted",
			src:  "omittable = \"B\"\npieces = \"A\"\n[shapes]\nA = \"0,0\"\n[board]\nsize = \"1x1\"\n",
			err:  "test.toml:1:14: omittable: the spec omits no pieces (set omit too)",
		},
	} {
		t.Run(c.name, func(t *testing.T) { c.check(t, false) })
	}
}

// TestOrientations checks pieces kept to some of their orientations: two
// L-trominoes, A and B, cover a 3×2 board four ways (two tilings, each
// with A and B either way round); A in one orientation leaves one of them,
// in two orientations two.
func TestOrientations(t *testing.T) {
	const trominoes = "pieces = \"A,B\"\n[shapes]\nA = \"0,0 1,0 0,1\"\nB = \"0,0 1,0 0,1\"\n[board]\nsize = \"3x2\"\n"
	for _, c := range []specCase{
		{name: "free", src: trominoes, want: 4},
		{name: "one orientation", src: "orientations.A = [\"0,0 1,0 0,1\"]\n" + trominoes, want: 1},
		{name: "two orientations, anywhere", src: "orientations.A = [\"5,5 6,5 5,6\", \"0,0 1,0 1,1\"]\n" + trominoes, want: 2},
		{
			name: "a piece the puzzle lacks",
			src:  "orientations.C = [\"0,0\"]\n" + trominoes,
			err:  "test.toml:1:14: orientations.C: C is not one of the puzzle's pieces",
		},
		{
			name: "a shape the piece cannot take",
			src:  "orientations.A = [\"0,0 1,0 2,0\"]\n" + trominoes,
			err:  "test.toml:1:14: orientations.A: A has no orientation of the cells 0,0 1,0 2,0",
		},
		{
			name: "with unique",
			src:  "unique = true\norientations.A = [\"0,0 1,0 0,1\"]\n" + trominoes,
			err:  "test.toml:1:10: unique: a piece restricted by orientations already breaks the board's symmetry; count the restricted puzzle without unique",
		},
	} {
		t.Run(c.name, func(t *testing.T) { c.check(t, false) })
	}
}

// TestRegions checks boards split into regions that pieces must stay
// within: a domino and a monomino cover a 3×1 board two ways, but one way
// when the board is split into regions of one and two cells.
func TestRegions(t *testing.T) {
	const domino = "pieces = \"I2,O1\"\n[board]\n"
	for _, c := range []specCase{
		{name: "one region", src: domino + "regions = [\"0,0 1,0 2,0\"]\n", want: 2},
		{name: "the board is the regions", src: domino + "regions = [\"0,0\", \"1,0 2,0\"]\n", want: 1},
		{name: "regions of a board", src: domino + "size = \"3x1\"\nregions = [\"0,0 1,0\", \"2,0\"]\n", want: 1},
		{
			name: "overlap",
			src:  domino + "regions = [\"0,0 1,0\", \"1,0\"]\n",
			err:  "test.toml:3:23: board.regions[1]: cell 1,0 is also in board.regions[0]",
		},
		{
			name: "off the board",
			src:  domino + "size = \"2x1\"\nregions = [\"0,0 1,0\", \"2,0\"]\n",
			err:  "test.toml:4:23: board.regions[1]: cell 2,0 is not on the board",
		},
		{
			name: "a cell in no region",
			src:  domino + "size = \"2x1\"\nregions = [\"0,0\"]\n",
			err:  "test.toml:4:12: board.regions: board cell 1,0 is in no region",
		},
	} {
		t.Run(c.name, func(t *testing.T) { c.check(t, false) })
	}
}
