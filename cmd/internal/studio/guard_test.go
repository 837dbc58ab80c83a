package studio

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestRecover: a handler that panics is answered 500 with a problem, and
// the server goes on answering.
func TestRecover(t *testing.T) {
	s, _ := newTestServer(t, DefaultLimits)
	s.mux.HandleFunc("GET /api/test-panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	w := do(s, "GET", "/api/test-panic", "")
	if w.Code != 500 || !strings.Contains(w.Body.String(), "boom") {
		t.Errorf("a panicking handler: %d %s", w.Code, w.Body)
	}
	if w := do(s, "GET", "/api/catalogue", ""); w.Code != 200 {
		t.Errorf("after a panic: %d", w.Code)
	}
}

// TestSlowBody: the server the studio runs under cuts off a client that
// sends its body a byte at a time, slower than the read timeout allows
// (shortened here from its 30 s).
func TestSlowBody(t *testing.T) {
	s, _ := newTestServer(t, DefaultLimits)
	hs := s.HTTPServer()
	if hs.ReadHeaderTimeout <= 0 || hs.ReadTimeout <= 0 || hs.ReadTimeout > time.Minute {
		t.Fatalf("timeouts: header %v, read %v", hs.ReadHeaderTimeout, hs.ReadTimeout)
	}
	hs.ReadTimeout = 300 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	defer hs.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /api/render HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
	start := time.Now()
	for time.Since(start) < 5*time.Second {
		if _, err := c.Write([]byte(" ")); err != nil {
			break // cut off
		}
		time.Sleep(100 * time.Millisecond)
	}
	c.SetReadDeadline(time.Now().Add(time.Second))
	io.ReadAll(c)
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("a body sent a byte every 100 ms was still read after %v", d)
	}
}

// TestSpecialFiles: a pipe in the folder is refused at once, however many
// requests name it (none waits for a writer), and a save over a name that
// is a hard link to a file outside the folder leaves that file alone.
func TestSpecialFiles(t *testing.T) {
	s, dir := newTestServer(t, DefaultLimits)
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.toml"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	var wg sync.WaitGroup
	codes := make(chan int, 64)
	start := time.Now()
	for range 64 {
		wg.Go(func() { codes <- do(s, "GET", "/api/file?path=pipe.toml", "").Code })
	}
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != 403 {
			t.Errorf("GET of a FIFO: status %d, want 403", c)
			break
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("64 GETs of a FIFO took %v", d)
	}
	outside := filepath.Join(filepath.Dir(dir), "secret.toml")
	if err := os.Link(outside, filepath.Join(dir, "hard.toml")); err != nil {
		t.Skip("no hard links here:", err)
	}
	if w := do(s, "POST", "/api/file?path=hard.toml", "pieces = \"5*\"\n"); w.Code != 200 {
		t.Fatalf("save hard.toml: %d %s", w.Code, w.Body)
	}
	if data, _ := os.ReadFile(outside); string(data) != "pieces = \"secret\"\n" {
		t.Errorf("saving a hard link changed the file outside the folder: %q", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "hard.toml")); string(data) != "pieces = \"5*\"\n" {
		t.Errorf("hard.toml holds %q", data)
	}
}

// heavySpec is a heavy render: two sets of the hexominoes on a 21x20
// board.
const heavySpec = "pieces = \"6*,6*\"\n[board]\nsize = \"21x20\"\n"

// heapBytes is the heap's live and not yet collected objects.
func heapBytes() uint64 {
	m := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(m)
	return m[0].Value.Uint64()
}

// peakDuring samples the heap every millisecond while f runs and returns
// its peak over the heap before.
func peakDuring(f func()) uint64 {
	runtime.GC()
	base := heapBytes()
	var peak uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			peak = max(peak, heapBytes())
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(done)
	<-sampled
	return peak - min(peak, base)
}

// TestPoolBoundsMemory: 32 heavy renders arriving at once run at most
// MaxJobs at a time, so the heap they take stays within MaxJobs+1 times
// what one takes alone (the stated bound; +1 for garbage not yet
// collected), instead of 32 times. Each answer is the rendering or, past
// the pool's wait, 429.
func TestPoolBoundsMemory(t *testing.T) {
	// Garbage is collected soon, so that the heap follows the memory in
	// use rather than the collector's pace.
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	limits := Limits{MaxCells: 1000, MaxPlacements: 400_000, MaxTime: time.Minute, MaxShown: 1, MaxJobs: 2}
	s, _ := newTestServer(t, limits)
	body := specJSON(t, "h.toml", heavySpec)
	one := peakDuring(func() {
		if w := do(s, "POST", "/api/render", body); w.Code != 200 || strings.Contains(w.Body.String(), "problem") {
			t.Fatalf("one render: %d %.200s", w.Code, w.Body)
		}
	})
	const requests = 32
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		codes = map[int]int{}
	)
	all := peakDuring(func() {
		for range requests {
			wg.Go(func() {
				w := do(s, "POST", "/api/render", body)
				mu.Lock()
				codes[w.Code]++
				mu.Unlock()
			})
		}
		wg.Wait()
	})
	if codes[200] == 0 || codes[200]+codes[429] != requests {
		t.Errorf("answers by status: %v", codes)
	}
	bound := uint64(limits.MaxJobs+1) * one
	t.Logf("one render's heap %.1f MB; %d at once %.1f MB (bound %.1f MB); answers %v", float64(one)/1e6, requests, float64(all)/1e6, float64(bound)/1e6, codes)
	if all > bound {
		t.Errorf("%d renders at once took %.1f MB of heap, over %d+1 times one render's %.1f MB", requests, float64(all)/1e6, limits.MaxJobs, float64(one)/1e6)
	}
}
