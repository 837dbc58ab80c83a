package cover

import "slices"

// markDirty queues region r to be looked at by propagate.
func (s *sumsSearch) markDirty(r int32) {
	if !s.isDirty[r] {
		s.isDirty[r] = true
		s.dirty = append(s.dirty, r)
	}
}

// propagate looks at every dirty region until none is left, and reports
// whether all of them can still be completed. Looking at a region means
// asking its rule about the values placed so far and the bounds of the
// values still available, then killing each live option whose own values
// would make the rule fail; a kill can change the bounds of other regions
// and make them dirty in turn.
func (s *sumsSearch) propagate() bool {
	for len(s.dirty) > 0 {
		r := s.dirty[len(s.dirty)-1]
		s.dirty = s.dirty[:len(s.dirty)-1]
		s.isDirty[r] = false
		if !s.settle(r) {
			for _, d := range s.dirty {
				s.isDirty[d] = false
			}
			s.dirty = s.dirty[:0]
			return false
		}
	}
	return true
}

// settle looks at region r once.
func (s *sumsSearch) settle(r int32) bool {
	rule, placed := s.rules[r], s.placed[r]
	open := int(s.size[r]) - len(placed)
	if open == 0 {
		return rule.Feasible(placed, 0, 0, 0)
	}
	lo, hi, ok := s.bounds(r)
	if !ok || !rule.Feasible(placed, open, lo, hi) {
		return false
	}
	// Walk the list from its end, so that each kill swaps in a member
	// already seen.
	list := s.members(s.nitems + int(r))
	for i := len(list) - 1; i >= 0; i-- {
		j := s.mopt[list[i]]
		// Put the option's values for r after the placed ones; the slice
		// has room for the whole region, and they are open cells.
		with := placed
		for _, v := range s.val[s.vstart[j]:s.vstart[j+1]] {
			if v.region == r {
				with = append(with, s.vals[v.value])
			}
		}
		if !rule.Feasible(with, open-(len(with)-len(placed)), lo, hi) {
			s.kill(j)
		}
	}
	return true
}

// bounds returns the least and greatest values that live options can still
// place in region r; ok is false if there are none.
func (s *sumsSearch) bounds(r int32) (lo, hi int, ok bool) {
	avail := s.avail[int(r)*s.nv:][:s.nv]
	first, last := -1, -1
	for v, n := range avail {
		if n > 0 {
			if first < 0 {
				first = v
			}
			last = v
		}
	}
	if first < 0 {
		return 0, 0, false
	}
	return s.vals[first], s.vals[last], true
}

// search explores the node the state describes and returns the number of
// its solutions (weighted, when counting) and whether to go on. It branches
// as dlx and algx do: on the active primary with the smallest theta, trying
// its options in problem order and, for a multiplicity, only as many as
// can still be the first of the options it needs, then "no more" if it may
// stop; after trying an option it kills it, so that later branches do not
// find the same solutions again.
func (s *sumsSearch) search() (sumsCount, bool) {
	best, theta := s.chooseItem()
	if best < 0 {
		if s.counting() {
			return 1, true
		}
		s.sol = s.sol[:0]
		for _, j := range s.chosen {
			s.sol = append(s.sol, int(s.pl.opts[j]))
		}
		return 1, s.found()
	}
	if theta <= 0 {
		return 0, true
	}
	var key string
	if s.memo != nil {
		var hit bool
		if key, hit = s.memo.lookup(); hit {
			return s.memo.last, true
		}
	}
	open := s.count[best] >= s.lo[best]
	tries := theta
	if open {
		tries--
	}
	// The options to try, in problem order, kept on a stack shared by the
	// depths because the list itself changes order as options die.
	base := len(s.branch)
	for _, e := range s.members(int(best)) {
		s.branch = append(s.branch, s.mopt[e])
	}
	slices.Sort(s.branch[base:])
	mark := len(s.trail)
	var total sumsCount
	goOn, feasible := true, true
	for i := base; i < len(s.branch) && tries > 0; i++ {
		j := s.branch[i]
		if !s.isLive(j) {
			continue
		}
		tries--
		if goOn = s.node(); !goOn {
			break
		}
		m := len(s.trail)
		if s.choose(j) {
			s.chosen = append(s.chosen, j)
			var n sumsCount
			n, goOn = s.search()
			s.chosen = s.chosen[:len(s.chosen)-1]
			total = total.plus(n.times(s.weight[j]))
		}
		s.undo(m)
		s.unchoose(j)
		if !goOn {
			break
		}
		s.kill(j)
		if feasible = s.propagate(); !feasible {
			break
		}
	}
	if goOn && feasible && open {
		s.close(best)
		var n sumsCount
		n, goOn = s.search()
		total = total.plus(n)
	}
	s.branch = s.branch[:base]
	s.undo(mark)
	if s.memo != nil && goOn {
		s.memo.store(key, total)
	}
	return total, goOn
}
