package studio

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/polyspec/polyspec/cover"
)

// A handCheck is a spec solved by hand: the pieces placed on a
// polyform board, or a Sudoku's grid filled in (0 for a blank).
type handCheck struct {
	specRequest
	Pieces []placedPiece `json:"pieces"`
	Grid   []int         `json:"grid"`
}

type handVerdict struct {
	Solved  bool   `json:"solved"`
	Message string `json:"message"`
}

// check judges a solution made by hand with the engine itself: each piece
// as placed must be one of the compiled spec's placements (so a piece
// turned over where the spec is one-sided is refused), each digit one of
// the Sudoku's options, and those options alone must make an exact cover.
func (s *Server) check(w http.ResponseWriter, r *http.Request) {
	var req handCheck
	if !decode(w, r, &req) {
		return
	}
	c, ok := s.compileProblem(w, req.specRequest, true)
	if !ok {
		return
	}
	var chosen []int
	if spz := c.sudoku; spz != nil {
		n := spz.Layout.N
		if len(req.Grid) != n*n {
			fail(w, fmt.Errorf("grid: %d cells, expected %d", len(req.Grid), n*n))
			return
		}
		option := map[[2]int]int{}
		for o := range spz.Cells {
			option[[2]int{spz.Cells[o], spz.Digits[o]}] = o
		}
		blanks := 0
		for cell, digit := range req.Grid {
			// Givens are settled before the search: they have no option.
			if g := spz.Givens[cell]; g != 0 {
				if digit != g {
					writeJSON(w, http.StatusOK, handVerdict{Message: fmt.Sprintf("row %d, column %d is given as %d", cell/n+1, cell%n+1, g)})
					return
				}
				continue
			}
			if digit == 0 {
				blanks++
				continue
			}
			o, ok := option[[2]int{cell, digit}]
			if !ok {
				writeJSON(w, http.StatusOK, handVerdict{Message: fmt.Sprintf("row %d, column %d cannot hold %d", cell/n+1, cell%n+1, digit)})
				return
			}
			chosen = append(chosen, o)
		}
		if blanks > 0 {
			writeJSON(w, http.StatusOK, handVerdict{Message: fmt.Sprintf("%d cells still blank", blanks)})
			return
		}
	} else {
		pz := c.puzzle
		option := map[string]int{}
		for o := range pz.NumPlacements() {
			pl := pz.Placement(o)
			option[handPlacementKey(pz.Pieces[pl.Piece].Name, pl.Cells)] = o
		}
		for _, p := range req.Pieces {
			o, ok := option[handPlacementKey(p.Name, p.Cells)]
			if !ok {
				writeJSON(w, http.StatusOK, handVerdict{Message: fmt.Sprintf("%s cannot go where it is: no placement of the spec puts it there", p.Name)})
				return
			}
			chosen = append(chosen, o)
		}
	}
	ok, err := exactCover(r.Context(), c.exact, chosen)
	if err != nil {
		fail(w, err)
		return
	}
	if ok {
		writeJSON(w, http.StatusOK, handVerdict{Solved: true, Message: "Solved! The engine checked it: every cell is covered once."})
		return
	}
	writeJSON(w, http.StatusOK, handVerdict{Message: "not solved yet: what is placed does not cover the board exactly once"})
}

// handPlacementKey names a placement by its piece and its cells in order.
func handPlacementKey(name string, cells [][3]int) string {
	c := slices.Clone(cells)
	slices.SortFunc(c, func(a, b [3]int) int { return slices.Compare(a[:], b[:]) })
	return fmt.Sprint(name, c)
}

// exactCover reports whether the options chosen, all of them, are a
// solution of p: the engine searches the problem with no other options.
func exactCover(ctx context.Context, p *cover.Problem, chosen []int) (bool, error) {
	sub := cover.NewProblem()
	for _, it := range p.Items {
		sub.AddItem(it)
	}
	for _, o := range chosen {
		sub.AddOption(p.Option(o))
	}
	b, err := cover.Lookup(cover.DefaultBackend)
	if err != nil {
		return false, err
	}
	found := false
	_, err = b.Solve(ctx, sub, func(sol []int) bool {
		found = len(sol) == len(chosen)
		return !found
	})
	return found, err
}
