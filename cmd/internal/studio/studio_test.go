package studio

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/polyspec/polyspec/puzzles"
)

// newTestServer serves a folder holding one spec, a hidden folder and a
// file beside it that the studio must not reach.
func newTestServer(t *testing.T, limits Limits) (*Server, string) {
	t.Helper()
	outside := t.TempDir()
	dir := filepath.Join(outside, "specs")
	for name, text := range map[string]string{
		"specs/a.toml":           pentominoes3x20,
		"specs/notes.md":         "not a spec",
		"specs/game.txt":         smallGame,
		"specs/polypips.txt":     polypipsGame,
		"specs/.git/hidden.toml": "pieces = \"5*\"\n",
		"secret.toml":            "pieces = \"secret\"\n",
	} {
		p := filepath.Join(outside, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../secret.toml", filepath.Join(dir, "link.toml")); err != nil {
		t.Fatal(err)
	}
	s, err := New(dir, limits)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

const pentominoes3x20 = `name = "p3x20"
pieces = "5*"
unique = true
[board]
size = "20x3"
`

// do serves one request; body is sent as is.
func do(s http.Handler, method, target, body string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Host = "localhost:8080"
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			r.Host = header[i+1]
			continue
		}
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

func specJSON(t *testing.T, name, text string, more ...string) string {
	t.Helper()
	m := map[string]any{"name": name, "text": text}
	for i := 0; i+1 < len(more); i += 2 {
		m[more[i]] = more[i+1]
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestHost: only requests naming this machine are served, so that a site
// whose name resolves to 127.0.0.1 (DNS rebinding) gets nothing.
func TestHost(t *testing.T) {
	s, _ := newTestServer(t, DefaultLimits)
	for _, tc := range []struct {
		host string
		want int
	}{
		{"localhost:8080", 200},
		{"LOCALHOST", 200},
		{"127.0.0.1:41234", 200},
		{"[::1]:41234", 200},
		{"[::1]", 200},
		{"evil.example", 403},
		{"evil.example:8080", 403},
		{"localhost.evil.example", 403},
		{"127.0.0.1.nip.example", 403},
		{"127.0.0.2", 403},
		{"", 403},
	} {
		if got := do(s, "GET", "/", "", "Host", tc.host).Code; got != tc.want {
			t.Errorf("Host %q: status %d, want %d", tc.host, got, tc.want)
		}
	}
	extra, err := New("", DefaultLimits, "192.168.1.5")
	if err != nil {
		t.Fatal(err)
	}
	if got := do(extra, "GET", "/", "", "Host", "192.168.1.5:80").Code; got != 200 {
		t.Errorf("an extra host: status %d, want 200", got)
	}
}

// TestHeaders: every answer carries the strict policy and no CORS header,
// even to a request that asks for one.
func TestHeaders(t *testing.T) {
	s, _ := newTestServer(t, DefaultLimits)
	for _, target := range []string{"/", "/app.js", "/api/catalogue", "/api/files", "/nothing"} {
		w := do(s, "GET", target, "", "Origin", "http://evil.example")
		h := w.Result().Header
		if got := h.Get("Content-Security-Policy"); got != contentSecurityPolicy {
			t.Errorf("%s: Content-Security-Policy %q", target, got)
		}
		for k := range h {
			if strings.HasPrefix(k, "Access-Control-") {
				t.Errorf("%s: CORS header %s: %s", target, k, h.Get(k))
			}
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", target, h)
		}
	}
	if w := do(s, "GET", "/app.js", ""); w.Code != 200 || !strings.HasPrefix(w.Result().Header.Get("Content-Type"), "text/javascript") {
		t.Errorf("app.js: %d %s", w.Code, w.Result().Header.Get("Content-Type"))
	}
	if page := do(s, "GET", "/", "").Body.String(); strings.Contains(page, "<script>") || strings.Contains(page, "http") && !strings.Contains(page, `src="app.js"`) {
		t.Errorf("the page has an inline script or a foreign address:\n%s", page)
	}
}

// TestCrossOrigin: a POST from another site is refused; the page's own
// POSTs are served.
func TestCrossOrigin(t *testing.T) {
	s, dir := newTestServer(t, DefaultLimits)
	body := specJSON(t, "a.toml", pentominoes3x20)
	for _, tc := range []struct {
		name   string
		header []string
		want   int
	}{
		{"same origin (fetch metadata)", []string{"Sec-Fetch-Site", "same-origin", "Origin", "http://localhost:8080"}, 200},
		{"no browser headers (curl)", nil, 200},
		{"cross site (fetch metadata)", []string{"Sec-Fetch-Site", "cross-site"}, 403},
		{"same site, other origin", []string{"Sec-Fetch-Site", "same-site"}, 403},
		{"other origin (Origin only)", []string{"Origin", "http://evil.example"}, 403},
	} {
		if got := do(s, "POST", "/api/render", body, tc.header...).Code; got != tc.want {
			t.Errorf("%s: status %d, want %d", tc.name, got, tc.want)
		}
	}
	// A cross-site save must not write.
	if got := do(s, "POST", "/api/file?path=x.toml", "pieces = \"5*\"\n", "Sec-Fetch-Site", "cross-site").Code; got != 403 {
		t.Errorf("cross-site save: status %d", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.toml")); err == nil {
		t.Error("a cross-site save wrote x.toml")
	}
}

// TestBodyLimit: bodies over 1 MiB are refused with 413.
func TestBodyLimit(t *testing.T) {
	s, dir := newTestServer(t, DefaultLimits)
	big := strings.Repeat("#", maxBody+1)
	if got := do(s, "POST", "/api/render", specJSON(t, "a.toml", big)).Code; got != 413 {
		t.Errorf("render: status %d, want 413", got)
	}
	if got := do(s, "POST", "/api/file?path=big.toml", big).Code; got != 413 {
		t.Errorf("save: status %d, want 413", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "big.toml")); err == nil {
		t.Error("an oversized save wrote big.toml")
	}
}

// TestFiles: spec files under the folder are listed, read and written;
// nothing else is.
func TestFiles(t *testing.T) {
	s, dir := newTestServer(t, DefaultLimits)
	if got := listed(t, s); got != "a.toml game.txt link.toml polypips.txt" {
		t.Errorf("files %q, want a.toml game.txt link.toml polypips.txt", got)
	}
	if w := do(s, "GET", "/api/file?path=a.toml", ""); w.Code != 200 || !strings.Contains(w.Body.String(), `size = \"20x3\"`) {
		t.Errorf("read a.toml: %d %s", w.Code, w.Body)
	}
	for _, tc := range []struct {
		path string
		want int
	}{
		{"../secret.toml", 403},
		{"/etc/passwd", 403},
		{"link.toml", 403}, // a symbolic link out of the folder
		{"notes.md", 403},
		{"sub/../../secret.toml", 403},
		{"missing.toml", 404},
	} {
		if got := do(s, "GET", "/api/file?path="+tc.path, "").Code; got != tc.want {
			t.Errorf("read %s: status %d, want %d", tc.path, got, tc.want)
		}
	}
	if w := do(s, "POST", "/api/file?path=new/b.yaml", "pieces: 5*\n"); w.Code != 200 {
		t.Errorf("save new/b.yaml: %d %s", w.Code, w.Body)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "new", "b.yaml")); err != nil || string(data) != "pieces: 5*\n" {
		t.Errorf("new/b.yaml holds %q, %v", data, err)
	}
	for _, p := range []string{"../evil.toml", "/tmp/evil.toml", "evil.sh", "link.toml", "game.txt"} {
		if got := do(s, "POST", "/api/file?path="+p, "pieces = \"5*\"\n").Code; got != 403 {
			t.Errorf("save %s: status %d, want 403", p, got)
		}
	}
	secret, _ := os.ReadFile(filepath.Join(dir, "..", "secret.toml"))
	if string(secret) != "pieces = \"secret\"\n" {
		t.Errorf("the file outside the folder was changed: %q", secret)
	}
	noDir, err := New("", DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if got := do(noDir, "GET", "/api/files", "").Code; got != 404 {
		t.Errorf("files of a studio without a folder: %d", got)
	}
}

// listed is the names of the folder's files the studio lists.
func listed(t *testing.T, s http.Handler) string {
	t.Helper()
	var list struct{ Files []entry }
	if err := json.Unmarshal(do(s, "GET", "/api/files", "").Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range list.Files {
		names = append(names, e.Name)
	}
	return strings.Join(names, " ")
}

// TestListing lists every file of a large folder, each once: a copy of a
// catalogue file under its catalogue path is listed as the catalogue's,
// and a file saved is listed at once.
func TestListing(t *testing.T) {
	dir := t.TempDir()
	var want []string
	for i := range 1500 {
		name := fmt.Sprintf("p%04d.toml", i)
		want = append(want, name)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(pentominoes3x20), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := fs.ReadFile(puzzles.FS, "ominoes/pentominoes-6x10.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "puzzles", "ominoes"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string][]byte{"puzzles/ominoes/pentominoes-6x10.toml": data, "puzzles/ominoes/pentominoes-6x10-mine.toml": append(data, '\n')} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want = append(want, "puzzles/ominoes/pentominoes-6x10-mine.toml")
	s, err := New(dir, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := listed(t, s); got != strings.Join(want, " ") {
		t.Errorf("%d files listed, want %d", len(strings.Fields(got)), len(want))
	}
	if w := do(s, "POST", "/api/file?path=zz-saved.toml", pentominoes3x20); w.Code != 200 {
		t.Fatalf("save: %d %s", w.Code, w.Body)
	}
	if got := listed(t, s); !strings.HasSuffix(got, " zz-saved.toml") {
		t.Errorf("the saved file is not listed last: ...%s", got[len(got)-40:])
	}
}

// TestThumb draws the boards the browser shows beside the puzzles' names,
// for files of the folder only within it.
func TestThumb(t *testing.T) {
	s, _ := newTestServer(t, DefaultLimits)
	for _, tc := range []struct {
		query string
		code  int
		svg   bool
	}{
		{"source=catalogue&name=pentominoes-6x10", 200, true},
		{"source=catalogue&name=sudoku-faq-4x4", 200, true},
		{"source=catalogue&name=nothing", 404, false},
		{"source=file&name=a.toml", 200, true},
		{"source=file&name=game.txt", 200, false},
		{"source=file&name=../secret.toml", 403, false},
		{"source=elsewhere&name=a.toml", 400, false},
	} {
		w := do(s, "GET", "/api/thumb?"+tc.query, "")
		if w.Code != tc.code || strings.Contains(w.Body.String(), `"svg":"\u003csvg`) != tc.svg {
			t.Errorf("%s: %d %.100s", tc.query, w.Code, w.Body)
		}
	}
}

func TestCatalogue(t *testing.T) {
	s, _ := newTestServer(t, DefaultLimits)
	var list []entry
	if err := json.Unmarshal(do(s, "GET", "/api/catalogue", "").Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) < 800 {
		t.Errorf("%d catalogue entries", len(list))
	}
	// What the browser searches and filters by: the title, the lattice,
	// the kind and the count (the published 2339 of the 6x10 pentominoes).
	found := map[string]entry{}
	for _, e := range list {
		found[e.Name] = e
	}
	if e := found["pentominoes-6x10"]; e.Family != "ominoes" || e.Lattice != "square" || e.Kind != "polyform" || e.Count == nil || *e.Count != 2339 || e.Title == "" {
		t.Errorf("pentominoes-6x10 listed as %+v", e)
	}
	if e := found["diabolical-cube"]; e.FirstTime != "0.08" {
		t.Errorf("diabolical-cube's first solution time: %+v", e)
	}
	if e := found["soma-3x3x3"]; e.Lattice != "cubic" {
		t.Errorf("soma-3x3x3 listed as %+v", e)
	}
	if e := found["sudoku-faq-4x4"]; e.Kind != "sudoku" {
		t.Errorf("sudoku-faq-4x4 listed as %+v", e)
	}
	w := do(s, "GET", "/api/catalogue/pentominoes-6x10", "")
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"name":"pentominoes-6x10.`) {
		t.Errorf("pentominoes-6x10: %d %s", w.Code, w.Body)
	}
	if got := do(s, "GET", "/api/catalogue/nothing", "").Code; got != 404 {
		t.Errorf("unknown name: %d", got)
	}
}

func TestRender(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 100, MaxTime: time.Second, MaxShown: 10})
	for _, tc := range []struct {
		name, file, text string
		want             []string
	}{
		{"size", "a.toml", pentominoes3x20, []string{`"cells":60`, `"form":"tiles"`, `\u003ctitle\u003e19,2\u003c/title\u003e`, `"name":"X","count":1`, `"size":{"line":5,"rows":["####################","####################","####################"]}`}},
		{"art with holes", "a.toml", "pieces = \"I2\"\n[board]\nart = \"\"\"\n#.\n##\n\"\"\"\n", []string{`"cells":3`, `\u003ctitle\u003e1,1 hole\u003c/title\u003e`, `"art":{"line":3,"rows":["#.","##"]}`}},
		{"yaml", "b.yaml", "pieces: I3\nboard:\n  size: 3x1\n", []string{`"cells":3`}},
		{"sticks", "s.toml", "lattice = \"stick\"\npieces = \"I1\"\n[board]\ncells = \"0,0,0\"\n", []string{`"form":"segments"`, `"cellList":{"line":4,"col":9}`, `\u003ctitle\u003e1,0,0 hole\u003c/title\u003e`}},
		{"hex cells", "h.toml", "lattice = \"hex\"\npieces = \"1\"\n[board]\ncells = \"\"\"\n0,0\n\"\"\"\n", []string{`"cells":1`, `"cellList":{"line":4,"col":9}`, `\u003ctitle\u003e1,0 hole\u003c/title\u003e`}},
		{"cube cells", "c.toml", "lattice = \"cubic\"\npieces = \"1\"\n[board]\ncells = \"0,0,0\"\n", []string{`"cells":1`, `"cellList"`, `"cubeCells":[[0,0,0]]`}},
		{"unknown piece", "a.toml", "pieces = \"5*,Q\"\n[board]\nsize = \"6x10\"\n", []string{`"problem":{"message":"pieces: unknown piece \"Q\"`, `"line":1,"col":14`}},
		{"bad TOML", "a.toml", "pieces = \"5*\nboard.size = \"3x3\"\n", []string{`"line":1,"col":13`}},
		{"over the limit", "a.toml", "pieces = \"5*\"\n[board]\nsize = \"11x10\"\n", []string{`110 cells is over the studio's limit of 100 (start it with --max-cells 110`, `"line":2`}},
		{"huge size", "a.toml", "pieces = \"5*\"\n[board]\nsize = \"99999x99999\"\n", []string{`over the studio's limit`}},
		{"sudoku", "a.toml", sudokuFAQ, []string{`"form":"sudoku"`, `"cells":16`, `"options":`}},
		{"bad sudoku", "a.toml", "kind = \"sudoku\"\ngivens = \"1 .\\n. 1\"\n", []string{`"problem":{"message":"givens: a grid of side 2 has no usual boxes: draw its blocks","line":2,"col":10}`}},
	} {
		w := do(s, "POST", "/api/render", specJSON(t, tc.file, tc.text))
		if w.Code != 200 {
			t.Errorf("%s: status %d: %s", tc.name, w.Code, w.Body)
			continue
		}
		for _, want := range tc.want {
			if !strings.Contains(w.Body.String(), want) {
				t.Errorf("%s: answer lacks %s:\n%.600s", tc.name, want, w.Body)
			}
		}
	}
}

// An event is one server-sent event.
type event struct {
	Name string
	Data map[string]any
}

// readEvents reads a stream of events to its end.
func readEvents(t *testing.T, r io.Reader) []event {
	t.Helper()
	var out []event
	var ev event
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			ev.Name = line[7:]
		case strings.HasPrefix(line, "data: "):
			if err := json.Unmarshal([]byte(line[6:]), &ev.Data); err != nil {
				t.Fatalf("event %s: %v", ev.Name, err)
			}
		case line == "":
			out = append(out, ev)
			ev = event{}
		}
	}
	return out
}

// last returns the last event and the number of events of each name.
func last(evs []event) (event, map[string]int) {
	n := map[string]int{}
	for _, e := range evs {
		n[e.Name]++
	}
	if len(evs) == 0 {
		return event{}, n
	}
	return evs[len(evs)-1], n
}

func TestSolve(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 100, MaxTime: time.Minute, MaxShown: 1})
	for _, tc := range []struct {
		mode, all string
		solutions float64
		shown     float64
		events    int // solution events
	}{
		{"first", "", 1, 1, 1},
		{"solutions", "", 2, 1, 1},
		{"count", "", 2, 0, 0},
		{"count", "all", 8, 0, 0},
	} {
		body := specJSON(t, "a.toml", pentominoes3x20, "mode", tc.mode, "page", "p")
		if tc.all != "" {
			body = strings.Replace(body, "{", `{"all":true,`, 1)
		}
		w := do(s, "POST", "/api/solve", body)
		if ct := w.Result().Header.Get("Content-Type"); w.Code != 200 || ct != "text/event-stream" {
			t.Fatalf("%s: %d %s %s", tc.mode, w.Code, ct, w.Body)
		}
		end, n := last(readEvents(t, w.Body))
		if end.Name != "done" || end.Data["solutions"] != tc.solutions || end.Data["shown"] != tc.shown || n["solution"] != tc.events {
			t.Errorf("%s %s: ends with %v, events %v", tc.mode, tc.all, end, n)
		}
		if end.Data["nodes"].(float64) <= 0 {
			t.Errorf("%s: no nodes counted: %v", tc.mode, end)
		}
	}
	w := do(s, "POST", "/api/solve", specJSON(t, "a.toml", pentominoes3x20+"foo = 1\n", "mode", "count"))
	if w.Code != 400 || !strings.Contains(w.Body.String(), `unknown key \"foo\"","line":6,"col":1`) {
		t.Errorf("a bad spec: %d %s", w.Code, w.Body)
	}
	if w := do(s, "POST", "/api/solve", specJSON(t, "a.toml", pentominoes3x20, "mode", "everything")); w.Code != 400 {
		t.Errorf("a bad mode: %d %s", w.Code, w.Body)
	}
}

// sudokuFAQ is the 4x4 Sudoku of Polyform Puzzler's FAQ; worked by hand,
// its one solution is 1234 3412 2341 4123.
const sudokuFAQ = `kind = "sudoku"
givens = """
1 . | . 4
. 4 | . 2
----+----
2 3 | . 1
. . | 2 .
"""
`

// TestSolveSudoku: a Sudoku's solution comes as the picture of its grid.
func TestSolveSudoku(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 100, MaxTime: time.Minute, MaxShown: 10})
	evs := readEvents(t, do(s, "POST", "/api/solve", specJSON(t, "a.toml", sudokuFAQ, "mode", "solutions", "page", "p")).Body)
	end, n := last(evs)
	if end.Name != "done" || end.Data["solutions"] != 1.0 || n["solution"] != 1 {
		t.Fatalf("ends with %v after %v", end, n)
	}
	var svg string
	for _, e := range evs {
		if e.Name == "solution" {
			svg, _ = e.Data["svg"].(string)
		}
	}
	var digits strings.Builder
	for _, m := range regexp.MustCompile(`>(\w)</text>`).FindAllStringSubmatch(svg, -1) {
		digits.WriteString(m[1])
	}
	if got := digits.String(); got != "1234341223414123" {
		t.Errorf("the solution drawn reads %q: %.300s", got, svg)
	}
}

// TestSolveTimeLeft: the progress of a count carries the subproblems
// finished and, from the first, the estimated time left.
func TestSolveTimeLeft(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 100, MaxTime: time.Minute})
	s.progressEvery = 2 * time.Millisecond // many reports in a short count
	spec := "name = \"p6x10\"\npieces = \"5*\"\nunique = true\n[board]\nsize = \"10x6\"\n"
	evs := readEvents(t, do(s, "POST", "/api/solve", specJSON(t, "a.toml", spec, "mode", "count", "page", "p")).Body)
	// 2339 is the published count of the 6x10 pentomino rectangle.
	if end, _ := last(evs); end.Name != "done" || end.Data["solutions"] != 2339.0 {
		t.Fatalf("ends with %v", end)
	}
	estimates := 0
	for _, e := range evs {
		if e.Name != "progress" {
			continue
		}
		parts, _ := e.Data["parts"].(float64)
		done, _ := e.Data["done"].(float64)
		left, estimated := e.Data["left"].(float64)
		if done > parts || estimated && (done < 1 || left < 0) || !estimated && done >= 1 {
			t.Errorf("progress %v", e.Data)
		}
		if estimated {
			estimates++
		}
	}
	if estimates == 0 {
		t.Errorf("no estimate of the time left in %d events", len(evs))
	}
}

// longSpec is a search that takes far longer than any test: the 18
// one-sided pentominoes in a 15x6 rectangle, whose count passes 8,000
// solutions in 20 s of one core without ending. (The 35 hexominoes of an
// earlier version are ruled out at once by the board's colour balance.)
const longSpec = `name = "one-sided-pentominoes"
pieces = "5*"
one-sided = true
[board]
size = "15x6"
`

// TestTimeLeft: the time left shown never passes the time limit; the
// estimate past it goes beside it.
func TestTimeLeft(t *testing.T) {
	for _, tc := range []struct {
		left, untilLimit time.Duration
		shown            float64
		beyond           float64 // 0: none
	}{
		{30 * time.Second, time.Minute, 30, 0},
		{time.Minute, time.Minute, 60, 0},
		{49 * time.Minute, 90 * time.Second, 90, 49 * 60},
		{time.Hour, -time.Second, 0, 3600},
	} {
		shown, beyond := timeLeft(tc.left, tc.untilLimit)
		if *shown != tc.shown || (beyond == nil) != (tc.beyond == 0) || beyond != nil && *beyond != tc.beyond {
			t.Errorf("timeLeft(%v, %v) = %v, %v; want %v, %v", tc.left, tc.untilLimit, *shown, beyond, tc.shown, tc.beyond)
		}
	}
}

// TestSolveTimeLimit: a search stops at the studio's time limit and says so.
func TestSolveTimeLimit(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 1000, MaxTime: 300 * time.Millisecond, MaxShown: 1})
	w := do(s, "POST", "/api/solve", specJSON(t, "a.toml", longSpec, "mode", "count", "page", "p"))
	end, n := last(readEvents(t, w.Body))
	if end.Name != "done" || end.Data["timedOut"] != true || n["progress"] == 0 {
		t.Errorf("ends with %v after %v", end, n)
	}
}

// TestOneJobPerPage: a page's new search stops its old one, and so does
// its cancel; another page's search goes on.
func TestOneJobPerPage(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1})
	srv := httptest.NewServer(s)
	defer srv.Close()
	start := func(page string) <-chan []event { return startSearch(t, srv.URL, page) }
	first := start("a")
	other := start("b")
	second := start("a")
	end, _ := last(<-first)
	if end.Name != "done" || end.Data["stopped"] != true {
		t.Errorf("the page's first search ended with %v", end)
	}
	res, err := http.Post(srv.URL+"/api/cancel?page=a", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(body) != "{\"cancelled\":true}\n" {
		t.Errorf("cancel: %s", body)
	}
	if end, _ := last(<-second); end.Data["stopped"] != true {
		t.Errorf("the cancelled search ended with %v", end)
	}
	select {
	case evs := <-other:
		t.Errorf("another page's search ended: %v", evs[len(evs)-1])
	default:
	}
	http.Post(srv.URL+"/api/cancel?page=b", "text/plain", nil)
	if end, _ := last(<-other); end.Data["stopped"] != true {
		t.Errorf("the other page's search ended with %v", end)
	}
}

// startSearch starts a long count for a page and returns its events once
// it ends; it returns when the search runs.
func startSearch(t *testing.T, url, page string) <-chan []event {
	t.Helper()
	out := make(chan []event, 1)
	res, err := http.Post(url+"/api/solve", "application/json", strings.NewReader(specJSON(t, "a.toml", longSpec, "mode", "count", "page", page)))
	if err != nil {
		t.Fatal(err)
	}
	// Wait for the first progress event, so that the job is running.
	br := bufio.NewReader(res.Body)
	if _, err := br.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer res.Body.Close()
		out <- readEvents(t, br)
	}()
	return out
}

// TestJobLimit: past the limit of searches at once, a search is refused.
func TestJobLimit(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1, MaxJobs: 1})
	srv := httptest.NewServer(s)
	defer srv.Close()
	first := startSearch(t, srv.URL, "a")
	res, err := http.Post(srv.URL+"/api/solve", "application/json", strings.NewReader(specJSON(t, "a.toml", longSpec, "mode", "count", "page", "b")))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 429 || string(body) != "{\"message\":\"1 jobs are running already (the studio's limit, --max-jobs): stop one first, or try again in a moment\"}\n" {
		t.Errorf("a search over the limit: %s %s", res.Status, body)
	}
	// The same page's new search takes the place of its old one.
	second := startSearch(t, srv.URL, "a")
	if end, _ := last(<-first); end.Data["stopped"] != true {
		t.Errorf("the replaced search ended with %v", end)
	}
	http.Post(srv.URL+"/api/cancel?page=a", "text/plain", nil)
	<-second
}

func TestDraw(t *testing.T) {
	s, _ := newTestServer(t, DefaultLimits)
	domino := `{"lattice":"square","pieces":[{"name":"I2","cells":[[0,0,0],[1,0,0]]}]}`
	for _, tc := range []struct {
		query, contentType, start string
	}{
		{"", "image/svg+xml", `<?xml version="1.0" encoding="UTF-8"?>`},
		{"?format=png", "image/png", "\x89PNG"},
		{"?format=gltf", "model/gltf+json", "{\n \"asset\": {\n  \"version\": \"2.0\""},
	} {
		w := do(s, "POST", "/api/draw"+tc.query, domino)
		if w.Code != 200 || w.Result().Header.Get("Content-Type") != tc.contentType || !strings.HasPrefix(w.Body.String(), tc.start) {
			t.Errorf("draw%s: %d %s %.80q", tc.query, w.Code, w.Result().Header.Get("Content-Type"), w.Body)
		}
	}
	if w := do(s, "POST", "/api/draw", domino); !strings.Contains(w.Body.String(), "<title>I2</title>") {
		t.Errorf("the SVG does not name the piece: %s", w.Body)
	}
	if w := do(s, "POST", "/api/draw", `{"lattice":"penrose","pieces":[]}`); w.Code != 400 {
		t.Errorf("draw on an unknown lattice: %d %s", w.Code, w.Body)
	}
	if w := do(s, "POST", "/api/draw?format=bmp", domino); w.Code != 400 {
		t.Errorf("draw as bmp: %d %s", w.Code, w.Body)
	}
}

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:0": true, "localhost:8080": true, "[::1]:0": true, "127.1.2.3:80": true,
		"0.0.0.0:8080": false, ":8080": false, "192.168.1.5:80": false, "example.com:80": false, "nonsense": false,
	} {
		if got := IsLoopback(addr); got != want {
			t.Errorf("IsLoopback(%q) = %v", addr, got)
		}
	}
}

// FuzzRender: no spec text makes the render answer anything but a drawing
// or a problem.
func FuzzRender(f *testing.F) {
	f.Add("a.toml", pentominoes3x20)
	f.Add("a.toml", "pieces = \"I2\"\n[board]\nart = \"\"\"\n#.\n##\n\"\"\"\n")
	f.Add("b.yaml", "pieces: I3\nboard:\n  size: 3x1\n")
	f.Add("c.toml", "lattice = \"hex\"\npieces = \"1\"\n[board]\ncells = \"0,0 1,0\"\n")
	s, err := New("", Limits{MaxCells: 200, MaxTime: time.Second, MaxShown: 1})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, name, text string) {
		w := do(s, "POST", "/api/render", specJSON(t, name, text))
		if w.Code != 200 || !json.Valid(w.Body.Bytes()) {
			t.Errorf("status %d: %s", w.Code, w.Body)
		}
	})
}

// smallGame is a Pips game of two dominoes on a 2x2 board, the top row
// summing to 3 and the bottom row to 7.
const smallGame = `board:
##
##

pieces: 12,34

constraints:
3 {(0, 0), (1, 0)}
7 {(0, 1), (1, 1)}
`

// polypipsGame is a Polypips game of two straight trominoes on a 3x2
// board: the top row must add up to 6.
const polypipsGame = `board:
###
###

pieces:
3I:123,3I:456

constraints:
6 {(0, 0), (1, 0), (2, 0)}
`

func TestPips(t *testing.T) {
	s, _ := newTestServer(t, DefaultLimits)
	game := func(more string) string {
		b, _ := json.Marshal(map[string]string{"name": "game.txt", "text": smallGame})
		return strings.Replace(string(b), "{", "{"+more, 1)
	}
	w := do(s, "POST", "/api/pips/game", game(""))
	for _, want := range []string{
		`"board":[{"col":0,"row":0},{"col":1,"row":0},{"col":0,"row":1},{"col":1,"row":1}]`,
		`"label":"3","rule":"3"`,
		`{"name":"2I:12","cells":[{"col":0,"row":0,"pips":1},{"col":1,"row":0,"pips":2}]}`,
	} {
		if !strings.Contains(w.Body.String(), want) {
			t.Errorf("game lacks %s:\n%s", want, w.Body)
		}
	}
	for _, tc := range []struct {
		name, placed string
		status       int
		want         string
	}{
		{"nothing", ``, 200, `{"regions":["open","open"],"full":false,"solved":false}`},
		{"top met", `{"piece":0,"cells":[{"col":0,"row":0,"pips":1},{"col":1,"row":0,"pips":2}]}`, 200, `{"regions":["met","open"],"full":false,"solved":false}`},
		{"turned", `{"piece":0,"cells":[{"col":0,"row":1,"pips":1},{"col":0,"row":0,"pips":2}]}`, 200, `{"regions":["open","open"],"full":false,"solved":false}`},
		{"broken", `{"piece":1,"cells":[{"col":0,"row":0,"pips":3},{"col":1,"row":0,"pips":4}]}`, 200, `{"regions":["broken","open"],"full":false,"solved":false}`},
		{"solved", `{"piece":0,"cells":[{"col":1,"row":0,"pips":1},{"col":0,"row":0,"pips":2}]},{"piece":1,"cells":[{"col":0,"row":1,"pips":3},{"col":1,"row":1,"pips":4}]}`, 200, `{"regions":["met","met"],"full":true,"solved":true}`},
		{"full, not solved", `{"piece":0,"cells":[{"col":0,"row":0,"pips":1},{"col":0,"row":1,"pips":2}]},{"piece":1,"cells":[{"col":1,"row":0,"pips":3},{"col":1,"row":1,"pips":4}]}`, 200, `{"regions":["broken","broken"],"full":true,"solved":false}`},
		{"wrong pips", `{"piece":0,"cells":[{"col":0,"row":0,"pips":1},{"col":1,"row":0,"pips":3}]}`, 400, `not the piece's`},
		{"flipped shape", `{"piece":0,"cells":[{"col":0,"row":0,"pips":1},{"col":1,"row":1,"pips":2}]}`, 400, `not the piece's`},
		{"off the board", `{"piece":0,"cells":[{"col":1,"row":0,"pips":1},{"col":2,"row":0,"pips":2}]}`, 400, `off the board`},
		{"overlap", `{"piece":0,"cells":[{"col":0,"row":0,"pips":1},{"col":1,"row":0,"pips":2}]},{"piece":1,"cells":[{"col":1,"row":0,"pips":3},{"col":1,"row":1,"pips":4}]}`, 400, `taken`},
		{"twice", `{"piece":0,"cells":[{"col":0,"row":0,"pips":1},{"col":1,"row":0,"pips":2}]},{"piece":0,"cells":[{"col":0,"row":1,"pips":1},{"col":1,"row":1,"pips":2}]}`, 400, `placed twice`},
	} {
		w := do(s, "POST", "/api/pips/check", game(`"placed":[`+tc.placed+`],`))
		if w.Code != tc.status || !strings.Contains(w.Body.String(), tc.want) {
			t.Errorf("%s: %d %s, want %d %s", tc.name, w.Code, w.Body, tc.status, tc.want)
		}
	}
	// An NYT file holds three puzzles; the request picks one.
	nyt := `{"easy":{"dominoes":[[1,2]],"regions":[{"indices":[[0,0],[0,1]],"type":"sum","target":3}]},` +
		`"medium":{"dominoes":[[3,3]],"regions":[{"indices":[[0,0],[1,0]],"type":"equals"}]},` +
		`"hard":{"dominoes":[[0,6]],"regions":[{"indices":[[0,0]],"type":"empty"},{"indices":[[0,1]],"type":"greater","target":4}]}}`
	for _, tc := range []struct{ difficulty, want string }{
		{"", `"board":[{"col":0,"row":0},{"col":1,"row":0}],"regions":[{"cells":[{"col":0,"row":0},{"col":1,"row":0}],"label":"3","rule":"3"}]`},
		{"medium", `"board":[{"col":0,"row":0},{"col":0,"row":1}],"regions":[{"cells":[{"col":0,"row":0},{"col":0,"row":1}],"label":"=","rule":"="}]`},
		{"hard", `"label":"\u003e4","rule":"\u003e4"`},
	} {
		b, _ := json.Marshal(map[string]string{"name": "2025-01-01.json", "text": nyt, "difficulty": tc.difficulty})
		if w := do(s, "POST", "/api/pips/game", string(b)); w.Code != 200 || !strings.Contains(w.Body.String(), tc.want) {
			t.Errorf("NYT %q: %d %s, want %s", tc.difficulty, w.Code, w.Body, tc.want)
		}
	}
	// A spec of kind pips is the same game as its text twin, played the
	// same way; only the name differs, a spec's name lacking the file's
	// extension.
	b, _ := json.Marshal(map[string]string{"name": "game.toml", "text": "kind = \"pips\"\npieces = \"12, 34\"\nconstraints = [\"3 {(0, 0), (1, 0)}\", \"7 {(0, 1), (1, 1)}\"]\n[board]\nart = \"##\\n##\"\n"})
	fromSpec := do(s, "POST", "/api/pips/game", string(b))
	if w := do(s, "POST", "/api/pips/game", game("")); fromSpec.Code != 200 || strings.Replace(fromSpec.Body.String(), `"name":"game"`, `"name":"game.txt"`, 1) != w.Body.String() {
		t.Errorf("spec of kind pips: %d %s\nwant %s", fromSpec.Code, fromSpec.Body, w.Body)
	}
	if w := do(s, "POST", "/api/pips/game", `{"name":"x.txt","text":"hello"}`); w.Code != 400 || !strings.Contains(w.Body.String(), "not a Pips game") {
		t.Errorf("not a game: %d %s", w.Code, w.Body)
	}
	w = do(s, "POST", "/api/pips/generate", `{"board":"4x4","pieces":"2*","constraints":"any","seed":"3","unique":true}`)
	var gen struct{ Name, Text string }
	if err := json.Unmarshal(w.Body.Bytes(), &gen); err != nil || w.Code != 200 || !strings.HasPrefix(gen.Text, "board:\n####\n") {
		t.Fatalf("generate: %d %s", w.Code, w.Body)
	}
	if w := do(s, "POST", "/api/pips/game", `{"name":"generated.txt","text":`+strconvQuote(gen.Text)+`}`); w.Code != 200 || strings.Count(w.Body.String(), `"name":"2I:`) != 8 {
		t.Errorf("the generated game: %d %s", w.Code, w.Body)
	}
	// The generated game has one solution, so a hint is a tile of it, and
	// with it placed the regions still stand.
	gameJSON := `{"name":"generated.txt","text":` + strconvQuote(gen.Text)
	w = do(s, "POST", "/api/pips/hint", gameJSON+`}`)
	var hint struct {
		Cells   []map[string]int
		Message string
	}
	if err := json.Unmarshal(w.Body.Bytes(), &hint); err != nil || len(hint.Cells) != 2 || hint.Message != "the one solution that goes on from here has this piece" {
		t.Fatalf("hint: %d %s", w.Code, w.Body)
	}
	if w := do(s, "POST", "/api/pips/hint", game(`"placed":[{"piece":0,"cells":[{"col":0,"row":0,"pips":1},{"col":0,"row":1,"pips":2}]}],`)); !strings.Contains(w.Body.String(), `"message":"no solution goes on from these pieces: take one back"`) {
		t.Errorf("hint after a wrong move: %s", w.Body)
	}
	if w := do(s, "POST", "/api/pips/hint", game(`"placed":[{"piece":0,"cells":[{"col":0,"row":0,"pips":1},{"col":1,"row":0,"pips":2}]}],`)); !strings.Contains(w.Body.String(), `"message":"the solutions that go on from here share no next piece"`) {
		t.Errorf("hint with two ways on: %s", w.Body)
	}
	if w := do(s, "POST", "/api/pips/generate", `{"board":"4x4","pieces":"Q"}`); w.Code != 400 {
		t.Errorf("generate with a bad rule: %d %s", w.Code, w.Body)
	}
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
