package studio

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserExportSessions opens the exported site in fresh sessions
// (each a browser context of its own, with an empty cache and storage), and
// in each opens a catalogue puzzle from the browser and asks for a first
// solution as soon as the page lets it. A site whose engine answers late
// or never shows here as a session that times out. POLYSPEC_SESSIONS sets
// how many (3 unless set; 50 takes a few minutes on two cores).
func TestBrowserExportSessions(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no Go toolchain on the PATH, so the engine cannot be built to WebAssembly: the export is not tested")
	}
	path := findChromium()
	if path == "" {
		t.Skip("no Chromium found (on Debian: apt-get install -y chromium), so the studio is not tested in a browser")
	}
	n := 3
	if v := os.Getenv("POLYSPEC_SESSIONS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			t.Fatalf("POLYSPEC_SESSIONS=%q: expected a number of sessions", v)
		}
	}
	dir, err := exportedSite()
	if err != nil {
		t.Fatal(err)
	}
	site := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer site.Close()
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(desktop[0], desktop[1]))
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	if err := chromedp.Do(bctx); err != nil {
		t.Fatal(err)
	}
	var ready, solved []time.Duration
	failed := 0
	for i := range n {
		r, s, err := exportSession(bctx, site.URL+"/")
		if err != nil {
			failed++
			t.Errorf("session %d: %v", i+1, err)
			continue
		}
		ready = append(ready, r)
		solved = append(solved, s)
	}
	t.Logf("%d/%d sessions got a first solution; engine ready after %s, first solution after %s (median, max)",
		n-failed, n, spread(ready), spread(solved))
}

// exportSession is one fresh visit to the exported site: how long the
// page took to be ready to search, and to show the first solution of
// pentominoes-6x10 opened from the browser.
func exportSession(parent context.Context, url string) (ready, solved time.Duration, err error) {
	ctx, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	defer cancelTime()
	start := time.Now()
	poll := func(expr string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(60*time.Second), chromedp.WithPollingInterval(20*time.Millisecond))
	}
	state := func(step string, err error) error {
		shown, _ := chromedp.Run(ctx, chromedp.Evaluate[string](pageState))
		return fmt.Errorf("%s: %v\npage: %s", step, err, shown)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url), poll(engineReady)); err != nil {
		return 0, 0, state("load", err)
	}
	ready = time.Since(start)
	err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#open")), poll(`document.getElementById('browse-info').dataset.found > 0`),
		chromedp.SendKeys(chromedp.CSS("#search"), "pentominoes-6x10"),
		chromedp.Click(chromedp.CSS(`#results button[data-open="catalogue:pentominoes-6x10"]`)),
		poll(`document.getElementById('message').textContent.startsWith('opened pentominoes-6x10')`),
		poll(`!document.getElementById('first').disabled`),
		chromedp.Click(chromedp.CSS("#first")),
		poll(`document.getElementById('board').dataset.state === 'solution-1'`))
	if err != nil {
		return 0, 0, state("open and solve", err)
	}
	return ready, time.Since(start), nil
}

// engineReady is true when the page can search: on the exported site,
// once its engine answers.
const engineReady = `document.body.dataset.engineReady === 'true'`

// spread is the median and the largest of some durations.
func spread(d []time.Duration) string {
	if len(d) == 0 {
		return "-"
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return fmt.Sprintf("%.1f s, %.1f s", d[len(d)/2].Seconds(), d[len(d)-1].Seconds())
}
