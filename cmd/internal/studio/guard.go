package studio

import (
	"fmt"
	"log"
	"net/http"
	"runtime/debug"
	"time"
)

// The server's timeouts: a request's headers must arrive within
// headerTimeout, and the whole request (headers and body, at most maxBody)
// within readTimeout, so that a client sending a byte every few seconds is
// cut off instead of holding a connection and its goroutine for ever. No
// write timeout: a search streams its progress for up to Limits.MaxTime.
const (
	headerTimeout = 10 * time.Second
	readTimeout   = 30 * time.Second
	idleTimeout   = 2 * time.Minute
)

// HTTPServer returns the http.Server that serves the studio with its
// timeouts; the caller gives it a listener.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: headerTimeout,
		ReadTimeout:       readTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    64 << 10,
	}
}

// recovering answers 500 for a handler that panics, with the panic's
// message, and logs its stack, instead of dropping the connection with no
// answer. http.ErrAbortHandler, which a handler raises to drop a
// connection on purpose, is let through.
func recovering(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil || v == http.ErrAbortHandler {
				if v != nil {
					panic(v)
				}
				return
			}
			log.Printf("studio: %s %s: panic: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			writeJSON(w, http.StatusInternalServerError, problem{Message: fmt.Sprintf(
				"the studio failed on this request (a bug: please report it): %v", v)})
		}()
		h.ServeHTTP(w, r)
	})
}
