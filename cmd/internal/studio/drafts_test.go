package studio

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserDrafts checks that edits survive: a reload, another puzzle
// opened (after a prompt, which can say no), and a closed tab; and that
// the browser lists the draft to open again.
func TestBrowserDrafts(t *testing.T) {
	s, dir := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1000})
	b := newBrowser(t, s, dir)
	b.shots = "drafts-"
	b.dismiss.Store(true)
	edited := "name = \"kept\"\npieces = \"I2\"\n[board]\nsize = \"4x1\"\n"
	b.do("open the studio", chromedp.Navigate(b.url), wait(`document.body.dataset.ready === 'true'`),
		wait(`document.querySelectorAll('#board g.cell').length === 60`))
	b.typeSpec(edited)
	b.do("see the edit marked unsaved", wait(`document.querySelectorAll('#board g.cell').length === 4`),
		wait(`document.body.dataset.dirty === 'true'`), wait(`!document.getElementById('dirty').hidden`))

	b.do("reload", chromedp.Reload(), wait(`document.body.dataset.ready === 'true'`),
		wait(`document.querySelectorAll('#board g.cell').length === 4`))
	if got := b.eval(`document.getElementById('editor').value`); got != edited {
		t.Fatalf("after a reload the editor holds %q", got)
	}
	if got := b.eval(`document.getElementById('message').textContent`); !strings.HasPrefix(got, "your unsaved edits of my-puzzle.toml are back") {
		t.Errorf("after a reload the page says %q", got)
	}

	// Opening another puzzle asks first; no keeps the edits on view.
	openPentominoes := []chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.CSS("#open")), wait(`document.getElementById('browse-info').dataset.found > 0`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('search').value = ''`),
		chromedp.SendKeys(chromedp.CSS("#search"), "pentominoes-6x10"),
		chromedp.Click(chromedp.CSS(`#results button[data-open="catalogue:pentominoes-6x10"]`))}
	b.do("open another puzzle and say no", append(openPentominoes, waitFor(func() bool { return b.prompts.Load() == 1 }),
		wait(`document.getElementById('message').textContent === ''`))...)
	if got := b.eval(`document.getElementById('editor').value`); got != edited {
		t.Fatalf("after saying no the editor holds %q", got)
	}
	b.dismiss.Store(false)
	b.do("open it and say yes", append(openPentominoes, waitFor(func() bool { return b.prompts.Load() == 2 }),
		wait(`document.getElementById('message').textContent === 'opened pentominoes-6x10.toml'`),
		wait(`document.querySelectorAll('#board g.cell').length === 60`), wait(`document.body.dataset.dirty === 'false'`))...)

	// The browser lists the draft, and opens it (no prompt: nothing
	// unsaved is on view).
	b.do("find the draft", chromedp.Click(chromedp.CSS("#open")), wait(`document.getElementById('browse-info').dataset.found > 0`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('search').value = ''`),
		chromedp.SendKeys(chromedp.CSS("#search"), "my-puzzle"),
		wait(`document.querySelector('#results button[data-open="browser:draft:new:my-puzzle.toml"]') !== null`))
	b.screenshot("listed")
	b.do("open the draft", chromedp.Click(chromedp.CSS(`#results button[data-open="browser:draft:new:my-puzzle.toml"]`)),
		wait(`document.getElementById('message').textContent.startsWith('opened my-puzzle.toml with its unsaved edits')`),
		wait(`document.querySelectorAll('#board g.cell').length === 4`))
	if got := b.eval(`document.getElementById('editor').value`); got != edited || b.prompts.Load() != 2 {
		t.Fatalf("the draft opened as %q after %d prompts", got, b.prompts.Load())
	}

	// The page left, and the studio opened in another tab: the edits are
	// there.
	b.do("leave the page", chromedp.Navigate("about:blank"))
	tab, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	b.answerPrompts(tab)
	b.ctx = tab
	b.do("open the studio in a new tab", chromedp.Navigate(b.url), wait(`document.body.dataset.ready === 'true'`),
		wait(`document.querySelectorAll('#board g.cell').length === 4`),
		wait(fmt.Sprintf(`document.getElementById('editor').value === %q`, edited)))
	// Revert drops the edits, after a prompt.
	b.do("revert", chromedp.Click(chromedp.CSS("#revert")), wait(`document.body.dataset.dirty === 'false'`),
		wait(`document.querySelectorAll('#board g.cell').length === 60`))
	b.checkConsole()
}

// waitFor waits until a condition of the test's own is true.
func waitFor(cond func() bool) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, _ *chromedp.Target) (chromedp.Void, error) {
		for !cond() {
			select {
			case <-ctx.Done():
				return chromedp.Void{}, ctx.Err()
			case <-time.After(20 * time.Millisecond):
			}
		}
		return chromedp.Void{}, nil
	}
}
