package puzzler

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// documentedFile is a small copy of rows of Polyform Puzzler's documented
// counts, one of each kind of statement.
var documentedFile = filepath.Join("testdata", "documented", "documented-counts.tsv")

func readDocumentedFile(t *testing.T) Documented {
	t.Helper()
	f, err := os.Open(documentedFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := ReadDocumented(documentedFile, f)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestReadDocumented reads the test file, quoted field and empty one included.
func TestReadDocumented(t *testing.T) {
	d := readDocumentedFile(t)
	for name, want := range map[string]string{
		"pentominoes-6x10":                          "2339 solutions",
		"one-sided-tetrasticks-5x5-diamond-lattice": `107 solutions / 107 solutions (see "a paper,`,
		"solid-pentominoes-square-tower-6":          "",
	} {
		if got, ok := d[name]; !ok || got != want {
			t.Errorf("%s: %q, %v; want %q", name, got, ok, want)
		}
	}
	if len(d) != 8 {
		t.Errorf("%d puzzles, want 8", len(d))
	}
}

// TestReadDocumentedErrors: a bad file is refused with its line and what
// was expected.
func TestReadDocumentedErrors(t *testing.T) {
	const header = "family\tpuzzle\tclass\tdocumented\n"
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "d.tsv: empty (expected the header family, puzzle, class, documented)"},
		{"another header", "family\tname\tclass\tdocumented\n", "d.tsv:1:1: header \"family\\tname\\tclass\\tdocumented\", expected family, puzzle, class, documented"},
		{"a field missing", header + "ominoes\tp\tP\n", "d.tsv:2:1: wrong number of fields (expected 4 tab-separated fields: family, puzzle, class, documented)"},
		{"a puzzle twice", header + "ominoes\tp\tP\t1 solution\nominoes\tp\tP\t2 solutions\n", "d.tsv:3:1: puzzle p is given twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadDocumented("d.tsv", strings.NewReader(c.text))
			if err == nil || err.Error() != c.want {
				t.Errorf("got error %v, want %s", err, c.want)
			}
		})
	}
}

// TestJudge: each rule by which a description confirms, contradicts or
// leaves alone a complete run's count.
func TestJudge(t *testing.T) {
	for _, c := range []struct {
		rule, description string
		count             int64
		agrees            bool
		setAside          []string
		contradiction     string // a part of it
		doubt             string
	}{
		{"no description", "", 6, false, nil, "", ""},
		{"no count stated", "An irregular shape.", 6, false, nil, "", ""},
		{"the count stated", "2339 solutions", 2339, true, nil, "", ""},
		{"the count stated with commas, twice", "1,310,969 solutions / 1,310,969 many solutions", 1310969, true, nil, "", ""},
		{"the count stated after a label, with a remark", "8x8 grid without corners: 2170 solutions / 2170 solutions", 2170, true, nil, "", ""},
		{"the count stated after many", "many solutions / 213,477 solutions", 213477, true, nil, "", ""},
		{"a count of some solutions beside the count", "3 solutions (perfect solutions) / 2 solutions are perfectly symmetrical in reflection.", 3, true, nil, "", ""},
		{"a total", "many solutions / 6 unique solutions for the inner square. / Total unique solutions: 219,792.", 219792, true, nil, "", ""},
		{"the count and another", "2 solutions / 33 solutions", 33, true, []string{"2 solutions"}, "", ""},
		{"many", "many solutions", 2, false, nil, `gives no count: "many solutions". The description is trusted`, ""},
		{"many, in prose only", "14,600 solutions / With that many solutions, any search finds one at once.", 14600, true, nil, "", ""},
		{"a question mark", "? solutions", 48928, false, nil, `gives no count: "? solutions"`, ""},
		{"a lower bound", "at least 5 solutions, probably many more", 5, false, nil, "gives no count", ""},
		{"another number", "13 solutions", 146, false, nil, `states another number: "13 solutions". The file's count is not trusted`, ""},
		{"two other numbers", "0 solutions. / 2 solutions", 3, false, nil, `states another number: "0 solutions." and "2 solutions"`, ""},
		{"the count in doubt", "10? solutions", 10, false, nil, "", "10? solutions"},
		{"another number in doubt", "6 solutions?", 7, false, nil, `states another number, in doubt: "6 solutions?"`, ""},
		{"the count of a part", "many solutions / 4,579 unique solutions for the pentominoes & tetrominoes (outer ring). / Total unique solutions: 219,792.", 4579, false, nil, "counts only part of the puzzle", ""},
		{"the count of some solutions", "1795 solutions total: / * 72 solutions omitting H", 72, false, nil, `"* 72 solutions omitting H" counts only part`, ""},
		{"the count beside a count of some solutions", "1795 solutions total: / * 72 solutions omitting H", 1795, true, nil, "", ""},
	} {
		t.Run(c.rule, func(t *testing.T) {
			v := Documented{"p": c.description}.Judge("p", c.count)
			if v.Agrees != c.agrees || !slices.Equal(v.SetAside, c.setAside) || v.Doubt != c.doubt ||
				(c.contradiction == "") != (v.Contradiction == "") || !strings.Contains(v.Contradiction, c.contradiction) {
				t.Errorf("Judge(%q, %d) = %+v; want agrees %v, set aside %q, a contradiction saying %q, doubt %q", c.description, c.count, v, c.agrees, c.setAside, c.contradiction, c.doubt)
			}
			if v := (Documented{}).Judge("p", c.count); v.Agrees || v.Contradiction != "" {
				t.Errorf("a puzzle with no description: %+v", v)
			}
		})
	}
}

// TestImportDocumented imports a file whose complete run counts 6 (the
// usual convention reproduces it; rotations only give 12) under each kind
// of description, and the same puzzle's file of a run cut short, and checks
// the expect, its source and the comment.
func TestImportDocumented(t *testing.T) {
	complete, cutShort := filepath.Join("testdata", "conventions", "usual.txt"), filepath.Join("testdata", "documented", "cut-short.txt")
	for _, c := range []struct {
		rule, description string
		file              string   // complete if ""
		want              []string // lines the TOML must hold
		not               []string // and must not
	}{
		{"no description", "", "", []string{"expect = 6\n", `expect-source = "Polyform Puzzler solution file, complete run"`}, []string{"description"}},
		{"the count stated", "6 solutions", "", []string{"expect = 6\n", `expect-source = "Polyform Puzzler documentation and solution file, complete run"`, "Polyform Puzzler's description of this puzzle states 6 too."}, nil},
		{"the count and another", "2 solutions / 6 solutions", "", []string{"expect = 6\n", `expect-source = "Polyform Puzzler documentation and solution file, complete run"`, `and also "2 solutions": set aside`}, nil},
		{"the count in doubt", "6? solutions", "", []string{"expect = 6\n", `expect-source = "Polyform Puzzler solution file, complete run"`, `in doubt ("6? solutions")`}, nil},
		{"many", "many solutions", "", []string{"No expect. The file's run is complete, closing with 6, but its description gives no count: \"many solutions\". The description is trusted", "unique = true"}, []string{"expect ="}},
		{"another number, reproduced", "12 solutions", "", []string{`description states another number: "12 solutions". The file's count is not trusted`, "The description's count, 12, is the number of solutions modulo the board's rotations only", "expect = 12\n", `expect-source = "Polyform Puzzler documentation"` + "\n"}, nil},
		{"another number, not reproduced", "13 solutions", "", []string{`description states another number: "13 solutions". The file's count is not trusted`, "No expect: no standard convention reproduces the description's count, 13 ("}, []string{"expect ="}},
		{"two other numbers", "12 solutions / 13 solutions", "", []string{"No expect. The file's run is complete, closing with 6, but its description states another number"}, []string{"expect =", "standard convention"}},
		{"the count of a part", "6 unique solutions for the inner square.", "", []string{"counts only part of the puzzle"}, []string{"expect ="}},
		{"a run cut short, no description", "", cutShort, []string{"Its run stopped early, after 1 solutions: the file gives no count."}, []string{"expect ="}},
		{"a run cut short, the count stated", "6 solutions", cutShort, []string{"Its run stopped early", "The description's count, 6, is the number of solutions modulo the board's symmetries", "expect = 6\n", `expect-source = "Polyform Puzzler documentation"` + "\n"}, nil},
		{"a run cut short, many", "many solutions", cutShort, []string{"Its run stopped early"}, []string{"expect =", "No expect"}},
		{"a run cut short, 0 stated", "many solutions / 0 solutions", cutShort, []string{"Its run stopped early"}, []string{"expect =", "No expect"}},
	} {
		t.Run(c.rule, func(t *testing.T) {
			path := cmp.Or(c.file, complete)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			pz, text := importSpec(t, path, data, Options{Documented: Documented{specName(path): c.description}})
			// The comment's lines joined, as a reader reads them.
			flat := strings.ReplaceAll(text, "\n# ", " ")
			checkSpec(t, text, func(w string) bool { return strings.Contains(flat, w) }, c.want, c.not)
			if pz.Expect && pz.TargetSource == "" {
				t.Errorf("an expect with no source")
			}
		})
	}
}

// TestDocumentedCount: the count a description states, when it states one.
func TestDocumentedCount(t *testing.T) {
	for _, c := range []struct {
		description string
		n           int64
		ok          bool
	}{
		{"2339 solutions", 2339, true},
		{"0 solutions", 0, true},
		{"many solutions. / 194 solutions", 194, true},
		{"1,310,969 solutions / 1,310,969 many solutions", 1310969, true},
		{"27 solutions / 10 solutions", 0, false},
		{"10? solutions", 0, false},
		{"many solutions / 4,579 unique solutions for the pentominoes & tetrominoes (outer ring). / Total unique solutions: 219,792.", 0, false},
		{"many solutions", 0, false},
		{"", 0, false},
	} {
		if n, ok := (Documented{"p": c.description}).Count("p"); n != c.n || ok != c.ok {
			t.Errorf("Count of %q = %d, %v; want %d, %v", c.description, n, ok, c.n, c.ok)
		}
	}
}

// FuzzReadDocumented: any input is read or refused, never a panic, and
// every puzzle read has a name.
func FuzzReadDocumented(f *testing.F) {
	data, err := os.ReadFile(documentedFile)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data))
	f.Add("family\tpuzzle\tclass\tdocumented\nominoes\tp\tP\t\"6 solutions\n")
	f.Fuzz(func(t *testing.T, text string) {
		d, err := ReadDocumented("d.tsv", strings.NewReader(text))
		if err != nil {
			return
		}
		for name, description := range d {
			Documented{name: description}.Judge(name, 1)
		}
	})
}
