package record

import (
	"fmt"
	"strconv"
)

// MaxCoord bounds every lattice coordinate polyspec reads, in a spec, a
// solution file or a drawing request: -MaxCoord to MaxCoord. The
// catalogue's boards lie within a few dozen cells of the origin; the bound
// keeps every span and bounding box a board or a picture is numbered or
// drawn over far from int's limits (a span is at most 2*MaxCoord+1, and a
// three-dimensional box at most about 8e18, below 2^63).
const MaxCoord = 1_000_000

// ParseCoord reads one coordinate, within ±MaxCoord.
func ParseCoord(s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("expected a whole number, found %q", s)
	}
	if err := CheckCoord(v); err != nil {
		return 0, err
	}
	return v, nil
}

// CheckCoord checks that a coordinate is within ±MaxCoord.
func CheckCoord(v int) error {
	if v < -MaxCoord || v > MaxCoord {
		return fmt.Errorf("coordinate %d is beyond ±%d, the limit", v, MaxCoord)
	}
	return nil
}
