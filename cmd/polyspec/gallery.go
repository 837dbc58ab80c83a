package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// GalleryCmd writes the catalogue as static web pages.
type GalleryCmd struct {
	Dir         string        `arg:"" help:"Folder to write to (made if missing): index.html, and per family a folder with its page, pictures and spec files."`
	Names       []string      `arg:"" optional:"" predictor:"name" help:"Catalogue names to show (default: all)."`
	Timeout     time.Duration `default:"2s" help:"Leave out the picture of a puzzle whose first solution takes longer, with a note."`
	Catalogue   string        `default:"../../docs/catalogue.md" placeholder:"URL" help:"The catalogue page, to link each picture to its row (default: for a gallery at the repository's top)."`
	StatusFlags `embed:""`
}

// A galleryCard is one puzzle on a family page.
type galleryCard struct {
	ID, Name, Title, Spec, Picture, Note string
	Board, Pieces, Known                 string
	Row                                  string // the puzzle's row in the catalogue page
}

// A galleryFamily is one family page.
type galleryFamily struct {
	Folder, Title string
	Cards         []galleryCard
}

func (c *GalleryCmd) Run(e *env) error {
	entries := puzzles.Entries()
	if len(c.Names) > 0 {
		entries = slices.DeleteFunc(entries, func(en puzzles.Entry) bool { return !slices.Contains(c.Names, en.Name) })
		if len(entries) < len(c.Names) {
			return errors.New("gallery: a name is not in the catalogue (polyspec list shows them)")
		}
	}
	var done atomic.Int64
	stop := e.status.Show(func() progress.Status {
		return progress.Status{Label: "gallery", Solutions: -1, Done: int(done.Load()), Total: len(entries), Unit: "puzzles"}
	})
	cards, err := c.cards(e.ctx, entries, &done)
	stop()
	if err != nil {
		return err
	}
	var families []*galleryFamily
	missing := 0
	for i, en := range entries {
		if len(families) == 0 || families[len(families)-1].Folder != en.Family {
			families = append(families, &galleryFamily{Folder: en.Family, Title: familyTitle(en.Family)})
		}
		f := families[len(families)-1]
		f.Cards = append(f.Cards, cards[i])
		if cards[i].Picture == "" {
			missing++
		}
	}
	for _, f := range families {
		if err := writePage(filepath.Join(c.Dir, f.Folder, "index.html"), familyPage, f); err != nil {
			return err
		}
	}
	if err := writePage(filepath.Join(c.Dir, "index.html"), indexPage, families); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %d puzzles (%d without a picture) in %d families to %s\n",
		len(entries), missing, len(families), filepath.Join(c.Dir, "index.html"))
	return nil
}

// cards makes the cards of the entries, solving on every core at once: each
// puzzle's timeout runs on its own clock.
func (c *GalleryCmd) cards(ctx context.Context, entries []puzzles.Entry, done *atomic.Int64) ([]galleryCard, error) {
	// Two files of one name in a family (a .toml and a .yaml) keep their
	// pictures apart by the extension.
	seen := map[string]int{}
	for _, en := range entries {
		seen[en.Family+"/"+en.Name]++
	}
	cards := make([]galleryCard, len(entries))
	errs := make([]error, len(entries))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				if ctx.Err() != nil {
					continue // interrupted: let the queue drain
				}
				en := entries[i]
				id := en.Name
				if seen[en.Family+"/"+en.Name] > 1 {
					id += "-" + strings.TrimPrefix(path.Ext(en.Path), ".")
				}
				cards[i], errs[i] = c.card(ctx, en, id)
				if errs[i] != nil {
					errs[i] = fmt.Errorf("%s: %v", en.Path, errs[i])
				}
				done.Add(1)
			}
		})
	}
	for i := range entries {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return cards, errors.Join(errs...)
}

// familyTitle names a catalogue folder for people: "Polyominoes" for
// "ominoes", the family of a lattice's polyforms; any other folder by its
// name.
func familyTitle(folder string) string {
	if slices.ContainsFunc(compile.Lattices, func(l compile.Lattice) bool { return l.Family() == folder }) {
		return "Poly" + folder
	}
	return folder
}

// card copies a puzzle's spec into its family's folder and draws its first
// solution there as ID.svg.
func (c *GalleryCmd) card(ctx context.Context, en puzzles.Entry, id string) (galleryCard, error) {
	dir := filepath.Join(c.Dir, en.Family)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return galleryCard{}, err
	}
	data, err := fs.ReadFile(puzzles.FS, en.Path)
	if err != nil {
		return galleryCard{}, err
	}
	card := galleryCard{ID: id, Name: en.Name, Spec: path.Base(en.Path), Row: c.Catalogue + "#" + en.Name}
	if err := outfile.Write(filepath.Join(dir, card.Spec), data); err != nil {
		return galleryCard{}, err
	}
	s, err := spec.LoadFS(puzzles.FS, en.Path)
	if err != nil {
		return galleryCard{}, err
	}
	card.Title, card.Board, card.Pieces = s.Title.V, boardText(s), s.Pieces.S
	if card.Title == "" {
		card.Title = en.Name
	}
	switch {
	case s.Expect.Set:
		card.Known = strconv.FormatInt(s.Expect.V, 10)
	case s.Count.Set:
		card.Known = strconv.FormatInt(s.Count.V, 10) + " (polyspec's own count)"
	default:
		card.Known = "unknown"
	}
	j, err := specJob(s, loadOptions{first: true})
	if err != nil {
		return galleryCard{}, err
	}
	sol, err := firstSolution(ctx, j.Parts[0], c.Timeout)
	switch {
	case ctx.Err() != nil:
		return galleryCard{}, ctx.Err()
	case errors.Is(err, context.DeadlineExceeded):
		card.Note = fmt.Sprintf("No picture: the first solution took more than %s.", c.Timeout)
		return card, nil
	case err != nil:
		return galleryCard{}, err
	case sol == nil:
		card.Note = "No picture: the puzzle has no solution."
		return card, nil
	}
	var b bytes.Buffer
	if err := j.Draw("svg", &b, *sol, 0); err != nil {
		return galleryCard{}, err
	}
	card.Picture = id + ".svg"
	return card, outfile.Write(filepath.Join(dir, card.Picture), b.Bytes())
}

// firstSolution solves a puzzle until its first solution or the timeout; nil and no error mean it has none.
func firstSolution(ctx context.Context, pt *pipeline.Part, timeout time.Duration) (*emit.Solution, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	b, err := cover.Lookup(cover.DefaultBackend)
	if err != nil {
		return nil, err
	}
	if pt.Regions == nil {
		// The search solve -n 1 makes on one core with the default seed
		// (first.go).
		b = cover.Portfolio{Backend: b, Seed: 1}
	}
	var first *emit.Solution
	_, err = cover.SolveRegions(ctx, b, pt.Problem, pt.Regions, func(sol []int) bool {
		s := pt.Solution(sol)
		first = &s
		return false
	})
	if first != nil {
		return first, nil
	}
	return nil, err
}

func writePage(file string, t *template.Template, data any) error {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return outfile.Write(file, b.Bytes())
}

// pageStyle and imageCheck are shared by the pages. imageCheck reports,
// once the page has loaded, whether every picture loaded with a size, in
// the element #image-check, so that a headless browser's dump of the page
// shows it.
const (
	pageStyle = `<style>
body { font-family: sans-serif; margin: 2em; color: #222; }
main { display: flex; flex-wrap: wrap; gap: 1.5em; }
figure { margin: 0; width: 16em; }
figure img { width: 100%; height: 12em; object-fit: contain; background: #f6f5f2; }
figcaption { font-size: 0.9em; line-height: 1.4; }
.note { color: #8a5a00; }
#image-check { color: #888; font-size: 0.8em; }
</style>`
	imageCheck = `<p id="image-check">images not checked</p>
<script>
window.addEventListener("load", function () {
  var images = document.images, loaded = 0, missing = [];
  for (var i = 0; i < images.length; i++) {
    if (images[i].complete && images[i].naturalWidth > 0 && images[i].naturalHeight > 0) loaded++;
    else missing.push(images[i].getAttribute("src"));
  }
  document.getElementById("image-check").textContent =
    "images loaded: " + loaded + " of " + images.length + (missing.length ? "; missing: " + missing.join(" ") : "");
});
</script>`
)

var familyPage = template.Must(template.New("family").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}} — polyspec gallery</title>
` + pageStyle + `
</head>
<body>
<p><a href="../index.html">All families</a></p>
<h1>{{.Title}}</h1>
<main>
{{range .Cards}}<figure id="{{.ID}}">
{{if .Picture}}<a href="{{.Row}}" title="its row in the catalogue"><img src="{{.Picture}}" alt="a solution of {{.Title}}"></a>
{{else}}<p class="note">{{.Note}}</p>
{{end}}<figcaption><strong>{{.Title}}</strong><br>
<a href="{{.Spec}}">{{.Name}}</a><br>
board {{.Board}}; pieces {{.Pieces}}; known solutions {{.Known}}</figcaption>
</figure>
{{end}}</main>
` + imageCheck + `
</body>
</html>
`))

var indexPage = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>polyspec gallery</title>
` + pageStyle + `
</head>
<body>
<h1>polyspec gallery</h1>
<p>A solution of every puzzle in polyspec's catalogue, by family. Each picture links to its puzzle's row in the catalogue page, each name to its spec file.</p>
<ul>
{{range .}}<li><a href="{{.Folder}}/index.html">{{.Title}}</a> ({{len .Cards}} puzzles)</li>
{{end}}</ul>
</body>
</html>
`))
