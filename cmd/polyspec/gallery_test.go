package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// galleryPuzzles is a fast puzzle of each family, and one whose first
// solution the test does not wait for.
var galleryPuzzles = []string{
	"pentominoes-3x20", "soma-3x3x3", "hexiamonds-4x9", "tetrahexes-coin",
	"polysticks-123-4x4-clipped-corners-1", "tritrigs-hexagon-2", "pentatwigs-4x4-2",
	"sudoku-faq-4x4",
}

// writeGallery runs the gallery command into a fresh folder.
func writeGallery(t *testing.T, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"gallery", dir}, args...), &stdout, &stderr); code != 0 {
		t.Fatalf("gallery: exit status %d: %s", code, stderr.String())
	}
	return dir
}

func TestGalleryFiles(t *testing.T) {
	dir := writeGallery(t, galleryPuzzles...)
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"ominoes", "cubes", "iamonds", "hexes", "sticks", "trigs", "twigs"} {
		if !bytes.Contains(index, []byte(`href="`+f+`/index.html"`)) {
			t.Errorf("index.html does not link to %s", f)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, "cubes", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<a href="../../docs/catalogue.md#soma-3x3x3" title="its row in the catalogue"><img src="soma-3x3x3.svg"`,
		`<a href="soma-3x3x3.toml">soma-3x3x3</a>`,
		"board 27 cells; pieces soma; known solutions 240",
	} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("cubes/index.html lacks %q", want)
		}
	}
	// A Sudoku's picture is its solved grid: the FAQ's first row is 1 2 3 4.
	sudoku, err := os.ReadFile(filepath.Join(dir, "sudoku", "sudoku-faq-4x4.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if got := regexp.MustCompile(`>(\d)</text>`).FindAllSubmatch(sudoku, 4); len(got) != 4 ||
		string(got[0][1])+string(got[1][1])+string(got[2][1])+string(got[3][1]) != "1234" {
		t.Errorf("sudoku-faq-4x4.svg: first row %q, want 1 2 3 4", got)
	}
	for _, f := range []string{"soma-3x3x3.svg", "soma-3x3x3.toml", "../ominoes/pentominoes-3x20.yaml"} {
		if _, err := os.Stat(filepath.Join(dir, "cubes", f)); err != nil {
			t.Error(err)
		}
	}
}

// TestGalleryTimeout: a puzzle not solved in time gets a note, no picture.
func TestGalleryTimeout(t *testing.T) {
	dir := writeGallery(t, "--timeout", "1ns", "pentominoes-6x10")
	page, err := os.ReadFile(filepath.Join(dir, "ominoes", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte("No picture: the first solution took more than 1ns.")) || bytes.Contains(page, []byte("<img")) {
		t.Errorf("no timeout note, or a picture:\n%s", page)
	}
}

const chromium = "/usr/bin/chromium"

// checkPage is a test page that shows every family page of a gallery in a
// frame and, once all have loaded, copies each one's #image-check report
// into its own list, where a dump of its DOM shows them all.
const checkPage = `<!DOCTYPE html>
<html><body><ul id="results"></ul>
%s<script>
window.addEventListener("load", function () {
  var frames = document.querySelectorAll("iframe"), out = document.getElementById("results");
  for (var i = 0; i < frames.length; i++) {
    var li = document.createElement("li"), report;
    try { report = frames[i].contentDocument.getElementById("image-check").textContent; }
    catch (e) { report = "unreadable: " + e; }
    li.textContent = frames[i].getAttribute("src") + ": " + report;
    out.appendChild(li);
  }
});
</script></body></html>
`

// TestGalleryInBrowser opens a gallery in headless Chromium, one run for
// all pages: each family page's own script reports whether every picture
// loaded with a size, and checkPage gathers the reports. The screenshot of
// the same run goes to the test's artifact folder (go test -artifacts).
func TestGalleryInBrowser(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("no browser at %s (on Debian: apt-get install -y chromium), so the gallery is not checked in one", chromium)
	}
	dir := writeGallery(t, galleryPuzzles...)
	pages, _ := filepath.Glob(filepath.Join(dir, "*", "index.html"))
	if len(pages) != 8 {
		t.Fatalf("%d family pages, want 8", len(pages))
	}
	var frames strings.Builder
	want := map[string]int{}
	for _, p := range pages {
		src := filepath.Base(filepath.Dir(p)) + "/index.html"
		fmt.Fprintf(&frames, "<iframe src=%q width=\"1200\" height=\"700\"></iframe>\n", src)
		html, _ := os.ReadFile(p)
		want[src] = strings.Count(string(html), "<img ")
	}
	check := filepath.Join(dir, "check.html")
	if err := os.WriteFile(check, fmt.Appendf(nil, checkPage, frames.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(t.ArtifactDir(), "gallery.png")
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(),
		// The check page reads its frames, which file: pages may only do
		// with this.
		"--allow-file-access-from-files",
		"--hide-scrollbars", "--window-size=1200,5000", "--screenshot="+shot,
		"--dump-dom", "file://"+check)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	reports := regexp.MustCompile(`<li>([^:<]*): ([^<]*)</li>`).FindAllSubmatch(dom, -1)
	if len(reports) != len(pages) {
		t.Fatalf("%d reports for %d pages in the DOM:\n%s", len(reports), len(pages), dom)
	}
	for _, r := range reports {
		n := want[string(r[1])]
		if got, want := string(r[2]), fmt.Sprintf("images loaded: %d of %d", n, n); got != want || n == 0 {
			t.Errorf("%s: %q, want %q", r[1], got, want)
		}
	}
	if st, err := os.Stat(shot); err != nil || st.Size() < 10000 {
		t.Errorf("no screenshot: %v", err)
	}
	t.Logf("screenshot: %s", shot)
}
