package pips

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/grammar"
)

// config builds a configuration from keys and values as a configuration
// file writes them, with a board by name.
func config(t testing.TB, seed int64, keys ...string) *Config {
	t.Helper()
	c := NewConfig()
	for i := 0; i+1 < len(keys); i += 2 {
		if err := c.Set(keys[i], keys[i+1]); err != nil {
			t.Fatalf("%s %q: %v", keys[i], keys[i+1], err)
		}
	}
	c.Seed, c.HasSeed = seed, true
	return c
}

// artConfig builds a configuration with a board drawn as art.
func artConfig(t testing.TB, art string, keys ...string) *Config {
	t.Helper()
	c, err := ReadConfig("c.cfg", []byte("board:\n"+art+"\npieces: 1*\n"))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(keys); i += 2 {
		if err := c.Set(keys[i], keys[i+1]); err != nil {
			t.Fatalf("%s %q: %v", keys[i], keys[i+1], err)
		}
	}
	return c
}

func written(t testing.TB, g *Generated) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := g.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// propertyConfigs are the configurations the property test generates
// from, each with many seeds.
var propertyConfigs = []struct {
	name string
	// searched says that the solver finds the generator's solution
	// quickly, once the cells outside regions are pinned.
	searched bool
	keys     []string
}{
	{"12x5 on 6x10", true, []string{"board", "6x10", "pieces", "12x5", "constraints", "any", "constraint-coverage", "0.3", "constraint-selection", "uniform-size"}},
	{"dominoes on 8x8-hole", false, []string{"board", "8x8-hole", "pieces", "2*", "constraints", "any", "constraint-coverage", "0.5"}},
	{"4*,X with dominoes", true, []string{"board", "8x8", "pieces", "4*,X", "constraints", "2*", "constraint-coverage", "0.8"}},
	{"3L under 4O", false, []string{"board", "6x6", "pieces", "3L", "constraints", "4O", "constraint-coverage", "1.0"}},
	{"1* to 5*", true, []string{"board", "7x7", "pieces", "1*,2*,3*,4*,5*", "constraints", "1*,2*,3*,4*,5*", "constraint-coverage", "0.6"}},
}

// TestGenerateProperties generates 250 games and checks each: its output
// reads back as the same game; the generator's solution meets it (checked
// without the compiler); the solver accepts that solution; the regions are
// disjoint, cover the share asked for, and have shapes of the selection;
// the pieces have shapes of theirs; and generating again gives the same
// bytes.
//
// The solver cannot always find the generator's solution among all of a
// game's: a game of 31 dominoes with weak constraints can have billions of
// solutions and take the solver minutes to reach a given one. So it
// searches the game's exact-cover problem cut down to the options of the
// generator's placements, whose one solution is a solution of the whole
// problem; and, for the configurations where that is quick, the game with
// each cell outside its regions pinned to the generator's pips, until it
// finds the generator's solution.
func TestGenerateProperties(t *testing.T) {
	ctx := context.Background()
	for _, pc := range propertyConfigs {
		for seed := range int64(50) {
			c := config(t, seed, pc.keys...)
			gen, err := Generate(ctx, c, GenerateOptions{})
			if err != nil {
				t.Fatalf("%s, seed %d: %v", pc.name, seed, err)
			}
			out := written(t, gen)
			again, err := Generate(ctx, c, GenerateOptions{})
			if err != nil || !bytes.Equal(written(t, again), out) {
				t.Fatalf("%s, seed %d: generated twice, the games differ (%v)", pc.name, seed, err)
			}
			g, err := ReadGame("out.txt", out)
			if err != nil {
				t.Fatalf("%s, seed %d: reading the output: %v\n%s", pc.name, seed, err, out)
			}
			if !sameGame(g, gen.Game) {
				t.Fatalf("%s, seed %d: the output reads back as another game\n%s", pc.name, seed, out)
			}
			checkGame(t, g, gen.Solution)
			checkShapes(t, c, gen)
			if !solverAccepts(t, g, gen.Solution) {
				t.Fatalf("%s, seed %d: the solver does not accept the generator's solution\n%s", pc.name, seed, out)
			}
			if pc.searched && !solverFinds(t, pin(g, gen.Solution), gen.Solution) {
				t.Fatalf("%s, seed %d: the solver does not find the generator's solution\n%s", pc.name, seed, out)
			}
		}
	}
}

// solverAccepts compiles g, keeps the options that put pieces where sol
// does, and reports whether the sums backend finds exactly one solution
// among them: the exact-cover problem, its colours and its region rules
// all accept sol.
func solverAccepts(t *testing.T, g *Game, sol []Placement) bool {
	t.Helper()
	c, err := Compile(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, p := range sol {
		want[solutionKey([]Placement{p})] = true
	}
	p := cover.NewProblem()
	for _, it := range c.Problem.Items {
		p.AddItem(it)
	}
	for _, name := range c.Problem.Colors[1:] {
		p.Color(name)
	}
	var regions *cover.Regions
	if c.Regions != nil {
		regions = &cover.Regions{List: c.Regions.List}
	}
	for i, o := range c.options {
		if want[solutionKey([]Placement{{Cells: o.cells}})] {
			p.AddOption(c.Problem.Option(i))
			if regions != nil {
				regions.Values = append(regions.Values, c.Regions.Values[i])
			}
		}
	}
	b, err := cover.Lookup(DefaultBackend)
	if err != nil {
		t.Fatal(err)
	}
	st, err := cover.SolveRegions(context.Background(), b, p, regions, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.Solutions == 1
}

// sameGame reports whether two games have the same board, pieces and
// constraints, as their output writes them.
func sameGame(a, b *Game) bool {
	str := func(g *Game) string {
		var s strings.Builder
		fmt.Fprintln(&s, g.Board)
		for _, p := range g.Pieces {
			fmt.Fprint(&s, p, " ")
		}
		for _, r := range g.Regions {
			fmt.Fprintln(&s, r)
		}
		return s.String()
	}
	return str(a) == str(b)
}

// checkShapes checks that the pieces and regions have shapes the
// configuration allows (12x5: each pentomino once), that regions do not
// overlap, and that they cover the share of the board asked for.
func checkShapes(t *testing.T, c *Config, gen *Generated) {
	t.Helper()
	letters := map[byte]int{}
	for _, p := range gen.Game.Pieces {
		if !slices.Contains(c.Pieces.Shapes, p.Shape.String()) {
			t.Fatalf("piece %s is not of the shapes %v", p, c.Pieces.Shapes)
		}
		letters[p.Shape.Letter[0]]++
	}
	if c.Pieces.Twelve && len(letters) != 12 {
		t.Fatalf("12x5 gave the pentominoes %v", letters)
	}
	covered := 0
	for _, r := range gen.Game.Regions {
		if c.Constraints == nil || !slices.ContainsFunc(c.Constraints.Shapes, func(s string) bool { return isShape(r.Cells, s) }) {
			t.Fatalf("region %s is not of the shapes %v", r, c.Constraints)
		}
		covered += len(r.Cells)
	}
	if c.Constraints != nil && float64(covered) < c.Coverage*float64(len(c.Board))-1e-9 {
		t.Fatalf("regions cover %d of %d cells, short of %g", covered, len(c.Board), c.Coverage)
	}
}

// isShape reports whether cells are the named shape turned.
func isShape(cells []grammar.Point, name string) bool {
	want := make([]grammar.Cell, len(cells))
	for i, p := range cells {
		want[i] = grammar.Cell{Point: p}
	}
	pips := strings.Repeat("0", len(cells))
	p, err := grammar.ParsePolypip(name + ":" + pips)
	return err == nil && isTurnOf(want, p)
}

// pin returns the game with each cell outside its regions in a region of
// its own that holds the pips sol has there.
func pin(g *Game, sol []Placement) *Game {
	pinned := *g
	pinned.Regions = slices.Clone(g.Regions)
	inRegion := map[grammar.Point]bool{}
	for _, r := range g.Regions {
		for _, c := range r.Cells {
			inRegion[c] = true
		}
	}
	for _, p := range sol {
		for _, c := range p.Cells {
			if !inRegion[c.Point] {
				pinned.Regions = append(pinned.Regions, &Region{Rule: &grammar.Sum{Target: grammar.Num(c.Pips)}, Cells: []grammar.Point{c.Point}})
			}
		}
	}
	return &pinned
}

// solverFinds reports whether the solver finds sol among the solutions of
// g.
func solverFinds(t testing.TB, g *Game, sol []Placement) bool {
	t.Helper()
	c, err := Compile(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	want, found := solutionKey(sol), false
	if _, err := c.Solve(context.Background(), "", func(s []Placement) bool {
		found = solutionKey(s) == want
		return !found
	}); err != nil {
		t.Fatal(err)
	}
	return found
}

// TestGenerateFailures checks that generation fails honestly, saying why.
func TestGenerateFailures(t *testing.T) {
	tests := []struct {
		name string
		c    *Config
		opts GenerateOptions
		want error
		msg  string
	}{
		{"12x5 on 64 cells", config(t, 1, "board", "8x8", "pieces", "12x5"), GenerateOptions{}, ErrArea,
			"the pieces cannot cover the board's area: 12x5 places the twelve pentominoes, 60 cells, and the board has 64"},
		{"3L on 2x2", config(t, 1, "board", "2x2", "pieces", "3L"), GenerateOptions{}, ErrArea,
			"the pieces cannot cover the board's area: the board has 4 cells, and pieces of 3 cells (3L) cannot add up to that"},
		{"4O on 3x4", config(t, 1, "board", "3x4", "pieces", "4O"), GenerateOptions{}, ErrNoTiling,
			"no tiling of the board by the pieces exists: the search tried every placement of 4O from the upper-left corner (1 tried)"},
		{"4O regions on 3x3", config(t, 1, "board", "3x3", "pieces", "1*", "constraints", "4O", "constraint-coverage", "1"), GenerateOptions{}, ErrCoverage,
			"the constraint shapes cannot reach the coverage: coverage 1 of 9 cells needs regions covering 9 to 9 cells, and regions of 4 cells (4O) cannot add up to any of those"},
		{"dominoes on 5 black and 3 white", artConfig(t, "#.#\n###\n###", "constraints", "2I", "constraint-coverage", "1"), GenerateOptions{}, ErrCoverage,
			"the constraint shapes cannot reach the coverage: no arrangement of 2I covers 8 of the board's 8 cells (coverage 1)"},
		{"budget", config(t, 1, "board", "6x10", "pieces", "12x5"), GenerateOptions{Budget: 10}, ErrBudget,
			"the search reached its bound: gave up tiling the board after 10 placements without an answer either way"},
		{"no rule tells apart", config(t, 1, "board", "4x4", "pieces", "2*", "constraints", "none"), GenerateOptions{Unique: true, Rules: []grammar.Rule{&grammar.Empty{}}}, ErrNotUnique,
			"could not make the solution unique: no rule of the types Empty tells the generator's solution from another"},
	}
	for _, tt := range tests {
		_, err := Generate(context.Background(), tt.c, tt.opts)
		if !errors.Is(err, tt.want) || err.Error() != tt.msg {
			t.Errorf("%s: %v\nwant %s", tt.name, err, tt.msg)
		}
	}
}

// TestGenerateMaxPlacements checks that Unique compiles the game within
// MaxPlacements, with an error at the configuration's pieces (in any of
// its formats; none for pieces set as a flag would be, whose caller names
// the flag), and that the bound only matters to Unique.
func TestGenerateMaxPlacements(t *testing.T) {
	const msg = "more than 10 placements, the limit (--max-placements raises it)"
	read := func(name, text string) *Config {
		c, err := ReadConfigFile(name, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	tests := []struct {
		name string
		c    *Config
		want string
	}{
		{"text", read("c.cfg", "board:\n####\n####\n\npieces: 2*\n"), "c.cfg:5:1: " + msg},
		{"TOML", read("c.toml", "board = \"\"\"\n####\n####\n\"\"\"\npieces = \"2*\"\n"), "c.toml:5:1: " + msg},
		{"YAML", read("c.yaml", "board: |\n  ####\n  ####\npieces: 2*\n"), "c.yaml:4:1: " + msg},
		{"set", config(t, 1, "board", "4x2", "pieces", "2*"), msg},
	}
	for _, tt := range tests {
		if _, err := Generate(context.Background(), tt.c, GenerateOptions{MaxPlacements: 10}); err != nil {
			t.Errorf("%s, without Unique: %v", tt.name, err)
		}
		_, err := Generate(context.Background(), tt.c, GenerateOptions{Unique: true, MaxPlacements: 10})
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: got %v\nwant %s", tt.name, err, tt.want)
		}
		if _, err := Generate(context.Background(), tt.c, GenerateOptions{Unique: true, MaxPlacements: 1000}); err != nil {
			t.Errorf("%s, within the limit: %v", tt.name, err)
		}
	}
}

// TestGenerateUnique checks that Unique leaves exactly one solution, the
// generator's, when it succeeds; that it succeeds for most seeds; and that
// it gives the same game every time, though it bounds the solver's work.
func TestGenerateUnique(t *testing.T) {
	const seeds = 8
	for _, pc := range propertyConfigs {
		if pc.name == "dominoes on 8x8-hole" {
			// 31 dominoes often lie in two ways that show the same pips,
			// which no constraint tells apart, and the attempts take seconds.
			continue
		}
		ok := 0
		for seed := range int64(seeds) {
			c := config(t, seed, pc.keys...)
			gen, err := Generate(context.Background(), c, GenerateOptions{Unique: true})
			if errors.Is(err, ErrNotUnique) {
				continue
			}
			if err != nil {
				t.Fatalf("%s, seed %d: %v", pc.name, seed, err)
			}
			compiled, err := Compile(gen.Game, 0)
			if err != nil {
				t.Fatal(err)
			}
			st, err := compiled.Solve(context.Background(), "", nil)
			if err != nil || st.Solutions != 1 {
				t.Fatalf("%s, seed %d: %d solutions (%v)\n%s", pc.name, seed, st.Solutions, err, written(t, gen))
			}
			if !solverFinds(t, gen.Game, gen.Solution) {
				t.Fatalf("%s, seed %d: the one solution is not the generator's", pc.name, seed)
			}
			if seed < 2 && !bytes.Equal(written(t, must(Generate(context.Background(), c, GenerateOptions{Unique: true}))), written(t, gen)) {
				t.Fatalf("%s, seed %d: generated twice, the games differ", pc.name, seed)
			}
			ok++
		}
		if ok < seeds*3/4 {
			t.Errorf("%s: unique for %d seeds of %d", pc.name, ok, seeds)
		}
	}
}

func TestNamedBoard(t *testing.T) {
	tests := []struct {
		name  string
		cells int
		art   string
	}{
		{"2x3", 6, "##\n##\n##\n"},
		{"6x10", 60, ""},
		{"8x8-hole", 60, "########\n########\n########\n###  ###\n###  ###\n########\n########\n########\n"},
		{"8x8-corners", 60, " ######\n########\n########\n########\n########\n########\n########\n ######\n"},
	}
	for _, tt := range tests {
		board, err := NamedBoard(tt.name)
		if err != nil || len(board) != tt.cells || tt.art != "" && boardArt(board) != tt.art {
			t.Errorf("NamedBoard(%q) = %d cells, %v:\n%s", tt.name, len(board), err, boardArt(board))
		}
	}
	for _, name := range []string{"0x5", "65x1", "8x8-moon", "x"} {
		if _, err := NamedBoard(name); err == nil {
			t.Errorf("NamedBoard(%q) did not fail", name)
		}
	}
	// A row without cells is drawn with dots, which ReadConfig reads back.
	board := []grammar.Point{{Col: 1, Row: 0}, {Col: 0, Row: 2}}
	if got := boardArt(board); got != " #\n..\n#\n" {
		t.Errorf("boardArt = %q", got)
	}
	c, err := ReadConfig("c.cfg", []byte("board:\n"+boardArt(board)+"\npieces: 1o\n"))
	if err != nil || !slices.Equal(c.Board, board) {
		t.Errorf("board read back as %v, %v", c.Board, err)
	}
}

// TestGenerateConfigs generates from the configurations of the Polypips
// data, whose boards are art, and checks the outputs.
func TestGenerateConfigs(t *testing.T) {
	for _, name := range []string{"8x8_minus4.cfg", "8x8_minus4_noconstraints.cfg", "8x8_mixed_unconstrained.cfg", "10x10_mixed_unconstrained.cfg"} {
		path := "testdata/polypips/configs/" + name
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		c, err := ReadConfig(path, data)
		if err != nil {
			t.Fatal(err)
		}
		gen, err := Generate(context.Background(), c, GenerateOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if gen.Seed != c.Seed {
			t.Errorf("%s: seed %d, want %d", name, gen.Seed, c.Seed)
		}
		g, err := ReadGame(name, written(t, gen))
		if err != nil || !sameGame(g, gen.Game) {
			t.Fatalf("%s: read back as another game (%v)", name, err)
		}
		checkGame(t, g, gen.Solution)
		checkShapes(t, c, gen)
	}
}

// TestGenerateOutput checks the layout of the output on a small game.
func TestGenerateOutput(t *testing.T) {
	c := config(t, 3, "board", "4x2", "pieces", "2I", "constraints", "1*,2*", "constraint-coverage", "0.5")
	gen, err := Generate(context.Background(), c, GenerateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := string(written(t, gen))
	for _, section := range []string{"board:\n####\n####\n\npieces:\n2I:", "\n\nconstraints:\n", "\n\ngame:\n┌", "\npieces (ascii):\n2I:", "\nsolution:\n┌"} {
		if !strings.Contains(out, section) {
			t.Errorf("output lacks %q:\n%s", section, out)
		}
	}
	// Without constraints the section says so, and a long list of pieces
	// is wrapped after a comma within the width.
	c = config(t, 3, "board", "10x10", "pieces", "4*,5*", "constraints", "none")
	out = string(written(t, must(Generate(context.Background(), c, GenerateOptions{}))))
	if !strings.Contains(out, "\n\nconstraints:\nnone\n\n") {
		t.Errorf("output without constraints:\n%s", out)
	}
	list := out[strings.Index(out, "pieces:\n")+8 : strings.Index(out, "\n\nconstraints:")]
	lines := strings.Split(list, "\n")
	for i, line := range lines {
		if len(line) > listWidth || i < len(lines)-1 && !strings.HasSuffix(line, ",") || len(lines) < 2 {
			t.Errorf("list of pieces not wrapped to %d columns after commas:\n%s", listWidth, list)
			break
		}
	}
}

func must(g *Generated, err error) *Generated {
	if err != nil {
		panic(err)
	}
	return g
}

// TestGenerateDefaultSeed checks that a configuration without a seed gets
// DefaultSeed, never the clock.
func TestGenerateDefaultSeed(t *testing.T) {
	c := config(t, 0, "board", "5x4", "pieces", "4*", "constraints", "any")
	c.HasSeed = false
	a := must(Generate(context.Background(), c, GenerateOptions{}))
	c.Seed, c.HasSeed = DefaultSeed, true
	b := must(Generate(context.Background(), c, GenerateOptions{}))
	if a.Seed != DefaultSeed || !bytes.Equal(written(t, a), written(t, b)) {
		t.Errorf("without a seed: seed %d, and another game than with seed %d", a.Seed, DefaultSeed)
	}
}

// TestGenerateRules checks that Rules restricts the rule types, so that a
// game can be made of one type only.
func TestGenerateRules(t *testing.T) {
	c := config(t, 5, "board", "6x6", "pieces", "3*", "constraints", "2*,3*", "constraint-coverage", "0.7")
	gen := must(Generate(context.Background(), c, GenerateOptions{Rules: []grammar.Rule{&grammar.Same{}}}))
	for _, r := range gen.Game.Regions {
		if _, ok := r.Rule.(*grammar.Same); !ok {
			t.Errorf("region %s has a rule of another type", r)
		}
	}
}

// BenchmarkGenerateSolve8x8Minus4 generates the game of the Polypips
// data's 8x8_minus4.cfg and solves it (to its first solution).
func BenchmarkGenerateSolve8x8Minus4(b *testing.B) {
	data, err := os.ReadFile("testdata/polypips/configs/8x8_minus4.cfg")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		c, err := ReadConfig("8x8_minus4.cfg", data)
		if err != nil {
			b.Fatal(err)
		}
		gen, err := Generate(context.Background(), c, GenerateOptions{})
		if err != nil {
			b.Fatal(err)
		}
		compiled, err := Compile(gen.Game, 0)
		if err != nil {
			b.Fatal(err)
		}
		var first []Placement
		if _, err := compiled.Solve(context.Background(), "", func(sol []Placement) bool { first = sol; return false }); err != nil || first == nil {
			b.Fatalf("no solution (%v)", err)
		}
	}
}
