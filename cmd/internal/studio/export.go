package studio

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
)

// modulePath is the module the engine is built from.
const modulePath = "github.com/polyspec/polyspec"

// enginePackage is the engine's main package, inside the module.
const enginePackage = "./cmd/internal/studio/wasm"

// staticHead marks an exported page as running the engine in the browser,
// and gives it the studio's security policy, with WebAssembly allowed to
// compile and a worker to run it: a static host sends no header of ours.
const staticHead = `<meta charset="utf-8">
<meta name="polyspec-engine" content="wasm">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; ` +
	`style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'">`

// Export writes the studio as a static site into dir: its pages, and the
// engine (this package's handler, the catalogue within) compiled to
// WebAssembly with Go's own GOOS=js GOARCH=wasm, which the pages run in a
// Web Worker. Any static file server serves it; no polyspec runs there.
//
// The engine is built with the Go toolchain on the PATH, from the module's
// source: the module the current folder belongs to when that is
// polyspec's (a clone), else the module cache's copy of the version this
// binary was built from. Building at export time keeps the binary small
// and the engine always of the same source as the pages.
func Export(ctx context.Context, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return err
	}
	err = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(sub, p)
		if err != nil {
			return err
		}
		if p == "index.html" {
			data = bytes.Replace(data, []byte(`<meta charset="utf-8">`), []byte(staticHead), 1)
		}
		return os.WriteFile(filepath.Join(dir, filepath.FromSlash(p)), data, 0o644)
	})
	if err != nil {
		return err
	}
	goroot, err := goOutput(ctx, "", "env", "GOROOT")
	if err != nil {
		return err
	}
	glue, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return fmt.Errorf("the Go toolchain's wasm_exec.js: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), glue, 0o644); err != nil {
		return err
	}
	src, err := moduleDir(ctx)
	if err != nil {
		return err
	}
	wasm, err := filepath.Abs(filepath.Join(dir, "engine.wasm"))
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, enginePackage)
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the engine (GOOS=js GOARCH=wasm go build %s in %s): %v\n%s", enginePackage, src, err, out)
	}
	return gzipFile(wasm)
}

// gzipFile writes name.gz beside a file. The page fetches the engine
// gzipped and unpacks it itself (DecompressionStream), so that a plain
// static host, which sends files as they are, sends 3.5 MB rather than 14.
func gzipFile(name string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(data); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(name+".gz", buf.Bytes(), 0o644)
}

// goOutput runs the go command and returns its output, trimmed.
func goOutput(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		if e, ok := err.(*exec.ExitError); ok {
			err = fmt.Errorf("%v: %s", err, bytes.TrimSpace(e.Stderr))
		}
		return "", fmt.Errorf("go %s (the engine is built with the Go toolchain, which must be on the PATH): %w", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}

// moduleDir finds polyspec's source: the current module when it is
// polyspec, else the module cache's copy of this binary's version.
func moduleDir(ctx context.Context) (string, error) {
	if dir, err := goOutput(ctx, "", "list", "-m", "-f", "{{.Dir}}", modulePath); err == nil && dir != "" {
		return dir, nil
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Path != modulePath || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return "", fmt.Errorf("polyspec's source is needed to build the engine: run the export in a clone of %s", modulePath)
	}
	out, err := goOutput(ctx, "", "mod", "download", "-json", modulePath+"@"+bi.Main.Version)
	if err != nil {
		return "", err
	}
	var m struct{ Dir string }
	if err := json.Unmarshal([]byte(out), &m); err != nil || m.Dir == "" {
		return "", fmt.Errorf("go mod download %s@%s: no folder in its answer", modulePath, bi.Main.Version)
	}
	return m.Dir, nil
}

// SetShareBase makes share links point at url (a studio, or a site
// written by Export) rather than at this studio.
func (s *Server) SetShareBase(url string) { s.shareBase = url }

// config tells the page how the studio was started.
func (s *Server) config(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"shareBase": s.shareBase})
}
