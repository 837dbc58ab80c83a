package cover

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A Shard is one of Of disjoint parts of a Parallel search: the
// subproblems whose index is Index modulo Of. Neighbouring subproblems are
// often alike in size, so dealing them out in turn balances the shards.
// The zero value stands for the whole search.
type Shard struct {
	Index, Of int
}

// ParseShard reads a shard written "i/N", with 0 <= i < N.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("cover: shard %q: want i/N with 0 <= i < N", s)
	}
	return Shard{i, n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Of) }

// whole returns s with the zero value made explicit as 0/1.
func (s Shard) whole() Shard {
	if s.Of == 0 {
		return Shard{0, 1}
	}
	return s
}

func (s Shard) valid() bool { return s.Of >= 1 && s.Index >= 0 && s.Index < s.Of }

// has reports whether subproblem k belongs to the shard.
func (s Shard) has(k int) bool { return k%s.Of == s.Index }

// count returns how many of n subproblems belong to the shard.
func (s Shard) count(n int) int { return max(0, (n-s.Index+s.Of-1)/s.Of) }

// Fingerprint identifies a problem by a hash of everything a search reads:
// items with their bounds, options with their entries, colours by name (so
// that, as for Equal, the order colours were interned in does not matter).
// Parts and states carry it so that results from different problems are
// never mixed.
func Fingerprint(p *Problem) string {
	h := sha256.New()
	var buf []byte
	str := func(s string) {
		buf = binary.AppendUvarint(buf, uint64(len(s)))
		buf = append(buf, s...)
	}
	num := func(n int) { buf = binary.AppendVarint(buf, int64(n)) }
	num(len(p.Items))
	for _, it := range p.Items {
		str(it.Name)
		num(it.Lo)
		num(it.Hi)
		if it.Secondary {
			num(1)
		} else {
			num(0)
		}
	}
	num(p.NumOptions())
	for o := range p.NumOptions() {
		opt := p.Option(o)
		num(len(opt))
		for _, e := range opt {
			num(int(e.Item))
			str(p.Colors[e.Color])
		}
		if len(buf) > 1<<16 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	h.Write(buf)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// A Part is the result of one shard of a search, for Merge to add up with
// the others. The run's fingerprint and the split fields let Merge check
// that all parts cut the same tree the same way; a part file also carries
// a checksum over its contents (see integrity.go), which ReadPart checks.
type Part struct {
	Format      int    `json:"format"` // FormatVersion
	Run         string `json:"run"`    // the run's fingerprint, see runFingerprint
	Fingerprint string `json:"fingerprint"`
	Depth       int    `json:"depth"`       // the split's depth
	Subproblems int    `json:"subproblems"` // in the whole split, all shards
	// Split is "order" when the split follows bits's tree, which takes
	// the items in a fixed order, and empty when it follows the tree of
	// the backends that branch on the item with fewest options.
	Split     string `json:"split,omitempty"`
	Shard     int    `json:"shard"`
	Of        int    `json:"of"`
	Solutions int64  `json:"solutions"`
	Nodes     int64  `json:"nodes"`
	Updates   int64  `json:"updates"`
	// Seconds is how long the shard's subproblems took to search, added
	// up over the workers and over the runs of a resumed search: about
	// what one core would have spent on them. It is for the record;
	// Merge does not check it.
	Seconds float64 `json:"seconds,omitempty"`
	// Symmetries, Residue and Bound are those of a count by the sweep
	// (Split "sweep"), whose parts hold sums modulo 2^64 rather than
	// solutions (see sweep_parts.go): the number of symmetries of its
	// Burnside's sum, the sum of the shard's parts and of their bounds.
	Symmetries int    `json:"symmetries,omitempty"`
	Residue    uint64 `json:"residue,omitempty"`
	Bound      uint64 `json:"bound,omitempty"`
	// List optionally holds the solutions themselves, as problem option
	// indices; a caller that wants them fills it from its Visit.
	List [][]int `json:"list,omitempty"`
}

// splitName describes a Part's Split.
func splitName(kind string) string {
	switch kind {
	case "":
		return "by fewest options (dlx, algx)"
	case sweepSplit:
		return "into the sweep's parts"
	}
	return "by " + kind + " (bits)"
}

// partFile is a Part as written, with its checksum.
type partFile struct {
	Part
	Checksum string `json:"checksum,omitempty"`
}

// WritePart writes a part as one JSON document, with its checksum.
func WritePart(w io.Writer, p Part) error {
	f := partFile{Part: p}
	b, err := seal(func() ([]byte, error) { return json.Marshal(f) }, func(sum string) { f.Checksum = sum })
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadPart reads a part written by WritePart. It refuses a part of
// another format version, one whose checksum does not match its contents,
// one whose numbers no search writes (negative counts, a shard outside its
// Of, a depth beyond any split's), and anything after the part's JSON.
func ReadPart(r io.Reader) (Part, error) {
	// The reader is bounded by its caller (infile's limit on a part).
	b, err := io.ReadAll(r)
	if err == nil {
		err = verify(b, "a part")
	}
	if err != nil {
		return Part{}, fmt.Errorf("cover: reading part: %w", err)
	}
	var f partFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Part{}, fmt.Errorf("cover: reading part: %w", err)
	}
	p := f.Part
	if !(Shard{p.Shard, p.Of}).valid() || p.Fingerprint == "" || p.Run == "" {
		return Part{}, fmt.Errorf("cover: part %d/%d of %q is malformed", p.Shard, p.Of, p.Fingerprint)
	}
	if err := checkSplit(p.Depth, p.Subproblems); err != nil {
		return Part{}, fmt.Errorf("cover: part %d/%d: %w", p.Shard, p.Of, err)
	}
	if err := checkCounts(Stats{p.Solutions, p.Nodes, p.Updates}, p.Seconds); err != nil {
		return Part{}, fmt.Errorf("cover: part %d/%d: %w", p.Shard, p.Of, err)
	}
	if err := checkSweep(p.Split, p.Symmetries, p.Solutions, p.Residue|p.Bound); err != nil {
		return Part{}, fmt.Errorf("cover: part %d/%d: %w", p.Shard, p.Of, err)
	}
	if len(p.List) == 0 {
		p.List = nil // "list": [] is no list, as WritePart writes it
	}
	return p, nil
}

// maxSubproblems bounds the subproblems of a split read from a part or a
// state: far more than a split ever aims for, few enough to keep in
// memory.
const maxSubproblems = 1 << 30

// checkSplit checks a split's depth and size as a part or state gives them.
func checkSplit(depth, subproblems int) error {
	if depth < 1 || depth > maxSplitDepth {
		return fmt.Errorf("split depth %d is not from 1 to %d", depth, maxSplitDepth)
	}
	if subproblems < 0 || subproblems > maxSubproblems {
		return fmt.Errorf("%d subproblems is not from 0 to %d", subproblems, maxSubproblems)
	}
	return nil
}

// checkSweep checks the fields of a part or state that only a count by
// the sweep has: its symmetries and sums (any nonzero if sums is), and no
// solutions counted by parts.
func checkSweep(split string, symmetries int, solutions int64, sums uint64) error {
	switch {
	case split != sweepSplit && (symmetries != 0 || sums != 0):
		return errors.New("symmetries, residues and bounds belong to counts by the sweep only")
	case split == sweepSplit && (symmetries < 1 || symmetries > maxSubproblems):
		return fmt.Errorf("%d symmetries is not from 1 to %d", symmetries, maxSubproblems)
	case split == sweepSplit && solutions != 0:
		return errors.New("a count by the sweep keeps sums, not solutions, in its parts")
	}
	return nil
}

// checkCounts checks what a part or state says a search found.
func checkCounts(st Stats, seconds float64) error {
	if st.Solutions < 0 || st.Nodes < 0 || st.Updates < 0 {
		return fmt.Errorf("negative count (%d solutions, %d nodes, %d updates)", st.Solutions, st.Nodes, st.Updates)
	}
	if !(seconds >= 0 && seconds <= MaxSeconds) {
		return fmt.Errorf("%g seconds is not from 0 to %g", seconds, MaxSeconds)
	}
	return nil
}

// MaxSeconds bounds the time a part or state records, and what parts add
// up to: about 285 years, within the 292 of a time.Duration.
const MaxSeconds = 9e9

// addChecked adds t to s, or reports that a count would overflow.
func (s *Stats) addChecked(t Stats) error {
	sum := Stats{s.Solutions + t.Solutions, s.Nodes + t.Nodes, s.Updates + t.Updates}
	if sum.Solutions < s.Solutions || sum.Nodes < s.Nodes || sum.Updates < s.Updates {
		return errors.New("the counts add up to more than 2^63-1")
	}
	*s = sum
	return nil
}

// Merge adds up the parts of a sharded search, as MergeNamed does with
// the parts named by their shards alone.
func Merge(parts []Part) (Stats, error) { return MergeNamed(parts, nil) }

// MergeNamed adds up the parts of a sharded search; names, if not nil,
// gives each part's file for the errors. It fails unless the parts are
// exactly one run's shards: of this format version, of one run (the same
// problem, split the same way: see runFingerprint) and one number of
// shards N, each of the shards 0 to N-1 once. Stats.Solutions is the
// total count. Parts read by ReadPart have had their checksums checked.
func MergeNamed(parts []Part, names []string) (Stats, error) {
	if len(parts) == 0 {
		return Stats{}, fmt.Errorf("cover: no parts to merge")
	}
	name := func(i int) string {
		p := parts[i]
		if names == nil {
			return fmt.Sprintf("part %d/%d", p.Shard, p.Of)
		}
		return fmt.Sprintf("%s (part %d/%d)", names[i], p.Shard, p.Of)
	}
	ref := reference(parts)
	first := parts[ref]
	// A map, not a slice of Of: Of comes from a file.
	seen := make(map[int]int, len(parts))
	var total Stats
	var residue, bound uint64 // of a count by the sweep
	for i, p := range parts {
		if err := mergeable(p, first, func() string { return name(i) }, func() string { return name(ref) }); err != nil {
			return Stats{}, err
		}
		if j, dup := seen[p.Shard]; dup {
			return Stats{}, fmt.Errorf("cover: %s and %s are both part %d/%d of the run: give each part once", name(j), name(i), p.Shard, p.Of)
		}
		seen[p.Shard] = i
		if err := total.addChecked(Stats{p.Solutions, p.Nodes, p.Updates}); err != nil {
			return Stats{}, fmt.Errorf("cover: %w", err)
		}
		residue += p.Residue
		bound = addBound(bound, p.Bound)
	}
	if len(seen) < first.Of {
		// Then one of the shards 0 to len(seen) is missing.
		for k := 0; ; k++ {
			if _, ok := seen[k]; !ok {
				given := ""
				if names != nil {
					given = fmt.Sprintf(": none of the %d files given holds it", len(parts))
				}
				return Stats{}, fmt.Errorf("cover: part %d/%d of the run is missing%s", k, first.Of, given)
			}
		}
	}
	if first.Split == sweepSplit {
		n, err := sweepTotal(residue, bound, first.Symmetries)
		if err != nil {
			return Stats{}, fmt.Errorf("cover: %w", err)
		}
		total.Solutions = n
	}
	return total, nil
}

// reference returns the index of the part the others are checked
// against: one of the run most of them are of, so that
// a refusal names the stray, wherever it is in the list, rather than
// every part that differs from a stray given first.
func reference(parts []Part) int {
	type run struct {
		format, of, symmetries, depth, subproblems int
		fingerprint, run, split                    string
	}
	key := func(p Part) run {
		return run{p.Format, p.Of, p.Symmetries, p.Depth, p.Subproblems, p.Fingerprint, p.Run, p.Split}
	}
	count := map[run]int{}
	best := 0
	for i, p := range parts {
		k := key(p)
		if count[k]++; count[k] > count[key(parts[best])] {
			best = i
		}
	}
	return best
}

// mergeable checks that part p can be added to first, the part of the
// run most parts are of: of this format, a shard, and of the same run.
// The checks of the problem and the split come before the run's, which
// covers them, to say what differs.
func mergeable(p, first Part, name, firstName func() string) error {
	switch {
	case p.Format != FormatVersion:
		return fmt.Errorf("cover: %s is of format %d, not %d", name(), p.Format, FormatVersion)
	case !(Shard{p.Shard, p.Of}).valid():
		return fmt.Errorf("cover: %s is not a shard: want i/N with 0 <= i < N", name())
	case p.Fingerprint != first.Fingerprint:
		return fmt.Errorf("cover: %s is a part of another search than %s: of another puzzle, or of one with --all and one without (problem fingerprints %s and %s)", name(), firstName(), short(p.Fingerprint), short(first.Fingerprint))
	case p.Of != first.Of:
		return fmt.Errorf("cover: %s is one of %d parts, %s one of %d", name(), p.Of, firstName(), first.Of)
	case p.Split != first.Split:
		return fmt.Errorf("cover: %s splits %s, %s %s", name(), splitName(p.Split), firstName(), splitName(first.Split))
	case p.Depth != first.Depth || p.Subproblems != first.Subproblems:
		return fmt.Errorf("cover: %s splits at depth %d into %d subproblems, %s at depth %d into %d", name(), p.Depth, p.Subproblems, firstName(), first.Depth, first.Subproblems)
	case p.Symmetries != first.Symmetries:
		return fmt.Errorf("cover: %s counts modulo %d symmetries, %s modulo %d", name(), p.Symmetries, firstName(), first.Symmetries)
	case p.Run != first.Run:
		return fmt.Errorf("cover: %s is of another run than %s: the same problem cut into other subproblems, as another backend's tree cuts it (run fingerprints %s and %s)", name(), firstName(), short(p.Run), short(first.Run))
	}
	return nil
}
