package cover

import (
	"encoding/binary"
	"slices"
	"strings"
)

// lump prepares a counting search by merging what cannot be told apart,
// and returns the factor by which the count of the merged problem must be
// multiplied.
//
// First, options that say the same thing (the same primaries, secondaries
// and colours, and the same values in the same regions: values on items in
// no region are not even kept) lead to the same remaining problems, so
// only the first is kept, with a weight counting all of them: a domino
// 2I:12 in a free area has two looks on the same two cells.
//
// Then, two primaries X and Y with Lo == Hi are interchangeable when their
// options say the same things besides X or Y, with the same weights: two
// pentominoes of the same shape in a game without rules. They merge into X
// with multiplicity mX+mY, and each solution of the merged problem stands
// for (mX+mY)!/(mX! mY!) assignments of its options to X and Y.
//
// Both are exact only if two options that say the same thing can never be
// in a solution together, so each must name a primary with Hi == 1. And a
// merge changes the options of every item that shares one with the class,
// so such items are frozen out of later classes (two cells and the two
// monominoes that fill them would both look interchangeable).
func (s *sumsSearch) lump() sumsCount {
	m := len(s.pstart) - 1
	keep := slices.Repeat([]bool{true}, m)
	first := map[string]int32{}
	for j := range int32(m) {
		if sig, ok := s.signature(j, -1); ok {
			if at, dup := first[sig]; dup {
				s.weight[at] += s.weight[j]
				keep[j] = false
			} else {
				first[sig] = j
			}
		}
	}
	sigs := map[int32][]string{} // per candidate primary, its options' signatures
	opts := map[int32][]int32{}  // and the options
	bad := map[int32]bool{}
	for j := range int32(m) {
		if !keep[j] {
			continue
		}
		for _, k := range s.prim[s.pstart[j]:s.pstart[j+1]] {
			if s.lo[k] == s.hi[k] {
				sig, ok := s.signature(j, k)
				bad[k] = bad[k] || !ok
				sig = string(binary.AppendUvarint([]byte(sig+"w"), s.weight[j]))
				sigs[k] = append(sigs[k], sig)
				opts[k] = append(opts[k], j)
			}
		}
	}
	// Group the candidates by their sorted signatures, in rank order.
	var keys []string
	classes := map[string][]int32{}
	for k := range int32(s.np) {
		if len(opts[k]) == 0 || bad[k] {
			continue
		}
		key := strings.Join(slices.Sorted(slices.Values(sigs[k])), "\x00")
		if classes[key] == nil {
			keys = append(keys, key)
		}
		classes[key] = append(classes[key], k)
	}
	frozen := make([]bool, s.np)
	factor := sumsCount(1)
	for _, key := range keys {
		members := classes[key]
		if len(members) < 2 || slices.ContainsFunc(members, func(k int32) bool { return frozen[k] }) {
			continue
		}
		// Keep the first member's options and drop the others'.
		for _, j := range opts[members[0]] {
			for _, x := range s.prim[s.pstart[j]:s.pstart[j+1]] {
				frozen[x] = true
			}
		}
		total := int32(0)
		for i, k := range members {
			total += s.hi[k]
			factor = factor.times(binomial(int64(total), int64(s.hi[k])))
			if i > 0 {
				for _, j := range opts[k] {
					keep[j] = false
				}
				s.done[k] = true
			}
		}
		s.lo[members[0]], s.hi[members[0]] = total, total
	}
	s.compact(keep)
	return factor
}

// signature returns the signature of option j for its primary k (or all of
// it, for k == -1), and false if it names no other primary with Hi == 1.
func (s *sumsSearch) signature(j, k int32) (string, bool) {
	// The parts are sorted, as two looks of a piece on the same cells may
	// list them in another order; each is a tag and a varint, so the
	// string reads back one way only.
	var b []byte
	plain := false
	for _, x := range slices.Sorted(slices.Values(s.prim[s.pstart[j]:s.pstart[j+1]])) {
		if x != k {
			b = binary.AppendUvarint(append(b, 'p'), uint64(x))
			plain = plain || s.hi[x] == 1
		}
	}
	secs := slices.Clone(s.sec[s.sstart[j]:s.sstart[j+1]])
	slices.SortFunc(secs, func(a, b sumsColored) int { return int(a.x - b.x) })
	for _, c := range secs {
		b = binary.AppendUvarint(append(b, 's'), uint64(c.x))
		b = binary.AppendUvarint(b, uint64(c.colour))
	}
	vals := slices.Clone(s.val[s.vstart[j]:s.vstart[j+1]])
	slices.SortFunc(vals, func(a, b sumsRegionValue) int {
		if a.region != b.region {
			return int(a.region - b.region)
		}
		return int(a.value - b.value)
	})
	for _, v := range vals {
		b = binary.AppendUvarint(append(b, 'r'), uint64(v.region))
		b = binary.AppendUvarint(b, uint64(v.value))
	}
	return string(b), plain
}

// binomial returns n choose k, or sumsTooMany's worth if it is too large:
// the product of the binomials of the members' multiplicities, each out of
// the running total, is the multinomial a merged class stands for.
func binomial(n, k int64) uint64 {
	r := sumsCount(1)
	for i := int64(1); i <= k; i++ {
		// r * (n-k+i) / i stays whole at every step.
		r = r.times(uint64(n - k + i))
		if r == sumsTooMany {
			return uint64(sumsTooMany)
		}
		r /= sumsCount(i)
	}
	return uint64(r)
}

// compact drops the options keep rejects, with their weights. Options are
// then no longer plan.opts's, which only a counting search can afford.
func (s *sumsSearch) compact(keep []bool) {
	var prim, pstart []int32
	var sec []sumsColored
	var sstart, vstart []int32
	var val []sumsRegionValue
	pstart, sstart, vstart = []int32{0}, []int32{0}, []int32{0}
	var weight []uint64
	for j, ok := range keep {
		if !ok {
			continue
		}
		prim = append(prim, s.prim[s.pstart[j]:s.pstart[j+1]]...)
		sec = append(sec, s.sec[s.sstart[j]:s.sstart[j+1]]...)
		val = append(val, s.val[s.vstart[j]:s.vstart[j+1]]...)
		pstart = append(pstart, int32(len(prim)))
		sstart = append(sstart, int32(len(sec)))
		vstart = append(vstart, int32(len(val)))
		weight = append(weight, s.weight[j])
	}
	s.prim, s.pstart, s.sec, s.sstart, s.val, s.vstart = prim, pstart, sec, sstart, val, vstart
	s.weight = weight
}
