package main

import (
	"fmt"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/emit"
)

// EnumerateCmd generates every polyform of one order.
type EnumerateCmd struct {
	Lattice  string `required:"" enum:"${lattices}" help:"Lattice: ${lattice_words}."`
	Order    int    `required:"" help:"Number of cells (cubes, triangles, segments, ...) in each piece."`
	OneSided bool   `name:"one-sided" help:"Count mirror images apart (not for cubic, whose pieces are never turned over)."`
	List     bool   `help:"Print each piece in the lattice's picture form, as solution records, before the count."`
	MaxForms int    `name:"max-forms" default:"1000000" placeholder:"N" help:"Stop with an error when an order has more polyforms than this, as they take memory (0: no limit)."`
}

func (c *EnumerateCmd) Run(e *env) error {
	l, err := compile.LatticeByName(c.Lattice)
	if err != nil {
		return err
	}
	forms, err := compile.EnumerateContext(e.ctx, l, c.Order, c.OneSided, c.MaxForms)
	if err != nil {
		return err
	}
	if c.List {
		for i, board := range forms {
			r, err := emit.NewRecords(e.stdout, l.Name(), board)
			if err != nil {
				return err
			}
			if err := r.Solution(emit.Solution{Number: i + 1, Pieces: []emit.Placed{{Name: "#", Cells: board}}}); err != nil {
				return err
			}
		}
	}
	kind := "free"
	if c.OneSided {
		kind = "one-sided"
	}
	_, err = fmt.Fprintf(e.stdout, "%d %s polyforms of order %d on the %s lattice\n", len(forms), kind, c.Order, l.Name())
	return err
}
