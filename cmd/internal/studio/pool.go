package studio

import (
	"fmt"
	"net/http"
	"runtime"
	"time"
)

// A pool is the one bound on the studio's heavy work: every request that
// compiles a spec or a game, or searches (render, solve, Pips hints,
// generated games and puzzles), takes a slot before it reads its body into a puzzle,
// and gives it back when it has answered. With at most Limits.MaxJobs
// slots, and each job bounded by the limits on cells and placements (which
// a spec's max-placements key may lower but not raise in the studio), the
// studio's memory is bounded by about MaxJobs times what the largest
// allowed job takes, however many requests arrive at once.
type pool struct {
	slots chan struct{}
	wait  time.Duration // how long a request waits for a slot
}

// newPool makes a pool of n slots; n <= 0 gives one slot per core, so
// that the pool is always bounded.
func newPool(n int) *pool {
	if n <= 0 {
		n = runtime.NumCPU()
	}
	return &pool{slots: make(chan struct{}, n), wait: jobWait}
}

// take waits for a slot, for at most the pool's wait or until the
// request goes, and returns the function that gives it back; without a
// slot it answers 429 (or nothing to a request that has gone) and
// returns false.
func (p *pool) take(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	timer := time.NewTimer(p.wait)
	defer timer.Stop()
	select {
	case p.slots <- struct{}{}:
		return func() { <-p.slots }, true
	case <-timer.C:
		w.Header().Set("Retry-After", "2")
		writeJSON(w, http.StatusTooManyRequests, problem{Message: fmt.Sprintf(
			"%d jobs are running already (the studio's limit, --max-jobs): stop one first, or try again in a moment", cap(p.slots))})
	case <-r.Context().Done():
	}
	return nil, false
}

// pooled is a handler that runs only with a slot of the pool.
func (s *Server) pooled(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		release, ok := s.pool.take(w, r)
		if !ok {
			return
		}
		defer release()
		h(w, r)
	}
}
