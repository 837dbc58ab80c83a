package main

import (
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// ListCmd lists the catalogue.
type ListCmd struct{}

func (c *ListCmd) Run(e *env) error {
	tw := tabwriter.NewWriter(e.stdout, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tFAMILY\tLATTICE\tBOARD\tPIECES\tDISTINCT\tALL")
	for _, entry := range puzzles.Entries() {
		s, err := spec.LoadFS(puzzles.FS, entry.Path)
		if err != nil {
			return err
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", entry.Name, entry.Family, s.Lattice.V,
			boardText(s), s.Pieces.S, countText(s.Expect, s.Unique.V), countText(s.ExpectAll, true))
	}
	return tw.Flush()
}

func boardText(s *spec.Spec) string {
	switch {
	case s.Board.Size.Set:
		return fmt.Sprintf("%dx%d", s.Board.Size.V.W, s.Board.Size.V.H)
	case s.Board.Cells.Set:
		return fmt.Sprintf("%d cells", len(strings.Fields(s.Board.Cells.V)))
	}
	cells := 0
	for _, row := range s.Board.Art.V {
		for _, r := range row {
			if r == '#' {
				cells++
			}
		}
	}
	return fmt.Sprintf("art, %d cells", cells)
}

func countText(v spec.Value[int64], relevant bool) string {
	if !v.Set || !relevant {
		return "-"
	}
	return strconv.FormatInt(v.V, 10)
}
