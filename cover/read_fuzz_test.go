package cover

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzReadPart checks that ReadPart never panics, accepts only what its
// checks allow, and reads back what WritePart writes of what it read. Each
// input is read as it is and sealed (see Sealed), so that the checks
// behind the checksum's are reached too.
func FuzzReadPart(f *testing.F) {
	for _, s := range []string{
		`{"fingerprint":"sha256:ab","depth":2,"subproblems":9,"shard":1,"of":3,"solutions":5,"nodes":70,"updates":300,"seconds":0.5}`,
		`{"fingerprint":"x","depth":1,"subproblems":1,"split":"order","shard":0,"of":1,"list":[[1,2],[3]]}`,
		`{"fingerprint":"x","depth":1,"shard":0,"of":9000000000000000000}`,
		`{"fingerprint":"x","depth":1,"shard":0,"of":1,"solutions":-5}`,
		`{"fingerprint":"x","depth":1,"subproblems":16,"split":"sweep","shard":0,"of":1,"symmetries":4,"residue":8,"bound":40}`,
		`{"fingerprint":"x","depth":1,"subproblems":16,"split":"sweep","shard":1,"of":2,"symmetries":4,"residue":18446744073709551615}`,
		`{"format":2,"run":"sha256:5107c598b2ba30c0","fingerprint":"sha256:f2cf566ff73cd3a1","depth":6,"subproblems":4,"shard":1,"of":3,"solutions":1,"seconds":1.533e-06,"checksum":"sha256:00"}`,
	} {
		f.Add(s)
		f.Add(Sealed(s))
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, text := range []string{text, Sealed(text)} {
			fuzzPart(t, text)
		}
	})
}

func fuzzPart(t *testing.T, text string) {
	p, err := ReadPart(bytes.NewReader([]byte(text)))
	if err != nil {
		return
	}
	if p.Solutions < 0 || p.Nodes < 0 || p.Updates < 0 || !(p.Seconds >= 0) || !(Shard{p.Shard, p.Of}).valid() {
		t.Fatalf("accepted %+v", p)
	}
	var b bytes.Buffer
	if err := WritePart(&b, p); err != nil {
		t.Fatal(err)
	}
	back, err := ReadPart(&b)
	if err != nil || !reflect.DeepEqual(back, p) {
		t.Fatalf("%+v reads back as %+v, %v", p, back, err)
	}
	// A sweep's part 0/1 holds sums that may not make a count.
	if _, err := Merge([]Part{p}); err != nil && p.Of == 1 && p.Split != sweepSplit {
		t.Fatalf("part 0/1 does not merge on its own: %v", err)
	}
}

// FuzzReadState checks that a state file never panics ReadState, that what
// it accepts adds up without overflow, and that WriteState writes it back
// as it was read; as FuzzReadPart, for each input as it is and sealed.
func FuzzReadState(f *testing.F) {
	for _, s := range []string{
		`{"fingerprint":"x","depth":2,"subproblems":4,"shard":0,"of":2,"split_nodes":7,"done":[{"sub":0,"solutions":3,"nodes":9,"updates":20,"seconds":0.25},{"sub":2}]}`,
		`{"fingerprint":"x","depth":1,"subproblems":4,"shard":0,"of":1,"done":[{"sub":1,"solutions":-1000}]}`,
		`{"fingerprint":"x","depth":60,"subproblems":4,"shard":0,"of":1}`,
		`{"fingerprint":"x","depth":1,"subproblems":3,"split":"sweep","shard":0,"of":1,"symmetries":2,"done":[{"sub":0,"residue":5},{"sub":2,"bound":9,"residue":18446744073709551615}]}`,
	} {
		f.Add(s)
		f.Add(Sealed(s))
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, text := range []string{text, Sealed(text)} {
			fuzzState(t, text)
		}
	})
}

func fuzzState(t *testing.T, text string) {
	s, err := parseState([]byte(text))
	if err != nil {
		return
	}
	var total Stats
	for _, d := range s.done {
		if err := total.addChecked(d.stats()); err != nil {
			t.Fatalf("accepted a state whose counts overflow: %v", err)
		}
	}
	if left := (Shard{s.f.Shard, s.f.Of}).count(s.f.Subproblems) - len(s.done); left == 0 {
		if _, err := s.Part(); err != nil {
			t.Fatalf("a finished state makes no part: %v", err)
		}
	}
	var written bytes.Buffer
	if err := WriteState(&written, s); err != nil {
		t.Fatal(err)
	}
	back, err := ReadState(bytes.NewReader(written.Bytes()), "state.json")
	if err != nil {
		t.Fatalf("state written as %s does not read back: %v", written.Bytes(), err)
	}
	if !reflect.DeepEqual(back.f, s.f) || !reflect.DeepEqual(back.done, s.done) {
		b, _ := json.Marshal(back.f)
		t.Fatalf("state reads back as %s", b)
	}
}
