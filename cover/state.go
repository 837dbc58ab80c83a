package cover

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"time"
)

// A State records which subproblems of a Parallel search are finished and
// what each found, so that an interrupted search can go on where it
// stopped. To record a run, set Parallel.State to a new(State), and write it
// with WriteState while the run goes on and once after. To resume, set it
// to the State ReadState returns: the finished subproblems are skipped and
// their counts carried over. A subproblem cut short counts as not done, so
// nothing is counted twice or missed; its work is redone.
//
// The split is kept as its depth and checked against the problem's
// fingerprint, the number of subproblems and the run's fingerprint, so a
// state is only ever resumed on the search it came from; and a state file
// carries a checksum, so one damaged or edited is refused (integrity.go).
// Its methods are safe for concurrent use.
type State struct {
	mu sync.Mutex
	f  stateFile
	// done maps a finished subproblem to what its search found.
	done map[int]doneSub
}

// stateFile is a State as written: JSON, one entry per finished
// subproblem, in order.
type stateFile struct {
	Format      int    `json:"format"`
	Run         string `json:"run"` // see runFingerprint
	Fingerprint string `json:"fingerprint"`
	Depth       int    `json:"depth"`
	Subproblems int    `json:"subproblems"`
	Shard       int    `json:"shard"`
	Of          int    `json:"of"`
	Split       string `json:"split,omitempty"` // see Part.Split
	SplitNodes  int64  `json:"split_nodes"`
	// Symmetries is the number of symmetries of a count by the sweep,
	// whose subproblems are its parts (see sweep_parts.go); 0 for a split.
	Symmetries int `json:"symmetries,omitempty"`
	// Trial marks a count by the sweep that is auto's trial of it, not
	// yet finished: resumed, it goes on within the trial's budget, and
	// the search counts if it passes it (see sweepFirst).
	Trial bool      `json:"trial,omitempty"`
	Done  []doneSub `json:"done"`
	// Checksum is over the rest (see checksum); empty but while the
	// state is written.
	Checksum string `json:"checksum,omitempty"`
}

type doneSub struct {
	Sub       int   `json:"sub"`
	Solutions int64 `json:"solutions"`
	Nodes     int64 `json:"nodes"`
	Updates   int64 `json:"updates"`
	// Seconds is how long the subproblem's search took, so that a part
	// can tell the time its shard took over all the runs of a resumed
	// search. States written before it was kept read as 0.
	Seconds float64 `json:"seconds,omitempty"`
	// Residue and Bound are what a part of a count by the sweep found.
	Residue uint64 `json:"residue,omitempty"`
	Bound   uint64 `json:"bound,omitempty"`
}

func (d doneSub) stats() Stats { return Stats{d.Solutions, d.Nodes, d.Updates} }

// A splitID is what a state or a part records of how a search was cut
// into subproblems: a split's depth, size, kind and own nodes, or a
// count by the sweep's parts and symmetries.
type splitID struct {
	depth, subproblems int
	kind               string
	nodes              int64
	symmetries         int
	paths              string // see pathsDigest; empty for the sweep's parts
}

func (sp *split) id() splitID {
	return splitID{sp.depth, sp.len(), sp.kind(), sp.nodes, 0, sp.pathsDigest()}
}

// begin ties a fresh state to a search, or checks that a resumed one comes
// from it. It returns the subproblems already finished and the sum of what
// they found.
func (s *State) begin(fingerprint string, id splitID, sh Shard) (map[int]bool, Stats, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	want := stateFile{
		Format: FormatVersion, Run: runFingerprint(fingerprint, id), Fingerprint: fingerprint,
		Depth: id.depth, Subproblems: id.subproblems, Shard: sh.Index, Of: sh.Of,
		Split: id.kind, SplitNodes: id.nodes, Symmetries: id.symmetries,
	}
	if s.f.Fingerprint == "" {
		want.Trial = s.f.Trial // see beginTrial
		s.f, s.done = want, map[int]doneSub{}
		return nil, Stats{}, nil
	}
	switch {
	case s.f.Fingerprint != fingerprint:
		return nil, Stats{}, fmt.Errorf("cover: state is of problem %s, not %s", s.f.Fingerprint, fingerprint)
	case s.f.Split != want.Split:
		return nil, Stats{}, fmt.Errorf("cover: state splits %s, not %s", splitName(s.f.Split), splitName(want.Split))
	case s.f.Shard != sh.Index || s.f.Of != sh.Of:
		return nil, Stats{}, fmt.Errorf("cover: state is of shard %d/%d, not %s", s.f.Shard, s.f.Of, sh)
	case s.f.Symmetries != want.Symmetries:
		return nil, Stats{}, fmt.Errorf("cover: state counts modulo %d symmetries, not %d", max(s.f.Symmetries, 1), max(want.Symmetries, 1))
	case s.f.Subproblems != want.Subproblems || s.f.SplitNodes != want.SplitNodes:
		return nil, Stats{}, fmt.Errorf("cover: state splits into %d subproblems at depth %d, but the split now has %d", s.f.Subproblems, s.f.Depth, want.Subproblems)
	case s.f.Run != want.Run:
		// The same depth and number of subproblems, but other ones:
		// the tree was pruned otherwise.
		return nil, Stats{}, fmt.Errorf("cover: state is of another run, whose subproblems differ from this search's (run %s, not %s)", short(s.f.Run), short(want.Run))
	}
	skip := map[int]bool{}
	var carried Stats
	for k, d := range s.done {
		skip[k] = true
		carried.add(d.stats())
	}
	return skip, carried, nil
}

// depth returns the depth of a resumed state's split, or 0 for a fresh one.
func (s *State) depth() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.f.Depth
}

// record notes that subproblem k is finished, after a search of took.
func (s *State) record(k int, st Stats, took time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done[k] = doneSub{Sub: k, Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Seconds: took.Seconds()}
}

// resumesSweep reports whether s records a count by the sweep; false
// for a nil state.
func (s *State) resumesSweep() bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.f.Split == sweepSplit
}

// resumesTrial reports whether s records auto's trial of the sweep, not
// finished; false for a nil state.
func (s *State) resumesTrial() bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.f.Split == sweepSplit && s.f.Trial
}

// beginTrial marks a fresh state, or a trial's, as the record of auto's
// trial of the sweep, and returns the transitions its finished parts
// took; a nil state stays nil.
func (s *State) beginTrial() int64 {
	if s == nil {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.f.Trial = true
	var n int64
	for _, d := range s.done {
		n += d.Nodes
	}
	return n
}

// endTrial records how auto's trial of the sweep ended: a count by the
// sweep if it counted, else nothing, so that the search records afresh.
func (s *State) endTrial(counted bool) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if counted {
		s.f.Trial = false
	} else {
		s.f, s.done = stateFile{}, nil
	}
}

// fresh reports whether no search has begun to record s.
func (s *State) fresh() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.f.Fingerprint == ""
}

// recordPart notes that part k of a count by the sweep is finished.
func (s *State) recordPart(k int, residue, bound uint64, st Stats, took time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done[k] = doneSub{k, 0, st.Nodes, st.Updates, took.Seconds(), residue, bound}
}

// finished returns the subproblems or parts finished, by number.
func (s *State) finished() map[int]doneSub {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.done)
}

// Part returns the part of a finished shard for Merge, or an error if some
// of its subproblems are not finished. The split's own nodes count in part
// 0 only, so that the merged nodes are those of one whole search.
func (s *State) Part() (Part, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.f
	if f.Fingerprint == "" {
		return Part{}, ErrUnusedState
	}
	sh := Shard{f.Shard, f.Of}
	if left := sh.count(f.Subproblems) - len(s.done); left > 0 {
		return Part{}, fmt.Errorf("cover: shard %s has %d subproblems left to search", sh, left)
	}
	pt := Part{Format: f.Format, Run: f.Run, Fingerprint: f.Fingerprint, Depth: f.Depth, Subproblems: f.Subproblems, Shard: f.Shard, Of: f.Of, Split: f.Split, Symmetries: f.Symmetries}
	if f.Shard == 0 {
		pt.Nodes = f.SplitNodes
	}
	for _, d := range s.done {
		pt.Solutions += d.Solutions
		pt.Nodes += d.Nodes
		pt.Updates += d.Updates
		pt.Seconds += d.Seconds
		pt.Residue += d.Residue
		pt.Bound = addBound(pt.Bound, d.Bound)
	}
	return pt, nil
}

// ErrUnusedState is the error of WriteState and Part on a state that no
// search has begun to record, as when a search is stopped before it
// starts: there is nothing to save.
var ErrUnusedState = errors.New("cover: the state has not been used in a search")

// WriteState writes a state as JSON, with its checksum. Where it goes is
// the caller's: a state file should be replaced whole, so that a crash or
// a kill leaves either the old state or the new, never half of one (which
// ReadState would refuse: its checksum would not match).
func WriteState(w io.Writer, s *State) error {
	s.mu.Lock()
	f := s.f
	if f.Fingerprint == "" {
		s.mu.Unlock()
		return ErrUnusedState
	}
	f.Done = nil
	for _, k := range slices.Sorted(maps.Keys(s.done)) {
		f.Done = append(f.Done, s.done[k])
	}
	s.mu.Unlock()
	b, err := seal(func() ([]byte, error) { return json.MarshalIndent(f, "", "\t") }, func(sum string) { f.Checksum = sum })
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadState reads a state written by WriteState; name says where it
// comes from in errors. It refuses a state of another format version or
// whose checksum does not match, one whose numbers no search writes, as
// ReadPart does, and one whose counts add up to more than an int64 holds.
func ReadState(r io.Reader, name string) (*State, error) {
	b, err := io.ReadAll(r)
	if err == nil {
		var s *State
		if s, err = parseState(b); err == nil {
			return s, nil
		}
	}
	return nil, fmt.Errorf("cover: %s: %w", name, err)
}

// parseState reads the text of a state file.
func parseState(b []byte) (*State, error) {
	if err := verify(b, "a state"); err != nil {
		return nil, err
	}
	var f stateFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	f.Checksum = ""
	sh := Shard{f.Shard, f.Of}
	if f.Fingerprint == "" || f.Run == "" || !sh.valid() {
		return nil, errors.New("not a search state")
	}
	if err := checkSplit(f.Depth, f.Subproblems); err != nil {
		return nil, err
	}
	if f.SplitNodes < 0 {
		return nil, fmt.Errorf("negative split_nodes %d", f.SplitNodes)
	}
	if err := checkSweep(f.Split, f.Symmetries, 0, 0); err != nil {
		return nil, err
	}
	if f.Trial && f.Split != sweepSplit {
		return nil, errors.New("a search's state marked as a trial of the sweep")
	}
	s := &State{f: f, done: map[int]doneSub{}}
	total := Stats{Nodes: f.SplitNodes}
	var seconds float64
	for _, d := range f.Done {
		if _, dup := s.done[d.Sub]; dup || d.Sub < 0 || d.Sub >= f.Subproblems || !sh.has(d.Sub) {
			return nil, fmt.Errorf("subproblem %d is out of place", d.Sub)
		}
		if err := checkCounts(d.stats(), d.Seconds); err != nil {
			return nil, fmt.Errorf("subproblem %d: %w", d.Sub, err)
		}
		if err := checkSweep(f.Split, f.Symmetries, d.Solutions, d.Residue|d.Bound); err != nil {
			return nil, fmt.Errorf("subproblem %d: %w", d.Sub, err)
		}
		if err := total.addChecked(d.stats()); err != nil {
			return nil, err
		}
		if seconds += d.Seconds; seconds > MaxSeconds {
			return nil, fmt.Errorf("the subproblems' times add up to more than %g seconds", MaxSeconds)
		}
		s.done[d.Sub] = d
	}
	s.f.Done = nil
	return s, nil
}
