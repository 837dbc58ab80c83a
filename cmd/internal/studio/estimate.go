package studio

import (
	"context"
	"errors"
	"math"
	"net/http"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/polyspec/polyspec/cover"
)

// estimateWalks bounds the random walks of an estimate: on two busy cores
// well under a second for the catalogue's largest boards, which is what
// the page can wait before a search it may not want.
const estimateWalks = 1 << 11

// sampleTime is how long an estimate runs the search itself, to measure
// the nodes per second of this machine (or this browser) on this puzzle.
const sampleTime = 200 * time.Millisecond

// assumedRate is nodes per second on one core when the sample measured
// none: about what a desktop core searches natively.
const assumedRate = 1e7

// An estimateAnswer sizes a search before it runs: Knuth's estimate of
// its nodes and solutions from random walks (cover.EstimateSearch, as
// polyspec estimate makes), the speed of a short run of it, and so the
// seconds it would take, beside the studio's time limit.
type estimateAnswer struct {
	Nodes     float64 `json:"nodes"`
	Solutions float64 `json:"solutions"`
	Rate      float64 `json:"rate"`
	Seconds   float64 `json:"seconds"`
	Limit     float64 `json:"limit"`
}

// estimate answers how long a search for every solution of a spec would
// take, so that the page can ask before one that cannot finish.
func (s *Server) estimate(w http.ResponseWriter, r *http.Request) {
	var req solveRequest
	if !decode(w, r, &req) {
		return
	}
	c, ok := s.compileProblem(w, req.specRequest, req.All)
	if !ok {
		return
	}
	d, err := cover.NewDistinct(c.exact, c.group)
	if err != nil {
		fail(w, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.MaxTime)
	defer cancel()
	workers := runtime.NumCPU()
	est, err := cover.EstimateSearch(ctx, d.Problem(), workers, estimateWalks)
	if err != nil {
		fail(w, err)
		return
	}
	b, err := cover.Lookup(cover.DefaultBackend)
	if err != nil {
		fail(w, err)
		return
	}
	// The speed on one core, of the search the page would run, times the
	// cores a search for every solution runs on.
	var nodes atomic.Int64
	sctx, stop := context.WithTimeout(ctx, sampleTime)
	start := time.Now()
	_, err = d.Solve(cover.CountNodes(sctx, &nodes), b, func([]int) bool { return true })
	stop()
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		fail(w, err)
		return
	}
	rate := float64(nodes.Load()) / max(time.Since(start).Seconds(), 1e-3) * float64(workers)
	if nodes.Load() == 0 {
		// The sample ended before the search's first node (a large
		// problem takes that long to set up): a fast machine's speed
		// then, which errs towards a shorter estimate.
		rate = assumedRate * float64(workers)
	}
	out := estimateAnswer{Nodes: est.Nodes, Solutions: est.Solutions, Rate: rate, Limit: s.limits.MaxTime.Seconds()}
	out.Seconds = est.Nodes / max(rate, 1)
	// JSON has no infinity: a tree too big for a float64 is as good as
	// endless.
	for _, f := range []*float64{&out.Nodes, &out.Solutions, &out.Seconds} {
		if math.IsInf(*f, 0) || math.IsNaN(*f) {
			*f = math.MaxFloat64
		}
	}
	writeJSON(w, http.StatusOK, out)
}
