package studio

import (
	"encoding/json"
	"net/http"
	"net/url"
	"path"
	"strings"
	"testing"
	"time"
)

// apiRequests are the requests FuzzAPI makes of a fuzzed text: the body of
// every POST endpoint, and the name a GET endpoint reads. JSON tells
// whether a 200 answer is JSON (a drawing or a stream of events is not).
var apiRequests = []struct {
	method, target string
	inURL, json    bool
}{
	{"POST", "/api/render", false, true},
	{"POST", "/api/draw", false, false},
	{"POST", "/api/draw?format=png", false, false},
	{"POST", "/api/solve", false, false},
	{"POST", "/api/cancel?page=", true, true},
	{"POST", "/api/pips/game", false, true},
	{"POST", "/api/pips/check", false, true},
	{"POST", "/api/pips/hint", false, true},
	{"POST", "/api/pips/generate", false, true},
	{"POST", "/api/file?path=fuzz.toml", false, true},
	{"GET", "/api/file?path=", true, true},
	{"GET", "/api/catalogue/", true, true},
	{"POST", "/api/estimate", false, true},
	{"POST", "/api/check", false, true},
	{"POST", "/api/generate", false, true},
}

// apiAnswerTime bounds one answer: the studio's time limit below is a
// tenth of a second, and the rest is reading and compiling a bounded body
// on a loaded machine.
const apiAnswerTime = 20 * time.Second

// FuzzAPI sends fuzzed bodies and names to every endpoint of the studio:
// whatever they hold, the answer comes within apiAnswerTime, without a
// panic, and is a success or a 4xx whose JSON says what is wrong.
func FuzzAPI(f *testing.F) {
	gameText := func(more string) string {
		b, _ := json.Marshal(map[string]string{"name": "game.txt", "text": smallGame})
		return strings.Replace(string(b), "{", "{"+more, 1)
	}
	nyt := `{"name":"n.json","text":"{\"easy\":{\"dominoes\":[[1,2]],\"regions\":[{\"indices\":[[0,0],[0,1]],\"type\":\"sum\",\"target\":3}]}}"}`
	for _, seed := range []struct {
		endpoint int
		body     string
	}{
		{0, `{"name":"a.toml","text":"pieces = \"5*\"\n[board]\nsize = \"20x3\"\n"}`},
		{0, `{"name":"b.yaml","text":"pieces: I3\nboard:\n  size: 3x1\n"}`},
		{1, `{"lattice":"square","pieces":[{"name":"I2","cells":[[0,0,0],[1,0,0]]}]}`},
		{2, `{"lattice":"square","pieces":[{"name":"I2","cells":[[0,0,0],[1,0,0]]}]}`},
		{3, `{"name":"a.toml","text":"pieces = \"I2\"\n[board]\nsize = \"2x1\"\n","mode":"count","page":"p"}`},
		{3, `{"name":"a.toml","text":"pieces = \"5*\"\n[board]\nsize = \"20x3\"\n","mode":"solutions","page":"p"}`},
		{4, "p"},
		{5, gameText("")},
		{5, nyt},
		{6, gameText(`"placed":[{"piece":0,"cells":[{"col":0,"row":0,"pips":1},{"col":1,"row":0,"pips":2}]}],`)},
		{7, gameText(`"placed":[],`)},
		{8, `{"board":"4x4","pieces":"2*","constraints":"any","seed":"3","unique":true}`},
		{9, "pieces = \"I2\"\n[board]\nsize = \"2x1\"\n"},
		{10, "fuzz.toml"},
		{10, "../secret.toml"},
		{11, "pentominoes-6x10"},
		{0, "{"},
		{6, `{"placed":[{"piece":-1}]}`},
		{12, `{"name":"a.toml","text":"pieces = \"5*\"\n[board]\nsize = \"20x3\"\n"}`},
		{13, `{"name":"a.toml","text":"pieces = \"I2\"\n[board]\nsize = \"2x1\"\n","pieces":[{"name":"I2","cells":[[0,0,0],[1,0,0]]}]}`},
		{13, `{"name":"s.toml","text":"kind = \"sudoku\"\nsize = 4\n","grid":[1,2,3,4]}`},
		{14, `{"sudoku":"4x4","symmetry":"half-turn","seed":"2"}`},
		{14, `{"name":"a.toml","text":"pieces = \"4*\"\n[board]\nsize = \"5x4\"\n","seed":"3"}`},
		{14, `{"name":"a.toml","text":"pieces = \"4*\"\n[board]\nsize = \"5x4\"\n","shape":true}`},
	} {
		f.Add(uint8(seed.endpoint), seed.body)
	}
	s, err := New(f.TempDir(), Limits{MaxCells: 200, MaxPlacements: 100_000, MaxTime: 100 * time.Millisecond, MaxShown: 2, MaxJobs: 2})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { s.Close() })
	f.Fuzz(func(t *testing.T, endpoint uint8, text string) {
		req := apiRequests[int(endpoint)%len(apiRequests)]
		target, body := req.target, text
		if req.inURL {
			escape := url.PathEscape
			if strings.HasSuffix(req.target, "=") {
				escape = url.QueryEscape
			}
			target, body = req.target+escape(text), ""
		}
		answered := make(chan struct {
			code int
			body string
		}, 1)
		go func() {
			w := do(s, req.method, target, body)
			answered <- struct {
				code int
				body string
			}{w.Code, w.Body.String()}
		}()
		var code int
		var answer string
		select {
		case a := <-answered:
			code, answer = a.code, a.body
		case <-time.After(apiAnswerTime):
			t.Fatalf("%s %s: no answer in %s", req.method, target, apiAnswerTime)
		}
		switch {
		case code >= 300 && code < 400 && path.Clean(target) != target:
			// A name of dots asks for another path, and the server
			// redirects to it, as for any path.
		case code == http.StatusOK:
			if req.json && !json.Valid([]byte(answer)) {
				t.Errorf("%s %s: 200 with a body that is not JSON: %.200s", req.method, target, answer)
			}
		case code >= 400 && code < 500:
			var p problem
			if err := json.Unmarshal([]byte(answer), &p); err != nil || p.Message == "" {
				t.Errorf("%s %s: status %d without a message: %.200s", req.method, target, code, answer)
			}
		default:
			t.Errorf("%s %s: status %d: %.200s", req.method, target, code, answer)
		}
	})
}

// TestPipsBoardLimit: every request with a game, not only the one that
// opens it, is refused when its board is over the studio's limit, before
// a hint compiles and searches it.
func TestPipsBoardLimit(t *testing.T) {
	s, err := New("", Limits{MaxCells: 3, MaxTime: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	game, _ := json.Marshal(map[string]string{"name": "game.txt", "text": smallGame})
	for _, target := range []string{"/api/pips/game", "/api/pips/check", "/api/pips/hint"} {
		w := do(s, "POST", target, string(game))
		if want := "the board's 4 cells are over the studio's limit of 3 (--max-cells)"; w.Code != 400 || !strings.Contains(w.Body.String(), want) {
			t.Errorf("%s: %d %s, want 400 %s", target, w.Code, w.Body, want)
		}
	}
}
