package studio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	progressline "github.com/polyspec/polyspec/cmd/internal/progress"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
)

// A solveRequest asks for a search of the spec being edited.
type solveRequest struct {
	specRequest
	// Mode is "first" (stop at the first solution), "solutions" (find
	// them all, sending the first MaxShown to the page) or "count".
	Mode string `json:"mode"`
	// All counts every solution, not one per symmetry class.
	All bool `json:"all"`
	// Page identifies the page: a page has one job at a time.
	Page string `json:"page"`
}

// A job is a page's running search.
type job struct{ cancel context.CancelFunc }

// jobWait is how long a search waits for a place among the running ones.
const jobWait = 2 * time.Second

// progressEvery is how often a running search reports.
const progressEvery = 250 * time.Millisecond

// weighWalks bounds the random walks that weigh a search's parts before
// it starts, for the estimate of the time left. The command line spends
// up to 1% of a search on them, which on a search of hours is seconds with
// nothing to show: on the 15x6 one-sided pentominoes (179 parts) that
// took 2 to 6 s on two busy cores, and 4096 walks 0.3 s.
const weighWalks = 1 << 12

// A progress event reports a running search.
type progress struct {
	Solutions int64   `json:"solutions"`
	Nodes     int64   `json:"nodes"`
	Seconds   float64 `json:"seconds"`
	// Parts and Done count the subproblems a search that finds every
	// solution is split into, and those finished; Parts is 0 while the
	// search is being split and weighed, and for a first solution.
	Parts int `json:"parts,omitempty"`
	Done  int `json:"done,omitempty"`
	// Left estimates the seconds left, as the command line's status line
	// does: from the share of the subproblems' estimated size finished
	// (Knuth's random-walk estimate, see cover.Meter). It is absent until
	// a subproblem is finished.
	Left *float64 `json:"left,omitempty"`
	// Beyond is the estimate of the time left when the time limit comes
	// first: Left is then the time until the limit.
	Beyond *float64 `json:"beyond,omitempty"`
}

// A done event closes a search.
type done struct {
	progress
	// Stopped is set when the page stopped the search, TimedOut when it
	// ran out of the studio's time limit; Limited when it stopped at the
	// first solution.
	Stopped  bool `json:"stopped,omitempty"`
	TimedOut bool `json:"timedOut,omitempty"`
	Limited  bool `json:"limited,omitempty"`
	// Shown is how many solutions were sent to the page.
	Shown int `json:"shown"`
}

// A solution event carries one solution: a polyform puzzle's pieces, or
// the picture of a Sudoku's grid.
type solution struct {
	N      int64         `json:"n"`
	Pieces []placedPiece `json:"pieces,omitempty"`
	SVG    string        `json:"svg,omitempty"`
}

type placedPiece struct {
	Name  string   `json:"name"`
	Cells [][3]int `json:"cells"`
}

// events writes server-sent events; the search's visits and the progress
// ticker write from different goroutines.
type events struct {
	mu sync.Mutex
	w  http.ResponseWriter
	rc *http.ResponseController
}

func (e *events) send(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(problem{Message: err.Error()})
		name = "problem"
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", name, data)
	_ = e.rc.Flush()
}

// startJob registers a page's new job, cancelling the one it had.
func (s *Server) startJob(page string, j *job) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.jobs[page]; old != nil {
		old.cancel()
	}
	s.jobs[page] = j
}

func (s *Server) endJob(page string, j *job) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.jobs[page] == j {
		delete(s.jobs, page)
	}
}

// cancel stops a page's job: the page asks when it is hidden or closed.
func (s *Server) cancel(w http.ResponseWriter, r *http.Request) {
	page := r.URL.Query().Get("page")
	s.mu.Lock()
	j := s.jobs[page]
	s.mu.Unlock()
	if j != nil {
		j.cancel()
	}
	writeJSON(w, http.StatusOK, map[string]bool{"cancelled": j != nil})
}

// solve runs a search and streams it as server-sent events: progress
// several times a second, the solutions to show, and a closing done
// event. A problem in the spec is answered as JSON before any event. The
// search stops when the page goes (its request's context), when the page
// starts another, or at the studio's time limit.
func (s *Server) solve(w http.ResponseWriter, r *http.Request) {
	var req solveRequest
	if !decode(w, r, &req) {
		return
	}
	switch req.Mode {
	case "first", "solutions", "count":
	default:
		fail(w, fmt.Errorf("mode %q: expected first, solutions or count", req.Mode))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.MaxTime)
	defer cancel()
	j := &job{cancel: cancel}
	s.startJob(req.Page, j)
	defer s.endJob(req.Page, j)
	// The page's old search, stopped above, frees its slot in a moment;
	// the slot is taken before the spec is compiled.
	release, ok := s.pool.take(w, r.WithContext(ctx))
	if !ok {
		return
	}
	defer release()
	c, ok := s.compileProblem(w, req.specRequest, req.All)
	if !ok {
		return
	}
	// A polyform solution goes to the page as its pieces, a Sudoku's as
	// the picture of its grid.
	var event func([]int) solution
	if spz := c.sudoku; spz != nil {
		event = func(sol []int) solution {
			pic, _ := sudokuSVG(spz, spz.Grid(sol)) // drawn in memory: no error
			return solution{SVG: pic}
		}
	} else {
		pz := c.puzzle
		if req.Mode == "first" {
			// The dead-region check solve -n gives (cmd/polyspec/load.go).
			pz.SetDeadRegions(compile.HintByLatticeFirst)
		}
		event = func(sol []int) solution { return solution{Pieces: piecesOf(pz, sol)} }
	}
	d, err := cover.NewDistinct(c.exact, c.group)
	if err != nil {
		fail(w, err)
		return
	}
	b, err := cover.Lookup(cover.DefaultBackend)
	if err != nil {
		fail(w, err)
		return
	}

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	ev := &events{w: w, rc: http.NewResponseController(w)}

	// Every mode counts the solutions as they come, for the progress
	// line, though a count alone could leave them unbuilt.
	var found, nodes atomic.Int64
	visit := func(sol []int) bool {
		k := found.Add(1)
		if req.Mode != "count" && k <= int64(s.limits.MaxShown) {
			e := event(sol)
			e.N = k
			ev.send("solution", e)
		}
		return req.Mode != "first"
	}
	// A search for every solution runs split, and its meter estimates
	// the time left; the weighing of its parts is bounded (weighWalks).
	// A first solution is one search, whose nodes are counted live
	// through the context.
	var meter *cover.Meter
	nctx := ctx
	if req.Mode == "first" {
		nctx = cover.CountNodes(ctx, &nodes)
	} else {
		meter = &cover.Meter{MaxWalks: weighWalks}
	}
	start := time.Now()
	search := func() (cover.Stats, error) {
		return cover.Parallel{Backend: b, Meter: meter}.SolveDistinct(nctx, d, visit)
	}
	if req.Mode == "first" {
		// The search solve -n 1 makes on one core with the default seed
		// (cmd/polyspec/first.go).
		search = func() (cover.Stats, error) { return d.Solve(nctx, cover.Portfolio{Backend: b, Seed: 1}, visit) }
	}
	poll := func() progress {
		elapsed := time.Since(start)
		p := progress{Solutions: found.Load(), Nodes: nodes.Load(), Seconds: elapsed.Seconds()}
		if meter == nil {
			return p
		}
		m := meter.Progress()
		p.Nodes, p.Parts, p.Done = m.Nodes, m.Total, m.Done
		if left, ok := progressline.Left(progressline.Status{Done: m.Done, Total: m.Total, Weight: m.Weight, DoneWeight: m.DoneWeight}, elapsed); ok {
			p.Left, p.Beyond = timeLeft(left, s.limits.MaxTime-elapsed)
		}
		return p
	}

	tick := time.NewTicker(s.progressEvery)
	stopTicks := make(chan struct{})
	ticking := make(chan struct{})
	go func() {
		defer close(ticking)
		for {
			select {
			case <-tick.C:
				ev.send("progress", poll())
			case <-stopTicks:
				return
			}
		}
	}()
	st, err := search()
	tick.Stop()
	close(stopTicks)
	<-ticking

	out := done{progress: progress{Solutions: found.Load(), Nodes: st.Nodes, Seconds: time.Since(start).Seconds()}}
	if req.Mode != "count" {
		out.Shown = int(min(out.Solutions, int64(s.limits.MaxShown)))
	}
	out.Limited = req.Mode == "first" && out.Solutions > 0
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		out.TimedOut = true
	case errors.Is(err, context.Canceled):
		out.Stopped = true
	case err != nil:
		ev.send("problem", problem{Message: err.Error()})
		return
	}
	ev.send("done", out)
}

// timeLeft is the time left of a search, in seconds, estimated at left
// with untilLimit to go before its time limit: the estimate, or, when the
// limit comes first, the time until the limit and the estimate beyond it.
func timeLeft(left, untilLimit time.Duration) (shown, beyond *float64) {
	seconds := left.Seconds()
	if left <= untilLimit {
		return &seconds, nil
	}
	limit := max(untilLimit, 0).Seconds()
	return &limit, &seconds
}

// piecesOf is a solution's pieces with their cells.
func piecesOf(pz *compile.Puzzle, sol []int) []placedPiece {
	out := make([]placedPiece, 0, len(sol))
	for _, o := range sol {
		pl := pz.Placement(o)
		out = append(out, placedPiece{Name: pz.Pieces[pl.Piece].Name, Cells: pl.Cells})
	}
	return out
}
