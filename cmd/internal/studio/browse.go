package studio

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/docs"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// An entry is a puzzle the page's browser lists and searches: a catalogue
// puzzle, a spec file or a Pips game of the folder.
type entry struct {
	// Name is a catalogue puzzle's name, or a file's path under the
	// folder.
	Name string `json:"name"`
	// Family is a catalogue puzzle's family, or a file's folder.
	Family  string `json:"family,omitempty"`
	Title   string `json:"title,omitempty"`
	Kind    string `json:"kind"` // polyform, sudoku or game
	Lattice string `json:"lattice,omitempty"`
	// Count is the spec's count, published or polyspec's own (as
	// polyspec list shows it), when it has one.
	Count *int64 `json:"count,omitempty"`
	// FirstTime is polyspec's measured CPU time to a first solution of a
	// catalogue puzzle, in seconds ("over 5" for a search stopped
	// there), from docs/catalogue-times.tsv; empty when not measured.
	FirstTime string `json:"firstTime,omitempty"`
	// Problem says why a file could not be read; it is listed all the
	// same, to be opened and mended.
	Problem string `json:"problem,omitempty"`
}

// describe reads what the browser shows of a spec or a game.
func describe(name string, data []byte) entry {
	e := entry{Name: name, Kind: "polyform"}
	if isGameName(name) {
		e.Kind = "game"
		if pipscli.Detect(path.Base(name), data) == pipscli.None {
			e.Problem = "not a Pips game"
		}
		return e
	}
	sp, err := spec.Parse(path.Base(name), data)
	if err != nil {
		e.Problem = specProblem(err).Message
		return e
	}
	e.Title, e.Lattice = sp.Title.V, sp.Lattice.V
	switch sp.Kind.V {
	case "sudoku":
		e.Kind, e.Lattice = "sudoku", ""
	case "pips":
		e.Kind, e.Lattice = "game", ""
	}
	for _, c := range []spec.Value[int64]{sp.Expect, sp.Count, sp.ExpectAll, sp.CountAll} {
		if c.Set {
			e.Count = &c.V
			break
		}
	}
	return e
}

// catalogueEntries are the catalogue's puzzles as the browser lists them,
// read once: the catalogue is built into the binary.
var catalogueEntries = sync.OnceValue(func() []entry {
	first := firstTimes()
	var out []entry
	for _, c := range puzzles.Entries() {
		data, _ := fs.ReadFile(puzzles.FS, c.Path) // built in: no error
		e := describe(c.Path, data)
		e.Name, e.Family, e.FirstTime = c.Name, c.Family, first[c.Name]
		out = append(out, e)
	}
	return out
})

// firstTimes are the first-solution times of the catalogue's puzzles in
// the embedded times file ("0.26", "over 5"); a count's time is left out.
func firstTimes() map[string]string {
	timings, _ := docs.ParseTimes("docs/catalogue-times.tsv", docs.CatalogueTimes) // built in, and tested in docs
	out := map[string]string{}
	for name, t := range timings {
		switch {
		case t.What != "first":
		case t.Over:
			out[name] = "over " + t.Seconds
		default:
			out[name] = t.Seconds
		}
	}
	return out
}

// catalogueText maps a catalogue file's path to its text, to tell a
// folder's copy of a catalogue file (the studio started on puzzles/) from
// a file of its own.
var catalogueText = sync.OnceValue(func() map[string][]byte {
	out := map[string][]byte{}
	for _, c := range puzzles.Entries() {
		out[c.Path], _ = fs.ReadFile(puzzles.FS, c.Path)
	}
	return out
})

// isCatalogueCopy reports whether a file of the folder is a catalogue
// file as the catalogue has it, under the catalogue's own path (as when
// the studio serves puzzles/, or a folder holding it): the browser lists
// it once, as the catalogue's.
func isCatalogueCopy(name string, data []byte) bool {
	for p, text := range catalogueText() {
		if (name == p || strings.HasSuffix(name, "/"+p)) && bytes.Equal(data, text) {
			return true
		}
	}
	return false
}

// A described file is a file's entry as read at its modification time and
// size, so that a listing reads again only the files that changed.
type described struct {
	mod  time.Time
	size int64
	e    entry
	copy bool // a copy of a catalogue file
}

// maxListed bounds the files listed, so that a studio started in a huge
// tree answers in seconds; the answer says when it was reached.
const maxListed = 50_000

// list returns the spec files and games under the directory, skipping
// hidden folders, in lexical order, with what the browser shows of each;
// more is set when there were more than maxListed.
func (f *files) list() (out []entry, more bool, err error) {
	errFull := errors.New("full")
	f.mu.Lock()
	defer f.mu.Unlock()
	seen := map[string]*described{}
	err = fs.WalkDir(f.root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable folder is left out
		}
		if d.IsDir() {
			if p != "." && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		if !isSpecName(p) && !isGameName(p) {
			return nil
		}
		if len(out) == maxListed {
			more = true
			return errFull
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		c := f.described[p]
		if c == nil || !c.mod.Equal(info.ModTime()) || c.size != info.Size() {
			c = &described{mod: info.ModTime(), size: info.Size()}
			if data, err := f.read(p); err != nil {
				// A symbolic link out of the folder, say: listed, and
				// refused when opened.
				c.e = entry{Name: p, Kind: "polyform", Problem: err.Error()}
			} else {
				c.e, c.copy = describe(p, data), isCatalogueCopy(p, data)
			}
			c.e.Family = path.Dir(p)
		}
		seen[p] = c
		if !c.copy {
			out = append(out, c.e)
		}
		return nil
	})
	f.described = seen
	if err != nil && !errors.Is(err, errFull) {
		return nil, false, err
	}
	return out, more, nil
}

func (s *Server) listFiles(w http.ResponseWriter, r *http.Request) {
	if s.noFolder(w) {
		return
	}
	list, more, err := s.files.list()
	if err != nil {
		fail(w, err)
		return
	}
	if list == nil {
		list = []entry{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"folder": s.files.root.Name(), "files": list, "more": more, "max": maxListed})
}

func (s *Server) catalogue(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, catalogueEntries())
}

// thumb answers with a small drawing of a puzzle's board, for the
// browser's list: the board's cells in one colour, or a Sudoku's grid.
// A game has none.
func (s *Server) thumb(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	name := q.Get("name")
	var data []byte
	switch q.Get("source") {
	case "catalogue":
		c, ok := puzzles.Lookup(name)
		if !ok {
			writeJSON(w, http.StatusNotFound, problem{Message: "no catalogue puzzle named " + name})
			return
		}
		name = c.Path
		data, _ = fs.ReadFile(puzzles.FS, c.Path) // built in: no error
	case "file":
		if s.noFolder(w) {
			return
		}
		var err error
		if data, err = s.files.read(name); err != nil {
			writeJSON(w, fileStatus(err), problem{Message: err.Error()})
			return
		}
	default:
		fail(w, errors.New("source: expected catalogue or file"))
		return
	}
	out := map[string]string{}
	if isSpecName(name) {
		if pic, err := s.boardPicture(name, data); err != nil {
			out["problem"] = err.Error()
		} else {
			out["svg"] = pic
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// boardPicture draws a spec's board as one region, or a Sudoku's grid.
func (s *Server) boardPicture(name string, data []byte) (string, error) {
	sp, err := spec.Parse(path.Base(name), data)
	if err != nil {
		return "", err
	}
	if sp.Kind.V == "sudoku" {
		out, err := drawSudoku(sp)
		if err != nil || out.Problem != nil {
			return "", errors.Join(err, problemError(out))
		}
		return out.Board, nil
	}
	if n := compile.BoardCost(sp.Board); s.limits.MaxCells > 0 && n > s.limits.MaxCells {
		return "", fmt.Errorf("%d cells is over the studio's limit of %d", n, s.limits.MaxCells)
	}
	l, cells, err := specBoard(sp)
	if err != nil {
		return "", err
	}
	return svgOf(l.Name(), []emit.Placed{{Name: "board", Cells: cells}})
}

// problemError is a rendering's problem as an error, or nil.
func problemError(r *rendering) error {
	if r == nil || r.Problem == nil {
		return nil
	}
	return errors.New(r.Problem.Message)
}
