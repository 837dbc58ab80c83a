package cover

import "context"

// auto picks a backend per problem. algx pays per node for a pass over the
// options still live, dlx per link it moves; which is cheaper depends on how
// many options each item has. Measured on a two-core machine: with 166
// entries per primary item (pentominoes 6×10) algx is four times faster
// than dlx; with 12 (12 queens) it is faster by half; with 3.5 (domino
// tilings of 8×8) dlx is faster by half. algx also keeps a bitmask of all
// items per option, which a huge problem cannot afford.
type autoBackend struct{}

const (
	// autoDensity is the number of entries per primary item from which
	// algx is chosen.
	autoDensity = 8
	// autoWords bounds algx's masks: options × words per mask.
	autoWords = 1 << 26
)

func (autoBackend) Name() string { return "auto" }

func (autoBackend) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	return Choose(p).Solve(ctx, p, visit)
}

// Choose returns the backend auto uses for p.
func Choose(p *Problem) Backend {
	primary, entries := 0, 0
	for _, it := range p.Items {
		if !it.Secondary {
			primary++
		}
	}
	for _, e := range p.entries {
		if !p.Items[e.Item].Secondary {
			entries++
		}
	}
	words := (len(p.Items) + 63) / 64
	if primary > 0 && entries >= autoDensity*primary && p.NumOptions()*words <= autoWords {
		return algxBackend{}
	}
	return dlxBackend{}
}
