package main

import (
	"fmt"
	"io"
	"time"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/internal/infile"
)

// MergeCmd adds up the parts of a sharded search.
type MergeCmd struct {
	Parts  []string `arg:"" name:"part" help:"The files of 'solve --shard i/N --out FILE', one for each i from 0 to N-1, of one search."`
	Format string   `default:"text" enum:"text,json" help:"Output format: text (the closing line of solve) or json (solve's closing object)."`
}

// Run reads the parts, checks that they are all there, once each and of
// one search, and prints their total as solve closes a whole search. The
// duration is the time every worker of every part spent searching, added
// up: about what one core would need on an idle machine, more on a busy
// one.
func (c *MergeCmd) Run(e *env) error {
	parts := make([]cover.Part, len(c.Parts))
	seen := map[int]string{}
	var seconds float64
	for i, path := range c.Parts {
		pt, err := readPart(path)
		if err != nil {
			return err
		}
		// Merge refuses these too, but in terms of parts: only the files
		// tell which one is the stray.
		if pt.Fingerprint != parts[0].Fingerprint && i > 0 {
			return fmt.Errorf("%s is a part of another search than %s: of another puzzle, or of one with --all and one without (fingerprints %s and %s)", path, c.Parts[0], short(pt.Fingerprint), short(parts[0].Fingerprint))
		}
		if other, dup := seen[pt.Shard]; dup && pt.Of == parts[0].Of {
			return fmt.Errorf("%s and %s are both part %d/%d of the search: give each part once", other, path, pt.Shard, pt.Of)
		}
		seen[pt.Shard] = path
		parts[i] = pt
		seconds += pt.Seconds
	}
	if seconds > cover.MaxSeconds {
		return fmt.Errorf("the parts' times add up to %g seconds, more than the %g a duration holds", seconds, cover.MaxSeconds)
	}
	total, err := cover.Merge(parts)
	if err != nil {
		return fmt.Errorf("merge: %w (parts come from 'solve --shard i/N --out FILE', one file for each i from 0 to N-1, all of one search)", err)
	}
	sum := emit.Summary{
		Solutions: total.Solutions,
		Searches:  total.Nodes,
		Updates:   total.Updates,
		Duration:  time.Duration(seconds * float64(time.Second)),
	}
	if c.Format == "json" {
		return emit.NewJSON(e.stdout, 0).Summary(sum)
	}
	_, err = io.WriteString(e.stdout, sum.Line())
	return err
}

// short abbreviates a fingerprint for a message: enough to tell two apart.
func short(fingerprint string) string {
	if len(fingerprint) > 19 {
		return fingerprint[:19] + "…"
	}
	return fingerprint
}

func readPart(path string) (cover.Part, error) {
	f, err := infile.Open(path, infile.PartBytes, "a part")
	if err != nil {
		return cover.Part{}, err
	}
	defer f.Close()
	pt, err := cover.ReadPart(f)
	if err != nil {
		return cover.Part{}, fmt.Errorf("%s: %w", path, err)
	}
	return pt, nil
}
