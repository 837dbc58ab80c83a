package cover

import (
	"math"
	"sync/atomic"
)

// A Meter follows a Parallel search while it runs, for a status line: set
// Parallel.Meter and poll Progress from another goroutine. Its methods are
// safe for concurrent use; the zero value is ready.
type Meter struct {
	// MaxWalks, if above 0 and set before the search starts, bounds the
	// random walks that weigh the subproblems (see estimateProbes): a big
	// search gets walks for up to 1% of its estimated size before it
	// starts, which on a search of hours is many seconds with no progress
	// shown. The bound leaves each subproblem its first few walks.
	MaxWalks int

	solutions, nodes      atomic.Int64
	done, total           atomic.Int64
	resumed, resumedNodes atomic.Int64
	// The weights are float64 bits: an estimate of a big search's size
	// can exceed any int64, and no scale fits every search.
	weight, doneWeight, resumedWeight atomic.Uint64
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
	// Weight is the estimated size of the subproblems' searches: the sum
	// over them of Knuth's random-walk estimate of the nodes of one (plus
	// one for the subproblem itself), made before they are searched. It
	// is rough (half the nodes of the 6×10 pentominoes, 8% over those of
	// the 6×6 tetrasticks), but it tells a big subproblem from a small
	// one, as Total does not. DoneWeight is the part of it finished, and
	// ResumedWeight the part of that a resumed State had finished: they
	// are to Weight what Done and Resumed are to Total. All three are 0
	// when the sizes are too big for a float64 to add up.
	Weight, DoneWeight, ResumedWeight float64
}

// Progress returns the current snapshot.
func (m *Meter) Progress() Progress {
	return Progress{
		Solutions:     m.solutions.Load(),
		Nodes:         m.nodes.Load(),
		Done:          int(m.done.Load()),
		Total:         int(m.total.Load()),
		Resumed:       int(m.resumed.Load()),
		ResumedNodes:  m.resumedNodes.Load(),
		Weight:        math.Float64frombits(m.weight.Load()),
		DoneWeight:    math.Float64frombits(m.doneWeight.Load()),
		ResumedWeight: math.Float64frombits(m.resumedWeight.Load()),
	}
}

// Fraction estimates the share of the work done, from 0 to 1, as the share
// of the subproblems' estimated size finished (DoneWeight over Weight), or
// without an estimate as the share of subproblems finished. It never goes
// down as the search goes on, and it is 1 once every subproblem is done.
func (p Progress) Fraction() float64 {
	switch {
	case p.Total == 0:
		return 0
	case p.Done >= p.Total:
		// The finished weights, added in the order the subproblems
		// finish, need not round to the same sum as Weight.
		return 1
	case p.Weight > 0:
		return min(p.DoneWeight/p.Weight, 1)
	}
	return float64(p.Done) / float64(p.Total)
}

// start sets the meter for a run: total subproblems of the given weight,
// and the subproblems, weight and counts carried over from a resumed state
// and the split.
func (m *Meter) start(total, done int, weight, doneWeight float64, carried Stats) {
	if m == nil {
		return
	}
	m.total.Store(int64(total))
	m.done.Store(int64(done))
	m.resumed.Store(int64(done))
	m.solutions.Store(carried.Solutions)
	m.nodes.Store(carried.Nodes)
	m.resumedNodes.Store(carried.Nodes)
	m.weight.Store(math.Float64bits(weight))
	m.doneWeight.Store(math.Float64bits(doneWeight))
	m.resumedWeight.Store(math.Float64bits(doneWeight))
}

// found counts one solution.
func (m *Meter) found() {
	if m != nil {
		m.solutions.Add(1)
	}
}

// finished counts a subproblem's search; solutions is what found did not
// already count, weight is the subproblem's estimated size, and complete
// says whether it ran to its end.
func (m *Meter) finished(solutions, nodes int64, weight float64, complete bool) {
	if m == nil {
		return
	}
	m.solutions.Add(solutions)
	m.nodes.Add(nodes)
	if complete {
		for {
			old := m.doneWeight.Load()
			if m.doneWeight.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+weight)) {
				break
			}
		}
		m.done.Add(1)
	}
}
