package infile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadFileBounds: a file of exactly the limit reads; one byte more,
// an endless device or a folder is refused with the file's name, and no
// more than the limit is ever held.
func TestReadFileBounds(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, n int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, bytes.Repeat([]byte("#"), n), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	zero := filepath.Join(dir, "zero.toml")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		path    string
		tooBig  bool
		wantLen int
	}{
		{"empty", write("empty.toml", 0), false, 0},
		{"at the limit", write("at.toml", 100), false, 100},
		{"one byte past", write("over.toml", 101), true, 0},
		{"far past", write("far.toml", 100_000), true, 0},
		{"an endless device", zero, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := ReadFile(tt.path, 100, "a spec file")
			var big *TooBigError
			if tt.tooBig != errors.As(err, &big) {
				t.Fatalf("error %v, want too big %v", err, tt.tooBig)
			}
			if tt.tooBig {
				if big.Name != tt.path || big.Limit != 100 || big.What != "a spec file" {
					t.Fatalf("error %+v does not name the file, the limit and the kind", big)
				}
				return
			}
			if err != nil || len(data) != tt.wantLen {
				t.Fatalf("read %d bytes, %v; want %d", len(data), err, tt.wantLen)
			}
		})
	}
	if _, err := ReadFile(dir, 100, "a spec file"); err == nil {
		t.Fatal("a folder read as a spec file")
	}
}

// TestReadInRegularOnly: the studio's reads refuse a FIFO at once (no
// writer is waited for), a device and a folder; a regular file reads.
func TestReadInRegularOnly(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.toml"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.toml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "d.toml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ok.toml"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, name := range []string{"pipe.toml", "zero.toml", "d.toml"} {
		done := make(chan error, 1)
		go func() {
			_, err := ReadIn(root, name, 100, "a spec file")
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s read as a regular file", name)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("ReadIn(%s) waits", name)
		}
	}
	if data, err := ReadIn(root, "ok.toml", 100, "a spec file"); err != nil || string(data) != "x" {
		t.Fatalf("ok.toml: %q, %v", data, err)
	}
	if _, err := ReadIn(root, "ok.toml", 0, "a spec file"); !errors.As(err, new(*TooBigError)) {
		t.Fatalf("a 1-byte file under a 0-byte limit: %v", err)
	}
}

// FuzzReadFile checks the bound for every size and limit: a file reads
// whole, byte for byte, exactly when it is within its limit, by both
// openers; past it the error is a *TooBigError.
func FuzzReadFile(f *testing.F) {
	f.Add([]byte(""), uint16(0))
	f.Add([]byte("a"), uint16(0))
	f.Add([]byte("abc"), uint16(3))
	f.Add([]byte("abcd"), uint16(3))
	f.Add(bytes.Repeat([]byte{0}, 513), uint16(512))
	f.Add(bytes.Repeat([]byte("x\n"), 600), uint16(1200))
	dir := f.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, limit uint16) {
		name := "f.toml"
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		for opener, read := range map[string]func() ([]byte, error){
			// OpenRecord is Open without remembering the file, which a
			// long fuzz run would pile up.
			"Open": func() ([]byte, error) {
				f, err := OpenRecord(filepath.Join(dir, name), int64(limit), "a spec file")
				if err != nil {
					return nil, err
				}
				defer f.Close()
				return readAll(f)
			},
			"ReadIn": func() ([]byte, error) { return ReadIn(root, name, int64(limit), "a spec file") },
		} {
			got, err := read()
			if len(data) > int(limit) {
				if !errors.As(err, new(*TooBigError)) {
					t.Fatalf("%s: %d bytes under a limit of %d: %v", opener, len(data), limit, err)
				}
				continue
			}
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("%s: %d bytes within %d read as %d, %v", opener, len(data), limit, len(got), err)
			}
		}
	})
}
