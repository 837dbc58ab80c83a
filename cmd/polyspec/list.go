package main

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// ListCmd lists the catalogue.
type ListCmd struct {
	Filter     []string `arg:"" optional:"" predictor:"name" help:"Words or patterns: list the puzzles whose names hold a word (soma) or match a pattern ('soma-*')."`
	Family     string   `placeholder:"F" predictor:"family" help:"List only this family (a catalogue folder: ominoes, cubes, ...)."`
	Lattice    string   `placeholder:"L" predictor:"lattice" help:"List only the puzzles on this lattice: ${lattice_words}."`
	HasCount   bool     `name:"has-count" help:"List only puzzles with a count, published or polyspec's own."`
	Markdown   bool     `group:"markdown" help:"Write the catalogue page (docs/catalogue.md), a table per family."`
	PuzzlerDir string   `name:"puzzler-dir" placeholder:"DIR" group:"markdown" help:"With --markdown, Polyform Puzzler's solution files (DIR/FAMILY/NAME.txt), for their run times."`
	Times      string   `placeholder:"FILE" group:"markdown" help:"With --markdown, polyspec's measured times (TSV: name, what was timed, CPU seconds)."`
}

// ownMark follows a count that polyspec made itself (the spec's count and
// count-all keys) rather than one published elsewhere (expect, expect-all).
const ownMark = "*"

func (c *ListCmd) Run(e *env) error {
	entries, err := catalogue(c.Family, nil)
	if err != nil {
		return err
	}
	if c.Markdown {
		if len(c.Filter) > 0 || c.Lattice != "" || c.HasCount {
			return errors.New("list --markdown writes the whole catalogue page: leave out the filter, --lattice and --has-count")
		}
		return c.markdown(e, entries)
	}
	if entries, err = filterNames(entries, c.Filter); err != nil {
		return err
	}
	listed := 0
	tw := tabwriter.NewWriter(e.stdout, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tFAMILY\tLATTICE\tBOARD\tPIECES\tDISTINCT\tALL")
	for _, entry := range entries {
		s, err := spec.LoadFS(puzzles.FS, entry.Path)
		if err != nil {
			return err
		}
		if c.HasCount && !hasCount(s) || c.Lattice != "" && (s.Lattice.V != c.Lattice || s.Kind.V == "sudoku") {
			continue
		}
		listed++
		lattice, pieces := s.Lattice.V, shorten(s.Pieces.S, 30)
		if s.Kind.V == "sudoku" {
			lattice, pieces = "-", "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", entry.Name, entry.Family, lattice,
			boardText(s), pieces, countText(s.Expect, s.Count, s.Unique.V || s.Kind.V == "sudoku"), countText(s.ExpectAll, s.CountAll, true))
	}
	if listed == 0 {
		return errors.New("list: no catalogue puzzle matches")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "\n%s: polyspec's own count (the spec's count-by says how); the others are published counts (expect-source says where)\n", ownMark)
	return nil
}

// hasCount reports whether a spec gives a count, published or its own.
func hasCount(s *spec.Spec) bool {
	return s.Expect.Set || s.ExpectAll.Set || s.Count.Set || s.CountAll.Set
}

// catalogue returns the catalogue entries of a family ("" for all), or
// those named.
func catalogue(family string, names []string) ([]puzzles.Entry, error) {
	all := puzzles.Entries()
	if family != "" && !slices.ContainsFunc(all, func(e puzzles.Entry) bool { return e.Family == family }) {
		var families []string
		for _, e := range all {
			if !slices.Contains(families, e.Family) {
				families = append(families, e.Family)
			}
		}
		return nil, fmt.Errorf("no catalogue family %q (the families are %s)", family, strings.Join(families, ", "))
	}
	var out []puzzles.Entry
	for _, e := range all {
		if (family == "" || e.Family == family) && (len(names) == 0 || slices.Contains(names, e.Name)) {
			out = append(out, e)
		}
	}
	for _, n := range names {
		if !slices.ContainsFunc(out, func(e puzzles.Entry) bool { return e.Name == n }) {
			return nil, fmt.Errorf("%s: no catalogue puzzle of that name (%s)", n, nearestNames(n))
		}
	}
	return out, nil
}

// shorten cuts a long piece rule for a table.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-3] + "..."
}

func boardText(s *spec.Spec) string {
	switch {
	case s.Kind.V == "sudoku":
		return "sudoku"
	case s.Board.Size.Set:
		return fmt.Sprintf("%dx%d", s.Board.Size.V.W, s.Board.Size.V.H)
	case s.Board.Cells.Set:
		return fmt.Sprintf("%d cells", len(strings.Fields(s.Board.Cells.V)))
	case s.Board.Art.Set:
		cells := 0
		for _, row := range s.Board.Art.V {
			cells += strings.Count(row, "#")
		}
		return fmt.Sprintf("art, %d cells", cells)
	}
	cells := 0
	for _, r := range s.Board.Regions {
		cells += len(strings.Fields(r.V))
	}
	return fmt.Sprintf("%d regions, %d cells", len(s.Board.Regions), cells)
}

// countText writes a published count, else polyspec's own marked with
// ownMark, else "-"; relevant is false for a distinct count of a puzzle
// that does not reduce by symmetry.
func countText(published, own spec.Value[int64], relevant bool) string {
	switch {
	case !relevant:
		return "-"
	case published.Set:
		return strconv.FormatInt(published.V, 10)
	case own.Set:
		return strconv.FormatInt(own.V, 10) + ownMark
	}
	return "-"
}

// filterNames keeps the entries whose names match a filter: a pattern
// (with *, ? or [) matches the whole name, as path.Match does; a word is
// found anywhere in it. Case does not matter.
func filterNames(entries []puzzles.Entry, filters []string) ([]puzzles.Entry, error) {
	if len(filters) == 0 {
		return entries, nil
	}
	var out []puzzles.Entry
	for _, e := range entries {
		for _, f := range filters {
			ok, err := nameMatches(e.Name, f)
			if err != nil {
				return nil, fmt.Errorf("list: %s: %v", f, err)
			}
			if ok {
				out = append(out, e)
				break
			}
		}
	}
	return out, nil
}

// nameMatches reports whether a name matches a pattern or holds a word.
func nameMatches(name, filter string) (bool, error) {
	name, filter = strings.ToLower(name), strings.ToLower(filter)
	if strings.ContainsAny(filter, "*?[") {
		return path.Match(filter, name)
	}
	return strings.Contains(name, filter), nil
}
