package studio

import (
	"encoding/json"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestEstimate sizes a count before it runs: the 6x10 pentominoes are
// quick, the Dorian cube (some 3e23 nodes, as polyspec estimate says)
// would take ages.
func TestEstimate(t *testing.T) {
	s, _ := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1000})
	for _, tc := range []struct {
		name     string
		min, max float64 // seconds
		minNodes float64
	}{
		{"pentominoes-6x10", 0, 30, 1e3},
		{"dorian-cube", 1e6, 1e300, 1e15},
		{"sudoku-faq-4x4", 0, 30, 1},
	} {
		var f struct{ Name, Text string }
		if err := json.Unmarshal(do(s, "GET", "/api/catalogue/"+tc.name, "").Body.Bytes(), &f); err != nil {
			t.Fatal(err)
		}
		body, _ := json.Marshal(map[string]any{"name": f.Name, "text": f.Text})
		start := time.Now()
		res := do(s, "POST", "/api/estimate", string(body))
		var out estimateAnswer
		if err := json.Unmarshal(res.Body.Bytes(), &out); err != nil || res.Code != 200 {
			t.Fatalf("%s: %d %s", tc.name, res.Code, res.Body)
		}
		t.Logf("%s: %.3g nodes, %.3g nodes/s, %.3g s, estimated in %s", tc.name, out.Nodes, out.Rate, out.Seconds, time.Since(start))
		if out.Seconds < tc.min || out.Seconds > tc.max || out.Nodes < tc.minNodes || out.Limit != 60 {
			t.Errorf("%s: %+v, want %g to %g s", tc.name, out, tc.min, tc.max)
		}
	}
}

// TestBrowserEstimate asks for a count of the Dorian cube: the page says
// how long it would take, and runs nothing until asked.
func TestBrowserEstimate(t *testing.T) {
	s, dir := newTestServer(t, Limits{MaxCells: 1000, MaxTime: 2 * time.Minute, MaxShown: 1000})
	b := newBrowser(t, s, dir)
	b.shots = "estimate-"
	b.do("open the studio", chromedp.Navigate(b.url), wait(`document.body.dataset.ready === 'true'`))
	b.open("catalogue", "dorian-cube")
	b.do("count it", chromedp.Click(chromedp.CSS("#count")),
		wait(`document.getElementById('progress').dataset.state === 'estimate'`))
	got := b.eval(`document.getElementById('progress').textContent`)
	if !regexp.MustCompile(`^This count would take about [\d.e]+ years, past the time limit of 2 min \(Knuth's estimate: about [\d.]+e2\d nodes`).MatchString(got) {
		t.Errorf("the estimate of the Dorian cube: %q", got)
	}
	s.mu.Lock()
	n := len(s.jobs)
	s.mu.Unlock()
	if n != 0 {
		t.Errorf("a search runs before the choice")
	}
	b.screenshot("dorian-cube")
	b.checkConsole()
}
