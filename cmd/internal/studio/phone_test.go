package studio

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// noSideScroll is true when the page is no wider than the window.
const noSideScroll = `document.documentElement.scrollWidth <= window.innerWidth`

// TestBrowserPhone drives the studio on a phone's screen, 390x844 with
// touch: the board comes first and the editor folds away, nothing scrolls
// sideways, and a Polypips piece is dragged onto the board with a finger
// and another with the mouse.
func TestBrowserPhone(t *testing.T) {
	s, dir := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1000})
	b := newBrowser(t, s, dir, phone)
	b.shots = "phone-"
	b.do("open the studio", chromedp.Navigate(b.url), wait(`document.body.dataset.ready === 'true'`),
		wait(`window.innerWidth === 390`),
		wait(`document.querySelectorAll('#board g.cell').length === 60`), wait(noSideScroll))
	if got := b.eval(`String(document.getElementById('board').getBoundingClientRect().bottom <= document.getElementById('editor-pane').getBoundingClientRect().top)`); got != "true" {
		t.Errorf("the board is not above the editor on a phone")
	}
	if got := b.eval(`String(document.getElementById('editor').offsetParent === null)`); got != "true" {
		t.Errorf("the editor is not folded away on a phone")
	}
	b.screenshot("new-spec")
	b.do("unfold the editor", chromedp.Click(chromedp.CSS("#toggle-editor")),
		wait(`document.getElementById('editor').offsetParent !== null`), wait(noSideScroll))
	b.open("catalogue", "pentominoes-6x10")
	b.do("count on a phone", wait(`document.querySelectorAll('#board g.cell').length === 60`), chromedp.Click(chromedp.CSS("#count")),
		wait(`document.getElementById('progress').dataset.state === 'done'`), wait(noSideScroll))
	b.screenshot("count")

	b.open("file", "polypips.txt")
	b.do("see the game", wait(`document.body.dataset.mode === 'play'`), wait(`document.querySelectorAll('#tray button.piece').length === 2`),
		wait(noSideScroll))
	if got := b.eval(`String(document.getElementById('tray').getBoundingClientRect().top >= document.getElementById('play-board').getBoundingClientRect().bottom)`); got != "true" {
		t.Errorf("the tray is not under the board on a phone")
	}
	placed := "[...document.querySelectorAll('#play-board g.placed [data-pips]')].map((g) => g.dataset.pips).join('')"
	b.do("drag a tromino with a finger", b.touch(chromedp.MousePressed, `#tray button[data-piece="0"] g.tile rect.face`),
		b.touch(chromedp.MouseMoved, `#play-board rect[data-col="0"][data-row="0"]`),
		wait(`document.querySelector('#ghost g.tile:not(.bad)') !== null`))
	b.do("lift the finger", b.touch(chromedp.MouseReleased, `#play-board rect[data-col="0"][data-row="0"]`),
		wait(`document.querySelectorAll('#tray button.piece').length === 1`), wait(placed+` === '123'`))
	b.screenshot("touch-placed")
	b.do("drag the other with the mouse", b.mouse(chromedp.MousePressed, `#tray button[data-piece="1"] g.tile rect.face`),
		b.mouse(chromedp.MouseMoved, `#play-board rect[data-col="0"][data-row="1"]`),
		b.mouse(chromedp.MouseReleased, `#play-board rect[data-col="0"][data-row="1"]`),
		wait(`document.getElementById('play-status').dataset.solved === 'true'`), wait(noSideScroll))
	b.screenshot("polypips-solved")
	b.checkConsole()
}

// TestBrowserLargeFolder lists every file of a folder of 1,500 specs in
// the browser, a page at a time as the list scrolls, each once.
func TestBrowserLargeFolder(t *testing.T) {
	dir := t.TempDir()
	for i := range 1500 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%04d.toml", i)), []byte(pentominoes3x20), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(dir, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	b := newBrowser(t, s, dir)
	b.do("open the browser on the folder", chromedp.Navigate(b.url), wait(`document.body.dataset.ready === 'true'`),
		chromedp.Click(chromedp.CSS("#open")), wait(`document.getElementById('browse-info').dataset.found > 0`),
		chromedp.SetValue(chromedp.CSS("#f-source"), "file"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('f-source').dispatchEvent(new Event('input'))`),
		wait(`document.getElementById('browse-info').dataset.found === '1500'`))
	// Scrolling to the end of the list brings the next page, until all
	// are listed.
	for i := 0; b.eval(`document.getElementById('browse-info').dataset.listed`) != "1500"; i++ {
		if i == 20 {
			t.Fatalf("%s of 1500 files listed after 20 scrolls", b.eval(`document.getElementById('browse-info').dataset.listed`))
		}
		listed := b.eval(`document.getElementById('browse-info').dataset.listed`)
		b.do("scroll to the end", chromedp.Evaluate[chromedp.Void](`document.getElementById('more').scrollIntoView()`),
			wait(fmt.Sprintf(`document.getElementById('browse-info').dataset.listed !== %q`, listed)))
	}
	if got := b.eval(`String(new Set([...document.querySelectorAll('#results button')].map((b) => b.dataset.open)).size)`); got != "1500" {
		t.Errorf("%s different files listed, want 1500", got)
	}
	if got := b.eval(`document.querySelector('#results li:last-child button').dataset.open`); got != "file:p1499.toml" {
		t.Errorf("the last file listed is %s", got)
	}
	b.checkConsole()
}
