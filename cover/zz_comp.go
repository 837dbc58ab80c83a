package cover

var ZZComp = map[int]int{}

func (s *sumsSearch) zzComponents() int {
	parent := map[int32]int32{}
	var find func(x int32) int32
	find = func(x int32) int32 {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	add := func(x int32) { if _, ok := parent[x]; !ok { parent[x] = x } }
	for l := 0; l < s.nitems+len(s.size); l++ {
		if l < s.np && s.done[l] { continue }
		for _, e := range s.members(l) {
			j := s.mopt[e]
			first := int32(-1)
			for f := s.mstart[j]; f < s.mstart[j+1]; f++ {
				x := s.mlist[f]
				if x < int32(s.np) && s.done[x] { continue }
				add(x)
				if first < 0 { first = x } else { parent[find(x)] = find(first) }
			}
		}
	}
	roots := map[int32]bool{}
	for k := range int32(s.np) {
		if !s.done[k] {
			if _, ok := parent[k]; ok { roots[find(k)] = true }
		}
	}
	return len(roots)
}
