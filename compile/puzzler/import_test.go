package puzzler

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/spec"
)

func dlx(t *testing.T) cover.Backend {
	t.Helper()
	b, err := cover.Lookup("dlx")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// importSpec imports a solution file, infers its convention with dlx and
// returns the puzzle and the spec it writes.
func importSpec(t *testing.T, path string, data []byte, opt Options) (*Puzzle, string) {
	t.Helper()
	pz, err := Import(path, data, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := pz.Infer(context.Background(), dlx(t), time.Minute); err != nil {
		t.Fatal(err)
	}
	return pz, string(pz.TOML())
}

// checkSpec fails t unless has(w) holds for every w in want and text holds
// none of not.
func checkSpec(t *testing.T, text string, has func(string) bool, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !has(w) {
			t.Errorf("no %q in\n%s", w, text)
		}
	}
	for _, w := range not {
		if strings.Contains(text, w) {
			t.Errorf("%q in\n%s", w, text)
		}
	}
}

// TestImport imports small solution files and checks the spec's keys.
func TestImport(t *testing.T) {
	for _, c := range []struct {
		name, path, text string
		lattice          string
		want             []string // lines the TOML must hold
		not              []string // and must not
	}{
		{
			name: "a complete count",
			path: "ominoes/p.txt",
			text: "solving P:\n\nsolution 1:\n0,0 0,1 0,2 I3\n1,0 1,1 2,0 V3\n2,1 2,2 I2\n1,2 O1\n\nI3 O1 I2\nI3 V3 I2\nI3 V3 V3\n\n6 solutions, 3 searches, duration 0:00:00.1\n",
			want: []string{`lattice = "square"`, `pieces = "123"`, "unique = true", "expect = 6", `expect-source = "Polyform Puzzler solution file, complete run"`, "# The file's count, 6, is the number of solutions modulo the board's\n# symmetries", "art = \"\"\"\n###\n###\n###\n\"\"\""},
		},
		{
			name: "a run cut short",
			path: "ominoes/p.txt",
			text: "solution 1:\n0,0 0,1 I2\n\nI2\nI2\n\nUser-requested solution limit reached.\n1 solutions, 3 searches, duration 0:00:00.1\n",
			want: []string{"# Its run stopped early, after 1 solutions: the file gives no count."},
			not:  []string{"expect"},
		},
		{
			// A resumed run may not search again what it had reached.
			name: "a count resumed after an interruption",
			path: "ominoes/p.txt",
			text: "solution 1:\n0,0 0,1 I2\n\nI2\nI2\n\nSession interrupted by user.\n0 solutions, 3 searches, duration 0:00:00.1\n\nResuming session (0 solutions, 3 searches).\n\n1 solutions, 4 searches, duration 0:00:00.1\n",
			want: []string{"# Its run stopped early, after 1 solutions: the file gives no count."},
			not:  []string{"expect"},
		},
		{
			name: "names the library lacks, and a board off the origin",
			path: "ominoes/p.txt",
			text: "solution 1:\n1,1 2,1 2,2 Q\n1,2 A\n\nA Q\nQ Q\n\n",
			want: []string{`pieces = "Q,A"`, "[shapes]", `Q = "0,0 1,0 1,1"`, `A = "0,0"`, "cells = \"\"\"\n1,1 1,2 2,1 2,2\n\"\"\""},
		},
		{
			name: "a piece and its mirror image make a one-sided set",
			path: "ominoes/p.txt",
			text: "solution 1:\n0,0 0,1 0,2 1,0 L4\n1,1 1,2 1,3 2,3 l4\n\nL4 l4\nL4 l4 l4\n\n",
			want: []string{"one-sided = true", `pieces = "L4,l4"`},
		},
		{
			name: "a piece parked beside the board, old-style names and grid points",
			path: "sticks/p.txt",
			text: "solution 1:\n0,0,0 1,0,0 1,0i I2*\n0,0,1 0,1,1 0,1i J\n5,5,0 6,5,0 6,5i K\n\n -I-- -I--\n|\n\n",
			want: []string{`lattice = "stick"`, "omit = 1", "parked beside", `pieces = "i2,J,K"`},
		},
		{
			name: "a tube that joins top and bottom is turned",
			path: "ominoes/t.txt",
			text: "solution 1:\n0,0 0,2 I2\n0,1 1,1 I2b\n1,0 1,2 I2c\n\nI I\nI I\nI I\n\n",
			want: []string{"tube = true", "x and y are swapped"},
		},
		{
			name:    "the lattice given",
			path:    "p.txt",
			text:    "solution 1:\n0,0 1,0 I2\n\n__\n\n",
			lattice: "hex",
			want:    []string{`lattice = "hex"`},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, text := importSpec(t, c.path, []byte(c.text), Options{Lattice: c.lattice})
			checkSpec(t, text, func(w string) bool { return strings.Contains(text, w) }, c.want, c.not)
		})
	}
}

// TestImportErrors checks that bad files are refused with the file and line.
func TestImportErrors(t *testing.T) {
	for _, c := range []struct{ name, path, text, lattice, want string }{
		{"no record", "ominoes/p.txt", "solving P:\n\n", "", "ominoes/p.txt: no solution record (expected a line \"solution 1:\")"},
		{"a truncated record", "ominoes/p.txt", "solution 1:\n0,0 0,1 I2", "", "ominoes/p.txt:2: record of solution 1 ends before its picture"},
		{"a malformed coordinate", "ominoes/p.txt", "solution 1:\n0,0 0,z I2\n\nI2\n\n", "", "ominoes/p.txt:2:5: in \"0,z\": expected a whole number, found \"z\""},
		{"mixed coordinates", "ominoes/p.txt", "solution 1:\n0,0 I1\n0,1,0 I2\n\nI\n\n", "", "ominoes/p.txt:1: pieces are written with different numbers of coordinates"},
		{"overlapping pieces", "ominoes/p.txt", "solution 1:\n0,0 0,1 I2\n0,1 J\n\nI\n\n", "", "ominoes/p.txt:1: pieces I2 and J both cover [0 1 0]"},
		{"an ambiguous lattice", "p.txt", "solution 1:\n0,0,0 I1\n\n/\\\n\n", "", "p.txt:1: cannot tell the lattice from the coordinates and the picture (it may be iamond or trig): give --lattice"},
		{"a lattice that does not fit", "p.txt", "solution 1:\n0,0 I1\n\nI\n\n", "cubic", "p.txt:1: the coordinates do not fit the cubic lattice"},
		{"an unknown lattice", "p.txt", "solution 1:\n0,0 I1\n\nI\n\n", "squares", `unknown lattice "squares" (expected square, cubic, iamond, hex, stick, trig, twig)`},
		{"a name no rule can write", "ominoes/p.txt", "solution 1:\n0,0 9X\n\nI\n\n", "", "ominoes/p.txt:1: piece name \"9X\": expected letters and digits, starting with a letter"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Import(c.path, []byte(c.text), Options{Lattice: c.lattice})
			if err == nil || err.Error() != c.want {
				t.Errorf("got error %v, want %s", err, c.want)
			}
		})
	}
}

// TestInfer imports small files whose closing counts were made under each
// standard convention (by counting the puzzle that way) and checks that
// Infer finds that convention, or none.
func TestInfer(t *testing.T) {
	for _, c := range []struct {
		file string
		want []string // lines the TOML must hold
		not  []string // and must not
		note string   // what the note must say
	}{
		{"usual", []string{"unique = true", "expect = 6"}, []string{"symmetry =", "one-sided ="}, "The file's count, 6, is the number of solutions modulo the board's symmetries: found by counting"},
		{"rotations", []string{`symmetry = "rotations"`, "unique = true", "expect = 12"}, nil, "modulo the board's rotations only"},
		{"no-reduction", []string{"unique = false", "expect = 48"}, []string{"symmetry ="}, "with no symmetry reduction"},
		{"parts", []string{`symmetry = "parts"`, "expect = 1"}, nil, "modulo each part of the board moved on its own"},
		{"left-out", []string{"omit = 1", `omittable = "D2"`, "expect = 6"}, nil, "when only the pieces its first solution leaves out may be left out"},
		{"regions", []string{"regions = [", "  \"\"\"\n0,0 0,1 1,0 1,1\n\"\"\",", "expect = 3"}, nil, "when each piece stays within one of the congruent parts"},
		{"unturned", []string{"one-sided = true", "expect = 11"}, nil, "when the pieces are one-sided"},
		{"one-sided-free", []string{"unique = true", "expect = 25"}, []string{"one-sided = true"}, "when the pieces are free"},
		{"interchangeable", []string{`pieces = "a*3"`, "unique = true", "expect = 2"}, []string{"[shapes]\nb ="}, "when pieces of one shape are interchangeable"},
		{"restricted", []string{"unique = false", "expect = 2", "[orientations]\nL4 = [\"0,0 0,1 0,2 1,2\"]"}, []string{"symmetry ="}, "with no symmetry reduction when L4 may take only 1 of its 4 turns"},
		{"unreproduced", []string{"unique = true"}, []string{"expect ="}, "No expect: no standard convention reproduces the file's count, 7 (modulo the board's symmetries: 6; modulo the board's rotations only (mirror images counted apart): 12; with no symmetry reduction: 48;"},
	} {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("testdata", "conventions", c.file+".txt")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			pz, text := importSpec(t, path, data, Options{})
			checkSpec(t, text, func(w string) bool { return strings.Contains(text, w+"\n") }, c.want, c.not)
			if !strings.Contains(pz.Note, c.note) {
				t.Errorf("note %q, want it to say %q", pz.Note, c.note)
			}
			// The YAML says the same.
			a, errA := spec.Parse(pz.FileName(false), pz.TOML())
			b, errB := spec.Parse(pz.FileName(true), pz.YAML())
			if errA != nil || errB != nil {
				t.Fatalf("%v, %v", errA, errB)
			}
			pa, pb := compiled(t, a), compiled(t, b)
			if !reflect.DeepEqual(pa.Options, pb.Options) || a.Expect.V != b.Expect.V || a.ExpectSource.V != b.ExpectSource.V || a.Unique.V != b.Unique.V {
				t.Errorf("the TOML and the YAML differ:\n%s\n%s", pz.TOML(), pz.YAML())
			}
		})
	}
}

// TestScaledBudget: a count that must find more solutions than the usual
// one gets that much more time, within the budget and four times it.
func TestScaledBudget(t *testing.T) {
	for _, c := range []struct {
		usual time.Duration
		ratio float64
		want  time.Duration
	}{
		{time.Second, 2, 10 * time.Second},       // 3 s: the budget
		{6 * time.Second, 2, 18 * time.Second},   // 1.5 × 2 × 6 s
		{8 * time.Second, 12, 40 * time.Second},  // 144 s: four times the budget
		{9 * time.Second, 0.5, 10 * time.Second}, // fewer solutions: the budget
	} {
		if got := scaledBudget(10*time.Second, c.usual, c.ratio); got != c.want {
			t.Errorf("scaledBudget(10s, %s, %g) = %s, want %s", c.usual, c.ratio, got, c.want)
		}
	}
}

// TestImportLimits: the importer's work is bounded by the limits it is
// given: the board's cells before any piece is compared, and its
// self-check's placements, refused as a limit (raised by a flag), not
// reported as a bug of the importer.
func TestImportLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString("solution 1:\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%d,%d P%d\n", i%8, i/8, i)
	}
	b.WriteString("\n" + strings.Repeat("XXXXXXXX\n", 5) + "\n")
	data := []byte(b.String())
	for _, tt := range []struct {
		lim  compile.Limits
		want string // "" for an import that succeeds
	}{
		{compile.Limits{}, ""},
		{compile.Limits{Cells: 40, Placements: 1600}, ""},
		{compile.Limits{Cells: 39}, "more than 39 cells"},
		{compile.Limits{Placements: 1599}, "self-check of the spec written: more than 1599 placements"},
	} {
		_, err := Import("mono.txt", data, Options{Lattice: "square", Limits: tt.lim})
		if tt.want == "" {
			if err != nil {
				t.Errorf("%+v: %v", tt.lim, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "bug") {
			t.Errorf("%+v: %v, want %q", tt.lim, err, tt.want)
		}
	}
}

// TestImportFarApart: a board of a few cells far apart is written as its
// cells, not drawn over its bounding box (900,002 rows of 900,002 took
// 2 GB and did not finish), and a solution whose pieces all lie apart has
// no board and is refused at its line instead of panicking.
func TestImportFarApart(t *testing.T) {
	far := "solution 1:\n0,0 0,1 A\n1,0 1,1 B\n900000,900000 900000,900001 C\n900001,900000 900001,900001 D\n\nAB CD\nAB CD\n\n"
	pz, err := Import("far.txt", []byte(far), Options{Lattice: "square"})
	if err != nil {
		t.Fatal(err)
	}
	if toml := string(pz.TOML()); !strings.Contains(toml, "cells = \"\"\"\n0,0 0,1 1,0 1,1 900000,900000") || strings.Contains(toml, "art =") {
		t.Errorf("far-apart board not written as its cells:\n%s", toml)
	}
	near := "solution 1:\n0,0 0,1 A\n1,0 1,1 B\n100,0 100,1 C\n101,0 101,1 D\n\nAB CD\nAB CD\n\n"
	if pz, err = Import("near.txt", []byte(near), Options{Lattice: "square"}); err != nil || !strings.Contains(string(pz.TOML()), "art =") {
		t.Errorf("a board of 204 positions not drawn: %v", err)
	}
	apart := "solution 1:\n0,0 A\n900000,900000 B\n\nA\n\nB\n\n"
	if _, err := Import("apart.txt", []byte(apart), Options{Lattice: "square"}); err == nil || !strings.HasPrefix(err.Error(), "apart.txt:1: the first solution has no board") {
		t.Errorf("pieces all apart: %v", err)
	}
}
