package compile

import (
	"fmt"
	"slices"
	"strings"
)

// placementsPerPiece counts each piece's placements that cover cells.
func (pz *Puzzle) placementsPerPiece() []int {
	n := make([]int, len(pz.Pieces))
	ly := &pz.layout
	for i := range ly.len() {
		if ly.orient[i] >= 0 {
			n[ly.piece[i]]++
		}
	}
	return n
}

// Unsolvable lists what cheap checks tell of why the puzzle has no
// solution, for a search that found none: pieces that must be placed but
// that the rules left no place; else the board's colour balance, which
// the pieces cannot make; else rules that no placement can keep, and
// board cells that no placement covers. It is empty when none of them
// tells.
func (pz *Puzzle) Unsolvable() []string {
	var out, ruledOut, balancedOut []string
	now := pz.placementsPerPiece()
	for p, pc := range pz.Pieces {
		switch {
		case pc.Lo == 0 || now[p] > 0:
		case pz.placedBy.rules != nil && pz.placedBy.rules[p] == 0:
			ruledOut = append(ruledOut, pc.Name)
		default:
			balancedOut = append(balancedOut, pc.Name)
		}
	}
	switch {
	case len(ruledOut) > 0:
		return []string{fmt.Sprintf("the rules leave no place to %s, which must be placed", strings.Join(ruledOut, ", "))}
	case len(balancedOut) > 0 && pz.placedBy.balance:
		return []string{fmt.Sprintf("the board's colour balance cannot be made: coloured as the %s lattice colours its cells, the pieces' counts of each colour cannot add up to the board's (%s left with no place)", pz.Lattice.Name(), strings.Join(balancedOut, ", "))}
	}
	if pz.rules != nil {
		used := make([]bool, len(pz.rules.items))
		for _, us := range pz.rules.uses {
			for _, u := range us {
				used[u.item] = true
			}
		}
		out = append(out, pz.forcedOverlaps()...)
		seen := map[string]bool{}
		for k, it := range pz.rules.items {
			if name := strings.TrimPrefix(it.Name, "rule: "); !it.Secondary && it.Lo > 0 && !used[k] && !seen[name] {
				seen[name] = true
				out = append(out, fmt.Sprintf("%s: no placement that the other rules leave can keep it", name))
			}
		}
	}
	covered := make([]bool, len(pz.Board))
	for _, c := range pz.layout.cells {
		covered[c] = true
	}
	var bare []string
	for k, c := range pz.Board {
		if !covered[k] {
			bare = append(bare, CellName(c, pz.Lattice))
		}
	}
	if len(bare) > 0 {
		more := ""
		if len(bare) > 8 {
			more = fmt.Sprintf(" and %d more", len(bare)-8)
			bare = bare[:8]
		}
		out = append(out, fmt.Sprintf("no piece can cover cell%s %s%s", plural(len(bare)), strings.Join(bare, " "), more))
	}
	return out
}

// forcedOverlaps names the pairs of rules that each force one placement
// (as "at" does) where the two placements share a cell.
func (pz *Puzzle) forcedOverlaps() []string {
	users := make([][]int, len(pz.rules.items))
	for i, us := range pz.rules.uses {
		for _, u := range us {
			users[u.item] = append(users[u.item], i)
		}
	}
	type forced struct {
		rule      string
		placement int
	}
	var fs []forced
	for k, it := range pz.rules.items {
		if !it.Secondary && it.Lo > 0 && len(users[k]) == 1 {
			fs = append(fs, forced{strings.TrimPrefix(it.Name, "rule: "), users[k][0]})
		}
	}
	var out []string
	for a := range fs {
		for b := range a {
			cells := map[int32]bool{}
			for _, c := range pz.layout.cellsOf(fs[a].placement) {
				cells[c] = true
			}
			if slices.ContainsFunc(pz.layout.cellsOf(fs[b].placement), func(c int32) bool { return cells[c] }) {
				out = append(out, fmt.Sprintf("%s and %s put pieces on the same cells", fs[b].rule, fs[a].rule))
			}
		}
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
