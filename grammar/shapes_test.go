package grammar

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/rotations.golden from the code")

// TestRotationsGolden pins the cell order of every shape at every rotation.
// The golden file is in the Polypips document's own notation, so that it
// can be read against the document; rewrite it with -update after a
// deliberate change and read the diff.
func TestRotationsGolden(t *testing.T) {
	var b strings.Builder
	for _, name := range ShapeNames() {
		pips := "123456"[:len(Layout(name))]
		for _, deg := range []string{"", ":90", ":180", ":270"} {
			src := name + ":" + pips + deg
			p, err := ParsePolypip(src)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s\n%s\n", src, table(p.Cells()))
		}
	}
	const golden = "testdata/rotations.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("rotations differ from %s; run go test -run TestRotationsGolden -update and read the diff", golden)
	}
}

// table draws cells as the Polypips document's tables do: "|" for the left
// edge, "." for an empty cell, the pips for a full one.
func table(cells []Cell) string {
	var width, height int
	for _, c := range cells {
		width, height = max(width, c.Col+1), max(height, c.Row+1)
	}
	rows := make([][]byte, height)
	for r := range rows {
		rows[r] = []byte(strings.Repeat(".", width))
	}
	for _, c := range cells {
		rows[c.Row][c.Col] = byte('0' + c.Pips)
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString("|" + string(r) + "\n")
	}
	return b.String()
}

// TestSeedExamples checks the examples the Polypips document works through,
// written out by hand from it.
func TestSeedExamples(t *testing.T) {
	tests := []struct{ src, want string }{
		// "{((0,0),m), ((0,1),n), ((1,1),o), ((1,2),p), ((2,2),q)}"
		{"5W:12345", "|1..\n|23.\n|.45\n"},
		// The matrix example: "[3 -1 -1][4 5 6]" turns to
		// "[-1 6][-1 5][3 4]".
		{"4L+:3456", "|3..\n|456\n"},
		{"4L+:3456:90", "|.6\n|.5\n|34\n"},
		// The tables with pips for letters.
		{"3L:123", "|1.\n|23\n"},
		{"4S-:1234", "|.21\n|43.\n"},
		{"5F+:12345", "|.12\n|34.\n|.5.\n"},
		{"5Z-:12345", "|.21\n|.3.\n|54.\n"},
	}
	for _, tt := range tests {
		p, err := ParsePolypip(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := table(p.Cells()); got != tt.want {
			t.Errorf("%s:\n%swant\n%s", tt.src, got, tt.want)
		}
	}
}

// TestShapesAreTheOneSidedPolyominoes checks the tables against what they
// claim to be: every one-sided polyomino of 1 to 5 cells exactly once, each
// connected, "+" and "-" mirror images cell for cell, and a shape without
// chirality its own mirror image up to rotation.
func TestShapesAreTheOneSidedPolyominoes(t *testing.T) {
	// The number of one-sided polyominoes of each size (OEIS A000988).
	wantCount := map[int]int{1: 1, 2: 1, 3: 2, 4: 7, 5: 18}
	count := map[int]int{}
	seen := map[string]string{}
	for _, name := range ShapeNames() {
		points := Layout(name)
		size := len(points)
		count[size]++
		if fmt.Sprint(size) != name[:1] {
			t.Errorf("%s has %d cells", name, size)
		}
		if !connected(points) {
			t.Errorf("%s is not connected: %v", name, points)
		}
		key := freeOfRotation(points)
		if other, ok := seen[key]; ok {
			t.Errorf("%s is a rotation of %s", name, other)
		}
		seen[key] = name
		mirrorKey := freeOfRotation(mirror(points))
		switch {
		case strings.HasSuffix(name, "+"):
			twin := strings.TrimSuffix(name, "+") + "-"
			if got := Layout(twin); !reflect.DeepEqual(got, mirror(points)) {
				t.Errorf("%s is %v, not the mirror image %v of %s", twin, got, mirror(points), name)
			}
		case strings.HasSuffix(name, "-"):
		case mirrorKey != key:
			t.Errorf("%s has no chirality but its mirror image is not a rotation of it", name)
		}
	}
	if !reflect.DeepEqual(count, wantCount) {
		t.Errorf("shapes by size = %v, want %v", count, wantCount)
	}
}

func TestRotate(t *testing.T) {
	l := Layout("4L+")
	for turns := -8; turns <= 8; turns++ {
		got := Rotate(l, turns)
		want := l
		for range (turns%4 + 4) % 4 {
			want = Rotate(want, 1)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Rotate(4L+, %d) = %v, want %v", turns, got, want)
		}
	}
	if got := Rotate(nil, 1); len(got) != 0 {
		t.Errorf("Rotate(nil, 1) = %v", got)
	}
	if Layout("4L") != nil || Layout("5Q") != nil {
		t.Error("Layout of a name that is no single shape is not nil")
	}
}

func TestLayoutIsACopy(t *testing.T) {
	Layout("5W")[0] = Point{9, 9}
	if Layout("5W")[0] != (Point{}) {
		t.Error("changing what Layout returned changed the table")
	}
}

// freeOfRotation names the set of points up to rotation and translation:
// the least of its four sorted, normalized rotations.
func freeOfRotation(points []Point) string {
	var keys []string
	for turns := range 4 {
		turned := Rotate(points, turns)
		slices.SortFunc(turned, func(a, b Point) int {
			return slices.Compare([]int{a.Row, a.Col}, []int{b.Row, b.Col})
		})
		keys = append(keys, fmt.Sprint(turned))
	}
	return slices.Min(keys)
}

// mirror reflects points across a vertical axis, keeping their order.
func mirror(points []Point) []Point {
	out := make([]Point, len(points))
	for i, p := range points {
		out[i] = Point{-p.Col, p.Row}
	}
	return Rotate(out, 0)
}

func connected(points []Point) bool {
	in := map[Point]bool{}
	for _, p := range points {
		in[p] = true
	}
	reached := map[Point]bool{points[0]: true}
	todo := []Point{points[0]}
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, d := range []Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := Point{p.Col + d.Col, p.Row + d.Row}
			if in[q] && !reached[q] {
				reached[q] = true
				todo = append(todo, q)
			}
		}
	}
	return len(reached) == len(points)
}
