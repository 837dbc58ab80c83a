package cover

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestRunFingerprintPaths checks that two splits alike in depth, size,
// kind and nodes but not in their subproblems are two runs, whose states
// do not resume each other.
func TestRunFingerprintPaths(t *testing.T) {
	sp, err := newSplit(queensProblem(8), 3, 0, false, false, false)
	if err != nil {
		t.Fatal(err)
	}
	other := *sp
	other.paths = slices.Clone(sp.paths)
	other.paths[len(other.paths)-1]++
	a, b := sp.id(), other.id()
	if a.depth != b.depth || a.subproblems != b.subproblems || a.kind != b.kind || a.nodes != b.nodes {
		t.Fatalf("the splits differ in more than their paths: %+v, %+v", a, b)
	}
	fp := Fingerprint(queensProblem(8))
	if runFingerprint(fp, a) == runFingerprint(fp, b) {
		t.Fatal("two splits with other subproblems have one run fingerprint")
	}
	s := new(State)
	if _, _, err := s.begin(fp, a, Shard{0, 1}); err != nil {
		t.Fatal(err)
	}
	_, _, err = s.begin(fp, b, Shard{0, 1})
	if want := "cover: state is of another run, whose subproblems differ from this search's (run sha256:"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v, want one starting %q", err, want)
	}
}

// TestDistinctFingerprint checks that a count modulo symmetry whose
// filter leaves some solutions out has a fingerprint of its own: its
// parts are not those of the plain count of its reduced problem, nor of
// a count that filters otherwise, and do not merge with them.
func TestDistinctFingerprint(t *testing.T) {
	p, group := dominoes(6, 6)
	d, err := NewDistinct(p, group)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Checked() || len(d.group) < 2 {
		t.Fatal("the 6×6 dominoes' count modulo symmetry filters nothing")
	}
	// The same reduced problem filtered by fewer symmetries.
	fewer := *d
	fewer.group = d.group[1:]
	fps := []string{Fingerprint(d.reduced), d.fingerprint(), fewer.fingerprint()}
	for i := range fps {
		for j := range i {
			if fps[i] == fps[j] {
				t.Errorf("fingerprints %d and %d are both %s", j, i, fps[i])
			}
		}
	}
	if d.fingerprint() != d.fingerprint() {
		t.Error("a Distinct's fingerprint changes from call to call")
	}
	dlx, _ := Lookup("dlx")
	shard := func(i int, solve func(par Parallel) error) Part {
		par := Parallel{Backend: dlx, Workers: 1, Shard: Shard{i, 2}, State: new(State)}
		if err := solve(par); err != nil {
			t.Fatal(err)
		}
		pt, err := par.State.Part()
		if err != nil {
			t.Fatal(err)
		}
		return pt
	}
	distinct := shard(0, func(par Parallel) error { _, err := par.SolveDistinct(context.Background(), d, nil); return err })
	plain := shard(1, func(par Parallel) error { _, err := par.Solve(context.Background(), d.reduced, nil); return err })
	_, err = Merge([]Part{distinct, plain})
	if want := "cover: part 1/2 is a part of another search than part 0/2"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("a filtered and a plain shard merged: %v, want an error starting %q", err, want)
	}
}
