package pips

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/polyspec/polyspec/grammar"
)

// DifficultyTries bounds the seeds GenerateRated tries: enough that each
// level comes out on the boards its help suggests, few enough that a level
// a board cannot have is refused within seconds.
const DifficultyTries = 64

// DifficultyBoards are the boards polyspec generate --difficulty takes
// when given none: the size of the NYT's own puzzles at each level (4, 6
// and 10 dominoes), where each level comes out within a few seeds.
var DifficultyBoards = map[string]string{"easy": "2x4", "medium": "3x4", "hard": "4x5"}

// ErrDifficulty: no seed tried gave a unique game of the level asked for.
var ErrDifficulty = errors.New("no unique game of that difficulty came out")

// anySame is "=" that never picks a value: the NYT's "equals" has none,
// and "=4" on two cells or more has no NYT type to write it as.
type anySame struct{ grammar.Same }

func (*anySame) Pick(values []int, _ *rand.Rand) grammar.Rule {
	if len(values) == 0 || !(&grammar.Same{}).Check(values) {
		return nil
	}
	return &grammar.Same{}
}

// nytRules are the rule types of the NYT's regions (see nytTypes), for the
// generator to choose among.
func nytRules() []grammar.Rule {
	return []grammar.Rule{&grammar.Sum{}, &grammar.Less{}, &grammar.More{}, &anySame{}, &grammar.Distinct{}, &grammar.Empty{}}
}

// GenerateRated generates a NYT-like game — dominoes, the NYT's rule
// types, one solution — that Rate puts at level (one of Difficulties).
// The first try uses the configuration's seed; the others use seeds drawn
// from it, so that the outcome depends on that seed alone. A seed whose
// game cannot be made unique, or comes out at another level, is passed
// over; after DifficultyTries the error wraps ErrDifficulty and says what
// levels came out. Generated.Seed is the seed that made the game.
func GenerateRated(ctx context.Context, c *Config, level string, opts GenerateOptions) (*Generated, error) {
	if !slices.Contains(Difficulties, level) {
		return nil, fmt.Errorf("pips: expected a difficulty of %s; found %q", strings.Join(Difficulties, ", "), level)
	}
	if c.Pieces == nil || c.Pieces.Twelve || slices.ContainsFunc(c.Pieces.Shapes, func(s string) bool { return s != "2I" }) {
		return nil, errors.New("pips: a game of a difficulty is NYT-like, of dominoes: expected the pieces 2*")
	}
	seed := int64(DefaultSeed)
	if c.HasSeed {
		seed = c.Seed
	}
	opts.Unique, opts.Rules = true, nytRules()
	derive := rand.New(rand.NewPCG(uint64(seed), 1))
	try := *c
	try.HasSeed = true
	came := map[string]int{}
	failed := 0
	for k := range DifficultyTries {
		try.Seed = seed
		if k > 0 {
			try.Seed = derive.Int64()
		}
		g, err := Generate(ctx, &try, opts)
		if errors.Is(err, ErrNotUnique) || errors.Is(err, ErrBudget) {
			failed++
			continue
		}
		if err != nil {
			return nil, err
		}
		cg, err := Compile(g.Game, opts.MaxPlacements)
		if err != nil {
			return nil, err
		}
		r, err := cg.Rate(ctx)
		if err != nil {
			return nil, err
		}
		if r.Level == level {
			g.Rating, g.Tries, g.From = &r, k+1, seed
			return g, nil
		}
		came[r.Level]++
	}
	var seen []string
	for _, l := range Difficulties {
		if came[l] > 0 {
			seen = append(seen, fmt.Sprintf("%s ×%d", l, came[l]))
		}
	}
	if failed > 0 {
		seen = append(seen, fmt.Sprintf("not unique ×%d", failed))
	}
	return nil, fmt.Errorf("%w: %d seeds from seed %d gave %s, none %s; a smaller board makes easier games, a larger one harder",
		ErrDifficulty, DifficultyTries, seed, strings.Join(seen, ", "), level)
}
