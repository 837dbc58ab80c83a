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

	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/internal/infile"
	"github.com/polyspec/polyspec/puzzles"
)

// files is the directory the studio serves. os.Root keeps every access
// inside it: a name with "..", an absolute name or a symbolic link leading
// out is refused by the kernel-checked walk, not by string checks alone.
type files struct {
	root *os.Root
}

// maxListed bounds the spec files listed, so that a studio started in a
// large tree answers quickly.
const maxListed = 500

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

// list returns the spec files and games under the directory, skipping hidden
// folders, in lexical order.
func (f *files) list() ([]string, error) {
	var out []string
	errFull := errors.New("full")
	err := fs.WalkDir(f.root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable folder is left out
		}
		if d.IsDir() {
			if p != "." && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		if isSpecName(p) || isGameName(p) {
			out = append(out, p)
			if len(out) == maxListed {
				return errFull
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, errFull) {
		return nil, err
	}
	return out, nil
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

func (s *Server) listFiles(w http.ResponseWriter, r *http.Request) {
	if s.noFolder(w) {
		return
	}
	names, err := s.files.list()
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"folder": s.files.root.Name(), "files": names})
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
	writeJSON(w, http.StatusOK, map[string]string{"name": name, "text": string(data)})
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

// A catalogueEntry is one puzzle of the embedded catalogue, as the page
// lists it.
type catalogueEntry struct {
	Name   string `json:"name"`
	Family string `json:"family"`
}

func (s *Server) catalogue(w http.ResponseWriter, r *http.Request) {
	var out []catalogueEntry
	for _, e := range puzzles.Entries() {
		out = append(out, catalogueEntry{e.Name, e.Family})
	}
	writeJSON(w, http.StatusOK, out)
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
