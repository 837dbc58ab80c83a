package main

import (
	"context"
	"fmt"
	"time"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// VerifyCmd checks the catalogue's known counts.
type VerifyCmd struct {
	Backend string   `default:"${default_backend}" enum:"${backends}" help:"Search backend: ${backends} (default ${default_backend})."`
	Names   []string `arg:"" optional:"" help:"Catalogue names to check (default: every puzzle with a known count)."`
}

func (c *VerifyCmd) Run(e *env) error {
	b, err := cover.Lookup(c.Backend)
	if err != nil {
		return err
	}
	entries := puzzles.Entries()
	if len(c.Names) > 0 {
		entries = entries[:0:0]
		for _, n := range c.Names {
			entry, ok := puzzles.Lookup(n)
			if !ok {
				return fmt.Errorf("%s: no catalogue puzzle of that name (polyspec list shows them)", n)
			}
			entries = append(entries, entry)
		}
	}
	checked, failed := 0, 0
	for _, entry := range entries {
		s, err := spec.LoadFS(puzzles.FS, entry.Path)
		if err != nil {
			return err
		}
		for _, check := range []struct {
			want   spec.Value[int64]
			unique bool
			label  string
		}{
			{s.Expect, s.Unique.V, "distinct"},
			{s.ExpectAll, false, "all"},
		} {
			if !check.want.Set {
				continue
			}
			got, took, err := countPuzzle(e.ctx, s, b, check.unique)
			if err != nil {
				return err
			}
			checked++
			status := "ok  "
			if got != check.want.V {
				status = "FAIL"
				failed++
			}
			fmt.Fprintf(e.stdout, "%s %-36s %-8s %10d  want %10d  %6.2fs\n", status, entry.Name, check.label, got, check.want.V, took.Seconds())
		}
	}
	fmt.Fprintf(e.stdout, "%d checks with backend %s: %d passed, %d failed\n", checked, b.Name(), checked-failed, failed)
	if failed > 0 {
		return errReported
	}
	return nil
}

// countPuzzle compiles and counts a spec, modulo symmetry when unique.
func countPuzzle(ctx context.Context, s *spec.Spec, b cover.Backend, unique bool) (int64, time.Duration, error) {
	pz, err := compile.FromSpec(s)
	if err != nil {
		return 0, 0, err
	}
	var group []cover.Symmetry
	if unique {
		group = pz.Symmetries()
	}
	d, err := cover.NewDistinct(pz.Problem, group)
	if err != nil {
		return 0, 0, err
	}
	start := time.Now()
	st, err := d.Solve(ctx, b, func([]int) bool { return true })
	return st.Solutions, time.Since(start), err
}
