package cover_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/polyspec/polyspec/cover"
)

// TestResume interrupts searches at random points, writes and reads back
// the state each time, and resumes (with another number of workers) until
// the search is through: the final count must be the whole count, however
// the interruptions fell. Some runs are stopped from a visitor after a
// random number of solutions, some count only and are stopped from outside
// after a random number of finished subproblems.
func TestResume(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		name string
		text string
	}{
		{"queens10", queens(10)},
		{"dominoes6", dominoes(6)},
	} {
		p := parse(t, c.text)
		for _, name := range []string{"dlx", "algx"} {
			want := count(t, name, p)
			for trial := range 4 {
				path := filepath.Join(t.TempDir(), "state.json")
				state := new(cover.State)
				var st cover.Stats
				var err error
				runs := 0
				for ; runs == 0 || err != nil; runs++ {
					if runs > 0 {
						if state, err = loadState(path); err != nil {
							t.Fatal(err)
						}
					}
					par := cover.Parallel{Backend: backend(t, name), Workers: 1 + r.IntN(3), State: state}
					st, err = interrupted(par, p, r, trial%2 == 0, path)
					if err != nil && !errors.Is(err, context.Canceled) {
						t.Fatal(err)
					}
					if werr := saveState(path, state); werr != nil {
						t.Fatal(werr)
					}
				}
				pt, perr := state.Part()
				if st.Solutions != want.Solutions || st.Nodes != want.Nodes || perr != nil || pt.Solutions != want.Solutions {
					t.Errorf("%s %s trial %d, %d runs: %d solutions, %d nodes, part %+v %v; want %d, %d",
						c.name, name, trial, runs, st.Solutions, st.Nodes, pt, perr, want.Solutions, want.Nodes)
				}
			}
		}
	}
}

// interrupted runs par on p and cancels it at a random point: from the
// visitor after some solutions if visiting, or else once some subproblems
// are done, watched through a Meter, while the state is written to path
// as the run goes on. Sometimes it lets the run finish.
func interrupted(par cover.Parallel, p *cover.Problem, r *rand.Rand, visiting bool, path string) (cover.Stats, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if visiting {
		left := r.IntN(400)
		return par.Solve(ctx, p, func([]int) bool {
			if left--; left == 0 {
				cancel()
			}
			return true
		})
	}
	par.Meter = new(cover.Meter)
	after := r.IntN(60)
	watched := make(chan error)
	go func() {
		from := -1
		for ctx.Err() == nil {
			time.Sleep(50 * time.Microsecond)
			pr := par.Meter.Progress()
			if pr.Total == 0 {
				continue // not started
			}
			if from < 0 {
				from = pr.Done
			} else if pr.Done >= from+after {
				cancel()
			}
			if err := saveState(path, par.State); err != nil {
				watched <- err
				return
			}
		}
		watched <- nil
	}()
	st, err := par.Solve(ctx, p, nil)
	cancel()
	if werr := <-watched; werr != nil {
		return st, werr
	}
	return st, err
}

func TestResumeMismatch(t *testing.T) {
	p := parse(t, queens(6))
	state := new(cover.State)
	if _, err := (cover.Parallel{State: state}).Solve(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		par  cover.Parallel
		prob *cover.Problem
		want string
	}{
		{"other problem", cover.Parallel{State: state}, parse(t, queens(7)), "state is of problem"},
		{"other shard", cover.Parallel{State: state, Shard: cover.Shard{Index: 1, Of: 2}}, p, "state is of shard 0/1"},
		{"other depth", cover.Parallel{State: state, Depth: 5}, p, "state splits at depth"},
		{"other tree", cover.Parallel{State: state, Backend: backend(t, "bits")}, p, "state splits by fewest options (dlx, algx), not by order (bits)"},
	} {
		if _, err := c.par.Solve(context.Background(), c.prob, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// TestResumeEditedDepth resumes states whose depth was edited: one deeper
// than the search's own split is refused before the split walks down to
// it, which for the 12,988,816 domino tilings of the 8×8 board at depth 60
// would walk the whole search tree; a shallower one is only a mismatch.
func TestResumeEditedDepth(t *testing.T) {
	p := parse(t, dominoes(8))
	for _, c := range []struct {
		depth int
		want  string
	}{
		{60, "state splits at depth 60, deeper than this search splits"},
		{1, "state splits into 4 subproblems at depth 1, but the split now has"},
	} {
		text := cover.Sealed(fmt.Sprintf(`{"fingerprint": %q, "depth": %d, "subproblems": 4, "shard": 0, "of": 1, "split_nodes": 0, "done": []}`, cover.Fingerprint(p), c.depth))
		state, err := cover.ReadState(strings.NewReader(text), "state.json")
		if err != nil {
			t.Fatal(err)
		}
		_, err = cover.Parallel{State: state}.Solve(context.Background(), p, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("depth %d: error %v, want one saying %q", c.depth, err, c.want)
		}
	}
}

func TestReadStateErrors(t *testing.T) {
	const head = `"fingerprint": "x", "depth": 1, "subproblems": 4, "shard": 0, "of": 1`
	sealed := cover.Sealed
	for _, c := range []struct{ name, text, want string }{
		{"not json", "{", "the file ends at byte 1 inside its JSON object: it was cut short"},
		{"empty", sealed("{}"), "not a search state"},
		{"no run", sealed(`{` + head + `, "run": ""}`), "not a search state"},
		{"out of range", sealed(`{"fingerprint": "x", "depth": 1, "subproblems": 2, "shard": 0, "of": 1, "done": [{"sub": 2}]}`), "subproblem 2 is out of place"},
		{"other shard", sealed(`{"fingerprint": "x", "depth": 1, "subproblems": 4, "shard": 0, "of": 2, "done": [{"sub": 1}]}`), "subproblem 1 is out of place"},
		{"twice", sealed(`{` + head + `, "done": [{"sub": 1}, {"sub": 1}]}`), "subproblem 1 is out of place"},
		{"negative solutions", sealed(`{` + head + `, "done": [{"sub": 1, "solutions": -1000}]}`), "subproblem 1: negative count (-1000 solutions"},
		{"negative seconds", sealed(`{` + head + `, "done": [{"sub": 1, "seconds": -1e6}]}`), "subproblem 1: -1e+06 seconds is not from 0 to 9e+09"},
		{"overflow", sealed(`{` + head + `, "done": [{"sub": 1, "solutions": 9223372036854775807}, {"sub": 2, "solutions": 1}]}`), "the counts add up to more than 2^63-1"},
		{"split overflow", sealed(`{` + head + `, "split_nodes": 9223372036854775807, "done": [{"sub": 1, "nodes": 1}]}`), "the counts add up to more than 2^63-1"},
		{"negative split nodes", sealed(`{` + head + `, "split_nodes": -1}`), "negative split_nodes -1"},
		{"trial of a search", sealed(`{` + head + `, "trial": true}`), "a search's state marked as a trial of the sweep"},
		{"deep", sealed(`{"fingerprint": "x", "depth": 65, "subproblems": 4, "shard": 0, "of": 1}`), "split depth 65 is not from 1 to 64"},
		{"many subproblems", sealed(`{"fingerprint": "x", "depth": 1, "subproblems": 9000000000000000000, "shard": 0, "of": 1}`), "9000000000000000000 subproblems is not from 0 to 1073741824"},
		{"junk after", sealed(`{`+head+`}`) + ` x`, "something follows the JSON object at byte"},
	} {
		_, err := cover.ReadState(strings.NewReader(c.text), c.name)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.name) {
			t.Errorf("%s: error %v, want one naming the file and saying %q", c.name, err, c.want)
		}
	}
	if err := cover.WriteState(io.Discard, new(cover.State)); err == nil {
		t.Error("wrote a state that no search used")
	}
}

// saveState writes a state to a file, as polyspec solve --state does.
func saveState(path string, s *cover.State) error {
	var b bytes.Buffer
	if err := cover.WriteState(&b, s); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o666)
}

// loadState reads a state file, as polyspec solve --resume does.
func loadState(path string) (*cover.State, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return cover.ReadState(f, path)
}
