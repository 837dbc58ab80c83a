package cover

import "sync/atomic"

// A Meter follows a Parallel search while it runs, for a status line: set
// Parallel.Meter and poll Progress from another goroutine. Its methods are
// safe for concurrent use; the zero value is ready.
type Meter struct {
	solutions, nodes      atomic.Int64
	done, total           atomic.Int64
	resumed, resumedNodes atomic.Int64
}

// Progress is a snapshot of a Parallel search.
type Progress struct {
	// Solutions counts the solutions found so far; in a count-only search
	// (nil Visit) a subproblem's solutions are added when it finishes.
	Solutions int64
	// Nodes counts the nodes of the split and of the subproblems searched
	// so far, to their end or not. The backends of this package report
	// the nodes of a subproblem every few thousand while they search it
	// (see CountNodes); others only when they finish it.
	Nodes int64
	// Done and Total count subproblems (of this shard), including those a
	// resumed State had already finished.
	Done, Total int
	// Resumed is how many of Done a resumed State had finished, and
	// ResumedNodes how many of Nodes were counted when the run started
	// (theirs and the split's), so that what is left over is this run's
	// own work: its rates are (Done-Resumed) and (Nodes-ResumedNodes)
	// over its time.
	Resumed      int
	ResumedNodes int64
}

// Progress returns the current snapshot.
func (m *Meter) Progress() Progress {
	return Progress{
		Solutions:    m.solutions.Load(),
		Nodes:        m.nodes.Load(),
		Done:         int(m.done.Load()),
		Total:        int(m.total.Load()),
		Resumed:      int(m.resumed.Load()),
		ResumedNodes: m.resumedNodes.Load(),
	}
}

// Fraction estimates the share of the work done, from 0 to 1, as the share
// of subproblems finished. Subproblems differ in size, by a factor of a
// hundred or more, so this is only a rough guide.
func (p Progress) Fraction() float64 {
	if p.Total == 0 {
		return 0
	}
	return float64(p.Done) / float64(p.Total)
}

// start sets the meter for a run: total subproblems, and the counts
// carried over from a resumed state and the split.
func (m *Meter) start(total, done int, carried Stats) {
	if m == nil {
		return
	}
	m.total.Store(int64(total))
	m.done.Store(int64(done))
	m.resumed.Store(int64(done))
	m.solutions.Store(carried.Solutions)
	m.nodes.Store(carried.Nodes)
	m.resumedNodes.Store(carried.Nodes)
}

// found counts one solution.
func (m *Meter) found() {
	if m != nil {
		m.solutions.Add(1)
	}
}

// finished counts a subproblem's search; solutions is what found did not
// already count, and complete says whether it ran to its end.
func (m *Meter) finished(solutions, nodes int64, complete bool) {
	if m == nil {
		return
	}
	m.solutions.Add(solutions)
	m.nodes.Add(nodes)
	if complete {
		m.done.Add(1)
	}
}
