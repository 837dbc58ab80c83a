package outfile

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
)

// WriteIn writes data to name under root, as a server that writes only
// inside its folder must: to a new temporary file beside it, synced, then
// renamed over the name. The rename replaces the name's directory entry,
// so a hard link to a file outside the folder is never written through:
// the file outside keeps its contents. A name that is a symbolic link, a
// directory or another special file is refused.
func WriteIn(root *os.Root, name string, data []byte) error {
	mode := fs.FileMode(0o644)
	info, err := root.Lstat(name)
	switch {
	case err == nil && info.Mode().IsRegular():
		mode = info.Mode().Perm()
	case err == nil:
		return fmt.Errorf("%s is not a regular file: refusing to write over it", name)
	}
	var random [8]byte
	rand.Read(random[:])
	tmp := path.Join(path.Dir(name), "."+path.Base(name)+"."+hex.EncodeToString(random[:])+".tmp")
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	err = fill(f, data)
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		root.Remove(tmp)
	}
	return err
}
