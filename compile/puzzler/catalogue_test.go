package puzzler

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/internal/record"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// solutionsDir holds the Polyform Puzzler solution files of the catalogue's
// hand-written specs and of the YAML test, copied unchanged, one folder per
// family.
const solutionsDir = "testdata/puzzler"

// TestHandWrittenSpecsAgree imports the solution file of every catalogue
// spec written by hand and checks that both compile to the same puzzle: the
// same board, pieces and rules, and the same count where both give one.
func TestHandWrittenSpecsAgree(t *testing.T) {
	checked := map[string]bool{}
	for _, e := range puzzles.Entries() {
		data, err := puzzles.FS.ReadFile(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		source := filepath.Join(solutionsDir, e.Family, e.Name+".txt")
		if strings.HasPrefix(string(data), "# Imported") {
			continue
		}
		if _, err := os.Stat(source); err != nil {
			continue // not from Polyform Puzzler
		}
		checked[source] = true
		t.Run(e.Name, func(t *testing.T) {
			hand, err := spec.Parse(e.Path, data)
			if err != nil {
				t.Fatal(err)
			}
			text, err := os.ReadFile(source)
			if err != nil {
				t.Fatal(err)
			}
			imp, err := Import(source, text, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := spec.Parse(imp.FileName(false), imp.TOML())
			if err != nil {
				t.Fatal(err)
			}
			a, b := compiled(t, hand), compiled(t, got)
			// Which symmetries a published count removes, which pieces may
			// be left out and which regions pieces keep to are what a
			// solution file does not say: specs record them by hand.
			a.Options.Rotations, a.Options.Parts = false, false
			a.Options.Omittable, a.Options.Regions = nil, nil
			if !slices.Equal(a.Board, b.Board) || !reflect.DeepEqual(a.Options, b.Options) || !samePieces(a, b) {
				t.Errorf("the hand-written spec and the import differ: options %+v and %+v, pieces %s and %s", a.Options, b.Options, hand.Pieces.S, got.Pieces.S)
			}
			if hand.Expect.Set && got.Expect.Set && hand.Expect.V != got.Expect.V {
				t.Errorf("expect %d by hand, %d imported", hand.Expect.V, got.Expect.V)
			}
		})
	}
	// A solution file in testdata that no hand-written spec uses means a
	// spec was renamed or turned into an import: it would be checked no more.
	files, _ := filepath.Glob(filepath.Join(solutionsDir, "*", "*.txt"))
	for _, f := range files {
		if !checked[f] && !slices.Contains(yamlFiles, f) {
			t.Errorf("%s: no hand-written spec of that name", f)
		}
	}
	if len(checked) == 0 {
		t.Errorf("no hand-written spec has its solution file in %s", solutionsDir)
	}
}

func compiled(t *testing.T, s *spec.Spec) *compile.Puzzle {
	t.Helper()
	pz, err := compile.FromSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return pz
}

// samePieces compares piece sets by name, count and shape, in any order.
func samePieces(a, b *compile.Puzzle) bool {
	if len(a.Pieces) != len(b.Pieces) {
		return false
	}
	for _, p := range a.Pieces {
		i := slices.IndexFunc(b.Pieces, func(q compile.Piece) bool { return q.Name == p.Name && q.Count == p.Count })
		if i < 0 || !slices.EqualFunc(p.Orientations, b.Pieces[i].Orientations, slices.Equal) {
			return false
		}
	}
	return true
}

// yamlFiles are the solution files TestYAMLReadsAsTOML imports.
var yamlFiles = []string{
	filepath.Join(solutionsDir, "ominoes/pentominoes-8x8.txt"),
	filepath.Join(solutionsDir, "sticks/tetrasticks-6x6.txt"),
	filepath.Join(solutionsDir, "ominoes/pentominoes-3x20-tube.txt"),
	filepath.Join(solutionsDir, "sticks/seven-segment-digits-6x5.txt"),
}

// TestYAMLReadsAsTOML checks that both syntaxes of an import are one spec.
func TestYAMLReadsAsTOML(t *testing.T) {
	for _, path := range yamlFiles {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		pz, err := Import(path, text, Options{})
		if err != nil {
			t.Fatal(err)
		}
		a, errA := spec.Parse(pz.FileName(false), pz.TOML())
		b, errB := spec.Parse(pz.FileName(true), pz.YAML())
		if errA != nil || errB != nil {
			t.Fatalf("%s: %v, %v", path, errA, errB)
		}
		pa, pb := compiled(t, a), compiled(t, b)
		if !slices.Equal(pa.Board, pb.Board) || !reflect.DeepEqual(pa.Options, pb.Options) || !samePieces(pa, pb) || a.Expect != b.Expect && a.Expect.V != b.Expect.V {
			t.Errorf("%s: the TOML and the YAML differ", path)
		}
	}
}

// catalogueFacts holds, for the catalogue's specs with expect or
// expect-all, the facts their sources give, copied by its make.sh.
const catalogueFacts = "testdata/catalogue"

// TestCatalogueExpectsAreFacts checks every expect of the catalogue that
// cites Polyform Puzzler's solution file against the file's closing lines:
// a complete run (no notice that a run was cut short) that closes with the
// expect, and whose puzzle's own description does not contradict it, unless
// the source cites the description too and the description states that
// number (the spec is then the puzzle the description counts), that cites
// the description too where it states the count, and whose
// comment quotes the description's other numbers, if any, saying which it
// trusts. An expect that cites the documentation must be a number the
// description states, and an own count may not be one it states as the
// count (that is a published count).
func TestCatalogueExpectsAreFacts(t *testing.T) {
	archive, err := txtar.ParseFile(filepath.Join(catalogueFacts, "closings.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	closings := map[string][]byte{}
	for _, f := range archive.Files {
		closings[f.Name] = f.Data
	}
	path := filepath.Join(catalogueFacts, "documented-counts.tsv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	documented, err := ReadDocumented(path, f)
	if err != nil {
		t.Fatal(err)
	}
	list, err := os.ReadFile(filepath.Join(catalogueFacts, "undocumented.txt"))
	if err != nil {
		t.Fatal(err)
	}
	undocumented := strings.Fields(string(list))
	fromFile := 0
	for _, e := range puzzles.Entries() {
		s, err := spec.LoadFS(puzzles.FS, e.Path)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := documented[e.Name]; !ok && (s.Expect.Set || s.ExpectAll.Set || s.Count.Set || s.CountAll.Set) && !slices.Contains(undocumented, e.Family+"/"+e.Name) {
			t.Errorf("%s: has a count, and %s has neither its row of the documented counts nor its name in undocumented.txt: run its make.sh", e.Path, catalogueFacts)
		}
		text, err := puzzles.FS.ReadFile(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		comment := strings.ReplaceAll(string(text), "\n# ", " ")
		if n, ok := documented.Count(e.Name); ok && s.Count.Set && s.Count.V == n {
			t.Errorf("%s: polyspec's own count %d is the count its puzzle's description states: write it as expect, with the documentation as its source", e.Path, n)
		} else if ok && s.Count.Set && !mentions(comment, n) {
			t.Errorf("%s: its puzzle's description states %d solutions, not polyspec's own count %d: the spec's comment must say so", e.Path, n, s.Count.V)
		}
		if !s.Expect.Set && !s.ExpectAll.Set {
			continue
		}
		citesFile := strings.Contains(s.ExpectSource.V, "Polyform Puzzler solution file")
		citesDocs := strings.Contains(s.ExpectSource.V, "Polyform Puzzler documentation")
		description, described := documented[e.Name]
		if citesDocs && described && !states(description, s.Expect.V) {
			t.Errorf("%s: expect %d cites Polyform Puzzler's documentation, whose description of the puzzle does not state it: %q", e.Path, s.Expect.V, description)
		}
		if !citesFile {
			continue
		}
		fromFile++
		data, ok := closings[e.Family+"/"+e.Name+".txt"]
		if !ok {
			t.Errorf("%s: cites its solution file, whose closing lines are not in %s: run its make.sh", e.Path, catalogueFacts)
			continue
		}
		c, ok := record.ReadClosing(data)
		switch {
		case !ok || !c.Complete:
			t.Errorf("%s: cites a complete run, but the file's run was cut short or has no count", e.Path)
		case !s.Expect.Set || c.Count != s.Expect.V:
			t.Errorf("%s: expect %d, but the file's complete run closes with %d", e.Path, s.Expect.V, c.Count)
		default:
			v := documented.Judge(e.Name, c.Count)
			if v.Contradiction != "" && !(citesDocs && states(description, c.Count)) {
				t.Errorf("%s: cites its solution file's complete run of %d, but %s", e.Path, c.Count, v.Contradiction)
			}
			if v.Agrees && !citesDocs {
				t.Errorf("%s: its puzzle's description states %d too: cite both, as %q", e.Path, c.Count, DocumentedFileSource)
			}
			// Where the description also states other numbers, the spec
			// says which it trusts, quoting them.
			for _, other := range v.SetAside {
				if !strings.Contains(comment, strconv.Quote(other)) {
					t.Errorf("%s: its puzzle's description also states %q: the spec's comment must quote it and say which number it trusts", e.Path, other)
				}
			}
		}
	}
	if fromFile == 0 {
		t.Error("no catalogue spec cites a solution file")
	}
}

// mentions reports whether a comment gives a number, with or without
// thousands commas.
func mentions(comment string, n int64) bool {
	plain := strconv.FormatInt(n, 10)
	commas := plain
	for i := len(plain) - 3; i > 0; i -= 3 {
		commas = commas[:i] + "," + commas[i:]
	}
	return regexp.MustCompile(`(^|[^0-9,]|,\s)(` + plain + `|` + commas + `)($|[^0-9,]|,\D)`).MatchString(comment)
}

// states reports whether a description states the number, of the whole
// puzzle or of part of it.
func states(description string, n int64) bool {
	return slices.ContainsFunc(statements(description), func(s statement) bool {
		return s.kind != unknown && s.n == n
	})
}
