package studio

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserFirst shows the first solution of heptiamonds-3x28 at a
// click on First. The restarts alone found none in 5 s of CPU; the
// portfolio the button searches with finds one in about 2 s, by the plain
// search of algx (docs/first-solutions-2026-11-27b.md).
func TestBrowserFirst(t *testing.T) {
	s, dir := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1000})
	b := newBrowser(t, s, dir)
	b.shots = "first-"
	b.do("open the studio", chromedp.Navigate(b.url), wait(`document.body.dataset.ready === 'true'`))
	b.open("catalogue", "heptiamonds-3x28")
	b.do("see heptiamonds-3x28", wait(`document.querySelectorAll('#board g.cell').length === 168`))
	b.do("find a first solution", chromedp.Click(chromedp.CSS("#first")),
		wait(`document.getElementById('progress').dataset.state === 'done'`),
		wait(`document.getElementById('board').dataset.state === 'solution-1'`))
	if got := b.eval(`document.getElementById('progress').textContent`); !strings.HasPrefix(got, "first solution found,") {
		t.Errorf("progress after First: %q", got)
	} else {
		t.Log(got)
	}
	b.screenshot("heptiamonds-3x28")
	b.checkConsole()
}
