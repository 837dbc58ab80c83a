package cover

import "slices"

// newSumsSearch sets up a search of pl under the rules of r; a counting
// search also lumps what it can.
func newSumsSearch(pl *plan, r *Regions, counting bool) *sumsSearch {
	np, m, nr := pl.nprim, len(pl.opts), len(r.List)
	s := &sumsSearch{
		pl: pl, np: np, lo: slices.Clone(pl.lo), hi: slices.Clone(pl.hi), factor: 1,
		live:  make([]uint64, (m+63)/64),
		count: make([]int32, np), done: make([]bool, np),
		colour: make([]int32, len(pl.rank)-np),
		weight: slices.Repeat([]uint64{1}, m),
	}
	for _, reg := range r.List {
		s.rules = append(s.rules, reg.Rule)
		s.size = append(s.size, int32(len(reg.Items)))
	}
	s.rows(r)
	if counting {
		s.factor = s.lump()
		m = len(s.pstart) - 1
	}
	s.index(len(pl.rank), nr)
	s.placed = make([][]int, nr)
	for ri := range nr {
		s.placed[ri] = make([]int, 0, s.size[ri])
	}
	s.hist = make([]int32, nr*s.nv)
	s.avail = make([]int32, nr*s.nv)
	s.isDirty = make([]bool, nr)
	for j := range m {
		s.live[j/64] |= 1 << (j % 64)
	}
	for _, v := range s.val {
		s.avail[int(v.region)*s.nv+int(v.value)]++
	}
	for ri := range int32(nr) {
		s.markDirty(ri)
	}
	return s
}

// rows builds the rows of the options: their primaries, secondaries, and
// values in regions grouped by region, with the values numbered by size.
func (s *sumsSearch) rows(r *Regions) {
	pl, p := s.pl, s.pl.prob
	regionsOf := make([][]int32, len(p.Items))
	for ri, reg := range r.List {
		for _, it := range reg.Items {
			regionsOf[it] = append(regionsOf[it], int32(ri))
		}
	}
	type placed struct {
		region int32
		value  int
	}
	var raw []placed
	rawStart := []int32{0}
	s.pstart, s.sstart = []int32{0}, []int32{0}
	for _, o := range pl.opts {
		for _, e := range p.Option(int(o)) {
			if k := pl.rank[e.Item]; int(k) < s.np {
				s.prim = append(s.prim, k)
			} else {
				s.sec = append(s.sec, sumsColored{k - int32(s.np), e.Color})
			}
		}
		start := len(raw)
		if int(o) < len(r.Values) {
			for _, v := range r.Values[o] {
				for _, ri := range regionsOf[v.Item] {
					raw = append(raw, placed{ri, v.Value})
				}
			}
		}
		// Grouping by region lets a test of an option against a region
		// read its values as one run.
		slices.SortStableFunc(raw[start:], func(a, b placed) int { return int(a.region - b.region) })
		rawStart = append(rawStart, int32(len(raw)))
		s.pstart = append(s.pstart, int32(len(s.prim)))
		s.sstart = append(s.sstart, int32(len(s.sec)))
	}
	for _, v := range raw {
		s.vals = append(s.vals, v.value)
	}
	slices.Sort(s.vals)
	s.vals = slices.Compact(s.vals)
	s.nv = len(s.vals)
	s.vstart = []int32{0}
	for j := range pl.opts {
		for _, v := range raw[rawStart[j]:rawStart[j+1]] {
			vi, _ := slices.BinarySearch(s.vals, v.value)
			s.val = append(s.val, sumsRegionValue{v.region, int32(vi)})
		}
		s.vstart = append(s.vstart, int32(len(s.val)))
	}
}

// index builds the lists of every item and region, all options live.
func (s *sumsSearch) index(nitems, nregions int) {
	s.nitems = nitems
	m := len(s.pstart) - 1
	s.mstart = make([]int32, 1, m+1)
	for j := range int32(m) {
		for _, k := range s.prim[s.pstart[j]:s.pstart[j+1]] {
			s.addMembership(j, k, 0)
		}
		for _, c := range s.sec[s.sstart[j]:s.sstart[j+1]] {
			s.addMembership(j, c.x+int32(s.np), c.colour)
		}
		last := int32(-1)
		for _, v := range s.val[s.vstart[j]:s.vstart[j+1]] {
			if v.region != last {
				s.addMembership(j, int32(nitems)+v.region, 0)
				last = v.region
			}
		}
		s.mstart = append(s.mstart, int32(len(s.mlist)))
	}
	nlists := nitems + nregions
	s.lstart = make([]int32, nlists+1)
	for _, l := range s.mlist {
		s.lstart[l+1]++
	}
	for l := range nlists {
		s.lstart[l+1] += s.lstart[l]
	}
	s.llen = make([]int32, nlists)
	s.arr = make([]int32, len(s.mlist))
	s.mpos = make([]int32, len(s.mlist))
	for e, l := range s.mlist {
		at := s.lstart[l] + s.llen[l]
		s.arr[at] = int32(e)
		s.mpos[e] = at
		s.llen[l]++
	}
}

func (s *sumsSearch) addMembership(j, list, colour int32) {
	s.mlist = append(s.mlist, list)
	s.mcolour = append(s.mcolour, colour)
	s.mopt = append(s.mopt, j)
}

// members returns the memberships of the live options of list l.
func (s *sumsSearch) members(l int) []int32 {
	return s.arr[s.lstart[l]:][:s.llen[l]]
}
