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
	"maps"
	"slices"
	"strconv"
)

// FormatVersion is the version of the part and state files this package
// writes, and the only one it reads. Version 2 added the run's
// fingerprint and the checksum; a file without them, of version 0 (the
// field was absent), cannot show that it is whole and of the run it
// claims, so it is refused rather than trusted.
const FormatVersion = 2

// Parts and states are checked in three ways before their counts are
// added to anything:
//
//   - the format version, so that a file of another layout is never read
//     as this one;
//   - the checksum, which a file carries over its own contents, so that a
//     file damaged on disk, cut short or edited by hand is refused: a
//     count edited from 433 to 434 would otherwise merge to a wrong total
//     with no sign of it;
//   - the run's fingerprint, a hash of the problem (and of a count modulo
//     symmetry's filter) with the split into subproblems, paths and all,
//     so that parts or states of two runs that cut the tree differently
//     (another backend, --dead-regions, a state of an older split) never
//     meet, even where their depth and number of subproblems agree.
//
// The checksum guards against accidents, not against forgery: whoever
// edits a file can compute it again (checksum says how). A merge then
// proves that it adds up one run's shards, each once, as they were written.

// checksumKey is the key of the checksum in a part or state file.
const checksumKey = "checksum"

// checksum returns the checksum of a part or state file, and the one the
// file states (empty if none). It is the SHA-256 of the file's JSON
// object without its "checksum" key, as Go's encoding/json writes a map:
// no white space, keys sorted, and numbers exactly as the file writes
// them. Being over the text rather than over what a reader keeps of it,
// it also covers keys a reader would ignore or fold together (a second
// "solutions" key, or "Solutions").
func checksum(data []byte) (sum, stated string, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		var syntax *json.SyntaxError
		switch {
		case len(bytes.TrimSpace(data)) == 0:
			return "", "", errors.New("the file is empty, where a JSON object was expected")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return "", "", fmt.Errorf("the file ends at byte %d inside its JSON object: it was cut short", len(data))
		case errors.As(err, &syntax):
			return "", "", fmt.Errorf("not the JSON polyspec writes: %w (at byte %d)", err, syntax.Offset)
		}
		return "", "", err
	}
	if obj == nil {
		return "", "", errors.New("not a JSON object")
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", "", fmt.Errorf("something follows the JSON object at byte %d", dec.InputOffset())
	}
	stated, _ = obj[checksumKey].(string)
	delete(obj, checksumKey)
	canonical, err := json.Marshal(obj)
	if err != nil {
		return "", "", err
	}
	h := sha256.Sum256(canonical)
	return "sha256:" + hex.EncodeToString(h[:]), stated, nil
}

// verify checks the format version and the checksum of a part or state
// file's text (what says "a part" or "a state" in errors).
func verify(data []byte, what string) error {
	sum, stated, err := checksum(data)
	if err != nil {
		return err
	}
	var head struct {
		Format json.RawMessage `json:"format"`
	}
	// The object decoded above; only the version is read here.
	if err := json.Unmarshal(data, &head); err != nil {
		return err
	}
	switch v := string(head.Format); {
	case v == "" || v == "null":
		return fmt.Errorf("%s without a format version (written before format %d, which added the checksum and the run's fingerprint): it cannot show that it is whole, so it is not used; search it again", what, FormatVersion)
	case v != strconv.Itoa(FormatVersion):
		return fmt.Errorf("%s of format %s, and this polyspec reads format %d only", what, v, FormatVersion)
	case stated == "":
		return fmt.Errorf("%s of format %d without its checksum", what, FormatVersion)
	case stated != sum:
		return fmt.Errorf("checksum %s does not match the contents (%s): the file was changed or damaged after polyspec wrote it", short(stated), short(sum))
	}
	return nil
}

// seal returns the JSON of v, a part or state file's record whose
// checksum field is empty, with its checksum in that field: marshal
// writes v, and set sets the field.
func seal(marshal func() ([]byte, error), set func(string)) ([]byte, error) {
	b, err := marshal()
	if err != nil {
		return nil, err
	}
	sum, _, err := checksum(b)
	if err != nil {
		return nil, err
	}
	set(sum)
	return marshal()
}

// short abbreviates a fingerprint or checksum for a message: enough to
// tell two apart.
func short(s string) string {
	if len(s) > 19 {
		return s[:19] + "…"
	}
	return s
}

// runFingerprint identifies a run: the problem's fingerprint (fp, which
// for a count modulo symmetry covers its filter, see Distinct.fingerprint)
// and how it was cut into subproblems. Every shard and every state of one
// run has it; two runs that would give different counts per subproblem
// never do.
func runFingerprint(fp string, id splitID) string {
	var buf []byte
	buf = append(buf, "polyspec run "...)
	buf = binary.AppendUvarint(buf, FormatVersion)
	for _, s := range []string{fp, id.kind, id.paths} {
		buf = binary.AppendUvarint(buf, uint64(len(s)))
		buf = append(buf, s...)
	}
	for _, n := range []int64{int64(id.depth), int64(id.subproblems), id.nodes, int64(id.symmetries)} {
		buf = binary.AppendVarint(buf, n)
	}
	h := sha256.Sum256(buf)
	return "sha256:" + hex.EncodeToString(h[:])
}

// pathsDigest is a hash of every subproblem's path, which with the
// problem determines the split: two splits with the same depth and
// number of subproblems but other nodes (a tree pruned otherwise) differ
// here.
func (sp *split) pathsDigest() string {
	h := sha256.New()
	var buf []byte
	for i := range sp.len() {
		p := sp.path(i)
		buf = binary.AppendUvarint(buf, uint64(len(p)))
		for _, b := range p {
			buf = binary.AppendUvarint(buf, uint64(b))
		}
		if len(buf) > 1<<16 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	h.Write(buf)
	return hex.EncodeToString(h.Sum(nil))
}

// fingerprint identifies what a split search of d counts: the reduced
// problem, and where some of its solutions are filtered as images of
// others, the filter too. Two filters over one reduced problem (the
// whole group without a pivot, or --all's none) keep different solutions
// of each subproblem, so their parts must never be added together.
func (d *Distinct) fingerprint() string {
	fp := Fingerprint(d.reduced)
	if !d.Checked() {
		return fp
	}
	h := sha256.New()
	buf := append([]byte("distinct "), fp...)
	num := func(n int) { buf = binary.AppendVarint(buf, int64(n)) }
	flush := func() {
		if len(buf) > 1<<16 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	num(d.pivot)
	num(len(d.group))
	for _, g := range d.group {
		num(len(g))
		for _, o := range g {
			num(int(o))
		}
		flush()
	}
	for i, s := range d.stabilize {
		if s == nil {
			continue
		}
		num(i)
		num(len(s))
		num(d.secondItem[i])
		keys := slices.Sorted(maps.Keys(d.second[i]))
		num(len(keys))
		for _, k := range keys {
			num(int(k))
			num(len(d.second[i][k]))
		}
		flush()
	}
	h.Write(buf)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
