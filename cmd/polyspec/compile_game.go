package main

import (
	"fmt"

	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/internal/infile"
)

// convertGame writes a Pips game in another of its formats: a spec of
// kind pips (--to toml), the Polypips text game (--to game) or a NYT file
// (--to nyt). Each reads back to the same game, and writing it again gives
// the same bytes.
func (c *CompileCmd) convertGame(e *env) error {
	data, err := infile.ReadFile(c.Target, infile.GameBytes, "a Pips game")
	if err != nil {
		return fmt.Errorf("--to %s converts a Pips game file: %w", c.Emit, err)
	}
	g, err := pipscli.ReadOne(c.Target, data, c.Difficulty)
	if err != nil {
		return err
	}
	if c.Difficulty != "" && pipscli.Detect(c.Target, data) != pipscli.NYT {
		return fmt.Errorf("--difficulty is for NYT files, and %s is not one", c.Target)
	}
	var out []byte
	switch c.Emit {
	case "toml":
		out = []byte(g.WriteSpec())
	case "nyt":
		if out, err = writeNYT(e, g); err != nil {
			return err
		}
	default:
		out = []byte(g.WriteText())
	}
	if c.Output != "" {
		return outfile.Write(c.Output, out)
	}
	_, err = e.stdout.Write(out)
	return err
}

// writeNYT writes a game as a NYT file under the key of its rating, so
// that 'polyspec solve FILE --difficulty LEVEL' reads it as the NYT's
// levels are read.
func writeNYT(e *env, g *pips.Game) ([]byte, error) {
	c, err := pips.Compile(g, e.limits.Placements)
	if err != nil {
		return nil, err
	}
	r, err := c.Rate(e.ctx)
	if err != nil {
		return nil, err
	}
	return g.WriteNYT(r.Level)
}
