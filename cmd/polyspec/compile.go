package main

import (
	"bytes"
	"fmt"

	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/cover/dlxfile"
)

// CompileCmd writes the exact-cover problem of a puzzle.
type CompileCmd struct {
	Target      string `arg:"" predictor:"target" help:"Catalogue name, spec file, or Pips game (NYT JSON, text game or pips spec)."`
	Emit        string `name:"to" aliases:"emit" default:"dlx" enum:"dlx,toml,game,nyt" help:"What to write: dlx (Knuth's DLX format, with colours and multiplicities as in DLX2/DLX3); for a Pips game, toml (a spec of kind pips), game (the Polypips text game) or nyt (NYT JSON, for dominoes; 'polyspec help pips')."`
	Difficulty  string `enum:",easy,medium,hard" default:"" help:"The puzzle of a NYT file to convert: easy (the default), medium or hard."`
	Output      string `short:"o" placeholder:"FILE" help:"Write to FILE instead of standard output."`
	All         bool   `help:"Write the whole problem even when the spec asks for distinct solutions (unique = true)."`
	StatusFlags `embed:""`
	LimitFlags  `embed:""`
}

func (c *CompileCmd) Run(e *env) error {
	if c.Output != "" {
		if err := outfile.Check(c.Output); err != nil {
			return fmt.Errorf("-o %s: %w", c.Output, err)
		}
	}
	if c.Emit != "dlx" {
		return c.convertGame(e)
	}
	s, pz, err := loadPuzzle(e, c.Target)
	if err != nil {
		return err
	}
	d, err := distinct(pz, s.Unique.V && !c.All, cover.PivotFewest, 1)
	if err != nil {
		return err
	}
	// The whole file is made before any of it is written, to standard
	// output too: a failure leaves nothing there, not half a file.
	var file bytes.Buffer
	w := &file
	p := d.Problem()
	fmt.Fprintf(w, "| %s: %d items, %d options, written by polyspec compile\n", s.Name.V, len(p.Items), p.NumOptions())
	if d.Pivot() != "" {
		fmt.Fprintf(w, "| distinct solutions: %s keeps one placement per class of the board's %d symmetries\n", d.Pivot(), d.Order())
	}
	if d.Checked() {
		fmt.Fprintf(w, "| some solutions of this file are symmetric images of others; polyspec solve %s filters them\n", c.Target)
	}
	if err := dlxfile.Write(w, p); err != nil {
		return err
	}
	if c.Output != "" {
		return outfile.Write(c.Output, file.Bytes())
	}
	_, err = e.stdout.Write(file.Bytes())
	return err
}
