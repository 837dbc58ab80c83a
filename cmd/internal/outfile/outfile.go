// Package outfile writes output files so that no reader ever sees half of
// one: a new file is written beside the old under a temporary name, synced
// to disk and renamed over it, so that a crash, a kill or a full disk
// leaves the old file or the new, never a mix.
//
// Only a regular file (or a new path) is replaced that way. A symbolic link
// is followed, as the shell's ">" follows it: its target is written and the
// link stays. A device or other special file, such as /dev/null or
// /dev/stdout, is written directly, never renamed over; and a directory is
// an error.
package outfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/polyspec/polyspec/internal/infile"
)

// maxLinks bounds the symbolic links followed, as the kernel does.
const maxLinks = 40

// Write writes data to path, as the package says.
func Write(path string, data []byte) error {
	target, info, err := resolve(path)
	if err == nil {
		err = notInput(path, info)
	}
	if err != nil {
		return err
	}
	if info != nil && !info.Mode().IsRegular() {
		return writeSpecial(target, info, data)
	}
	mode := fs.FileMode(0o644)
	if info != nil {
		mode = info.Mode().Perm()
	}
	tmp, err := tempFor(target)
	if err != nil {
		return err
	}
	// CreateTemp makes the file private; an output file is read as
	// readily as any other.
	err = tmp.Chmod(mode)
	if err == nil {
		err = fill(tmp, data)
	} else {
		tmp.Close()
	}
	if err == nil {
		err = os.Rename(tmp.Name(), target)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	syncDir(filepath.Dir(target))
	return nil
}

// fill writes data to a new temporary file, makes it durable and closes
// it, ready to be renamed over its target.
func fill(f *os.File, data []byte) error {
	_, err := f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// WriteWith writes to path, as Write does, what write writes.
func WriteWith(path string, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	return Write(path, b.Bytes())
}

// Check reports, before a long run, whether Write could write path: that
// a special file opens for writing, or that the directory a regular file
// goes in takes a new file.
func Check(path string) error {
	target, info, err := resolve(path)
	if err == nil {
		err = notInput(path, info)
	}
	if err != nil {
		return err
	}
	if info != nil && !info.Mode().IsRegular() {
		if info.IsDir() {
			return fmt.Errorf("%s is a directory", target)
		}
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		return f.Close()
	}
	dir := filepath.Dir(target)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("no directory %s to write it in", dir)
	}
	tmp, err := tempFor(target)
	if err != nil {
		return err
	}
	tmp.Close()
	return os.Remove(tmp.Name())
}

// tempFor creates the temporary file that is renamed to target. An error
// names the directory, not the temporary file, whose random name the user
// never gave.
func tempFor(target string) (*os.File, error) {
	dir := filepath.Dir(target)
	tmp, err := os.CreateTemp(dir, filepath.Base(target)+".*.tmp")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("cannot create a file in %s: %w", dir, err)
	}
	return tmp, nil
}

// resolve follows the symbolic links of path to the file to write, and
// returns what is there, with nil info for a new file.
func resolve(path string) (string, fs.FileInfo, error) {
	for range maxLinks {
		info, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return path, nil, nil
		case err != nil:
			return "", nil, err
		case info.Mode()&fs.ModeSymlink == 0:
			return path, info, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("too many levels of symbolic links")}
}

// writeSpecial writes data to a file that is not a regular one.
func writeSpecial(path string, info fs.FileInfo, data []byte) error {
	if info.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir makes a rename in dir durable. Not every system can sync a
// directory; the rename itself is done either way.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// notInput refuses to write over a file the command has read (the same
// file, not only the same name: a hard link or another path to it counts
// too), which would destroy what the output was made from.
func notInput(path string, info fs.FileInfo) error {
	if in, ok := infile.SameAsInput(info); ok {
		if in == path {
			return fmt.Errorf("%s is an input of this command: refusing to write over it", path)
		}
		return fmt.Errorf("%s is the same file as %s, an input of this command: refusing to write over it", path, in)
	}
	return nil
}
