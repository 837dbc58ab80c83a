package cover_test

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// checksumMismatch is the refusal of a file whose checksum does not match.
var checksumMismatch = regexp.MustCompile(`checksum sha256:[0-9a-f]{12}… does not match the contents \(sha256:[0-9a-f]{12}…\): the file was changed or damaged after polyspec wrote it$`)

// TestPartIntegrity reads a part written by a real shard after each
// change a file can suffer, and checks the refusal word for word.
func TestPartIntegrity(t *testing.T) {
	parts := runShards(t, backend(t, "dlx"), parse(t, queens(6)), 3)
	var buf bytes.Buffer
	if err := cover.WritePart(&buf, parts[1]); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	edit := func(old, new string) string {
		if !strings.Contains(text, old) {
			t.Fatalf("%s holds no %s", text, old)
		}
		return strings.Replace(text, old, new, 1)
	}
	checksumAt := regexp.MustCompile(`,"checksum":"[^"]*"`)
	for _, c := range []struct {
		name, text string
		want       *regexp.Regexp
	}{
		{"count edited", edit(fmt.Sprintf(`"solutions":%d`, parts[1].Solutions), fmt.Sprintf(`"solutions":%d`, parts[1].Solutions+1)), checksumMismatch},
		{"relabelled as another shard", edit(`"shard":1`, `"shard":2`), checksumMismatch},
		{"a second count", edit(`"nodes"`, `"solutions":0,"nodes"`), checksumMismatch},
		{"another run", edit(`"run":"sha256:`, `"run":"sha256:0`), checksumMismatch},
		{"no checksum", checksumAt.ReplaceAllString(text, ""), regexp.MustCompile(`^cover: reading part: a part of format 2 without its checksum$`)},
		{"format 3", cover.Sealed(edit(`"format":2`, `"format":3`)), regexp.MustCompile(`^cover: reading part: a part of format 3, and this polyspec reads format 2 only$`)},
		{"written before format 2", checksumAt.ReplaceAllString(edit(`"format":2,`, ``), ""), regexp.MustCompile(`^cover: reading part: a part without a format version \(written before format 2, which added the checksum and the run's fingerprint\): it cannot show that it is whole, so it is not used; search it again$`)},
		{"cut short", text[:len(text)/2], regexp.MustCompile(`^cover: reading part: the file ends at byte \d+ inside its JSON object: it was cut short$`)},
		{"empty", "", regexp.MustCompile(`^cover: reading part: the file is empty, where a JSON object was expected$`)},
		{"not JSON", "x" + text[1:], regexp.MustCompile(`^cover: reading part: not the JSON polyspec writes: invalid character 'x' looking for beginning of value \(at byte 1\)$`)},
	} {
		_, err := cover.ReadPart(strings.NewReader(c.text))
		if err == nil || !c.want.MatchString(err.Error()) {
			t.Errorf("%s: error %v, want one matching %q", c.name, err, c.want)
		}
	}
	// Every cut and every byte changed: refused, or read as written (a
	// change in the white space).
	for i := range len(text) {
		if p, err := cover.ReadPart(strings.NewReader(text[:i])); err == nil && i < len(text)-1 {
			t.Errorf("cut at byte %d read as %+v", i, p)
		}
		for _, b := range []byte{'0', '9', 'x', ' ', '"'} {
			changed := text[:i] + string(b) + text[i+1:]
			if p, err := cover.ReadPart(strings.NewReader(changed)); err == nil && !reflect.DeepEqual(p, parts[1]) {
				t.Errorf("byte %d changed to %q read as %+v", i, b, p)
			}
		}
	}
}

// TestStateIntegrity resumes states that were changed after they were
// written: each is refused, by its checksum or by the run it records.
func TestStateIntegrity(t *testing.T) {
	p := parse(t, queens(7))
	state := new(cover.State)
	if _, err := (cover.Parallel{Backend: backend(t, "dlx"), State: state}).Solve(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := cover.WriteState(&buf, state); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	runAt := regexp.MustCompile(`"run": "sha256:[0-9a-f]+"`)
	if !strings.Contains(text, `"solutions": 1,`) || !runAt.MatchString(text) {
		t.Fatalf("the state holds no count of 1 or no run:\n%s", text)
	}
	for _, c := range []struct {
		name, text, want string
	}{
		{"a count edited", strings.Replace(text, `"solutions": 1,`, `"solutions": 2,`, 1), "checksum"},
		{"another run, sealed", cover.Sealed(runAt.ReplaceAllString(text, `"run": "sha256:00"`)), "cover: state is of another run, whose subproblems differ from this search's (run sha256:00, not sha256:"},
		{"written before format 2", `{"fingerprint": "x", "depth": 1, "subproblems": 4, "shard": 0, "of": 1}`, "cover: state.json: a state without a format version"},
	} {
		var err error
		var back *cover.State
		if back, err = cover.ReadState(strings.NewReader(c.text), "state.json"); err == nil {
			_, err = cover.Parallel{Backend: backend(t, "dlx"), State: back}.Solve(context.Background(), p, nil)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	want := count(t, "dlx", p)
	for i := range len(text) {
		if _, err := cover.ReadState(strings.NewReader(text[:i]), "state.json"); err == nil && i < len(text)-1 {
			t.Errorf("cut at byte %d read", i)
		}
		changed := text[:i] + "9" + text[i+1:]
		back, err := cover.ReadState(strings.NewReader(changed), "state.json")
		if err != nil {
			continue
		}
		// Only white space changed: the state resumes to the count.
		st, err := cover.Parallel{Backend: backend(t, "dlx"), State: back}.Solve(context.Background(), p, nil)
		if err != nil || st.Solutions != want.Solutions {
			t.Errorf("byte %d changed: resumed to %d, %v; want %d", i, st.Solutions, err, want.Solutions)
		}
	}
}
