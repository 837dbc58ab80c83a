package main

// EstimateCmd is solve --estimate as a command of its own: it sizes a
// count's search without making it, with the search flags that change
// that size.
type EstimateCmd struct {
	Target      string `arg:"" predictor:"target" help:"A catalogue name or a spec file (.toml, .yaml), or a DLX file (.dlx)."`
	All         bool   `help:"Size the search of every solution, not one per symmetry class."`
	Workers     int    `default:"0" placeholder:"N" help:"Walk on N cores (0: every core)."`
	Backend     string `default:"auto" enum:"auto,algx,memo" help:"The backend whose search is sized: auto, algx or memo (they share algx's tree)."`
	Pivot       string `default:"auto" enum:"auto,fewest,free,estimate" help:"How the search modulo symmetry picks the piece it fixes ('polyspec help search')."`
	StatusFlags `embed:""`
	LimitFlags  `embed:""`
}

func (c *EstimateCmd) Run(e *env) error {
	solve := SolveCmd{Target: c.Target, All: c.All, Workers: c.Workers, Backend: c.Backend, Pivot: c.Pivot,
		DeadRegions: "auto", Balance: "auto", First: FirstFlags{Restarts: "auto", Seed: 1}, Estimate: true}
	return solve.Run(e)
}
