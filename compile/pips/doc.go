// Package pips models Pips and Polypips games — a board of cells, pieces
// with pips on their cells, and regions of the board with rules on the
// pips they show — reads them from the Polypips text formats and the NYT's
// JSON, generates them from a configuration (Generate), and compiles them
// to exact cover for the cover backends.
//
// Pieces turn but never flip. Identical pieces (the same cells and pips
// after some turn, as 2I:12 and 2I:21) are one item with a multiplicity, so
// that no solution is found twice; a piece that looks the same after a turn
// (2I:33) gets one option per distinct look.
//
// Rules that exact cover can say are compiled into it: the secondary
// items each rule of kind grammar.Covered gives itself (grammar.Coverer:
// "=" one per region, coloured by the value; "≠" one per region and
// value), and any rule on a single cell (or a fixed value, "=4") by
// dropping the placements that break it. The others, sums and
// comparisons, go to cover.Regions, which only the sums backend checks.
//
// Generate follows the Polypips document's phases: a tiling of the board
// by the allowed piece shapes, regions of the constraint shapes over it,
// pips and a rule of a random type for each region, pips for the other
// cells, and the pieces cut from the board with their pips. The solution
// exists by construction; with GenerateOptions.Unique the solver then
// checks that it is the only one, adding constraints until it is.
//
// Start reading at Game (game.go), then the readers — ReadGame (text.go),
// ReadNYT (nyt.go), FromSpec (spec.go) — and Compile (compile.go). The
// generator is Generate (generate.go) and its generate_*.go phases.
package pips
