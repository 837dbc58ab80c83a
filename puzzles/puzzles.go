// Package puzzles embeds polyspec's catalogue of puzzle specs, one file per
// puzzle, organised by family. The spec files are the source of truth; this
// package only makes them available by name.
package puzzles

import (
	"embed"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// FS holds the spec files, one folder per family.
//
//go:embed */*.toml */*.yaml
var FS embed.FS

// An Entry is one catalogue file.
type Entry struct {
	Name   string // the file's base name without its extension
	Family string // its folder
	Path   string // its path inside FS
}

// Entries lists the catalogue sorted by family, then name.
func Entries() []Entry {
	var out []Entry
	// FS is built into the binary, so walking it cannot fail.
	_ = fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		base := path.Base(p)
		out = append(out, Entry{
			Name:   strings.TrimSuffix(base, path.Ext(base)),
			Family: path.Dir(p),
			Path:   p,
		})
		return nil
	})
	slices.SortFunc(out, func(a, b Entry) int {
		return strings.Compare(a.Family+"/"+a.Name, b.Family+"/"+b.Name)
	})
	return out
}

// Lookup finds a catalogue entry by name.
func Lookup(name string) (Entry, bool) {
	for _, e := range Entries() {
		if e.Name == name {
			return e, true
		}
	}
	return Entry{}, false
}
