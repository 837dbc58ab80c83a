package cover

import (
	"context"
	"errors"
)

// sumsBackend is Algorithm X with colours and multiplicities, like dlx and
// algx, that also enforces the rules of regions (see Regions): the backend
// for Pips and Polypips, where cells carry pips and regions want sums.
//
// It keeps, per region, the values placed so far and, per value, how many
// live options could still place it on an open cell; from these it knows
// the least and greatest value still available to each region. Whenever a
// region's values or those bounds change it asks the rule whether the
// region can still be completed, and then drops every live option whose own
// values would leave the region unable to be (forward checking, repeated
// until nothing changes). On problems without regions it branches exactly
// as dlx and algx do, so it tries the same options and finds the same
// solutions in the same order.
//
// With a nil Visit it counts without enumerating: it first merges what
// cannot be told apart (see lump), then counts each distinct remaining
// problem once (see sumsMemo).
type sumsBackend struct{}

// sumsName is the name the registry gives sumsBackend.
const sumsName = "sums"

func (sumsBackend) Name() string { return sumsName }

func (b sumsBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	return b.SolveRegions(ctx, p, nil, visit)
}

// errCountOverflow reports a count too large for Stats.Solutions.
var errCountOverflow = errors.New("cover: the number of solutions exceeds 2^63-1")

func (sumsBackend) SolveRegions(ctx context.Context, p *Problem, r *Regions, visit Visit) (Stats, error) {
	if r == nil {
		r = &Regions{}
	}
	if err := r.Validate(p); err != nil {
		return Stats{}, err
	}
	pl, run, err := start(ctx, p, visit)
	if err != nil {
		return Stats{}, err
	}
	s := newSumsSearch(pl, r, run.counting())
	s.run = run
	if s.counting() {
		s.memo = newSumsMemo(s)
	}
	if !s.propagate() {
		return s.finish()
	}
	n, _ := s.search()
	n = n.times(uint64(s.factor))
	if s.counting() {
		if n == sumsTooMany {
			// Past 2^63-1 there is no count to report, interrupted or
			// not: 2^63-1 would read as one.
			return s.stats, errCountOverflow
		}
		s.stats.Solutions = int64(n)
	}
	return s.finish()
}
