package outfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// A new file, then the same file replaced: its mode is kept.
	path := filepath.Join(dir, "out.json")
	if err := Write(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); read("out.json") != "two" || st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file holds %q with mode %v", read("out.json"), st.Mode())
	}
	// A symbolic link is followed: the target changes, the link stays.
	if err := os.Symlink("out.json", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := Write(filepath.Join(dir, "link"), []byte("three")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(filepath.Join(dir, "link")); err != nil || st.Mode()&os.ModeSymlink == 0 || read("out.json") != "three" {
		t.Errorf("writing through a link: %v, %v, target holds %q", st, err, read("out.json"))
	}
	// A dangling link makes its target.
	if err := os.Symlink("new.json", filepath.Join(dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	if err := Write(filepath.Join(dir, "dangling"), []byte("four")); err != nil || read("new.json") != "four" {
		t.Errorf("writing through a dangling link: %v", err)
	}
	// No temporary file is left behind.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("left %s", e.Name())
		}
	}
	if err := Write(dir, []byte("x")); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("writing a directory: %v", err)
	}
}

func TestWriteDevices(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	if err := Write("/dev/null", []byte("x")); err != nil {
		t.Errorf("/dev/null: %v", err)
	}
	if err := Write("/dev/full", []byte("x")); err == nil {
		t.Error("/dev/full took the data")
	}
	// Through a link to the device, too; and the device stays a device.
	link := filepath.Join(t.TempDir(), "full")
	if err := os.Symlink("/dev/full", link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, []byte("x")); err == nil {
		t.Error("a link to /dev/full took the data")
	}
	if st, err := os.Stat("/dev/full"); err != nil || st.Mode()&os.ModeDevice == 0 {
		t.Errorf("/dev/full is now %v, %v", st, err)
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		path string
		want string // "" for no error
	}{
		{filepath.Join(dir, "new.json"), ""},
		{filepath.Join(dir, "nowhere", "new.json"), "no directory " + filepath.Join(dir, "nowhere") + " to write it in"},
		{dir, "is a directory"},
	} {
		err := Check(c.path)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("Check(%s) = %v, want %q", c.path, err, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Check left %v", entries)
	}
	if err := Check("/dev/null"); err != nil {
		t.Errorf("Check(/dev/null) = %v", err)
	}
	if os.Getuid() != 0 {
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o500)
		if err := Check(filepath.Join(ro, "x")); err == nil {
			t.Error("Check accepted a read-only directory")
		}
	}
	if _, err := os.Stat("/proc/self"); err == nil {
		// The error names the directory, not the temporary file's
		// random name.
		const want = "cannot create a file in /proc: no such file or directory"
		if err := Check("/proc/x"); err == nil || err.Error() != want {
			t.Errorf("Check(/proc/x) = %v, want %q", err, want)
		}
		if err := Write("/proc/x", []byte("x")); err == nil || err.Error() != want {
			t.Errorf("Write(/proc/x) = %v, want %q", err, want)
		}
	}
}
