package cover

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Luby lets the external tests see a part of restart.go.
var Luby = luby

// FirstOrdered is p in the order in which Restarts and Portfolio search
// it, and for each option the option of p it is (nil: p's own order).
func FirstOrdered(p *Problem) (*Problem, []int32) {
	return firstOrdered(p, newFirstKeys(p))
}

// Shuffle is a random order of restart.go for p.
func Shuffle(p *Problem, rng *rand.Rand) (*Problem, []int32) {
	return shuffle(p, newFirstKeys(p), rng)
}

// Finders is finders, for the external tests.
var Finders = finders

// Burn tries n nodes that lead nowhere, as a search under ctx would, for
// a test backend that is slow where a test wants it to be; it stops
// early where a search would (a budget used up, a lane's slice, the
// context).
func Burn(ctx context.Context, n int64) (Stats, error) {
	r := newRun(ctx, nil)
	for r.stats.Nodes < n && r.node() {
	}
	return r.stats, r.err
}

// SetSweepBytes sets the sweep's memory bound (sweepBytes) until the
// returned function puts it back.
func SetSweepBytes(n int) (restore func()) {
	old := sweepBytes
	sweepBytes = n
	return func() { sweepBytes = old }
}

// Fit is fitBackend, for the external tests.
var Fit Backend = fitBackend{}

// Sealed returns a part or state file's JSON object as WritePart or
// WriteState would seal it: with the format version and a run's
// fingerprint where text has none, and the checksum of the whole. Text
// that is no JSON object comes back as it is. Tests write files by hand
// with it, to reach the checks behind the checksum's.
func Sealed(text string) string {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var obj map[string]any
	if dec.Decode(&obj) != nil || obj == nil {
		return text
	}
	if _, ok := obj["format"]; !ok {
		obj["format"] = json.Number(strconv.Itoa(FormatVersion))
	}
	if _, ok := obj["run"]; !ok {
		obj["run"] = "sha256:test"
	}
	b, _ := json.Marshal(obj)
	obj[checksumKey], _, _ = checksum(b)
	b, _ = json.Marshal(obj)
	return string(b)
}

// TrialSweep is auto's trial of the sweep for a count of all of p's
// solutions, as if the search's tree were estimated at tree nodes,
// recording in state, as sweepFirst runs it. ok says whether the sweep
// counted.
func TrialSweep(ctx context.Context, p *Problem, tree float64, state *State) (st Stats, ok bool, err error) {
	return sweepFirst(ctx, countJob{p: p, searched: p, tree: tree}, state)
}

// StopTrial makes s, the state of a count by auto's trial of the sweep on
// one worker, the state that the trial leaves when stopped after its first
// parts parts.
func StopTrial(s *State, parts int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.f.Trial = true
	for k := range s.done {
		if k >= parts {
			delete(s.done, k)
		}
	}
}
