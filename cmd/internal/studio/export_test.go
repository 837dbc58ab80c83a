package studio

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// exportDir is the folder of the exported site, once made.
var exportDir string

// exportedSite is the static site Export writes, built once per test
// binary: building the engine takes the toolchain a while.
var exportedSite = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "studio-export-")
	if err != nil {
		return "", err
	}
	exportDir = dir
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	return dir, Export(ctx, dir)
})

// TestMain removes the exported site, if a test built it.
func TestMain(m *testing.M) {
	code := m.Run()
	if exportDir != "" {
		os.RemoveAll(exportDir)
	}
	os.Exit(code)
}

// TestExport checks the files of the static site.
func TestExport(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no Go toolchain on the PATH, so the engine cannot be built to WebAssembly: the export is not tested")
	}
	dir, err := exportedSite()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "app.js", "engine.js", "wasm_exec.js", "engine.wasm", "engine.wasm.gz", "style.css"} {
		info, err := os.Stat(dir + "/" + name)
		if err != nil || info.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	index, _ := os.ReadFile(dir + "/index.html")
	if !strings.Contains(string(index), `<meta name="polyspec-engine" content="wasm">`) {
		t.Errorf("the exported page does not ask for the engine in the browser")
	}
}

// TestBrowserExport opens a share link of the studio in the exported
// site, served by a plain file server with no polyspec handler, and counts
// the 6x10 pentominoes there, in WebAssembly.
func TestBrowserExport(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no Go toolchain on the PATH, so the engine cannot be built to WebAssembly: the export is not tested")
	}
	if findChromium() == "" {
		t.Skip("no Chromium found (on Debian: apt-get install -y chromium), so the studio is not tested in a browser")
	}
	dir, err := exportedSite()
	if err != nil {
		t.Fatal(err)
	}
	site := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer site.Close()
	s, folder := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1000})
	s.SetShareBase(site.URL + "/")
	b := newBrowser(t, s, folder)
	b.shots = "export-"
	b.do("open the studio", chromedp.Navigate(b.url), wait(`document.body.dataset.ready === 'true'`))
	b.open("catalogue", "pentominoes-6x10")
	b.do("share it", wait(`document.querySelectorAll('#board g.cell').length === 60`), chromedp.Click(chromedp.CSS("#share")),
		wait(`document.getElementById('share-link').value.includes('#spec=')`))
	link := b.eval(`document.getElementById('share-link').value`)
	if !strings.HasPrefix(link, site.URL+"/#spec=") {
		t.Fatalf("the share link %q does not point at the exported site %s", link, site.URL)
	}
	b.do("open the link in the exported site", chromedp.Navigate(link), wait(`document.body.dataset.ready === 'true'`),
		wait(`document.body.dataset.engine === 'wasm'`),
		wait(`document.querySelectorAll('#board g.cell').length === 60`),
		wait(`document.querySelectorAll('#pieces figure').length === 12`))
	if got := b.eval(`document.getElementById('name').value`); !strings.HasPrefix(got, "pentominoes-6x10.") {
		t.Errorf("the link opened %q", got)
	}
	b.screenshot("site")
	// The site has no folder: Save keeps the spec in the browser, which
	// lists it, and Download gives the file.
	b.do("save in the browser", chromedp.Click(chromedp.CSS("#save")),
		wait(`document.getElementById('message').textContent.startsWith('saved pentominoes-6x10.toml in this browser')`),
		chromedp.Click(chromedp.CSS("#download")), wait(`document.getElementById('download').dataset.downloaded === 'pentominoes-6x10.toml'`),
		chromedp.Click(chromedp.CSS("#open")), wait(`document.querySelector('#results button[data-open="browser:saved:pentominoes-6x10.toml"]') !== null`),
		chromedp.Click(chromedp.CSS("#browse-close")))
	b.do("count in the browser", chromedp.Click(chromedp.CSS("#count")),
		chromedp.Poll[chromedp.Void](`document.getElementById('progress').dataset.state === 'done'`, chromedp.WithPollingTimeout(3*time.Minute)))
	if got := b.eval(`document.getElementById('progress').textContent`); !strings.HasPrefix(got, "2339 distinct solutions,") {
		t.Errorf("the count of pentominoes-6x10 in the exported site: %q", got)
	}
	t.Logf("in the browser: %s", b.eval(`document.getElementById('progress').textContent`))
	b.screenshot("count")
	// Puzzles with one solution are generated there, by the same code as
	// the studio's: pieces fixed on the spec open, and a Sudoku.
	b.generateIn("fixed", "", "", "7", "generated-pentominoes-6x10-seed-7.toml")
	if got := b.countIn(false); !strings.HasPrefix(got, "1 distinct solution,") {
		t.Errorf("Count of the pentomino puzzle made in the exported site: %q", got)
	}
	b.generateIn("sudoku", "9x9", "half-turn", "7", "generated-sudoku-9x9-seed-7.toml")
	if got := b.eval(`document.getElementById('editor').value`); !strings.Contains(got, "\n. . . | . . 5 | 2 6 .\n") {
		t.Errorf("the Sudoku made in the exported site is not the command line's:\n%s", got)
	}
	if got := b.countIn(false); !strings.HasPrefix(got, "1 solution,") {
		t.Errorf("Count of the Sudoku made in the exported site: %q", got)
	}
	b.screenshot("generated")
	// A game is generated and played there too.
	b.do("generate a game in the browser", chromedp.Click(chromedp.CSS("#play")), chromedp.Click(chromedp.CSS("#generate")),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#tray button.piece').length === 8`, chromedp.WithPollingTimeout(time.Minute)),
		chromedp.Click(chromedp.CSS(`#tray button[data-piece="0"]`)), chromedp.KeyEvent("h"),
		chromedp.Poll[chromedp.Void](`document.getElementById('play-status').textContent.startsWith('hint:')`, chromedp.WithPollingTimeout(time.Minute)))
	b.checkConsole()
}
