package genspec

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/compile/sudoku"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/spec"
)

// A Sudoku is what a Sudoku is generated from: its layout, the givens its
// solution keeps, and the keys of its spec that the output repeats.
type Sudoku struct {
	Layout *sudoku.Layout
	Start  []int // givens the solution keeps; nil for none
	Title  string
	Blocks []string   // the rows of the blocks key, none for the usual boxes
	Groups [][]string // the rows of each value of the groups key
	// Source is the request, for the output's first comment: "polyspec
	// generate --sudoku 9x9", say.
	Source string
}

// PlainSudoku is a Sudoku of side n with boxes: the usual square ones when
// n is a square, else r rows by c columns (sudoku.BoxLabels), written into
// the output as a blocks drawing. size is how the request named it
// ("--sudoku 6x6"), for its errors and the output's comment.
func PlainSudoku(n int, size, source string) (*Sudoku, error) {
	labels, err := sudoku.BoxLabels(n)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", size, err)
	}
	lay, err := sudoku.NewLayout(n, labels, nil)
	if err != nil {
		return nil, err
	}
	g := &Sudoku{Layout: lay, Source: source}
	for r := 0; r < len(labels); r += n {
		g.Blocks = append(g.Blocks, strings.Join(labels[r:r+n], " "))
	}
	return g, nil
}

// SpecSudoku is the Sudoku of a spec of kind "sudoku": its blocks and
// groups are kept, and its givens stay in the solution.
func SpecSudoku(s *spec.Spec, source string) (*Sudoku, error) {
	pz, err := sudoku.FromSpec(s)
	if err != nil {
		return nil, err
	}
	g := &Sudoku{Layout: pz.Layout, Start: pz.Givens, Title: s.Title.V, Source: source}
	if s.Blocks.Set {
		g.Blocks = s.Blocks.V
	}
	for _, v := range s.Groups {
		g.Groups = append(g.Groups, v.V)
	}
	return g, nil
}

// SudokuSize reads a Sudoku's size, NxN or N alone; flag names it in the
// errors ("--sudoku", "size").
func SudokuSize(flag, v string) (int, error) {
	w, h, found := strings.Cut(v, "x")
	if !found {
		h = w
	}
	n, err := strconv.Atoi(w)
	m, err2 := strconv.Atoi(h)
	switch {
	case err != nil || err2 != nil:
		return 0, fmt.Errorf("%s %q: expected a size such as 9x9", flag, v)
	case n != m:
		return 0, fmt.Errorf("%s %s: a Sudoku grid is square (%dx%d has %d rows of %d cells, and needs as many of each)", flag, v, n, m, m, n)
	case n < 4 || n > len(sudoku.Symbols):
		return 0, fmt.Errorf("%s %s: expected 4x4 up to %dx%d", flag, v, len(sudoku.Symbols), len(sudoku.Symbols))
	}
	return n, nil
}

// WriteSudoku writes a generated Sudoku as a spec in the catalogue's
// form, its comments saying what was proved and how hard it is.
func WriteSudoku(w io.Writer, src *Sudoku, g *sudoku.Generated, opt sudoku.GenerateOptions) error {
	n := src.Layout.N
	givens := 0
	for _, d := range g.Givens {
		if d != 0 {
			givens++
		}
	}
	var b strings.Builder
	made := fmt.Sprintf("%s --seed %d", src.Source, opt.Seed)
	orbits := "givens"
	if opt.Symmetry != sudoku.NoSymmetry {
		made += " --symmetry " + opt.Symmetry.String()
		orbits = "orbits of givens under the " + opt.Symmetry.String() + " symmetry"
	}
	fmt.Fprintf(&b, "# A %d×%d Sudoku with %d givens, made by %s.\n", n, n, givens, made)
	fmt.Fprintf(&b, "# Unique: a search for a second solution (algx, %d nodes) found none.\n", g.Unique.Nodes)
	fmt.Fprintf(&b, "# Minimal: each of its %d %s, taken away, lets in a second solution.\n", g.Needed, orbits)
	if len(g.Spare) > 0 {
		fmt.Fprintf(&b, "# %d givens could go alone, breaking the symmetry.\n", len(g.Spare))
	}
	fmt.Fprintf(&b, "# Difficulty: %s.\n", g.Rating)
	title := src.Title
	if title == "" {
		title = fmt.Sprintf("Sudoku %d×%d", n, n)
	}
	fmt.Fprintf(&b, "kind = \"sudoku\"\ntitle = %s\n", tomlString(fmt.Sprintf("%s, generated (seed %d)", title, opt.Seed)))
	b.WriteString("count = 1\ncount-by = \"polyspec generate, algx\"\n")
	if src.Blocks != nil {
		fmt.Fprintf(&b, "blocks = %s\n", tomlRows(src.Blocks))
	}
	if len(src.Groups) > 0 {
		var vals []string
		for _, rows := range src.Groups {
			vals = append(vals, tomlRows(rows))
		}
		fmt.Fprintf(&b, "groups = [%s]\n", strings.Join(vals, ", "))
	}
	fmt.Fprintf(&b, "givens = %s\n", tomlRows(Boxed(gridRows(n, g.Givens), src.Layout.Blocks())))
	_, err := io.WriteString(w, b.String())
	return err
}

// SudokuSVG draws a generated Sudoku: its grid, with thick lines between
// blocks, and its givens.
func SudokuSVG(w io.Writer, src *Sudoku, g *sudoku.Generated) error {
	return emit.SudokuSVG(w, gridRows(src.Layout.N, g.Givens), src.Layout.Blocks(), g.Givens)
}

// gridRows are a grid's rows, digits parted by spaces.
func gridRows(n int, grid []int) []string {
	return strings.Split(strings.TrimSuffix(sudoku.Format(n, grid), "\n"), "\n")
}

// Boxed draws a grid's rows (digits parted by spaces) with lines between
// its boxes, as a spec's givens may be written: a bar between two columns,
// and a rule between two rows, wherever every cell on one side is in
// another block than its neighbour on the other. A jigsaw grid, whose
// blocks no straight line parts, keeps its rows as they are.
func Boxed(rows []string, blocks []int) []string {
	n := len(rows)
	if n == 0 || len(blocks) != n*n {
		return rows
	}
	parted := func(a, b func(i int) int) bool {
		for i := range n {
			if blocks[a(i)] == blocks[b(i)] {
				return false
			}
		}
		return true
	}
	var out []string
	for r, row := range rows {
		digits := strings.Fields(row)
		var b strings.Builder
		for c, d := range digits {
			if c > 0 {
				b.WriteByte(' ')
				if parted(func(i int) int { return i*n + c - 1 }, func(i int) int { return i*n + c }) {
					b.WriteString("| ")
				}
			}
			b.WriteString(d)
		}
		line := b.String()
		if r > 0 && parted(func(i int) int { return (r-1)*n + i }, func(i int) int { return r*n + i }) {
			out = append(out, strings.Map(func(c rune) rune {
				if c == '|' {
					return '+'
				}
				return '-'
			}, line))
		}
		out = append(out, line)
	}
	return out
}
