package main

import (
	"fmt"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/spec"
)

// HelpCmd prints the spec reference, or the help of a command.
type HelpCmd struct {
	Topic []string `arg:"" optional:"" help:"'spec' for the reference of spec files (every key, the lattices, piece-set rules, Sudoku), or a command."`
}

func (c *HelpCmd) Run(e *env, k *kong.Context) error {
	if len(c.Topic) == 1 && c.Topic[0] == "spec" {
		_, err := fmt.Fprint(e.stdout, spec.Help())
		return err
	}
	// Trace finds the command without checking its arguments, as --help
	// does.
	topic, err := kong.Trace(k.Kong, c.Topic)
	if err == nil {
		err = topic.Error
	}
	if err != nil {
		return err
	}
	return topic.PrintUsage(false)
}

// SchemaCmd prints the JSON Schema of spec files.
type SchemaCmd struct{}

func (c *SchemaCmd) Run(e *env) error {
	_, err := e.stdout.Write(spec.SchemaJSON())
	return err
}
