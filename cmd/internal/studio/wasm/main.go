//go:build js && wasm

// Command wasm is the studio's engine for a static site (polyspec studio
// --export): the studio's own http.Handler, compiled with GOOS=js
// GOARCH=wasm and run in a Web Worker, answering the page's requests
// in-process. The page sends a request as a message; the answer comes
// back as a head, chunks of body as the handler writes them (a search's
// events as they happen) and an end. No folder is served: the catalogue
// and the specs the page holds are all there is.
package main

import (
	"context"
	"net/http"
	"strings"
	"syscall/js"
	"time"

	"github.com/polyspec/polyspec/cmd/internal/studio"
)

// limits are the studio's, with a longer time limit: a search here runs
// on the visitor's machine and stops when the page asks.
var limits = func() studio.Limits {
	l := studio.DefaultLimits
	l.MaxTime = time.Hour
	return l
}()

func main() {
	srv, err := studio.New("", limits)
	if err != nil {
		panic(err)
	}
	post := js.Global().Get("postMessage")
	// polyspecServe(id, method, url, body) serves one request; the
	// answer goes back by postMessage, tagged with id.
	js.Global().Set("polyspecServe", js.FuncOf(func(_ js.Value, args []js.Value) any {
		id, method, url, body := args[0].Int(), args[1].String(), args[2].String(), args[3].String()
		go serve(srv, post, id, method, url, body)
		return nil
	}))
	js.Global().Call("postMessage", map[string]any{"type": "ready"})
	select {}
}

func serve(h http.Handler, post js.Value, id int, method, url, body string) {
	w := &writer{post: post, id: id, header: http.Header{}}
	r, err := http.NewRequestWithContext(context.Background(), method, "http://localhost"+url, strings.NewReader(body))
	if err != nil {
		post.Invoke(map[string]any{"id": id, "type": "error", "message": err.Error()})
		return
	}
	r.Host = "localhost"
	r.RemoteAddr = "127.0.0.1:0"
	if method == "POST" {
		r.Header.Set("Content-Type", "application/json")
	}
	h.ServeHTTP(w, r)
	w.WriteHeader(http.StatusOK) // an empty answer has its head too
	post.Invoke(map[string]any{"id": id, "type": "end"})
}

// A writer sends what a handler writes to the page as it is written.
type writer struct {
	post   js.Value
	id     int
	header http.Header
	sent   bool
}

func (w *writer) Header() http.Header { return w.header }

func (w *writer) WriteHeader(status int) {
	if w.sent {
		return
	}
	w.sent = true
	headers := map[string]any{}
	for k := range w.header {
		headers[k] = w.header.Get(k)
	}
	w.post.Invoke(map[string]any{"id": w.id, "type": "head", "status": status, "headers": headers})
}

func (w *writer) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	data := js.Global().Get("Uint8Array").New(len(p))
	js.CopyBytesToJS(data, p)
	w.post.Invoke(map[string]any{"id": w.id, "type": "chunk", "data": data})
	return len(p), nil
}

// Flush does nothing: every write is sent at once.
func (w *writer) Flush() {}
