// Package docs holds the data of polyspec's documentation that programs
// read as well: the measured times of the catalogue's puzzles.
package docs

import _ "embed"

// CatalogueTimes is catalogue-times.tsv: polyspec's CPU time of each
// catalogue puzzle, a count's or the first solution's (its header says how
// they were measured).
//
//go:embed catalogue-times.tsv
var CatalogueTimes string
