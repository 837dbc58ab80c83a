package cover

import (
	"math"
	"math/bits"
)

// sumsSearch is the state of one sums search. Options are numbered j by
// their place in plan.opts (until a counting search lumps them, which
// renumbers them); items by their rank in the plan.
type sumsSearch struct {
	run
	pl     *plan
	np     int
	lo, hi []int32

	// Per option j, in compressed rows: its primaries prim[pstart[j]:
	// pstart[j+1]], its secondaries with colours, and its values on region
	// items grouped by region.
	prim, pstart []int32
	sec          []sumsColored
	sstart       []int32
	val          []sumsRegionValue
	vstart       []int32

	// The live options of each ranked item and each region are kept in a
	// list as a sparse set: list l is arr[lstart[l]:lstart[l]+llen[l]],
	// and the options killed since sit after it, the last killed first,
	// so that reviving is a matter of lengthening the list. Items come
	// first, then regions. What a list holds are memberships: option j
	// is in lists mlist[mstart[j]:mstart[j+1]], at places mpos, with the
	// colour it gives there in mcolour.
	arr, lstart, llen    []int32
	mlist, mpos, mcolour []int32
	mopt, mstart         []int32
	nitems               int
	branch               []int32 // per depth, the options to try, in order

	// Regions. Values are numbered by size (vals holds them) so that a
	// region's bounds are a scan of a few counters.
	rules  []Rule
	size   []int32
	vals   []int
	nv     int
	placed [][]int // values placed so far per region, with room for all
	hist   []int32 // per region and value: how many of placed
	avail  []int32 // per region and value: live entries that could place it

	// The search.
	live    []uint64 // live options as bits
	count   []int32  // chosen options per primary
	done    []bool   // primaries full or closed
	colour  []int32  // per secondary: the colour chosen, 0 if none
	trail   []int32  // undo log; see kill, setColour and close
	dirty   []int32  // regions to look at again
	isDirty []bool
	chosen  []int32
	memo    *sumsMemo
	// weight is how many solutions each option stands for, and factor
	// how many each solution does; both are 1 unless lump merged options.
	weight []uint64
	factor sumsCount
}

// sumsColored is a secondary item, numbered from 0, and the colour an
// option gives it.
type sumsColored struct{ x, colour int32 }

// sumsRegionValue is a value an option places in a region, as an index
// into vals.
type sumsRegionValue struct{ region, value int32 }

func (s *sumsSearch) isLive(j int32) bool { return s.live[j/64]&(1<<(j%64)) != 0 }

// kill takes a live option out of the search, to be revived by undo. A
// region that loses its last live option with some value may have new
// bounds, so it is looked at again.
func (s *sumsSearch) kill(j int32) {
	s.live[j/64] &^= 1 << (j % 64)
	s.trail = append(s.trail, j)
	s.stats.Updates++
	for e := s.mstart[j]; e < s.mstart[j+1]; e++ {
		// Swap the membership with the list's last live one.
		l := s.mlist[e]
		s.llen[l]--
		last := s.lstart[l] + s.llen[l]
		at, other := s.mpos[e], s.arr[last]
		s.arr[at], s.mpos[other] = other, at
		s.arr[last], s.mpos[e] = e, last
	}
	for _, v := range s.val[s.vstart[j]:s.vstart[j+1]] {
		a := &s.avail[int(v.region)*s.nv+int(v.value)]
		if *a--; *a == 0 {
			s.markDirty(v.region)
		}
	}
}

// revive takes back the last kill not yet taken back, which was of j.
func (s *sumsSearch) revive(j int32) {
	s.live[j/64] |= 1 << (j % 64)
	for e := s.mstart[j]; e < s.mstart[j+1]; e++ {
		s.llen[s.mlist[e]]++
	}
	for _, v := range s.val[s.vstart[j]:s.vstart[j+1]] {
		s.avail[int(v.region)*s.nv+int(v.value)]++
	}
}

// The trail holds killed options as themselves and other changes encoded
// below zero: a colour chosen for secondary i as -2i-1, a primary i closed
// by a "no more" branch as -2i-2.
func (s *sumsSearch) setColour(i, c int32) {
	s.colour[i] = c
	s.trail = append(s.trail, -2*i-1)
}

func (s *sumsSearch) close(i int32) {
	s.done[i] = true
	s.trail = append(s.trail, -2*i-2)
}

// undo takes back every change logged since the trail had length mark.
func (s *sumsSearch) undo(mark int) {
	for len(s.trail) > mark {
		x := s.trail[len(s.trail)-1]
		s.trail = s.trail[:len(s.trail)-1]
		switch {
		case x >= 0:
			s.revive(x)
		case x%2 != 0:
			s.colour[(-x-1)/2] = 0
		default:
			s.done[(-x-2)/2] = false
		}
	}
}

// killItem kills the live options of ranked item k, or for a secondary
// those whose colour is not keep (all of them when keep is 0). It walks
// the list from its end, so that each kill swaps in a member already seen.
func (s *sumsSearch) killItem(k int, keep int32) {
	list := s.members(k)
	for i := len(list) - 1; i >= 0; i-- {
		if e := list[i]; keep == 0 || s.mcolour[e] != keep {
			s.kill(s.mopt[e])
		}
	}
}

// choose puts option j in the solution and reports whether the regions can
// still be completed. Whatever it reports, undo to the trail's length
// before the call and then unchoose take it back.
func (s *sumsSearch) choose(j int32) bool {
	s.kill(j)
	for _, k := range s.prim[s.pstart[j]:s.pstart[j+1]] {
		s.count[k]++
		if s.count[k] == s.hi[k] {
			s.done[k] = true
			s.killItem(int(k), 0)
		}
	}
	for _, c := range s.sec[s.sstart[j]:s.sstart[j+1]] {
		switch {
		case c.colour == 0:
			s.killItem(int(c.x)+s.np, 0)
		case s.colour[c.x] == 0:
			s.setColour(c.x, c.colour)
			s.killItem(int(c.x)+s.np, c.colour)
		}
	}
	for _, v := range s.val[s.vstart[j]:s.vstart[j+1]] {
		s.placed[v.region] = append(s.placed[v.region], s.vals[v.value])
		s.hist[int(v.region)*s.nv+int(v.value)]++
		s.markDirty(v.region)
	}
	return s.propagate()
}

func (s *sumsSearch) unchoose(j int32) {
	for _, k := range s.prim[s.pstart[j]:s.pstart[j+1]] {
		if s.count[k] == s.hi[k] {
			s.done[k] = false
		}
		s.count[k]--
	}
	for _, v := range s.val[s.vstart[j]:s.vstart[j+1]] {
		s.placed[v.region] = s.placed[v.region][:len(s.placed[v.region])-1]
		s.hist[int(v.region)*s.nv+int(v.value)]--
	}
}

// chooseItem returns the active primary with the smallest theta, the first
// on ties, or -1 when none is active: the branching rule of dlx and algx.
func (s *sumsSearch) chooseItem() (best int32, theta int32) {
	best, theta = -1, math.MaxInt32
	for k := range int32(s.np) {
		if s.done[k] {
			continue
		}
		if t := s.llen[k] + bias(s.count[k], s.lo[k]); t < theta {
			best, theta = k, t
			if t <= 0 {
				break
			}
		}
	}
	return best, theta
}

// sumsCount is a number of solutions that saturates at sumsTooMany, one
// more than Stats.Solutions can hold.
type sumsCount uint64

const sumsTooMany sumsCount = math.MaxInt64 + 1

func (a sumsCount) plus(b sumsCount) sumsCount {
	if c := a + b; c >= a && c < sumsTooMany {
		return c
	}
	return sumsTooMany
}

func (a sumsCount) times(w uint64) sumsCount {
	hi, lo := bits.Mul64(uint64(a), w)
	if hi != 0 {
		return sumsTooMany
	}
	return min(sumsCount(lo), sumsTooMany)
}
