package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/internal/infile"
)

// Scale holds solve's flags for searches too long for one run or one
// machine: a shard of a search split over many processes, its result for
// merge, and a record of its progress to resume it from.
type Scale struct {
	Shard  string `placeholder:"[i]/N" group:"long" help:"Search only part i of N disjoint parts; 'polyspec merge' adds them up."`
	Out    string `placeholder:"FILE" group:"long" help:"Write the search's counts to FILE as JSON, for 'polyspec merge'."`
	State  string `placeholder:"FILE" group:"long" help:"Record the finished parts of the search in FILE (every 10 s, on Ctrl-C)."`
	Resume bool   `group:"long" help:"Go on with the count recorded in the --state file (with --count)."`

	shard cover.Shard // --shard, read by check
}

// jobIndex is the variable a Kubernetes Indexed Job sets to the index of
// each of its pods.
const jobIndex = "JOB_COMPLETION_INDEX"

// stateEvery is how often a running search writes its --state file: often
// enough that a kill loses little, seldom enough to cost nothing. (A
// variable so that the kill test can write states all the time.)
var stateEvery = 10 * time.Second

// used reports whether any of the flags is given, which needs a split
// search even on one core.
func (s *Scale) used() bool { return s.Shard != "" || s.Out != "" || s.State != "" || s.Resume }

// check reads --shard and refuses the combinations that cannot work,
// before a long search rather than after it. stopAfter is solve's limit,
// which a picture sets too.
func (s *Scale) check(count bool, stopAfter int) error {
	var err error
	if s.shard, err = parseShard(s.Shard, os.Getenv); err != nil {
		return err
	}
	switch {
	case s.Resume && s.State == "":
		return errors.New("--resume needs --state FILE: the file that records the search to go on with")
	case s.Resume && !count:
		return errors.New("--resume goes on with a count: add --count (solutions found before the interruption would not be listed again)")
	case (s.Out != "" || s.State != "") && stopAfter > 0:
		return errors.New("--out and --state record a whole search, which --stop-after (or a picture: --svg, --png, --x3d, --gltf) cuts short")
	}
	for _, f := range []struct{ flag, path string }{{"--out", s.Out}, {"--state", s.State}} {
		if f.path == "" {
			continue
		}
		if err := outfile.Check(f.path); err != nil {
			return fmt.Errorf("%s %s: %w", f.flag, f.path, err)
		}
	}
	if s.State != "" && !s.Resume {
		if _, err := os.Stat(s.State); err == nil {
			return fmt.Errorf("--state %s: the file exists; add --resume to go on with the search it records, or remove it", s.State)
		}
	}
	return nil
}

// parseShard reads --shard: "i/N", or "/N" with i from
// $JOB_COMPLETION_INDEX, or "" for the whole search.
func parseShard(flag string, getenv func(string) string) (cover.Shard, error) {
	if flag == "" {
		return cover.Shard{}, nil
	}
	text := flag
	if strings.HasPrefix(text, "/") {
		i := getenv(jobIndex)
		if i == "" {
			return cover.Shard{}, fmt.Errorf("--shard %s: $%s is not set (it gives i when the shard is written /N; or write i/N)", flag, jobIndex)
		}
		text = i + text
	}
	sh, err := cover.ParseShard(text)
	if err != nil {
		if text != flag {
			return cover.Shard{}, fmt.Errorf("--shard %s with %s=%s: want i/N with 0 <= i < N", flag, jobIndex, getenv(jobIndex))
		}
		return cover.Shard{}, fmt.Errorf("--shard %s: want i/N with 0 <= i < N, or /N with i in $%s", flag, jobIndex)
	}
	return sh, nil
}

// setup sets the shard and state of a split search. A resumed state that
// does not fit the search is refused by the search itself, which checks
// the problem's fingerprint; see explain.
func (s *Scale) setup(e *env, par *cover.Parallel) error {
	par.Shard = s.shard
	if s.State == "" && s.Out == "" {
		return nil
	}
	par.State = new(cover.State)
	if !s.Resume {
		return nil
	}
	f, err := infile.OpenRecord(s.State, infile.PartBytes, "a state")
	var st *cover.State
	if err == nil {
		st, err = cover.ReadState(f, s.State)
		f.Close()
	}
	switch {
	case errors.Is(err, os.ErrNotExist):
		fmt.Fprintf(e.stderr, "polyspec: no state in %s yet: the search starts afresh\n", s.State)
		return nil
	case err != nil:
		return fmt.Errorf("--state: %w", err) // err names the file
	}
	par.State = st
	return nil
}

// explain adds to a search's error what a state mismatch means.
func (s *Scale) explain(err error) error {
	if err != nil && s.Resume && strings.Contains(err.Error(), "cover: state ") {
		return fmt.Errorf("--state %s does not fit this search: %w (a state resumes only the search that wrote it: the same puzzle, --all or not, --pivot and --shard; one begun before --pivot auto was the default, on 2026-11-26, was written with --pivot fewest)", s.State, err)
	}
	return err
}

// saving writes the state to its file every stateEvery while a search
// runs. The returned function stops it and reports the first failure.
func (s *Scale) saving(par *cover.Parallel) (stop func() error) {
	if s.State == "" || par == nil {
		return func() error { return nil }
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	var failed error
	wg.Go(func() {
		t := time.NewTicker(stateEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				// Until the search has checked the state against the
				// problem, there is nothing to write.
				err := s.writeState(par.State)
				if err != nil && !errors.Is(err, cover.ErrUnusedState) && failed == nil {
					failed = fmt.Errorf("--state %s: %w", s.State, err)
				}
			}
		}
	})
	return func() error {
		close(done)
		wg.Wait()
		return failed
	}
}

// writeState writes the state to its file, replacing it whole.
func (s *Scale) writeState(st *cover.State) error {
	return outfile.WriteWith(s.State, func(w io.Writer) error { return cover.WriteState(w, st) })
}

// resumable says where an interrupted search's state is.
func (s *Scale) resumable(e *env) {
	fmt.Fprintf(e.stderr, "polyspec: the search so far is in %s; the same command with --resume goes on with it\n", s.State)
}

// finish writes the state once more after a search, interrupted or not,
// and the part of a search that ran to its end.
func (s *Scale) finish(e *env, par *cover.Parallel, complete bool) error {
	if par == nil || par.State == nil {
		return nil
	}
	if s.State != "" {
		err := s.writeState(par.State)
		switch {
		case errors.Is(err, cover.ErrUnusedState):
			// Stopped before it began: nothing to record. A file it
			// resumed stays as it was, still one to go on with (a
			// sweep's trial that gave up leaves the state fresh for
			// the search).
			if s.Resume && !complete {
				if _, serr := os.Stat(s.State); serr == nil {
					s.resumable(e)
				}
			}
			return nil
		case err != nil:
			return fmt.Errorf("--state %s: %w", s.State, err)
		case !complete:
			s.resumable(e)
		}
	}
	switch {
	case s.Out == "":
		return nil
	case !complete:
		fmt.Fprintf(e.stderr, "polyspec: --out %s not written: the search did not finish\n", s.Out)
		return nil
	}
	pt, err := par.State.Part()
	if err == nil {
		err = outfile.WriteWith(s.Out, func(w io.Writer) error { return cover.WritePart(w, pt) })
	}
	if err != nil {
		return fmt.Errorf("--out %s: %w", s.Out, err)
	}
	if pt.Symmetries > 0 && pt.Of > 1 {
		// The closing line's count of 0 would read as a count.
		fmt.Fprintf(e.stderr, "polyspec: shard %d/%d of the sweep's count is in %s as a sum modulo 2^64, which counts no solutions on its own: 'polyspec merge' adds the %d parts up\n", pt.Shard, pt.Of, s.Out, pt.Of)
	}
	return nil
}
