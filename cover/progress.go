package cover

import "sync/atomic"

// A Meter follows a Parallel search while it runs, for a status line: set
// Parallel.Meter and poll Progress from another goroutine. Its methods are
// safe for concurrent use; the zero value is ready.
type Meter struct {
	solutions, nodes atomic.Int64
	done, total      atomic.Int64
}

// Progress is a snapshot of a Parallel search.
type Progress struct {
	// Solutions counts the solutions found so far; in a count-only search
	// (nil Visit) a subproblem's solutions are added when it finishes.
	Solutions int64
	// Nodes counts the nodes of the split and of the subproblems searched
	// so far, to their end or not: backends do not report nodes while they
	// run.
	Nodes int64
	// Done and Total count subproblems (of this shard), including those a
	// resumed State had already finished.
	Done, Total int
}

// Progress returns the current snapshot.
func (m *Meter) Progress() Progress {
	return Progress{
		Solutions: m.solutions.Load(),
		Nodes:     m.nodes.Load(),
		Done:      int(m.done.Load()),
		Total:     int(m.total.Load()),
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
	m.solutions.Store(carried.Solutions)
	m.nodes.Store(carried.Nodes)
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
