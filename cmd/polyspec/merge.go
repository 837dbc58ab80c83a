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

// Run reads the parts, checks that they are exactly one run's shards,
// whole and each once (cover.MergeNamed says which file is wrong), and
// prints their total as solve closes a whole search. The duration is the
// time every worker of every part spent searching, added up: about what
// one core would need on an idle machine, more on a busy one.
func (c *MergeCmd) Run(e *env) error {
	parts := make([]cover.Part, len(c.Parts))
	var seconds float64
	for i, path := range c.Parts {
		pt, err := readPart(path)
		if err != nil {
			return err
		}
		parts[i] = pt
		seconds += pt.Seconds
	}
	if seconds > cover.MaxSeconds {
		return fmt.Errorf("the parts' times add up to %g seconds, more than the %g a duration holds", seconds, cover.MaxSeconds)
	}
	total, err := cover.MergeNamed(parts, c.Parts)
	if err != nil {
		return fmt.Errorf("merge: %w (parts come from 'solve --shard i/N --out FILE', one file for each i from 0 to N-1, all of one run)", err)
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
