// Package infile is the one place polyspec opens the files it reads: a
// spec, a DLX file, a Pips game, a list of Sudoku puzzles, a solution
// file, a part or a state. Every file is read through a bound on its
// bytes, applied while it is read, so that /dev/zero, a pipe that never
// ends or a 100 MB file fails at the bound with the file's name and the
// limit instead of filling memory first.
//
// The package also remembers the files a command has read, so that an
// output naming one of them (the same file, by os.SameFile, not by name)
// is refused before it overwrites what it was made from (see SameAsInput).
package infile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
)

// The byte limits of each kind of input file (docs/limits.md). Real
// files are far smaller: the catalogue's largest spec has a few
// kilobytes, and its largest problem written as a DLX file about 100 MB.
const (
	// SpecBytes bounds a spec file (TOML or YAML).
	SpecBytes = 4 << 20
	// GameBytes bounds a Pips game, a generator configuration or an NYT
	// file.
	GameBytes = 16 << 20
	// ListBytes bounds a list of Sudoku puzzles: a 49,000-puzzle
	// collection of 9×9 grids has 4 MB.
	ListBytes = 16 << 20
	// DLXBytes bounds a DLX file: 4,000,000 options (the ceiling of
	// --max-placements a spec may ask for) of a few dozen bytes each.
	DLXBytes = 256 << 20
	// SolutionBytes bounds a solution file read by render or import.
	SolutionBytes = 256 << 20
	// PartBytes bounds a part (merge) or a state (--resume), whose
	// subproblems are at most 2^30 of a few bytes each in the worst case;
	// real ones have kilobytes.
	PartBytes = 64 << 20
	// TableBytes bounds a table of documented counts (import --documented).
	TableBytes = 16 << 20
)

// A TooBigError is a file that goes past its limit.
type TooBigError struct {
	Name  string // the file
	What  string // what kind of file it was read as: "a spec file"
	Limit int64  // bytes
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("%s: more than %d bytes, the limit for %s", e.Name, e.Limit, e.What)
}

// A File is an input file open for reading within its limit.
type File struct {
	f         *os.File
	name      string
	what      string
	limit     int64
	remaining int64 // bytes left before the limit, plus one to tell it was passed
}

// Read reads from the file; a read that goes past the limit fails with a
// *TooBigError.
func (f *File) Read(p []byte) (int, error) {
	if f.remaining <= 0 {
		return 0, &TooBigError{Name: f.name, What: f.what, Limit: f.limit}
	}
	if int64(len(p)) > f.remaining {
		p = p[:f.remaining]
	}
	n, err := f.f.Read(p)
	f.remaining -= int64(n)
	if f.remaining <= 0 {
		// The byte past the limit was read: the file is too big.
		return n - 1, &TooBigError{Name: f.name, What: f.what, Limit: f.limit}
	}
	return n, err
}

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// Stat returns the file's information.
func (f *File) Stat() (fs.FileInfo, error) { return f.f.Stat() }

// Open opens a file the command line names, to read at most limit bytes
// of it as what ("a spec file"), and records it as an input of the
// command. Any kind of file opens: a pipe or a device is the user's own
// choice on the command line, and the limit bounds it. A directory is
// refused.
func Open(name string, limit int64, what string) (*File, error) {
	f, info, err := open(name, limit, what)
	if err == nil {
		remember(name, info)
	}
	return f, err
}

// OpenRecord opens, as Open does, a file that the command reads and then
// rewrites as its own record (the state of a resumed search): it is not
// recorded as an input, since bringing it up to date is the point.
func OpenRecord(name string, limit int64, what string) (*File, error) {
	f, _, err := open(name, limit, what)
	return f, err
}

func open(name string, limit int64, what string) (*File, fs.FileInfo, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err == nil && info.IsDir() {
		err = fmt.Errorf("%s is a folder, not %s", name, what)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return bounded(f, name, limit, what), info, nil
}

func bounded(f *os.File, name string, limit int64, what string) *File {
	return &File{f: f, name: name, what: what, limit: limit, remaining: limit + 1}
}

// ReadFile reads a file the command line names, as Open does.
func ReadFile(name string, limit int64, what string) ([]byte, error) {
	f, err := Open(name, limit, what)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f)
}

// readAll reads f to its end, as io.ReadAll does, with a first buffer of
// the size a regular file says it has (within its limit).
func readAll(f *File) ([]byte, error) {
	size := int64(512)
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		size = min(info.Size(), f.limit) + 1
	}
	data := make([]byte, 0, size)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

// ErrNotRegular is the error of OpenIn for a name that is not a regular
// file.
var ErrNotRegular = errors.New("not a regular file")

// ReadIn reads a regular file under root, within limit, as a server
// must: it never waits for a pipe's writer or a device, and refuses any
// file that is not a regular one. It does not record the file as an
// input.
func ReadIn(root *os.Root, name string, limit int64, what string) ([]byte, error) {
	f, err := root.OpenFile(name, os.O_RDONLY|nonBlocking, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w, not %s", name, ErrNotRegular, what)
	}
	return readAll(bounded(f, name, limit, what))
}

// inputs are the files read so far, by the name they were opened by.
var inputs struct {
	sync.Mutex
	files []input
}

type input struct {
	name string
	info fs.FileInfo
}

func remember(name string, info fs.FileInfo) {
	inputs.Lock()
	defer inputs.Unlock()
	inputs.files = append(inputs.files, input{name, info})
}

// SameAsInput returns the name of the input file that info is, when it is
// one this process has read and that is still there: an output must not
// overwrite it. A file read and since removed no longer counts, so that a
// new file that reuses its inode is not taken for it.
func SameAsInput(info fs.FileInfo) (string, bool) {
	if info == nil || !info.Mode().IsRegular() {
		return "", false
	}
	inputs.Lock()
	defer inputs.Unlock()
	for _, in := range inputs.files {
		if !os.SameFile(in.info, info) {
			continue
		}
		if now, err := os.Stat(in.name); err == nil && os.SameFile(now, info) {
			return in.name, true
		}
	}
	return "", false
}
