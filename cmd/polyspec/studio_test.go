package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestStudio starts polyspec studio as the command line does, reads the
// address it prints, asks it for the page, and stops it as Ctrl-C does.
// The studio itself is tested in cmd/internal/studio.
func TestStudio(t *testing.T) {
	for _, tc := range []struct {
		listen, warning string
	}{
		{"127.0.0.1:0", ""},
		{"0.0.0.0:0", "polyspec: warning: listening on "},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		out, w := io.Pipe()
		var stderr bytes.Buffer
		done := make(chan int)
		go func() {
			done <- runContext(ctx, []string{"studio", t.TempDir(), "--listen", tc.listen}, w, &stderr)
			w.Close()
		}()
		line, err := bufio.NewReader(out).ReadString('\n')
		if err != nil {
			t.Fatalf("%s: %v (stderr %s)", tc.listen, err, stderr.String())
		}
		url := regexp.MustCompile(`^polyspec studio: (http://[^ ]+/) \(folder `).FindStringSubmatch(line)
		if url == nil {
			t.Fatalf("%s: printed %q", tc.listen, line)
		}
		res, err := http.Get(url[1])
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !bytes.Contains(page, []byte("<title>polyspec studio</title>")) {
			t.Errorf("%s: %s %.200s", tc.listen, res.Status, page)
		}
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("%s: exit status %d: %s", tc.listen, code, stderr.String())
		}
		if got := stderr.String(); tc.warning == "" && got != "" || !strings.HasPrefix(got, tc.warning) {
			t.Errorf("%s: stderr %q, want %q", tc.listen, got, tc.warning)
		}
	}
}

// TestStudioShareBase refuses a --share-base that is no web address, before
// the studio starts.
func TestStudioShareBase(t *testing.T) {
	for _, base := range []string{"example.org", "ftp://example.org/", "https://example.org/#x"} {
		var stdout, stderr bytes.Buffer
		code := runContext(context.Background(), []string{"studio", t.TempDir(), "--share-base", base}, &stdout, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), "--share-base") {
			t.Errorf("--share-base %s: exit status %d, stderr %q", base, code, stderr.String())
		}
	}
}
