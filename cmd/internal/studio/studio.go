// Package studio is polyspec's local web app: a page that edits a spec
// beside a live drawing of its board, solves and counts it with progress
// streamed as server-sent events, and shares it as a link. The page and its
// scripts are embedded; nothing is fetched from elsewhere.
//
// The server is meant for the loopback interface only, and guards itself
// as a local server must: requests naming another host are refused (DNS
// rebinding), cross-origin POSTs are refused, request bodies are bounded,
// files are read and written only under the directory it serves, and every
// page carries a strict Content-Security-Policy. Searches run under limits
// on the board's size and the search's time, which the person starting the
// studio may raise.
package studio

import (
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

//go:embed static
var static embed.FS

// Limits bound the work one request may ask for.
type Limits struct {
	// MaxCells is the largest board, in cells, that is compiled or
	// played, and MaxPlacements the most placements a compiled spec may
	// have (polyspec's --max-cells and --max-placements; a spec's own
	// max-placements key replaces the latter for it, up to
	// spec.MaxDeclaredPlacements); 0 sets no limit.
	MaxCells, MaxPlacements int
	// MaxTime is how long one search may run.
	MaxTime time.Duration
	// MaxShown is how many solutions a search sends to the page to step
	// through; it goes on counting past them.
	MaxShown int
	// MaxJobs is how many jobs that compile or search (renders,
	// searches, Pips hints, generated games and puzzles) run at once,
	// over all pages; 0 sets one per core.
	MaxJobs int
}

// DefaultLimits are the limits of `polyspec studio` unless raised.
var DefaultLimits = Limits{MaxCells: 1000, MaxPlacements: 2_000_000, MaxTime: 2 * time.Minute, MaxShown: 1000, MaxJobs: 4}

// maxBody bounds every request body: a spec, or a solution to draw.
const maxBody = 1 << 20

// contentSecurityPolicy lets the page run only its own scripts and styles
// and talk only to its own server. The drawings are inline SVG, whose
// presentation attributes the policy does not govern.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// A Server serves the studio for one directory.
type Server struct {
	files  *files
	limits Limits
	hosts  map[string]bool
	mux    *http.ServeMux

	mu   sync.Mutex
	jobs map[string]*job // by page
	// pool bounds the jobs that compile or search, MaxJobs at once.
	pool *pool
	// progressEvery is how often a running search reports: tests
	// shorten it.
	progressEvery time.Duration
	// shareBase is where share links point; "" for the page itself.
	shareBase string
}

// New returns the studio serving dir (nil root: no files, only the
// catalogue and new specs). Requests must name localhost, 127.0.0.1 or
// [::1] as their host, or one of extraHosts.
func New(dir string, limits Limits, extraHosts ...string) (*Server, error) {
	s := &Server{limits: limits, jobs: map[string]*job{}, mux: http.NewServeMux(), progressEvery: progressEvery,
		hosts: map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true}}
	s.pool = newPool(limits.MaxJobs)
	for _, h := range extraHosts {
		s.hosts[h] = true
	}
	if dir != "" {
		f, err := openFiles(dir)
		if err != nil {
			return nil, err
		}
		s.files = f
	}
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	s.mux.Handle("GET /", http.FileServerFS(sub))
	s.mux.HandleFunc("GET /api/config", s.config)
	s.mux.HandleFunc("GET /api/catalogue", s.catalogue)
	s.mux.HandleFunc("GET /api/thumb", s.pooled(s.thumb))
	s.mux.HandleFunc("GET /api/catalogue/{name}", s.catalogueSpec)
	s.mux.HandleFunc("GET /api/files", s.listFiles)
	s.mux.HandleFunc("GET /api/file", s.readFile)
	s.mux.HandleFunc("POST /api/file", s.writeFile)
	s.mux.HandleFunc("POST /api/render", s.pooled(s.render))
	s.mux.HandleFunc("POST /api/draw", s.draw)
	s.mux.HandleFunc("POST /api/solve", s.solve)
	s.mux.HandleFunc("POST /api/estimate", s.pooled(s.estimate))
	s.mux.HandleFunc("POST /api/check", s.pooled(s.check))
	s.mux.HandleFunc("POST /api/cancel", s.cancel)
	s.mux.HandleFunc("POST /api/pips/game", s.pipsGame)
	s.mux.HandleFunc("POST /api/pips/check", s.pipsCheck)
	s.mux.HandleFunc("POST /api/pips/hint", s.pooled(s.pipsHint))
	s.mux.HandleFunc("POST /api/pips/generate", s.pooled(s.pipsGenerate))
	s.mux.HandleFunc("POST /api/generate", s.pooled(s.generate))
	// Any other path under /api/ is a mistake of the page's, which it
	// reads as JSON like every answer of the API, not as the file server's
	// text.
	noEndpoint := func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusNotFound, problem{Message: "no API endpoint " + r.Method + " " + r.URL.Path})
	}
	s.mux.HandleFunc("GET /api/", noEndpoint)
	s.mux.HandleFunc("POST /api/", noEndpoint)
	return s, nil
}

// Close releases the served directory.
func (s *Server) Close() error {
	if s.files == nil {
		return nil
	}
	return s.files.root.Close()
}

// ServeHTTP checks the host, sets the security headers, refuses
// cross-origin POSTs and bounds the body, then serves the request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.hostAllowed(r.Host) {
		http.Error(w, "studio: this server answers only to localhost (the request named host "+r.Host+")", http.StatusForbidden)
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	}
	recovering(crossOrigin.Handler(s.mux)).ServeHTTP(w, r)
}

var crossOrigin = http.NewCrossOriginProtection()

// hostAllowed reports whether a request's Host header names this machine,
// so that a page of another site whose name was made to resolve to
// 127.0.0.1 cannot use the studio.
func (s *Server) hostAllowed(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	} else {
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	}
	return s.hosts[strings.ToLower(host)]
}

// IsLoopback reports whether a listening address (host:port) stays on this
// machine.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// A problem is an error the page shows, at a place in the spec when it
// has one.
type problem struct {
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// fail answers with a problem and the status that suits the error: 413
// for a body over the bound, 400 otherwise.
func fail(w http.ResponseWriter, err error) {
	status := http.StatusBadRequest
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		status = http.StatusRequestEntityTooLarge
	}
	writeJSON(w, status, problem{Message: err.Error()})
}
