package studio

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// generated6x10 is what polyspec generate pentominoes-6x10 --seed 7
// prints (cmd/polyspec/testdata/script/generate-polyform.txtar holds the
// same bytes): the studio makes it by the same code.
const generated6x10 = `# Pentominoes 6×10 with 2 pieces fixed, made by polyspec generate pentominoes-6x10 --seed 7.
# Unique: a search for a second solution (algx, 198 nodes) found none.
# Minimal: each fixed piece, unfixed, lets in a second solution (a search for each).
# Minimum: no set of 1 of the solution's 12 pieces fixes it (searches: 12).
title = "Pentominoes 6×10, generated (seed 7)"
lattice = "square"
pieces = "5*"
unique = true
count = 1
count-all = 1
count-by = "polyspec generate, seed 7, algx"
rules = [
  "T at 6,3 6,4 6,5 7,4 8,4",
  "Y at 1,2 1,3 1,4 1,5 2,3",
]

[board]
size = "10x6"
`

const tetrominoes5x4 = `title = "Tetrominoes"
pieces = "4*"
[board]
size = "5x4"
`

// countOf counts a spec's solutions by the studio's own search, modulo
// the board's symmetries or with all set every one.
func countOf(t *testing.T, s *Server, name, text string, all bool) float64 {
	t.Helper()
	body := specJSON(t, name, text, "mode", "count", "page", "count")
	if all {
		body = strings.Replace(body, "{", `{"all":true,`, 1)
	}
	w := do(s, "POST", "/api/solve", body)
	end, _ := last(readEvents(t, w.Body))
	if w.Code != 200 || end.Name != "done" {
		t.Fatalf("count %s: %d %v\n%s", name, w.Code, end, text)
	}
	return end.Data["solutions"].(float64)
}

// TestGenerate asks the studio for a puzzle of each kind: each comes as a
// spec that the studio's search counts to one solution, with every
// rotation and reflection apart too, and says what it was made from.
func TestGenerate(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1})
	for _, tc := range []struct {
		request    map[string]any
		name, head string
	}{
		{map[string]any{"sudoku": "9x9", "symmetry": "half-turn", "seed": "7"}, "generated-sudoku-9x9-seed-7.toml",
			"# A 9×9 Sudoku with 28 givens, made by polyspec generate --sudoku 9x9 --seed 7 --symmetry half-turn.\n"},
		{map[string]any{"sudoku": "6x6", "seed": "3"}, "generated-sudoku-6x6-seed-3.toml",
			"# A 6×6 Sudoku with "},
		{map[string]any{"name": "faq.toml", "text": sudokuFAQ, "symmetry": "none"}, "generated-faq-seed-1.toml",
			"# A 4×4 Sudoku with "},
		{map[string]any{"catalogue": "pentominoes-6x10.toml", "seed": "7"}, "generated-pentominoes-6x10-seed-7.toml",
			generated6x10},
		{map[string]any{"name": "a.toml", "text": pentominoes3x20, "seed": "2"}, "generated-a-seed-2.toml",
			"# p3x20 with "},
		{map[string]any{"text": pentominoes3x20}, "generated-untitled-seed-1.toml", "# p3x20 with "},
		{map[string]any{"name": "tet.toml", "text": tetrominoes5x4, "shape": true, "seed": "2"}, "generated-tet-board-seed-2.toml",
			"# A board of 20 cells that the pieces of Tetrominoes tile one way only, made by polyspec generate tet.toml --shape --seed 2\n" +
				"# from the spec's board, which the pieces do not tile, so from the pieces laid side by side in 6 moves (6 kept).\n"},
	} {
		body, _ := json.Marshal(tc.request)
		w := do(s, "POST", "/api/generate", string(body))
		var out generatedSpec
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil || w.Code != 200 {
			t.Errorf("%s: %d %s", body, w.Code, w.Body)
			continue
		}
		if out.Name != tc.name || !strings.HasPrefix(out.Text, tc.head) {
			t.Errorf("%s: %s\n%s\nwant %s beginning\n%s", body, out.Name, out.Text, tc.name, tc.head)
		}
		for _, all := range []bool{false, true} {
			if n := countOf(t, s, out.Name, out.Text, all); n != 1 {
				t.Errorf("%s (all %v): %v solutions\n%s", out.Name, all, n, out.Text)
			}
		}
		// The same request makes the same bytes.
		if again := do(s, "POST", "/api/generate", string(body)); again.Body.String() != w.Body.String() {
			t.Errorf("%s: another answer the second time:\n%s", body, again.Body)
		}
	}
}

// TestGenerateRefused: the requests that cannot work are answered with
// the reason, a spec's mistake at its line and column.
func TestGenerateRefused(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 100, MaxTime: time.Minute, MaxShown: 1})
	noSolution := "pieces = \"5*\"\n[board]\nart = \"\"\"\n" + strings.Repeat("######\n", 9) + "#####.\n......\n.....#\n\"\"\"\n"
	for _, tc := range []struct {
		request map[string]any
		want    string
	}{
		{map[string]any{"sudoku": "7x7"}, `"message":"size 7x7: a 7×7 grid has no boxes`},
		{map[string]any{"sudoku": "9x8"}, `"message":"size 9x8: a Sudoku grid is square`},
		{map[string]any{"sudoku": "16x16"}, `"message":"a 16x16 grid's 256 cells are over the studio's limit of 100 (--max-cells)"`},
		{map[string]any{"sudoku": "9x9", "symmetry": "spiral"}, `"message":"symmetry \"spiral\": expected one of none, half-turn`},
		{map[string]any{"sudoku": "9x9", "seed": "x"}, `"message":"seed \"x\": expected a whole number`},
		{map[string]any{"sudoku": "9x9", "shape": true}, `"message":"a board (shape) is for polyform specs, not Sudoku"`},
		{map[string]any{"name": "faq.toml", "text": sudokuFAQ, "shape": true}, `"message":"a board (shape) is for polyform specs: this spec is a Sudoku"`},
		{map[string]any{"name": "a.toml", "text": pentominoes3x20, "symmetry": "mirror"}, `"message":"a symmetry is for Sudoku, not polyform specs"`},
		{map[string]any{"name": "a.toml", "text": pentominoes3x20 + "foo = 1\n"}, `unknown key \"foo\"","line":6,"col":1`},
		{map[string]any{"name": "none.toml", "text": noSolution}, `"message":"none.toml: the puzzle has no solution, so no pieces can be fixed to make one"`},
		{map[string]any{"name": "r.toml", "text": "pieces = \"5*\"\nrules = [\"X at 1,1 0,1 1,0 2,1 1,2\"]\n[board]\nsize = \"10x6\"\n", "shape": true},
			`"message":"r.toml: --shape searches a board for the pieces alone`},
		{map[string]any{"catalogue": "no-such-puzzle"}, `"message":"no catalogue puzzle named no-such-puzzle"`},
	} {
		body, _ := json.Marshal(tc.request)
		if w := do(s, "POST", "/api/generate", string(body)); w.Code != 400 || !strings.Contains(w.Body.String(), tc.want) {
			t.Errorf("%s: %d %s\nwant %s", body, w.Code, w.Body, tc.want)
		}
	}
}

// TestGenerateTimeLimit: a generation that the studio's time limit stops
// says so. The limit has passed before the first search starts.
func TestGenerateTimeLimit(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Nanosecond, MaxShown: 1})
	for _, body := range []string{`{"sudoku":"9x9"}`, `{"catalogue":"pentominoes-6x10"}`} {
		w := do(s, "POST", "/api/generate", body)
		if w.Code != 400 || !strings.Contains(w.Body.String(), `"message":"no puzzle within the studio's time limit of 1ns (start it with a larger --max-time)"`) {
			t.Errorf("%s: %d %s", body, w.Code, w.Body)
		}
	}
}

// generateIn fills in the Generate box (its kind, and for a Sudoku its
// size and symmetry) with a seed, presses Generate, and waits for the
// spec made to open in the editor under its name.
func (b *browser) generateIn(kind, size, symmetry, seed, name string) {
	b.t.Helper()
	set := fmt.Sprintf(`(() => {
		const set = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change')); };
		set('make-kind', %q);
		if (%q) set('make-size', %q);
		if (%q) set('make-symmetry', %q);
		set('make-seed', %q);
	})()`, kind, size, size, symmetry, symmetry, seed)
	b.do("generate "+name, chromedp.Click(chromedp.CSS("#make")), wait(`!document.getElementById('make-box').hidden`),
		chromedp.Evaluate[chromedp.Void](set), chromedp.Click(chromedp.CSS("#make-go")),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.getElementById('message').textContent.startsWith(%q)`, "generated "+name+": "),
			chromedp.WithPollingTimeout(2*time.Minute)),
		wait(`document.getElementById('make-box').hidden`),
		wait(fmt.Sprintf(`document.getElementById('name').value === %q`, name)))
}

// countIn presses Count and returns the progress line it ends with.
func (b *browser) countIn(all bool) string {
	b.t.Helper()
	b.do("count", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById('all').checked = %v`, all)),
		chromedp.Click(chromedp.CSS("#count")),
		chromedp.Poll[chromedp.Void](`document.getElementById('progress').dataset.state === 'done'`, chromedp.WithPollingTimeout(2*time.Minute)))
	return b.eval(`document.getElementById('progress').textContent`)
}

// TestBrowserGenerate makes a puzzle of each kind in the studio's
// Generate box, as a person does, and counts each to one solution with
// Count: a 9x9 Sudoku, and pieces fixed on the 6x10 pentominoes of the
// catalogue, whose spec is the command line's byte for byte; then a
// request that cannot work says why.
func TestBrowserGenerate(t *testing.T) {
	s, dir := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1000})
	b := newBrowser(t, s, dir)
	b.shots = "generate-"
	b.do("open the studio", chromedp.Navigate(b.url), wait(`document.body.dataset.ready === 'true'`),
		wait(`document.querySelectorAll('#board g.cell').length === 60`))

	b.generateIn("sudoku", "9x9", "half-turn", "7", "generated-sudoku-9x9-seed-7.toml")
	b.do("see the Sudoku", wait(`document.getElementById('board').className === 'sudoku'`),
		wait(`document.getElementById('info').textContent.startsWith('Sudoku, 81 cells')`))
	if got := b.eval(`document.getElementById('message').textContent`); got != "generated generated-sudoku-9x9-seed-7.toml: "+
		"A 9×9 Sudoku with 28 givens, made by polyspec generate --sudoku 9x9 --seed 7 --symmetry half-turn." {
		t.Errorf("after Generate: %q", got)
	}
	if got := b.eval(`document.getElementById('editor').value`); !strings.Contains(got, "\n. . . | . . 5 | 2 6 .\n") {
		t.Errorf("the Sudoku made is not the command line's:\n%s", got)
	}
	b.screenshot("sudoku")
	if got := b.countIn(false); !strings.HasPrefix(got, "1 solution,") {
		t.Errorf("Count of the Sudoku made: %q", got)
	}
	b.screenshot("sudoku-counted")

	b.open("catalogue", "pentominoes-6x10")
	b.do("see pentominoes-6x10", wait(`document.querySelectorAll('#board g.cell').length === 60`))
	b.generateIn("fixed", "", "", "7", "generated-pentominoes-6x10-seed-7.toml")
	if got := b.eval(`document.getElementById('editor').value`); got != generated6x10 {
		t.Errorf("the puzzle made is not the command line's:\n%s", got)
	}
	// The board shows the two pieces fixed, lettered, over its cells.
	b.do("see it", wait(`document.querySelectorAll('#board g.cell').length === 60`),
		wait(`[...document.querySelectorAll('#board g.fixed text.piece-letter')].map((t) => t.textContent).join() === 'T,Y'`),
		wait(`document.getElementById('info').textContent.includes('solutions counted once per symmetry class')`))
	b.screenshot("pentominoes")
	for _, tc := range []struct {
		all  bool
		want string
	}{{false, "1 distinct solution,"}, {true, "1 solution in all,"}} {
		if got := b.countIn(tc.all); !strings.HasPrefix(got, tc.want) {
			t.Errorf("Count (all %v) of the puzzle made: %q", tc.all, got)
		}
	}
	b.screenshot("pentominoes-counted")
	b.checkConsole()

	// A request the server refuses is answered with the reason in the
	// box, which stays open, and the spec stays. (The browser logs the
	// answer's status 400 to the console.)
	b.do("ask for a bad seed", chromedp.Click(chromedp.CSS("#make")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('make-seed').value = 'x'`),
		chromedp.Click(chromedp.CSS("#make-go")),
		wait(`document.getElementById('make-note').dataset.state === 'error'`))
	if got := b.eval(`document.getElementById('make-note').textContent`); !strings.HasPrefix(got, `not generated: seed "x": expected a whole number`) {
		t.Errorf("a bad seed: %q", got)
	}
	if got := b.eval(`document.getElementById('name').value`); got != "generated-pentominoes-6x10-seed-7.toml" {
		t.Errorf("a refused request replaced the spec: %q", got)
	}
	b.screenshot("refused")
}

// TestRenderFixed: the pieces a spec's rules fix in place are drawn over
// its board, titled with their names; a piece the rules leave free is
// not, nor anything on a spec without rules.
func TestRenderFixed(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute})
	for _, tc := range []struct {
		name, text string
		fixed      []string
	}{
		{"p7.toml", generated6x10, []string{"T", "Y"}},
		{"a.toml", pentominoes3x20, nil},
		{"avoids.toml", "pieces = \"5*\"\nrules = [\"X at 1,1 0,1 1,0 2,1 1,2\", \"I avoids 0,0\"]\n[board]\nsize = \"10x6\"\n", []string{"X"}},
	} {
		w := do(s, "POST", "/api/render", specJSON(t, tc.name, tc.text))
		var out rendering
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil || w.Code != 200 || out.Problem != nil {
			t.Fatalf("%s: %d %.300s", tc.name, w.Code, w.Body)
		}
		var pieces []string
		for _, m := range regexpTitles.FindAllStringSubmatch(out.Board, -1) {
			if !strings.Contains(m[1], ",") {
				pieces = append(pieces, m[1])
			}
		}
		if strings.Join(pieces, " ") != strings.Join(tc.fixed, " ") || strings.Count(out.Board, "<title>") != out.Cells+len(tc.fixed) {
			t.Errorf("%s: pieces drawn on the board %q among %d titles, want %q over %d cells", tc.name, pieces, strings.Count(out.Board, "<title>"), tc.fixed, out.Cells)
		}
	}
}

var regexpTitles = regexp.MustCompile(`<title>([^<]*)</title>`)
