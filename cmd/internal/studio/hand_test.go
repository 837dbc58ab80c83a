package studio

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// handCells is cells in the order the page's tray keeps a piece: moved to
// x, y >= 0, the top row first (y points up), then by x.
func handCells(cells [][2]int) [][2]int {
	x0, y0 := cells[0][0], cells[0][1]
	for _, c := range cells {
		x0, y0 = min(x0, c[0]), min(y0, c[1])
	}
	out := make([][2]int, len(cells))
	for i, c := range cells {
		out[i] = [2]int{c[0] - x0, c[1] - y0}
	}
	slices.SortFunc(out, func(a, b [2]int) int {
		if a[1] != b[1] {
			return b[1] - a[1]
		}
		return a[0] - b[0]
	})
	return out
}

// TestBrowserHand solves the 20x3 pentominoes and a 4x4 Sudoku by hand,
// as a person would (pieces dragged or tapped, turned with R and over
// with F; digits typed, pencil marks too), the engine checking each, and
// opens a link that shares the Sudoku to be solved by hand.
func TestBrowserHand(t *testing.T) {
	s, dir := newTestServer(t, Limits{MaxCells: 1000, MaxTime: time.Minute, MaxShown: 1000})
	// The solution to make by hand, from the engine.
	var target [][][2]int // each piece's cells
	var names []string
	for _, ev := range readEvents(t, do(s, "POST", "/api/solve", specJSON(t, "p.toml", pentominoes3x20, "mode", "first", "page", "h")).Body) {
		if ev.Name != "solution" {
			continue
		}
		data, _ := json.Marshal(ev.Data)
		var sol solution
		if err := json.Unmarshal(data, &sol); err != nil {
			t.Fatal(err)
		}
		for _, p := range sol.Pieces {
			var cells [][2]int
			for _, c := range p.Cells {
				cells = append(cells, [2]int{c[0], c[1]})
			}
			names = append(names, p.Name)
			target = append(target, cells)
		}
	}
	if len(names) != 12 {
		t.Fatalf("the engine's first solution has %d pieces", len(names))
	}

	b := newBrowser(t, s, dir)
	b.shots = "hand-"
	b.do("open the studio", chromedp.Navigate(b.url), wait(`document.body.dataset.ready === 'true'`))
	b.setSpec(pentominoes3x20)
	b.do("solve by hand", wait(`document.querySelector('#board g[data-cell="19,2"]') !== null`), wait(`!document.getElementById('hand').disabled`),
		chromedp.Click(chromedp.CSS("#hand")), wait(`document.querySelectorAll('#hand-tray button.piece').length === 12`))
	for i, name := range names {
		want := handCells(target[i])
		copyIndex := b.eval(fmt.Sprintf(`[...document.querySelectorAll('#hand-tray button.piece')].find((b) => b.querySelector('span').textContent === %q).dataset.copy`, name))
		// The piece as the tray shows it, and the turns that make it the
		// solution's.
		var shown [][2]int
		if err := json.Unmarshal([]byte(b.eval(fmt.Sprintf(`JSON.stringify([...document.querySelectorAll('#hand-tray button[data-copy="%s"] rect')].map((r) => [+r.getAttribute('x') / 18, (r.ownerSVGElement.viewBox.baseVal.height - 2) / 18 - 1 - r.getAttribute('y') / 18]))`, copyIndex))), &shown); err != nil {
			t.Fatal(err)
		}
		keys := ""
		found := false
		for flip := 0; flip < 2 && !found; flip++ {
			cells := handCells(shown)
			if flip == 1 {
				for k := range cells {
					cells[k][0] = -cells[k][0]
				}
				cells = handCells(cells)
			}
			for turns := 0; turns < 4; turns++ {
				if slices.Equal(cells, want) {
					keys = strings.Repeat("f", flip) + strings.Repeat("r", turns)
					found = true
					break
				}
				for k := range cells {
					cells[k] = [2]int{-cells[k][1], cells[k][0]}
				}
				cells = handCells(cells)
			}
		}
		if !found {
			t.Fatalf("%s: no turn of %v is %v", name, shown, want)
		}
		// The cell the piece's first cell goes on.
		x0, y0 := target[i][0][0], target[i][0][1]
		for _, c := range target[i] {
			x0, y0 = min(x0, c[0]), min(y0, c[1])
		}
		at := fmt.Sprintf(`#hand-board g[data-cell="%d,%d"] path`, want[0][0]+x0, want[0][1]+y0)
		piece := fmt.Sprintf(`#hand-tray button[data-copy="%s"]`, copyIndex)
		steps := []chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.CSS(piece)), wait(fmt.Sprintf(`document.querySelector(%q).classList.contains('selected')`, piece))}
		for _, k := range keys {
			steps = append(steps, chromedp.KeyEvent(string(k)))
		}
		if i == 0 {
			// The first is dragged: pressed by its first cell, let go
			// over the board.
			steps = append(steps, b.mouse(chromedp.MousePressed, piece+` rect[data-k="0"]`), b.mouse(chromedp.MouseMoved, at), b.mouse(chromedp.MouseReleased, at))
		} else {
			steps = append(steps, chromedp.Click(chromedp.CSS(at)))
		}
		steps = append(steps, wait(fmt.Sprintf(`document.querySelectorAll('#hand-tray button.piece').length === %d`, 11-i)))
		b.do("place "+name, steps...)
		if i == 5 {
			b.screenshot("pentominoes-half")
		}
	}
	b.do("see it checked", wait(`document.getElementById('hand-status').dataset.solved === 'true'`))
	if got := b.eval(`document.getElementById('hand-status').textContent`); !strings.HasPrefix(got, "Solved!") {
		t.Errorf("after the last piece: %q", got)
	}
	b.screenshot("pentominoes-solved")

	// A Sudoku: the digits typed, one pencilled first.
	b.do("back to the spec", chromedp.Click(chromedp.CSS("#hand-done")))
	b.setSpec(sudokuFAQ)
	b.do("solve the Sudoku by hand", wait(`document.getElementById('info').textContent.startsWith('Sudoku, 16 cells')`), wait(`!document.getElementById('hand').disabled`), chromedp.Click(chromedp.CSS("#hand")),
		wait(`document.querySelectorAll('.sudoku-grid button').length === 16`))
	b.do("pencil 3 and 4 in a cell", chromedp.Click(chromedp.CSS(`.sudoku-grid button[data-cell="1"]`)), chromedp.KeyEvent("p"),
		chromedp.KeyEvent("3"), chromedp.KeyEvent("4"), wait(`document.querySelector('.sudoku-grid button[data-cell="1"]').textContent === '3 4'`),
		chromedp.KeyEvent("p"))
	b.screenshot("sudoku-pencil")
	for c, d := range "1234341223414123" {
		if b.eval(fmt.Sprintf(`String(document.querySelector('.sudoku-grid button[data-cell="%d"]').classList.contains('given'))`, c)) == "true" {
			continue
		}
		b.do(fmt.Sprintf("type %c in cell %d", d, c), chromedp.Click(chromedp.CSS(fmt.Sprintf(`.sudoku-grid button[data-cell="%d"]`, c))),
			chromedp.KeyEvent(string(d)), wait(fmt.Sprintf(`document.querySelector('.sudoku-grid button[data-cell="%d"]').textContent === '%c'`, c, d)))
	}
	b.do("see the Sudoku checked", wait(`document.getElementById('hand-status').dataset.solved === 'true'`))
	b.screenshot("sudoku-solved")

	// Shared while solving by hand, the link opens to be solved by hand.
	b.do("share it", chromedp.Click(chromedp.CSS("#share")), wait(`document.getElementById('share-link').value.includes('&play=hand')`))
	link := b.eval(`document.getElementById('share-link').value`)
	b.do("open the link", chromedp.Navigate("about:blank"), chromedp.Navigate(link), wait(`document.body.dataset.ready === 'true'`),
		wait(`document.body.dataset.hand === 'on'`), wait(`document.querySelectorAll('.sudoku-grid button.given').length === 8`))
	b.screenshot("link")
	b.checkConsole()
}
