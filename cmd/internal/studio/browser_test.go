package studio

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var screenshots = flag.Bool("screenshots", false, "write the browser test's screenshots to docs/studio as well as to the test's artifact folder")

// findChromium returns the browser the end-to-end test drives: where
// Debian's chromium package puts it (as the gallery's browser test looks
// for it), or a Chromium or Chrome on the PATH.
func findChromium() string {
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// A browser is a headless Chromium with one tab on a studio, and what the
// page wrote to its console.
type browser struct {
	t    *testing.T
	ctx  context.Context
	url  string
	dir  string // the studio's folder
	shot int
	// shots starts the names of the screenshots: the tests that take
	// them each have their own.
	shots string
	// pointer is where the last mouse event of mouse was sent.
	pointer [2]float64
	// prompts counts the page's prompts (confirm), each answered OK
	// unless dismiss is set, as a person answers them.
	prompts atomic.Int32
	dismiss atomic.Bool

	mu      sync.Mutex
	console []string
}

// desktop and phone are the window sizes the browser tests use.
var (
	desktop = [2]int{1400, 900}
	phone   = [2]int{390, 844}
)

func newBrowser(t *testing.T, s http.Handler, dir string, size ...[2]int) *browser {
	t.Helper()
	path := findChromium()
	if path == "" {
		t.Skip("no Chromium found (on Debian: apt-get install -y chromium), so the studio is not tested in a browser")
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(desktop[0], desktop[1]))
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelTab(); cancelAlloc() })
	if len(size) > 0 && size[0] == phone {
		// A phone: its width, a touch screen, and a page laid out for it.
		if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(int64(phone[0]), int64(phone[1]), chromedp.EmulateMobile, chromedp.EmulateScale(2))); err != nil {
			t.Fatal(err)
		}
	}
	b := &browser{t: t, ctx: ctx, url: srv.URL + "/", dir: dir}
	b.answerPrompts(ctx)
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.console = append(b.console, m.String())
			b.mu.Unlock()
		}
	}()
	return b
}

// answerPrompts answers the prompts of a tab: a prompt left open would
// stop the page, and the test with it.
func (b *browser) answerPrompts(ctx context.Context) {
	err := chromedp.Listen(ctx, func(ev any) {
		if _, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			b.prompts.Add(1)
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: !b.dismiss.Load()})
		}
	})
	if err != nil {
		b.t.Fatal(err)
	}
}

// do runs actions, failing the test with what step is its name.
func (b *browser) do(step string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		// The window as the step left it tells most about what went wrong.
		if png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot()); err == nil {
			os.WriteFile(filepath.Join(b.t.ArtifactDir(), "failed.png"), png, 0o644)
		}
		// The screenshot is gone with the test's folder unless -artifacts
		// keeps it, so the log says what the page showed as well.
		shown, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](pageState))
		b.t.Fatalf("%s: %v\npage: %s\nconsole: %s\nscreenshot: %s", step, err, shown, strings.Join(b.messages(), "\n"), filepath.Join(b.t.ArtifactDir(), "failed.png"))
	}
}

// pageState is what the page shows in words: its mode, the texts of its
// status lines, and how many cells, pieces and placed tiles it draws.
const pageState = `JSON.stringify({
	mode: document.body.dataset.mode,
	problem: document.getElementById('problem')?.textContent,
	progress: document.getElementById('progress')?.textContent,
	message: document.getElementById('message')?.textContent,
	play: document.getElementById('play-status')?.textContent,
	hand: document.getElementById('hand-status')?.textContent,
	cells: document.querySelectorAll('#board g.cell').length,
	tray: document.querySelectorAll('#tray button.piece').length,
	placed: [...document.querySelectorAll('#play-board g.placed [data-pips]')].map((g) => g.dataset.pips).join(''),
	badges: [...document.querySelectorAll('#play-board g.badge')].map((g) => g.getAttribute('class')),
})`

func (b *browser) messages() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.console...)
}

// wait waits until a JavaScript expression is true.
func wait(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(25*time.Second))
}

// eval returns the value of a JavaScript expression.
func (b *browser) eval(expr string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		b.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// screenshot saves the window as NN-name.png in the test's artifact
// folder, and in docs/studio with -screenshots.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	b.shot++
	file := fmt.Sprintf("%s%02d-%s.png", b.shots, b.shot, name)
	dirs := []string{b.t.ArtifactDir()}
	if *screenshots {
		dirs = append(dirs, filepath.Join("..", "..", "..", "docs", "studio"))
	}
	for _, dir := range dirs {
		if err := os.WriteFile(filepath.Join(dir, file), png, 0o644); err != nil {
			b.t.Fatal(err)
		}
	}
}

// mouse sends a mouse event with the left button at the middle of the
// element a selector finds where it is when the step runs: pressed, moved
// (in steps from where the mouse was, the button held) or released.
func (b *browser) mouse(typ input.DispatchMouseEventType, selector string) chromedp.Action[chromedp.Void] {
	return b.press(false, typ, selector)
}

// touch is mouse with a finger on a touch screen: pressed is the touch's
// start, moved its move and released its end.
func (b *browser) touch(typ input.DispatchMouseEventType, selector string) chromedp.Action[chromedp.Void] {
	return b.press(true, typ, selector)
}

var touchTypes = map[input.DispatchMouseEventType]input.DispatchTouchEventType{
	chromedp.MousePressed:  input.DispatchTouchEventTypeTouchStart,
	chromedp.MouseMoved:    input.DispatchTouchEventTypeTouchMove,
	chromedp.MouseReleased: input.DispatchTouchEventTypeTouchEnd,
}

func (b *browser) press(finger bool, typ input.DispatchMouseEventType, selector string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		xy, err := chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
			const r = document.querySelector(%q).getBoundingClientRect();
			return [r.x + r.width / 2, r.y + r.height / 2];
		})()`, selector))(ctx, t)
		if err != nil {
			return chromedp.Void{}, fmt.Errorf("%s: %w", selector, err)
		}
		from := b.pointer
		b.pointer = [2]float64{xy[0], xy[1]}
		steps := 1
		if typ == chromedp.MouseMoved {
			steps = 5
		}
		for i := 1; i <= steps; i++ {
			x := from[0] + (xy[0]-from[0])*float64(i)/float64(steps)
			y := from[1] + (xy[1]-from[1])*float64(i)/float64(steps)
			if finger {
				p := input.DispatchTouchEventParams{Type: touchTypes[typ], TouchPoints: []*input.TouchPoint{}}
				if typ != chromedp.MouseReleased {
					one, id := 1.0, 0.0
					p.TouchPoints = append(p.TouchPoints, &input.TouchPoint{X: x, Y: y, RadiusX: &one, RadiusY: &one, Force: &one, ID: &id})
				}
				if _, err := cdp.Call(ctx, t, input.DispatchTouchEvent, p); err != nil {
					return chromedp.Void{}, err
				}
				continue
			}
			held := func(p *input.DispatchMouseEventParams) {
				p.Button, p.ClickCount = input.MouseButtonLeft, 1
				if typ != chromedp.MouseReleased {
					p.Buttons = 1
				}
			}
			if _, err := chromedp.MouseEvent(typ, x, y, held)(ctx, t); err != nil {
				return chromedp.Void{}, err
			}
		}
		return chromedp.Void{}, nil
	}
}

// open opens a puzzle as a person does: Open, its name typed in the
// search, a click on its row (source is catalogue or file).
func (b *browser) open(source, name string) {
	b.t.Helper()
	b.do("open "+name, chromedp.Click(chromedp.CSS("#open")), wait(`document.getElementById('browse-info').dataset.found > 0`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('search').value = ''`),
		chromedp.SendKeys(chromedp.CSS("#search"), name),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`#results button[data-open=%q]`, source+":"+name))),
		wait(`document.getElementById('browser').hidden`),
		wait(fmt.Sprintf(`document.getElementById('message').textContent.startsWith(%q)`, "opened "+name)))
}

// typeSpec replaces the editor's text by typing it, key by key.
func (b *browser) typeSpec(text string) {
	b.t.Helper()
	b.do("type a spec", chromedp.Evaluate[chromedp.Void](`document.getElementById('editor').value = ''`),
		chromedp.SendKeys(chromedp.CSS("#editor"), text))
}

// setSpec puts a text in the editor at once, as a paste does.
func (b *browser) setSpec(text string) {
	b.t.Helper()
	b.do("paste a spec", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`(() => { const e = document.getElementById('editor'); e.value = %q; e.dispatchEvent(new Event('input')); })()`, text)))
}

// TestBrowser drives the studio in headless Chromium as a person would:
// each step waits for what the page shows, and leaves a screenshot.
func TestBrowser(t *testing.T) {
	s, dir := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1000})
	b := newBrowser(t, slowEveryOtherCheck(s), dir)

	// The page opens on a new spec: the 6x10 pentominoes drawn as art.
	b.do("open the studio", chromedp.Navigate(b.url), wait(`document.body.dataset.ready === 'true'`),
		wait(`document.querySelectorAll('#board g.cell').length === 60`),
		wait(`document.querySelectorAll('#pieces figure').length === 12`))
	b.screenshot("new-spec")

	// A click on a cell takes it out of the board, and the art follows.
	b.do("click a cell", chromedp.Click(chromedp.CSS(`#board g[data-cell="0,0"] path`)),
		wait(`document.querySelectorAll('#board g.cell').length === 59`),
		wait(`document.querySelector('#board g[data-cell="0,0"]').classList.contains('hole')`),
		wait(`document.getElementById('problem').textContent.includes('the board has 59')`))
	if got := b.eval(`document.getElementById('editor').value.split('\n')[13]`); got != ".#########" {
		t.Errorf("after the click the last art row is %q", got)
	}
	b.screenshot("cell-clicked")

	// A drag over the top row takes its cells out at the release, and the
	// art follows in one edit, which Ctrl+Z undoes.
	b.do("drag over the top row", b.mouse(chromedp.MousePressed, `#board g[data-cell="2,5"] path`),
		b.mouse(chromedp.MouseMoved, `#board g[data-cell="5,5"] path`),
		wait(`document.querySelectorAll('#board g.stroked').length === 4`))
	b.screenshot("board-drag")
	b.do("release", b.mouse(chromedp.MouseReleased, `#board g[data-cell="5,5"] path`),
		wait(`document.querySelectorAll('#board g.cell').length === 55`))
	if got := b.eval(`document.getElementById('editor').value.split('\n')[8]`); got != "##....####" {
		t.Errorf("after the drag the first art row is %q", got)
	}
	b.do("undo the drag", chromedp.Focus(chromedp.CSS("#editor")), chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		wait(`document.querySelectorAll('#board g.cell').length === 59`),
		wait(`document.getElementById('editor').value.split('\n')[8] === '##########'`))

	// Typing a spec redraws the board: 20x3.
	b.typeSpec("name = \"three-rows\"\npieces = \"5*\"\nunique = true\n[board]\nsize = \"20x3\"\n")
	b.do("see the typed board", wait(`document.querySelectorAll('#board g.cell').length === 60`),
		wait(`document.querySelector('#board g[data-cell="19,2"]') !== null`),
		wait(`document.getElementById('problem').hidden`))
	b.screenshot("typed-spec")

	// A mistake is marked at its line and column.
	b.do("type a mistake", chromedp.SendKeys(chromedp.CSS("#editor"), "colour = \"red\"\n"),
		wait(`document.getElementById('problem').textContent.startsWith('6:1: board: unknown key "colour"')`),
		wait(`document.querySelector('#gutter .bad')?.textContent === '6'`))
	b.screenshot("error-marked")

	// Taken out again, the solutions can be found and stepped through.
	b.do("fix the mistake", chromedp.SendKeys(chromedp.CSS("#editor"), kb.Backspace+strings.Repeat(kb.Backspace, len("colour = \"red\"\n"))),
		wait(`document.getElementById('problem').hidden`))
	b.do("solve", chromedp.Click(chromedp.CSS("#solutions")),
		wait(`document.getElementById('progress').dataset.state === 'done'`),
		wait(`document.getElementById('board').dataset.state === 'solution-1'`))
	if got := b.eval(`document.getElementById('progress').textContent`); !strings.HasPrefix(got, "2 distinct solutions,") {
		t.Errorf("progress after solving: %q", got)
	}
	b.do("step with the keyboard", chromedp.KeyEvent(kb.ArrowRight),
		wait(`document.getElementById('board').dataset.state === 'solution-2'`),
		wait(`document.getElementById('shown').textContent === 'solution 2 of 2'`))
	b.screenshot("solution-2")
	// The export buttons fetch the pictures the server draws.
	for _, f := range []string{"svg", "png", "gltf"} {
		button := "#export-" + f
		if f == "svg" {
			button = "#export"
		}
		b.do("export as "+f, chromedp.Click(chromedp.CSS(button)),
			wait(fmt.Sprintf(`document.getElementById('nav').dataset.exported === 'my-puzzle-solution-2.%s'`, f)))
	}

	// A count of the same spec keeps the solutions on view.
	b.do("count with the solutions on view", chromedp.Click(chromedp.CSS("#count")),
		wait(`document.getElementById('progress').dataset.state === 'done'`),
		wait(`document.getElementById('progress').textContent.startsWith('2 distinct solutions,')`))
	if got := b.eval(`document.getElementById('shown').textContent + ', ' + document.getElementById('board').dataset.state`); got != "solution 2 of 2, solution-2" {
		t.Errorf("after the count the page shows %q", got)
	}

	// Save writes the spec into the folder.
	b.do("save", chromedp.SetValue(chromedp.CSS("#name"), "three-rows.toml"), chromedp.Click(chromedp.CSS("#save")),
		wait(`document.getElementById('message').textContent.startsWith('saved three-rows.toml')`))
	if data, err := os.ReadFile(filepath.Join(b.dir, "three-rows.toml")); err != nil || !strings.Contains(string(data), `size = "20x3"`) {
		t.Errorf("saved file: %q, %v", data, err)
	}

	// The browser finds the saved file by its name, and a catalogue
	// puzzle by its title.
	b.do("search the saved file", chromedp.Click(chromedp.CSS("#open")), wait(`document.getElementById('browse-info').dataset.found > 0`),
		chromedp.SendKeys(chromedp.CSS("#search"), "three-rows"),
		wait(`document.querySelector('#results button')?.dataset.open === 'file:three-rows.toml'`))
	b.do("search by title", chromedp.Evaluate[chromedp.Void](`document.getElementById('search').value = ''`),
		chromedp.SendKeys(chromedp.CSS("#search"), "Pentominoes 6×10"),
		wait(`document.querySelector('#results button[data-open="catalogue:pentominoes-6x10"]') !== null`),
		wait(`document.getElementById('browse-info').dataset.found < 10`))
	b.do("search the pentominoes", chromedp.Evaluate[chromedp.Void](`document.getElementById('search').value = ''`),
		chromedp.SendKeys(chromedp.CSS("#search"), "pentominoes"),
		wait(`document.querySelectorAll('#results .thumb svg').length >= 12`))
	b.screenshot("browser-search")
	b.do("close the browser", chromedp.Click(chromedp.CSS("#browse-close")), wait(`document.getElementById('browser').hidden`))

	// Count the catalogue's 6x10 pentominoes.
	b.open("catalogue", "pentominoes-6x10")
	b.do("see pentominoes-6x10", wait(`document.getElementById('name').value.startsWith('pentominoes-6x10.')`),
		wait(`document.querySelectorAll('#board g.cell').length === 60`))
	b.do("count", chromedp.Click(chromedp.CSS("#count")),
		wait(`document.getElementById('progress').dataset.state === 'done'`))
	if got := b.eval(`document.getElementById('progress').textContent`); !strings.HasPrefix(got, "2339 distinct solutions,") {
		t.Errorf("the count of pentominoes-6x10: %q", got)
	}
	b.screenshot("count-6x10")

	// A count split in parts estimates the time left from the first part
	// it finishes: every placing of the 12 pentominoes and the square
	// tetromino in 8x8, split in 32 parts, the first of which ends in some
	// 2.5 s on two busy cores, the search going on for over a minute.
	b.setSpec("name = \"scott\"\npieces = \"5*,O4\"\n[board]\nsize = \"8x8\"\n")
	b.do("count with the time left", wait(`document.querySelectorAll('#board g.cell').length === 64`),
		chromedp.Click(chromedp.CSS("#count")), wait(`!document.getElementById('run-anyway').hidden`),
		wait(`document.getElementById('progress').dataset.state === 'estimate'`))
	if got := b.eval(`document.getElementById('progress').textContent`); !regexp.MustCompile(`^This count would take about \d+ (s|min|h)`).MatchString(got) {
		t.Errorf("the estimate before a long count: %q", got)
	}
	b.do("run it anyway", chromedp.Click(chromedp.CSS("#run-anyway")),
		wait(`document.getElementById('progress').dataset.left !== undefined`))
	if got := b.eval(`document.getElementById('progress').textContent`); !regexp.MustCompile(`\d+/\d+ parts, (about \d+ (s|min) left|the time limit in \d+ s \(the search would need about [\d.]+ (s|min|h|days)\))$`).MatchString(got) {
		t.Errorf("the progress line with the time left: %q", got)
	}
	b.screenshot("time-left")
	b.do("stop the count", chromedp.Click(chromedp.CSS("#stop")),
		wait(`document.getElementById('progress').dataset.state === 'stopped'`))

	// A long count shows its progress and stops at Stop.
	b.setSpec(longSpec)
	b.do("start a long count", wait(`document.querySelectorAll('#board g.cell').length === 90`),
		chromedp.Click(chromedp.CSS("#count")), wait(`!document.getElementById('run-anyway').hidden`),
		chromedp.Click(chromedp.CSS("#run-anyway")),
		wait(`document.getElementById('progress').dataset.nodes > 0`))
	b.screenshot("long-count")
	b.do("stop it", chromedp.Click(chromedp.CSS("#stop")),
		wait(`document.getElementById('progress').dataset.state === 'stopped'`))
	b.screenshot("stopped")
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		n := len(s.jobs)
		s.mu.Unlock()
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the stopped search still runs on the server")
		}
		time.Sleep(50 * time.Millisecond)
	}

	// A page that goes away asks the server to stop its search.
	b.do("count again and leave", chromedp.Click(chromedp.CSS("#count")),
		wait(`document.getElementById('progress').dataset.nodes > 0`),
		chromedp.Evaluate[chromedp.Void](`window.dispatchEvent(new Event('pagehide'))`),
		wait(`document.getElementById('progress').dataset.state === 'stopped'`))

	// A board given as a list of cells, here of hexagons, is edited by
	// clicks too: a click on a cell beside it adds it to the list, a click
	// on one of its cells takes it out.
	b.setSpec("name = \"hexes\"\nlattice = \"hex\"\npieces = \"2*\"\n[board]\ncells = \"0,0 1,0\"\n")
	b.do("add a hexagon", wait(`document.querySelectorAll('#board g.cell').length === 2`),
		chromedp.Click(chromedp.CSS(`#board g.hole[data-cell="2,0"] path`)),
		wait(`document.querySelectorAll('#board g.cell').length === 3`))
	b.do("take one out", chromedp.Click(chromedp.CSS(`#board g.cell[data-cell="0,0"] path`)),
		wait(`document.querySelectorAll('#board g.cell').length === 2`), wait(`document.getElementById('problem').hidden`))
	if got := b.eval(`document.getElementById('editor').value`); !strings.HasSuffix(got, "cells = \"2,0 1,0\"\n") {
		t.Errorf("after the clicks the spec is %q", got)
	}
	b.screenshot("hex-cells-clicked")

	// A board given by its size is written as art when a cell is clicked.
	b.setSpec("name = \"sized\"\npieces = \"I2\"\n[board]\nsize = \"3x2\"\n")
	b.do("click a cell of a size board", wait(`document.querySelectorAll('#board g.cell').length === 6`),
		chromedp.Click(chromedp.CSS(`#board g[data-cell="2,1"] path`)),
		wait(`document.querySelectorAll('#board g.cell').length === 5`))
	if got := b.eval(`document.getElementById('editor').value`); got != "name = \"sized\"\npieces = \"I2\"\n[board]\nart = \"\"\"\n##.\n###\n\"\"\"\n" {
		t.Errorf("the size board clicked is %q", got)
	}

	// In YAML too.
	b.do("name a YAML file", chromedp.SetValue(chromedp.CSS("#name"), "sized.yaml"))
	b.setSpec("pieces: I2\nboard:\n  size: 3x2\n")
	b.do("click a cell of a YAML size board", wait(`document.querySelectorAll('#board g.cell').length === 6`),
		chromedp.Click(chromedp.CSS(`#board g[data-cell="0,0"] path`)),
		wait(`document.querySelectorAll('#board g.cell').length === 5`))
	if got := b.eval(`document.getElementById('editor').value`); got != "pieces: I2\nboard:\n  art: |\n    ###\n    .##\n" {
		t.Errorf("the YAML size board clicked is %q", got)
	}
	b.do("name a TOML file", chromedp.SetValue(chromedp.CSS("#name"), "my-puzzle.toml"))

	// On a sticks board a click on an edge beside it adds the edge.
	b.setSpec("name = \"sticks\"\nlattice = \"stick\"\npieces = \"disticks\"\n[board]\ncells = \"0,0,0\"\n")
	b.do("click an edge", wait(`document.querySelectorAll('#board g.cell').length === 1`),
		chromedp.Click(chromedp.CSS(`#board g.hole[data-cell="1,0,0"] path`)),
		wait(`document.querySelectorAll('#board g.cell').length === 2`))
	if got := b.eval(`document.getElementById('editor').value`); !strings.HasSuffix(got, "cells = \"0,0,0 1,0,0\"\n") {
		t.Errorf("after the edge click the spec is %q", got)
	}
	b.screenshot("sticks-edge-clicked")

	// A cubic board is edited layer by layer.
	b.setSpec("name = \"cubes\"\nlattice = \"cubic\"\npieces = \"V3\"\n[board]\ncells = \"0,0,0 1,0,0\"\n")
	b.do("add a cube in a layer", wait(`document.querySelectorAll('#layer-grid rect.cell').length === 2`),
		chromedp.Click(chromedp.CSS(`#layer-grid rect[data-cell="0,1,0"]`)),
		wait(`document.querySelector('#board svg.cube3d').dataset.cubes === '3'`),
		wait(`document.querySelectorAll('#layer-grid rect.cell').length === 3`))
	if got := b.eval(`document.getElementById('editor').value`); !strings.HasSuffix(got, "cells = \"0,0,0 0,1,0 1,0,0\"\n") {
		t.Errorf("after the layer click the spec is %q", got)
	}
	b.screenshot("cube-layer")

	// Share a spec, then open the link in a fresh page.
	b.typeSpec("name = \"shared\"\npieces = \"I2\"\n[board]\nsize = \"4x1\"\n")
	b.do("share", wait(`document.querySelectorAll('#board g.cell').length === 4`),
		chromedp.SetValue(chromedp.CSS("#name"), "shared.toml"), chromedp.Click(chromedp.CSS("#share")),
		wait(`document.getElementById('share-link').value.includes('#spec=')`))
	link := b.eval(`document.getElementById('share-link').value`)
	b.do("open the link", chromedp.Navigate("about:blank"), chromedp.Navigate(link),
		wait(`document.body.dataset.ready === 'true'`),
		wait(`document.querySelectorAll('#board g.cell').length === 4`))
	if got := b.eval(`document.getElementById('editor').value`); got != "name = \"shared\"\npieces = \"I2\"\n[board]\nsize = \"4x1\"\n" {
		t.Errorf("the link opened %q", got)
	}
	if got := b.eval(`document.getElementById('name').value`); got != "shared.toml" {
		t.Errorf("the link's file name: %q", got)
	}
	b.screenshot("share-link-opened")

	// A long spec's link comes with a warning.
	b.setSpec("# " + randomText(3000) + "\npieces = \"I2\"\n[board]\nsize = \"4x1\"\n")
	b.do("share a long spec", chromedp.Click(chromedp.CSS("#share")),
		wait(`document.getElementById('share-note').classList.contains('warn')`))

	// Play the small Pips game of the folder with clicks and keys.
	b.open("file", "game.txt")
	b.do("see the game", wait(`document.body.dataset.mode === 'play'`), wait(`document.querySelectorAll('#tray button.piece').length === 2`))
	b.screenshot("pips-game")
	placed := "[...document.querySelectorAll('#play-board g.placed [data-pips]')].map((g) => g.dataset.pips).join('')"
	// The board is drawn anew as the mouse moves over it (the piece's
	// shadow), so a cell's node can go stale between being found and
	// being clicked: click where the cell is instead.
	cell := func(col, row int) chromedp.Action[chromedp.Void] {
		return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
			xy, err := chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
				const r = document.querySelector('#play-board rect[data-col="%d"][data-row="%d"]').getBoundingClientRect();
				return [r.x + r.width / 2, r.y + r.height / 2];
			})()`, col, row))(ctx, t)
			if err != nil {
				return chromedp.Void{}, err
			}
			return chromedp.MouseClickXY(xy[0], xy[1])(ctx, t)
		}
	}
	ctrl := chromedp.KeyModifiers(chromedp.ModifierCtrl)
	// Nothing is picked up at first: R says so.
	b.do("turn nothing", chromedp.KeyEvent("r"), wait(`document.getElementById('play-status').textContent.startsWith('pick a piece')`))
	b.do("turn the first domino and put it down", chromedp.Click(chromedp.CSS(`#tray button[data-piece="0"]`)), chromedp.KeyEvent("r"), cell(0, 1),
		wait(`document.querySelectorAll('#tray button.piece').length === 1`), wait(placed+` === '12'`))
	// Turned, the domino stands with its 1 below its 2.
	if got := b.eval(`(() => { const y = [...document.querySelectorAll('#play-board g.placed [data-pips] rect')].map((r) => +r.getAttribute('y')); return String(y[0] > y[1]); })()`); got != "true" {
		t.Errorf("the turned domino's 1 is not below its 2")
	}
	b.do("undo, redo, undo", chromedp.KeyEvent("z", ctrl), wait(`document.querySelectorAll('#tray button.piece').length === 2`),
		chromedp.KeyEvent("y", ctrl), wait(`document.querySelectorAll('#tray button.piece').length === 1`),
		chromedp.KeyEvent("z", ctrl), wait(`document.querySelectorAll('#tray button.piece').length === 2`))
	// Two turns with R and a tap on the piece turn it back; dragged by its
	// first cell onto the top left cell, it fills the top row.
	b.do("turn it back", chromedp.KeyEvent("r"), chromedp.KeyEvent("r"),
		wait(`document.querySelector('#tray button[data-piece="0"] svg').dataset.cols === '1'`),
		chromedp.Click(chromedp.CSS(`#tray button[data-piece="0"]`)),
		wait(`document.querySelector('#tray button[data-piece="0"] svg').dataset.cols === '2'`))
	b.do("drag it over the top row", b.mouse(chromedp.MousePressed, `#tray button[data-piece="0"] g.tile rect.face`),
		b.mouse(chromedp.MouseMoved, `#play-board rect[data-col="0"][data-row="0"]`),
		wait(`document.querySelector('#ghost g.tile:not(.bad)') !== null`))
	b.screenshot("pips-drag")
	b.do("drop it", b.mouse(chromedp.MouseReleased, `#play-board rect[data-col="0"][data-row="0"]`),
		wait(`document.querySelectorAll('#tray button.piece').length === 1`),
		wait(`document.querySelector('#play-board g.badge.met') !== null`))
	b.screenshot("pips-region-met")
	// A piece put where it cannot go is refused with the reason.
	b.do("pick the last piece and put it half off the board", chromedp.Click(chromedp.CSS(`#tray button[data-piece="1"]`)), cell(1, 1),
		wait(`document.getElementById('play-status').textContent === 'the piece does not fit there: column 3, row 2 is off the board'`))
	b.do("fill the bottom row", cell(0, 1), wait(`document.getElementById('play-status').dataset.solved === 'true'`))
	if got := b.eval(`document.getElementById('play-status').textContent`); !strings.HasPrefix(got, "Solved!") {
		t.Errorf("after the last piece: %q", got)
	}
	b.screenshot("pips-solved")

	// Generate a game and play it at once.
	b.do("generate a game", chromedp.Click(chromedp.CSS("#play")), chromedp.SetValue(chromedp.CSS("#gen-seed"), "5"),
		chromedp.Click(chromedp.CSS("#generate")), wait(`document.getElementById('game-name').textContent === 'generated.txt'`),
		wait(`document.querySelectorAll('#tray button.piece').length === 8`))
	b.do("ask for a hint", chromedp.KeyEvent("h"), wait(`document.querySelectorAll('#tray button.piece').length === 7`),
		wait(`document.getElementById('play-status').textContent.startsWith('hint: the one solution that goes on from here')`))
	b.screenshot("pips-generated-hint")

	// The other lattices draw their boards too.
	b.do("back to the editor", chromedp.Click(chromedp.CSS("#leave")))
	for _, tc := range []struct {
		name  string
		cells int
		shot  bool
	}{
		{"soma-3x3x3", 27, true},
		{"hexiamonds-4x9", 72, false},
		{"tetrahexes-coin", 28, false},
		{"polysticks-123-4x4-clipped-corners-1", 20, true},
		{"tritrigs-hexagon-2", 0, false},
		{"pentatwigs-4x4-2", 0, false},
	} {
		b.open("catalogue", tc.name)
		b.do("see "+tc.name, wait(fmt.Sprintf(`document.getElementById('board').dataset.file?.startsWith('%s.')`, tc.name)))
		info := b.eval(`document.getElementById('info').textContent`)
		// Cubes are drawn in a view that turns, others as tiles.
		drawn := b.eval(`document.querySelector('#board svg.cube3d')?.dataset.cubes ?? String(document.querySelectorAll('#board g.cell').length)`)
		if !strings.Contains(info, " "+drawn+" cells") || drawn == "0" || tc.cells > 0 && drawn != fmt.Sprint(tc.cells) {
			t.Errorf("%s: %s cells drawn; info %q", tc.name, drawn, info)
		}
		if tc.shot {
			b.screenshot(tc.name)
		}
		if tc.name == "soma-3x3x3" {
			// The cubes' view turns as the mouse drags over it, and each
			// of its three layers is labelled.
			before := b.eval(`document.querySelector('#board svg.cube3d path').getAttribute('d')`)
			b.do("turn the cubes", b.mouse(chromedp.MousePressed, `#board svg.cube3d`), b.mouse(chromedp.MouseMoved, `#first`),
				b.mouse(chromedp.MouseReleased, `#first`), wait(`document.querySelector('#board svg.cube3d').dataset.yaw !== '-0.600'`))
			if after := b.eval(`document.querySelector('#board svg.cube3d path').getAttribute('d')`); after == before {
				t.Errorf("the cubes' view did not turn: its first face is still %s", after)
			}
			if got := b.eval(`[...document.querySelectorAll('#board svg.cube3d text.layer-label')].map((t) => t.textContent).join(', ')`); got != "z = 0, z = 1, z = 2" {
				t.Errorf("the layers are labelled %q", got)
			}
			b.do("solve the Soma cube", chromedp.Click(chromedp.CSS("#first")),
				wait(`document.getElementById('board').dataset.state === 'solution-1'`),
				wait(`document.querySelectorAll('#board svg.cube3d').length === 1`))
			// Pulled apart, the pieces show the faces they hid.
			faces := b.eval(`String(document.querySelectorAll('#board svg.cube3d path').length)`)
			b.do("pull the pieces apart", chromedp.Evaluate[chromedp.Void](`(() => { const r = document.getElementById('apart'); r.value = '0.8'; r.dispatchEvent(new Event('input')); })()`),
				wait(`document.querySelector('#board svg.cube3d').dataset.spread === '0.8'`),
				wait(fmt.Sprintf(`document.querySelectorAll('#board svg.cube3d path').length > %s`, faces)))
			b.screenshot("soma-solved-3d")
		}
	}

	// A Sudoku is drawn with its givens, and solved.
	b.open("catalogue", "sudoku-faq-4x4")
	b.do("see the Sudoku", wait(`document.getElementById('board').dataset.file?.startsWith('sudoku-faq-4x4.')`),
		wait(`document.querySelectorAll('#board text').length === 8`))
	b.do("solve the Sudoku", chromedp.Click(chromedp.CSS("#solutions")),
		wait(`document.getElementById('board').dataset.state === 'solution-1'`),
		wait(`document.getElementById('progress').dataset.state === 'done'`))
	if got := b.eval(`[...document.querySelectorAll('#board text')].map((t) => t.textContent).join('')`); got != "1234341223414123" {
		t.Errorf("the Sudoku solved reads %q", got)
	}
	// The 8 givens are bold, the 8 digits found in another colour.
	if got := b.eval(`document.querySelectorAll('#board text[font-weight="bold"]').length + ' ' + document.querySelectorAll('#board text.found').length`); got != "8 8" {
		t.Errorf("givens and digits found: %s, want 8 8", got)
	}
	b.screenshot("sudoku-solved")

	b.checkConsole()
}

// checkConsole fails the test on an error in the page's console, where a
// breach of the security policy shows.
func (b *browser) checkConsole() {
	b.t.Helper()
	for _, m := range b.messages() {
		if strings.HasPrefix(m, "error") || strings.HasPrefix(m, "exception") || strings.Contains(m, "Content Security Policy") {
			b.t.Errorf("console: %s", m)
		}
	}
}

// slowEveryOtherCheck holds back every other answer to a Pips check, as a
// busy server may, so that the answers to quick moves come back out of
// order and the page must keep to the last one asked for.
func slowEveryOtherCheck(h http.Handler) http.Handler {
	var n atomic.Int64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/pips/check" && n.Add(1)%2 == 0 {
			time.Sleep(300 * time.Millisecond)
		}
		h.ServeHTTP(w, r)
	})
}

// randomText is n letters that do not compress much, made the same way on
// every run.
func randomText(n int) string {
	var b strings.Builder
	x := uint32(1)
	for range n {
		x = x*1664525 + 1013904223
		b.WriteByte(byte('a' + x>>24%26))
	}
	return b.String()
}
