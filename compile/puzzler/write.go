package puzzler

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/compile"
)

// FileName is the spec's file name: its name, which is the solution file's
// base name in lower case, with the extension of the syntax.
func (pz *Puzzle) FileName(yaml bool) string {
	if yaml {
		return pz.Name + ".yaml"
	}
	return pz.Name + ".toml"
}

// dimensions are sizes such as "6x10" or "3x4x5", which titles write with ×.
var dimensions = regexp.MustCompile(`^[0-9]+(x[0-9]+)+$`)

// Title makes a title for people from the name: "pentominoes-8x8-corners"
// reads "Pentominoes 8×8 corners"; "one-sided" keeps its hyphen.
func (pz *Puzzle) Title() string {
	words := strings.Split(strings.ReplaceAll(pz.Name, "one-sided", "one\x00sided"), "-")
	for i, w := range words {
		w = strings.ReplaceAll(w, "\x00", "-")
		if dimensions.MatchString(w) {
			w = strings.ReplaceAll(w, "x", "×")
		}
		words[i] = w
	}
	t := strings.Join(words, " ")
	return strings.ToUpper(t[:1]) + t[1:]
}

// comments explain where the spec comes from and what it leaves out.
func (pz *Puzzle) comments() []string {
	family := filepath.Base(filepath.Dir(pz.Source))
	c := []string{fmt.Sprintf("Imported from Polyform Puzzler's %s (%s/%s):", pz.Matrix, family, filepath.Base(pz.Source))}
	if len(pz.Parked) == 0 {
		c = append(c, "the board is the cells its first solution covers.")
	} else {
		c = append(c, fmt.Sprintf("the board is the cells its first solution covers, less %s, parked beside it.", strings.Join(pz.Parked, " and ")))
	}
	if pz.Transposed {
		c = append(c, "x and y are swapped: the file's tube joins top and bottom, a spec's joins left and right.")
	}
	switch {
	case !pz.Complete && pz.Count > 0:
		c = append(c, fmt.Sprintf("Its run stopped early, after %d solutions: the file gives no count.", pz.Count))
	case !pz.Complete:
		c = append(c, "The file gives no complete count.")
	case pz.Contradicted() != "" && pz.TargetSource == "":
		c = append(c, "No expect. "+pz.Contradicted())
	case pz.Contradicted() != "":
		c = append(c, pz.Contradicted())
	}
	if pz.Note != "" {
		c = append(c, pz.Note)
	}
	if d := pz.documentedComment(); d != "" {
		c = append(c, d)
	}
	return c
}

// documentedComment says what the puzzle's description says of a complete
// count it does not contradict (Contradicted says the rest).
func (pz *Puzzle) documentedComment() string {
	v := pz.Verdict
	switch {
	case len(v.SetAside) > 0:
		return fmt.Sprintf("Polyform Puzzler's description of this puzzle states %d too, and also %s: set aside, as the complete run and the description's other statement agree.", pz.Count, quoteAll(v.SetAside))
	case v.Agrees:
		return fmt.Sprintf("Polyform Puzzler's description of this puzzle states %d too.", pz.Count)
	case v.Doubt != "":
		return fmt.Sprintf("Polyform Puzzler's description of this puzzle gives the count in doubt (%q); the complete run is the source.", v.Doubt)
	}
	return ""
}

// quoteAll quotes statements and joins them with "and".
func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, " and ")
}

// writeComments writes comments as lines of "# ", a long one wrapped at
// word breaks.
func writeComments(b *strings.Builder, comments []string) {
	const width = 76
	for _, c := range comments {
		line := "#"
		for _, w := range strings.Fields(c) {
			if len(line) > 1 && len(line)+1+len(w) > width {
				b.WriteString(line + "\n")
				line = "#"
			}
			line += " " + w
		}
		b.WriteString(line + "\n")
	}
}

// TOML writes the spec in TOML.
func (pz *Puzzle) TOML() []byte {
	var b strings.Builder
	writeComments(&b, pz.comments())
	pz.keys(&b, " = ")
	if len(pz.Shapes) > 0 {
		b.WriteString("\n[shapes]\n")
		for _, s := range pz.Shapes {
			fmt.Fprintf(&b, "%s = %q\n", s.Name, shapeText(pz.Lattice, s.Cells))
		}
	}
	if len(pz.Restricted) > 0 {
		fmt.Fprintf(&b, "\n[orientations]\n%s = [%s]\n", pz.Restricted[0].Name, pz.orientationList())
	}
	b.WriteString("\n[board]\n")
	if pz.Wrap > 0 {
		b.WriteString("tube = true\n")
	}
	key, text := pz.board()
	fmt.Fprintf(&b, "%s = \"\"\"\n%s\n\"\"\"\n", key, text)
	if pz.Regions != nil {
		b.WriteString("regions = [\n")
		for _, r := range pz.Regions {
			fmt.Fprintf(&b, "  \"\"\"\n%s\n\"\"\",\n", cellsText(pz.Lattice, r))
		}
		b.WriteString("]\n")
	}
	return []byte(b.String())
}

// YAML writes the spec in YAML.
func (pz *Puzzle) YAML() []byte {
	var b strings.Builder
	writeComments(&b, pz.comments())
	pz.keys(&b, ": ")
	if len(pz.Shapes) > 0 {
		b.WriteString("shapes:\n")
		for _, s := range pz.Shapes {
			fmt.Fprintf(&b, "  %q: %q\n", s.Name, shapeText(pz.Lattice, s.Cells))
		}
	}
	if len(pz.Restricted) > 0 {
		fmt.Fprintf(&b, "orientations:\n  %q: [%s]\n", pz.Restricted[0].Name, pz.orientationList())
	}
	b.WriteString("board:\n")
	if pz.Wrap > 0 {
		b.WriteString("  tube: true\n")
	}
	key, text := pz.board()
	fmt.Fprintf(&b, "  %s: |\n    %s\n", key, strings.ReplaceAll(text, "\n", "\n    "))
	if pz.Regions != nil {
		b.WriteString("  regions:\n")
		for _, r := range pz.Regions {
			fmt.Fprintf(&b, "    - %q\n", shapeText(pz.Lattice, r))
		}
	}
	return []byte(b.String())
}

// orientationList writes the restricted piece's orientations as quoted
// strings of cells, joined by commas, as both syntaxes read a list.
func (pz *Puzzle) orientationList() string {
	q := make([]string, len(pz.Restricted))
	for i, o := range pz.Restricted {
		q[i] = strconv.Quote(shapeText(pz.Lattice, o.Cells))
	}
	return strings.Join(q, ", ")
}

// keys writes the top-level keys the two syntaxes share, with sep between
// key and value; strings are quoted as both syntaxes read them.
func (pz *Puzzle) keys(b *strings.Builder, sep string) {
	kv := func(k, v string) { fmt.Fprintf(b, "%s%s%s\n", k, sep, v) }
	kv("name", strconv.Quote(pz.Name))
	kv("title", strconv.Quote(pz.Title()))
	kv("lattice", strconv.Quote(pz.Lattice.Name()))
	kv("pieces", strconv.Quote(pz.Pieces))
	if pz.OneSided {
		kv("one-sided", "true")
	}
	if pz.Omit > 0 {
		kv("omit", strconv.Itoa(pz.Omit))
	}
	if pz.Omittable != nil {
		kv("omittable", strconv.Quote(strings.Join(pz.Omittable, ",")))
	}
	if pz.MayCross {
		kv("may-cross", "true")
	}
	if pz.Symmetry != "" {
		kv("symmetry", strconv.Quote(pz.Symmetry))
	}
	kv("unique", strconv.FormatBool(!pz.AllSolutions))
	if pz.Expect {
		kv("expect", strconv.FormatInt(pz.Target, 10))
		kv("expect-source", strconv.Quote(pz.TargetSource))
	}
}

// board returns the board's key, art or cells, and its text.
func (pz *Puzzle) board() (string, string) {
	if pz.Lattice.Squares() {
		maxArea := pz.limits.Cells
		if maxArea == 0 {
			maxArea = compile.DefaultMaxCells
		}
		if rows, ok := art(pz.Board, maxArea); ok {
			return "art", strings.Join(rows, "\n")
		}
	}
	return "cells", cellsText(pz.Lattice, pz.Board)
}
