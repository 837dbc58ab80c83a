package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// docPages are the pages whose command lines TestDocCommands runs: the
// README, the tutorial and the how-to guides, relative to the module's
// top folder.
var docPages = []string{"README.md", "docs/tutorial.md", "docs/how-to/*.md"}

// untested marks a command line of a page that TestDocCommands does not
// run, with its reason after it: "polyspec verify   # 41 minutes
// (untested: too long for a test)".
const untested = "(untested:"

// TestDocCommands runs every command line of the pages' ```sh blocks, in
// order, each page in a copy of the files a clone has (git ls-files), so
// that a page that names a command or a file that does not work on a
// fresh clone fails here. `go run ./cmd/polyspec` runs as this test's
// polyspec, the same main. A line marked untested is skipped and its
// reason logged.
func TestDocCommands(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// The files of a clone, and those not yet added, which the go command
	// builds this test with too; CI runs it in a clone, where the second
	// are none.
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Skipf("not a git checkout, so no clone to copy: %v", err)
	}
	var tracked []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			tracked = append(tracked, f)
		}
	}
	var pages []string
	for _, pattern := range docPages {
		m, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, m...)
	}
	goEnv := map[string]string{}
	if out, err := exec.Command("go", "env", "-json", "GOCACHE", "GOMODCACHE", "GOPATH").Output(); err == nil {
		if err := json.Unmarshal(out, &goEnv); err != nil {
			t.Fatal(err)
		}
	}
	scripts := t.TempDir()
	var files []string
	for _, page := range pages {
		script, err := docScript(t, page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		name := filepath.Join(scripts, strings.NewReplacer("/", "_", ".md", ".txtar").Replace(rel))
		if err := os.WriteFile(name, []byte(script), 0o666); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	testscript.Run(t, testscript.Params{
		Files:               files,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			// studio --export builds with the go command, which needs
			// its caches; testscript's environment has no HOME.
			for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
				env.Setenv(k, goEnv[k])
			}
			return copyFiles(root, env.WorkDir, tracked)
		},
	})
}

// docScript turns a page's command lines into a testscript, each line run
// by sh so that pipes and globs work as they do at a prompt.
func docScript(t *testing.T, page string) (string, error) {
	f, err := os.Open(page)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var b strings.Builder
	b.WriteString("[!exec:sh] skip 'the commands need sh'\n")
	in, block := false, ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			if in {
				in = false
				continue
			}
			in, block = true, strings.TrimPrefix(trimmed, "```")
			continue
		}
		if !in || block != "sh" || trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if i := strings.Index(trimmed, untested); i >= 0 {
			reason := strings.TrimSuffix(strings.TrimSpace(trimmed[i+len(untested):]), ")")
			t.Logf("%s:%d: not run: %s: %s", filepath.Base(page), n, reason, trimmed)
			continue
		}
		cmd := strings.ReplaceAll(trimmed, "go run ./cmd/polyspec", "polyspec")
		fmt.Fprintf(&b, "# %s:%d\nexec sh -c '%s'\n", filepath.Base(page), n, strings.ReplaceAll(cmd, "'", "''"))
	}
	return b.String(), sc.Err()
}

// copyFiles copies the named files from one folder to another.
func copyFiles(from, to string, names []string) error {
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(from, name))
		if os.IsNotExist(err) {
			continue // deleted in the work tree, not yet in git
		}
		if err != nil {
			return err
		}
		dst := filepath.Join(to, name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
			return err
		}
		if err := os.WriteFile(dst, data, 0o666); err != nil {
			return err
		}
	}
	return nil
}
