package cover_test

import (
	"context"
	"fmt"
	"slices"

	"github.com/polyspec/polyspec/cover"
)

// Knuth's example from the dancing-links paper: seven items, six options,
// one solution.
func ExampleBackend() {
	p := cover.NewProblem()
	for _, name := range []string{"A", "B", "C", "D", "E", "F", "G"} {
		p.AddPrimary(name)
	}
	option := func(names ...string) {
		var entries []cover.Entry
		for _, n := range names {
			i, _ := p.ItemIndex(n)
			entries = append(entries, cover.Entry{Item: int32(i)})
		}
		p.AddOption(entries)
	}
	option("C", "E", "F")
	option("A", "D", "G")
	option("B", "C", "F")
	option("A", "D")
	option("B", "G")
	option("D", "E", "G")

	b, _ := cover.Lookup(cover.DefaultBackend)
	stats, _ := b.Solve(context.Background(), p, func(sol []int) bool {
		sorted := slices.Sorted(slices.Values(sol))
		fmt.Println("options", sorted)
		return true
	})
	fmt.Println(stats.Solutions, "solution")
	// Output:
	// options [0 3 4]
	// 1 solution
}

// Two dominoes on a 2×2 board lie both across or both down; the symmetry
// that swaps rows and columns makes them one distinct solution.
func ExampleDistinct() {
	p := cover.NewProblem()
	for _, cell := range []string{"00", "10", "01", "11"} {
		p.AddPrimary(cell)
	}
	p.AddOption([]cover.Entry{{Item: 0}, {Item: 1}}) // 0: bottom, across
	p.AddOption([]cover.Entry{{Item: 2}, {Item: 3}}) // 1: top, across
	p.AddOption([]cover.Entry{{Item: 0}, {Item: 2}}) // 2: left, down
	p.AddOption([]cover.Entry{{Item: 1}, {Item: 3}}) // 3: right, down
	transpose := cover.Symmetry{2, 3, 0, 1}

	d, _ := cover.NewDistinct(p, []cover.Symmetry{transpose})
	b, _ := cover.Lookup("dlx")
	stats, _ := d.Solve(context.Background(), b, func(sol []int) bool { return true })
	fmt.Println(stats.Solutions, "distinct solution, pivot", d.Pivot())
	// Output: 1 distinct solution, pivot 00
}

// bits fills the items in the order of Problem.Order, trying at each step
// only the options whose first item, in that order, is the first one left
// uncovered: here the three cells of a 1×3 strip, left to right, tiled by
// a monomino and a domino.
func ExampleProblem_order() {
	p := cover.NewProblem()
	mono, dom := p.AddPrimary("monomino"), p.AddPrimary("domino")
	var cells []int
	for _, name := range []string{"c0", "c1", "c2"} {
		cells = append(cells, p.AddPrimary(name))
	}
	place := func(piece int, at ...int) {
		entries := []cover.Entry{{Item: int32(piece)}}
		for _, c := range at {
			entries = append(entries, cover.Entry{Item: int32(cells[c])})
		}
		p.AddOption(entries)
	}
	for c := range 3 {
		place(mono, c)
	}
	place(dom, 0, 1)
	place(dom, 1, 2)
	p.Order = cells // the pieces follow, in problem order

	b, _ := cover.Lookup("bits")
	stats, _ := b.Solve(context.Background(), p, func(sol []int) bool {
		fmt.Println("options", sol)
		return true
	})
	fmt.Println(stats.Solutions, "solutions,", stats.Nodes, "nodes")
	// Output:
	// options [0 4]
	// options [3 2]
	// 2 solutions, 4 nodes
}

// EstimateSearch sizes a search before making it. Here every node at
// depth d has 5-d children (the 5! ways to put 5 values in 5 places), so
// every walk sees the whole tree and the estimate is exact.
func ExampleEstimateSearch() {
	p := cover.NewProblem()
	for _, name := range []string{"a", "b", "c", "d", "e", "1", "2", "3", "4", "5"} {
		p.AddPrimary(name)
	}
	for v := range 5 {
		for place := range 5 {
			p.AddOption([]cover.Entry{{Item: int32(v)}, {Item: int32(5 + place)}})
		}
	}
	estimate, _ := cover.EstimateSearch(context.Background(), p, 1, 0)
	b, _ := cover.Lookup("algx")
	stats, _ := b.Solve(context.Background(), p, nil)
	fmt.Println(estimate.Nodes, stats.Nodes, estimate.Solutions, stats.Solutions)
	// Output: 325 325 120 120
}
