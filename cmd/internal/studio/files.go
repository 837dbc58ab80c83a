package studio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/internal/infile"
	"github.com/polyspec/polyspec/puzzles"
)

// files is the directory the studio serves. os.Root keeps every access
// inside it: a name with "..", an absolute name or a symbolic link leading
// out is refused by the kernel-checked walk, not by string checks alone.
type files struct {
	root *os.Root

	mu        sync.Mutex
	described map[string]*described // by path, as last listed
}

func openFiles(dir string) (*files, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &files{root: root}, nil
}

// isSpecName reports whether a name is one the studio reads and writes: a
// local slash-separated path ending in a spec extension.
func isSpecName(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".toml", ".yaml", ".yml":
		return isLocal(name)
	}
	return false
}

// isGameName reports whether a name is one the studio reads as a Pips
// game: an NYT .json file or a text game.
func isGameName(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".json", ".txt":
		return isLocal(name)
	}
	return false
}

func isLocal(name string) bool {
	return filepath.IsLocal(filepath.FromSlash(name)) && !strings.Contains(name, "\\")
}

func (f *files) read(name string) ([]byte, error) {
	if !isSpecName(name) && !isGameName(name) {
		return nil, fmt.Errorf("%q: the studio opens only spec files (.toml, .yaml, .yml) and Pips games (.json, .txt) under its folder", name)
	}
	return infile.ReadIn(f.root, name, maxBody, "a file the studio opens")
}

func (f *files) write(name string, data []byte) error {
	if !isSpecName(name) {
		return fmt.Errorf("%q: the studio saves only spec files (.toml, .yaml, .yml) under its folder", name)
	}
	if dir := path.Dir(name); dir != "." {
		if err := f.root.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return outfile.WriteIn(f.root, name, data)
}

// noFolder answers a file request of a studio started without a folder.
func (s *Server) noFolder(w http.ResponseWriter) bool {
	if s.files == nil {
		writeJSON(w, http.StatusNotFound, problem{Message: "the studio was started without a folder"})
		return true
	}
	return false
}

func (s *Server) readFile(w http.ResponseWriter, r *http.Request) {
	if s.noFolder(w) {
		return
	}
	name := r.URL.Query().Get("path")
	data, err := s.files.read(name)
	if err != nil {
		writeJSON(w, fileStatus(err), problem{Message: err.Error()})
		return
	}
	// kind tells the page whether to edit the file or play it: a spec of
	// kind "pips" is a game.
	writeJSON(w, http.StatusOK, map[string]string{"name": name, "text": string(data), "kind": describe(name, data).Kind})
}

func (s *Server) writeFile(w http.ResponseWriter, r *http.Request) {
	if s.noFolder(w) {
		return
	}
	name := r.URL.Query().Get("path")
	data, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, err)
		return
	}
	if err := s.files.write(name, data); err != nil {
		writeJSON(w, fileStatus(err), problem{Message: err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"name": name, "bytes": len(data)})
}

// fileStatus is the answer to a file that cannot be used: 404 when it is
// missing, 403 when the name is outside the folder or not a spec.
func fileStatus(err error) int {
	if errors.Is(err, fs.ErrNotExist) {
		return http.StatusNotFound
	}
	return http.StatusForbidden
}

func (s *Server) catalogueSpec(w http.ResponseWriter, r *http.Request) {
	e, ok := puzzles.Lookup(r.PathValue("name"))
	if !ok {
		writeJSON(w, http.StatusNotFound, problem{Message: "no catalogue puzzle named " + r.PathValue("name")})
		return
	}
	data, err := fs.ReadFile(puzzles.FS, e.Path)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"name": path.Base(e.Path), "text": string(data)})
}
