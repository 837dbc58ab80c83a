package pips

import (
	"context"
	"fmt"
)

// The thresholds of Rate, in nodes of the sums backend's search for every
// solution. They are the pair that agrees best with the NYT's own labels
// on the 84 puzzles of testdata/nyt (65 of 84; TestRateNYT prints the
// table). A search tries at least one node per domino, so the rating
// grows with the board as the NYT's does, and more with every guess the
// rules do not settle.
const (
	EasyNodes   = 6
	MediumNodes = 14
)

// rateNodes bounds the search of Rate: a game that takes more is hard
// whatever its count, and a bound in nodes keeps the answer the same on
// every machine.
const rateNodes = 1 << 20

// A Rating is how hard a game is, and the evidence for it.
type Rating struct {
	// Level is one of Difficulties.
	Level string
	// Nodes is the options the sums backend tried to find every solution
	// and see that there are no more.
	Nodes int64
	// Solutions is the game's count, or -1 if the search reached
	// rateNodes first.
	Solutions int64
}

// Rate rates a compiled game by the work the sums backend does to find
// its solutions and prove there are no others: easy up to EasyNodes nodes,
// medium up to MediumNodes, hard beyond. Counting rather than stopping at
// the first solution makes the proof of uniqueness part of the work, as it
// is for a person, who must rule out every other way.
func (c *Compiled) Rate(ctx context.Context) (Rating, error) {
	st, complete, err := c.solveWithin(ctx, rateNodes, nil)
	switch {
	case err != nil:
		return Rating{}, err
	case !complete:
		return Rating{Level: "hard", Nodes: rateNodes, Solutions: -1}, nil
	}
	r := Rating{Level: "hard", Nodes: st.Nodes, Solutions: st.Solutions}
	switch {
	case st.Nodes <= EasyNodes:
		r.Level = "easy"
	case st.Nodes <= MediumNodes:
		r.Level = "medium"
	}
	return r, nil
}

// String says the rating and its evidence in a line, as the generator's
// output and polyspec's messages give it.
func (r Rating) String() string {
	if r.Solutions < 0 {
		return fmt.Sprintf("%s: the sums backend's search for every solution needs more than %d nodes", r.Level, r.Nodes)
	}
	return fmt.Sprintf("%s: the sums backend finds %s and proves there are no more in %d nodes (easy up to %d, medium up to %d)",
		r.Level, plural(int(r.Solutions), "solution"), r.Nodes, EasyNodes, MediumNodes)
}
