package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/spec"
)

// NewCmd writes a spec to start a puzzle from.
type NewCmd struct {
	Name     string `arg:"" help:"The puzzle's name (a-z, 0-9 and '-'); the spec goes to NAME.toml."`
	Lattice  string `default:"${default_lattice}" enum:"${lattices}" help:"The lattice: ${lattice_words}."`
	Board    string `placeholder:"WxH" help:"The board: W by H squares (WxHxD cubes on the cubic lattice, a parallelogram of triangles or hexagons on iamond and hex, the segments of a W by H grid on stick and trig). Default: the board of the lattice's example in 'polyspec help spec'."`
	Pieces   string `placeholder:"RULE" help:"The piece set, as a piece-set rule such as 5*, 1234 or F,I,L*2. Default: the pieces of the lattice's example."`
	OneSided bool   `name:"one-sided" help:"Pieces may not be turned over."`
	Out      string `short:"o" placeholder:"FILE" help:"Write the spec here instead of NAME.toml (- for standard output)."`
	Force    bool   `help:"Overwrite the file if it exists."`
}

func (c *NewCmd) Run(e *env) error {
	text, err := c.spec()
	if err != nil {
		return err
	}
	out := c.Out
	if out == "" {
		out = c.Name + ".toml"
	}
	// A spec that does not load and compile as written is still the
	// start of a puzzle: it is written with the reason at its top, as
	// an author fixes it in the file.
	s, err := spec.Parse(c.Name+".toml", []byte(text))
	if err == nil {
		_, err = compile.FromSpec(s)
	}
	unsolvable := err
	if unsolvable != nil {
		text = "# Not solvable as written: " + unsolvable.Error() + ".\n# Change the board, the pieces or omit (see 'polyspec help spec').\n" + text
	}
	if out == "-" {
		_, err = fmt.Fprint(e.stdout, text)
		return err
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if c.Force {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(out, flags, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("new: %s exists (--force overwrites it)", out)
	}
	if err != nil {
		return err
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if unsolvable != nil {
		fmt.Fprintf(e.stderr, "wrote %s, which does not solve as written: %v\n", out, unsolvable)
		return nil
	}
	fmt.Fprintf(e.stderr, "wrote %s; 'polyspec solve %s' solves it, 'polyspec help spec' describes every key\n", out, out)
	return nil
}

// spec writes the spec's text: the lattice's example in the reference,
// with the name, board and pieces asked for, and each key's meaning from
// the reference as a comment above it.
func (c *NewCmd) spec() (string, error) {
	if !regexp.MustCompile(`^[a-z0-9-]+$`).MatchString(c.Name) {
		return "", fmt.Errorf("new: %q: expected a name of a-z, 0-9 and '-'", c.Name)
	}
	docs := spec.LatticeDocs()
	i := slices.IndexFunc(docs, func(d spec.LatticeDoc) bool { return d.Name == c.Lattice })
	example, err := spec.Parse(c.Lattice+".toml", []byte(docs[i].Example))
	if err != nil {
		return "", err
	}
	pieces, cells, size := example.Pieces.S, example.Board.Cells.V, example.Board.Size.V
	expect := example.Expect
	if c.Pieces != "" {
		pieces, expect = c.Pieces, spec.Value[int64]{}
	}
	if c.Board != "" {
		if size, cells, err = newBoard(c.Lattice, c.Board); err != nil {
			return "", err
		}
		expect = spec.Value[int64]{}
	}
	var b strings.Builder
	key := func(k, value string) {
		for _, line := range strings.Split(wrapComment(spec.KeyDoc(k)), "\n") {
			b.WriteString("# " + line + "\n")
		}
		b.WriteString(strings.TrimPrefix(k, "board.") + " = " + value + "\n")
	}
	fmt.Fprintf(&b, "# %s: a spec written by 'polyspec new'. 'polyspec help spec' describes\n# every key; 'polyspec solve' solves it.\n\n", c.Name)
	key("name", strconv.Quote(c.Name))
	key("lattice", strconv.Quote(c.Lattice))
	key("pieces", strconv.Quote(pieces))
	key("one-sided", strconv.FormatBool(c.OneSided || example.OneSided.V))
	key("unique", "true")
	if expect.Set {
		key("expect", strconv.FormatInt(expect.V, 10))
	} else {
		b.WriteString("# " + spec.KeyDoc("expect") + "\n# expect = 0\n")
	}
	b.WriteString("\n[board]\n")
	if cells != "" {
		key("board.cells", `"""`+"\n"+cells+`"""`)
	} else {
		key("board.size", strconv.Quote(fmt.Sprintf("%dx%d", size.W, size.H)))
	}
	return b.String(), nil
}

// latticeNames lists the lattices of the registry for --lattice: as its
// enum, and in words.
func latticeNames() (enum, words string) {
	var names []string
	for _, l := range compile.Lattices {
		names = append(names, l.Name())
	}
	last := len(names) - 1
	return strings.Join(names, ","), strings.Join(names[:last], ", ") + " or " + names[last]
}

// wrapComment fills a key's meaning into lines of a comment.
func wrapComment(text string) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > 76 {
			lines, line = append(lines, line), ""
		}
		line = strings.TrimPrefix(line+" "+w, " ")
	}
	return strings.Join(append(lines, line), "\n")
}

// newBoard makes the board WxH (WxHxD on the cubic lattice): a size on
// the square lattice, else its cells, eight to a line.
func newBoard(lattice, board string) (spec.Size, string, error) {
	l, err := compile.LatticeByName(lattice)
	if err != nil {
		return spec.Size{}, "", err
	}
	m := regexp.MustCompile(`^([1-9][0-9]*)x([1-9][0-9]*)(?:x([1-9][0-9]*))?$`).FindStringSubmatch(board)
	if m == nil || m[3] != "" && (l.Dims() < 3 || l.Kinds() > 0) {
		return spec.Size{}, "", fmt.Errorf("new: --board %q: expected WxH, such as 10x6 (WxHxD on the cubic lattice)", board)
	}
	w, _ := strconv.Atoi(m[1])
	h, _ := strconv.Atoi(m[2])
	d := 1
	if m[3] != "" {
		d, _ = strconv.Atoi(m[3])
	}
	if w*h*d > 10000 {
		return spec.Size{}, "", fmt.Errorf("new: --board %q: more than 10000 cells", board)
	}
	if l.Squares() {
		return spec.Size{W: w, H: h}, "", nil
	}
	cells := l.Block(w, h, d)
	if cells == nil {
		return spec.Size{}, "", fmt.Errorf("new: --board is not offered on the %s lattice: start from its example (leave --board out) and edit board.cells", lattice)
	}
	var b strings.Builder
	for i, c := range cells {
		b.WriteString(compile.CellName(c, l))
		if i%8 == 7 || i == len(cells)-1 {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
	}
	return spec.Size{}, b.String(), nil
}
