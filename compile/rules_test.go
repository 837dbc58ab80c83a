package compile_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// A tiling is a solution as placed pieces, by piece name.
type tiling []namedPlacement

type namedPlacement struct {
	name  string
	cells []compile.Cell
}

func (t tiling) of(name string) []namedPlacement {
	var out []namedPlacement
	for _, p := range t {
		if p.name == name {
			out = append(out, p)
		}
	}
	return out
}

func cellSet(cells []compile.Cell) map[compile.Cell]bool {
	m := map[compile.Cell]bool{}
	for _, c := range cells {
		m[c] = true
	}
	return m
}

func parseCells(t *testing.T, s string) []compile.Cell {
	t.Helper()
	cells, err := compile.ParseCells(s)
	if err != nil {
		t.Fatal(err)
	}
	return cells
}

// squareTouch reports whether two sets of squares share an edge, or with
// corners a point.
func squareTouch(a, b []compile.Cell, corners bool) bool {
	for _, c := range a {
		for _, d := range b {
			dx, dy := c[0]-d[0], c[1]-d[1]
			if dx*dx+dy*dy == 1 || corners && dx*dx == 1 && dy*dy == 1 {
				return true
			}
		}
	}
	return false
}

func onBorder(c compile.Cell, w, h int) bool {
	return c[0] == 0 || c[1] == 0 || c[0] == w-1 || c[1] == h-1
}

// TestRulesAgainstFilter checks each rule against its meaning, checked
// directly on tilings: the rule's spec has exactly the solutions of the
// spec without it that keep the rule as the test states it, counted with
// two backends; and modulo the board symmetries that map those solutions
// onto themselves, exactly as many distinct ones as orbits among them.
func TestRulesAgainstFilter(t *testing.T) {
	const t9x4 = "pieces = \"4*,L4,T4,I4,O4\"\n[board]\nsize = \"9x4\"\n"
	const mixed5x4 = "pieces = \"I3*2,I2*2,O4,V3*2\"\n[board]\nsize = \"5x4\"\n"
	const colours = "pieces = \"4*,L4,T4,I4,O4\"\n[board]\nsize = \"9x4\"\ncolours = { red = \"0,0 1,0 2,0 0,1 1,1 2,1\" }\n"
	iAt := parseCells(t, "0,0 1,0 2,0 3,0")
	var cube []string
	for x := range 3 {
		for y := range 3 {
			for z := range 3 {
				cube = append(cube, fmt.Sprintf("%d,%d,%d", x, y, z))
			}
		}
	}
	cube3 := strings.Join(cube, " ")
	red := cellSet(parseCells(t, "0,0 1,0 2,0 0,1 1,1 2,1"))
	// noTouch reports whether no two placements of the pieces named
	// touch.
	noTouch := func(t tiling, corners bool, names ...string) bool {
		var ps []namedPlacement
		for _, name := range names {
			ps = append(ps, t.of(name)...)
		}
		for i := range ps {
			for j := range i {
				if squareTouch(ps[i].cells, ps[j].cells, corners) {
					return false
				}
			}
		}
		return true
	}
	// all reports whether every placement of the pieces named keeps ok.
	all := func(t tiling, ok func(cells map[compile.Cell]bool) bool, names ...string) bool {
		for _, name := range names {
			for _, p := range t.of(name) {
				if !ok(cellSet(p.cells)) {
					return false
				}
			}
		}
		return true
	}
	for _, c := range []struct {
		name, base string
		rules      []string
		keep       func(t tiling) bool
	}{
		{"at", t9x4, []string{"I4 at 0,0 1,0 2,0 3,0"}, func(t tiling) bool {
			return slices.ContainsFunc(t.of("I4"), func(p namedPlacement) bool { return slices.Equal(p.cells, iAt) })
		}},
		{"no-four-corners", t9x4, []string{"no-four-corners"}, func(t tiling) bool {
			owner := map[compile.Cell]int{}
			for i, p := range t {
				for _, c := range p.cells {
					owner[c] = i
				}
			}
			for x := range 8 {
				for y := range 3 {
					a, b, c, d := owner[compile.Cell{x, y}], owner[compile.Cell{x + 1, y}], owner[compile.Cell{x, y + 1}], owner[compile.Cell{x + 1, y + 1}]
					if a != b && a != c && a != d && b != c && b != d && c != d {
						return false
					}
				}
			}
			return true
		}},
		{"no-touch", t9x4, []string{"no-touch Z4, O4"}, func(t tiling) bool { return noTouch(t, false, "Z4", "O4") }},
		{"no-touch corners", t9x4, []string{"no-touch Z4, O4 corners"}, func(t tiling) bool { return noTouch(t, true, "Z4", "O4") }},
		{"no-touch same", mixed5x4, []string{"no-touch same"}, func(t tiling) bool {
			return noTouch(t, false, "I3") && noTouch(t, false, "I2") && noTouch(t, false, "V3")
		}},
		{"no-touch same corners", t9x4, []string{"no-touch same corners"}, func(t tiling) bool {
			return noTouch(t, true, "I4") && noTouch(t, true, "L4") && noTouch(t, true, "O4") && noTouch(t, true, "T4")
		}},
		{"avoids border", t9x4, []string{"Z4 avoids border"}, func(t tiling) bool {
			return all(t, func(cells map[compile.Cell]bool) bool {
				for c := range cells {
					if onBorder(c, 9, 4) {
						return false
					}
				}
				return true
			}, "Z4")
		}},
		{"touches", t9x4, []string{"O4 touches 0,0 8,3", "Z4 touches border"}, func(t tiling) bool {
			return all(t, func(cells map[compile.Cell]bool) bool { return cells[compile.Cell{0, 0}] || cells[compile.Cell{8, 3}] }, "O4") &&
				all(t, func(cells map[compile.Cell]bool) bool {
					for c := range cells {
						if onBorder(c, 9, 4) {
							return true
						}
					}
					return false
				}, "Z4")
		}},
		{"covers", t9x4, []string{"I4, L4 covers 0,0 0,3 8,0"}, func(t tiling) bool {
			covered := map[compile.Cell]bool{}
			for _, p := range append(t.of("I4"), t.of("L4")...) {
				for _, c := range p.cells {
					covered[c] = true
				}
			}
			return covered[compile.Cell{0, 0}] && covered[compile.Cell{0, 3}] && covered[compile.Cell{8, 0}]
		}},
		{"on colour", colours, []string{"Z4 on red", "O4 avoids red"}, func(t tiling) bool {
			return all(t, func(cells map[compile.Cell]bool) bool {
				for c := range cells {
					if !red[c] {
						return false
					}
				}
				return true
			}, "Z4") && all(t, func(cells map[compile.Cell]bool) bool {
				for c := range cells {
					if red[c] {
						return false
					}
				}
				return true
			}, "O4")
		}},
		// The Soma cube's board prunes placements by its colour balance,
		// after the rules: the rules' items must follow.
		{"covers solid", "lattice = \"cubic\"\npieces = \"soma\"\n[board]\ncells = \"" + cube3 + "\"\n", []string{"L covers 0,0,0", "T avoids 1,1,1"}, func(t tiling) bool {
			return cellSet(t.of("L")[0].cells)[compile.Cell{0, 0, 0}] && !cellSet(t.of("T")[0].cells)[compile.Cell{1, 1, 1}]
		}},
		{"symmetric half-turn", "pieces = \"L4*4\"\n[board]\nsize = \"4x4\"\n", []string{"symmetric half-turn"}, func(t tiling) bool {
			return symmetricTiling(t, func(c compile.Cell) compile.Cell { return compile.Cell{3 - c[0], 3 - c[1]} })
		}},
		{"symmetric diagonal", "pieces = \"V3*4,O4\"\n[board]\nsize = \"4x4\"\n", []string{"symmetric diagonal"}, func(t tiling) bool {
			return symmetricTiling(t, func(c compile.Cell) compile.Cell { return compile.Cell{c[1], c[0]} })
		}},
		{"symmetric left-right", "pieces = \"I2*3,V3*2\"\n[board]\nsize = \"4x3\"\n", []string{"symmetric left-right"}, func(t tiling) bool {
			return symmetricTiling(t, func(c compile.Cell) compile.Cell { return compile.Cell{3 - c[0], c[1]} })
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			base := compileSpec(t, c.base)
			var kept [][]int
			if _, err := solveModulo(base, "dlx", false, func(sol []int) bool {
				if c.keep(tilingOf(base, sol)) {
					kept = append(kept, slices.Sorted(slices.Values(sol)))
				}
				return true
			}); err != nil {
				t.Fatal(err)
			}
			src := c.base[:strings.Index(c.base, "[board]")] + "rules = " + tomlList(c.rules) + "\n" + c.base[strings.Index(c.base, "[board]"):]
			ruled := compileSpec(t, src)
			for _, backend := range []string{"dlx", "algx"} {
				if got := sweepCount(t, ruled, backend, false); got != int64(len(kept)) {
					t.Errorf("%s: %d solutions, want %d (the tilings without the rule that keep it)", backend, got, len(kept))
				}
			}
			if len(kept) == 0 {
				t.Fatal("no tiling keeps the rule: the case tests nothing")
			}
			if got, want := sweepCount(t, ruled, "dlx", true), orbits(base, kept); got != want {
				t.Errorf("distinct: %d solutions, want %d orbits", got, want)
			}
		})
	}
}

func tomlList(rules []string) string {
	q := make([]string, len(rules))
	for i, r := range rules {
		q[i] = fmt.Sprintf("%q", r)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func compileSpec(t testing.TB, src string) *compile.Puzzle {
	t.Helper()
	s, err := spec.Parse("test.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pz, err := compile.FromSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return pz
}

func tilingOf(pz *compile.Puzzle, sol []int) tiling {
	var out tiling
	for _, o := range sol {
		pl := pz.Placement(o)
		if len(pl.Cells) > 0 {
			out = append(out, namedPlacement{pz.Pieces[pl.Piece].Name, pl.Cells})
		}
	}
	return out
}

// symmetricTiling reports whether the map takes every piece of the tiling
// onto a piece of the same name.
func symmetricTiling(t tiling, image func(compile.Cell) compile.Cell) bool {
	for _, p := range t {
		var img []compile.Cell
		for _, c := range p.cells {
			img = append(img, image(c))
		}
		slices.SortFunc(img, func(a, b compile.Cell) int { return slices.Compare(a[:], b[:]) })
		if !slices.ContainsFunc(t.of(p.name), func(q namedPlacement) bool { return slices.Equal(q.cells, img) }) {
			return false
		}
	}
	return true
}

// orbits counts the solutions (sorted option lists of the puzzle without
// the rule) modulo the board symmetries that map the set of them onto
// itself.
func orbits(pz *compile.Puzzle, sols [][]int) int64 {
	key := func(sol []int) string { return fmt.Sprint(sol) }
	in := map[string]bool{}
	for _, s := range sols {
		in[key(s)] = true
	}
	imageOf := func(g cover.Symmetry, sol []int) []int {
		img := make([]int, len(sol))
		for i, o := range sol {
			img[i] = int(g[o])
		}
		slices.Sort(img)
		return img
	}
	var group []cover.Symmetry
	for _, g := range pz.Symmetries() {
		if !slices.ContainsFunc(sols, func(s []int) bool { return !in[key(imageOf(g, s))] }) {
			group = append(group, g)
		}
	}
	var n int64
	for _, s := range sols {
		least := true
		for _, g := range group {
			if slices.Compare(imageOf(g, s), s) < 0 {
				least = false
			}
		}
		if least {
			n++
		}
	}
	return n
}

// TestCountRuleAgainstSums checks piece ranges against the sum of the
// counts of the piece sets they allow, each a spec without rules.
func TestCountRuleAgainstSums(t *testing.T) {
	for _, c := range []struct {
		name, pieces, board string
		rules               []string
		sets                []string
	}{
		{"any", "I2,V3", `size = "4x3"`, []string{"all: any"}, []string{"I2*6", "I2*3,V3*2", "V3*4"}},
		{"range", "I2,V3", `size = "4x3"`, []string{"I2: 0..3", "V3: 1.."}, []string{"I2*3,V3*2", "V3*4"}},
		{"exact", "I2,V3", `size = "4x3"`, []string{"I2: 3", "V3: 2"}, []string{"I2*3,V3*2"}},
		{"iamonds", "4*", `cells = "0,0,0 0,0,1 1,0,0 1,0,1 2,0,0 2,0,1 0,1,0 0,1,1 1,1,0 1,1,1 2,1,0 2,1,1"`, []string{"all: 0..3"},
			[]string{"I4*3", "C4*3", "T4*3", "I4*2,C4", "I4*2,T4", "C4*2,I4", "C4*2,T4", "T4*2,I4", "T4*2,C4", "I4,C4,T4"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			lattice := ""
			if c.name == "iamonds" {
				lattice = "lattice = \"iamond\"\n"
			}
			var want int64
			for _, set := range c.sets {
				want += sweepCount(t, compileSpec(t, fmt.Sprintf("%spieces = %q\n[board]\n%s\n", lattice, set, c.board)), "dlx", false)
			}
			if want == 0 {
				t.Fatal("no piece set tiles the board: the case tests nothing")
			}
			pz := compileSpec(t, fmt.Sprintf("%spieces = %q\nrules = %s\n[board]\n%s\n", lattice, c.pieces, tomlList(c.rules), c.board))
			for _, backend := range []string{"dlx", "algx", "memo"} {
				if got := sweepCount(t, pz, backend, false); got != want {
					t.Errorf("%s: %d solutions, want %d", backend, got, want)
				}
			}
		})
	}
}

// TestRulesCatalogue counts every spec of the catalogue's rules folder,
// which uses every rule type, with algx, against its own count (made with
// dlx and algx, and checked by verify --own with auto).
func TestRulesCatalogue(t *testing.T) {
	n := 0
	for _, e := range puzzles.Entries() {
		if e.Family != "rules" {
			continue
		}
		n++
		t.Run(e.Name, func(t *testing.T) {
			src, err := puzzles.FS.ReadFile(e.Path)
			if err != nil {
				t.Fatal(err)
			}
			s, err := spec.Parse(e.Path, src)
			if err != nil {
				t.Fatal(err)
			}
			if !s.Count.Set {
				t.Fatal("no count")
			}
			pz, err := compile.FromSpec(s)
			if err != nil {
				t.Fatal(err)
			}
			if got := sweepCount(t, pz, "algx", s.Unique.V); got != s.Count.V {
				t.Errorf("algx: %d solutions, want %d", got, s.Count.V)
			}
		})
	}
	if n < 12 {
		t.Errorf("the rules folder has %d specs, want at least 12", n)
	}
}

// TestOmitCopies counts puzzles that leave out pieces of which there are
// copies against the sum, over every choice of the copies left out, of
// the puzzle of the pieces left with nothing left out. Before, leaving
// out two copies of a piece found no solution, and a piece that fits
// nowhere was refused though it could be left out.
func TestOmitCopies(t *testing.T) {
	for _, c := range []struct {
		pieces map[string]int
		omit   int
		board  string
	}{
		{map[string]int{"I2": 3}, 2, "2x1"},
		{map[string]int{"I2": 2, "O4": 1}, 2, "2x2"},
		{map[string]int{"I2": 3, "V3": 2}, 2, "3x2"},
		{map[string]int{"I2": 3, "V3": 2}, 3, "2x2"},
		{map[string]int{"O4": 1, "I2": 1, "X": 1}, 1, "3x2"},
		{map[string]int{"L4": 3, "O4": 2, "I2": 2}, 3, "4x3"},
	} {
		names := slices.Sorted(maps.Keys(c.pieces))
		set := func(counts map[string]int) string {
			var terms []string
			for _, n := range names {
				if counts[n] > 0 {
					terms = append(terms, fmt.Sprintf("%s*%d", n, counts[n]))
				}
			}
			return strings.Join(terms, ",")
		}
		name := fmt.Sprintf("%s omit %d on %s", set(c.pieces), c.omit, c.board)
		t.Run(name, func(t *testing.T) {
			var want int64
			var leave func(k, left int, counts map[string]int)
			leave = func(k, left int, counts map[string]int) {
				if k == len(names) {
					if left > 0 {
						return
					}
					s, err := spec.Parse("left.toml", []byte(fmt.Sprintf("pieces = %q\n[board]\nsize = %q\n", set(counts), c.board)))
					if err != nil {
						t.Fatal(err)
					}
					if pz, err := compile.FromSpec(s); err == nil {
						want += sweepCount(t, pz, "dlx", false)
					}
					return
				}
				for out := 0; out <= min(left, c.pieces[names[k]]); out++ {
					counts[names[k]] = c.pieces[names[k]] - out
					leave(k+1, left-out, counts)
				}
				counts[names[k]] = c.pieces[names[k]]
			}
			leave(0, c.omit, maps.Clone(c.pieces))
			if want == 0 {
				t.Fatal("no choice of pieces left tiles the board: the case tests nothing")
			}
			pz := compileSpec(t, fmt.Sprintf("pieces = %q\nomit = %d\n[board]\nsize = %q\n", set(c.pieces), c.omit, c.board))
			for _, backend := range []string{"dlx", "algx", "memo"} {
				if got := sweepCount(t, pz, backend, false); got != want {
					t.Errorf("%s: %d solutions, want %d", backend, got, want)
				}
			}
		})
	}
}
