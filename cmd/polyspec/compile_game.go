package main

import (
	"fmt"

	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/cmd/internal/pipscli"
	"github.com/polyspec/polyspec/internal/infile"
)

// convertGame writes a Pips game in another of its formats: a spec of
// kind pips (--to toml) or the Polypips text game (--to game). Each
// reads back to the same game, and writing it again gives the same bytes.
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
	text := g.WriteText()
	if c.Emit == "toml" {
		text = g.WriteSpec()
	}
	if c.Output != "" {
		return outfile.Write(c.Output, []byte(text))
	}
	_, err = fmt.Fprint(e.stdout, text)
	return err
}
