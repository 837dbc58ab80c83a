package compile

import (
	"fmt"
	"math"
	"strings"

	"github.com/polyspec/polyspec/spec"
)

// Limits bound what FromSpecLimits builds from a spec, so that a typo or a
// hostile file gets an error instead of exhausting the machine's memory.
// Zero means no limit.
type Limits struct {
	// Cells bounds the board's cells.
	Cells int
	// Placements bounds the placements of pieces on the board, the
	// problem's options, which take memory in proportion.
	Placements int
	// Ceiling makes Placements a ceiling that a spec's max-placements
	// key may lower but not raise, as a server that bounds the memory of
	// each of its jobs needs.
	Ceiling bool
}

// The defaults of polyspec's --max-cells and --max-placements: the largest
// board of the catalogue has 1,141 cells, the others at most 216, and no
// puzzle that fits in memory on a small machine needs more placements.
const (
	DefaultMaxCells      = 10_000
	DefaultMaxPlacements = 2_000_000
)

// A LimitError reports work beyond a limit. Its message names the flag of
// polyspec that raises the limit, --max-What, or the spec key that set it.
type LimitError struct {
	What  string // "cells", "placements" or "forms"
	Limit int
	Of    string // what has too many, if the context does not say
	// Key is the spec key that set the limit instead of the flag, if one
	// did (max-placements).
	Key string
}

func (e *LimitError) Error() string {
	of := ""
	if e.Of != "" {
		of = " of " + e.Of
	}
	if e.Key != "" {
		return fmt.Sprintf("more than %d %s%s, the limit the spec's %s sets (--max-%s 0 lifts every limit)", e.Limit, e.What, of, e.Key, e.What)
	}
	return fmt.Sprintf("more than %d %s%s, the limit (--max-%s raises it)", e.Limit, e.What, of, e.What)
}

// forSpec returns the limits of a spec: its max-placements key, when set,
// replaces the limit on placements, unless there is none. A puzzle known
// to be big says so there, up to spec.MaxDeclaredPlacements, and the
// limit still bounds every other spec.
func (lim Limits) forSpec(s *spec.Spec) Limits {
	if s.MaxPlacements.Set && lim.Placements > 0 && (!lim.Ceiling || int(s.MaxPlacements.V) < lim.Placements) {
		lim.Placements = int(s.MaxPlacements.V)
	}
	return lim
}

// BoardCost is what a spec's board costs before it is built, in cells,
// for the limit on cells: a rectangle's area; a drawing's whole area,
// since every hole is a position that is numbered and drawn as well as
// every cell; a list's cells; and at least the sum of its regions' cells,
// which make the board when nothing else does. It saturates at
// math.MaxInt instead of wrapping.
func BoardCost(b spec.Board) int {
	n := 0
	switch {
	case b.Size.Set:
		n = mulSat(b.Size.V.W, b.Size.V.H)
	case b.Art.Set:
		width := 0
		for _, row := range b.Art.V {
			width = max(width, len(row))
		}
		n = mulSat(width, len(b.Art.V))
	case b.Cells.Set:
		n = len(strings.Fields(b.Cells.V))
	}
	regions := 0
	for _, r := range b.Regions {
		regions += len(strings.Fields(r.V))
	}
	return max(n, regions)
}

// mulSat multiplies two counts of at least zero, saturating at
// math.MaxInt.
func mulSat(a, b int) int {
	if a != 0 && b > math.MaxInt/a {
		return math.MaxInt
	}
	return a * b
}

// checkCells checks the number of a board's cells, or its cost (see
// BoardCost).
func (lim Limits) checkCells(b spec.Board, n int) error {
	if lim.Cells > 0 && n > lim.Cells {
		le := &LimitError{What: "cells", Limit: lim.Cells}
		return &spec.Error{Pos: b.Pos, Msg: fmt.Sprintf("board: %d cells is %s", n, le), Err: le}
	}
	return nil
}
