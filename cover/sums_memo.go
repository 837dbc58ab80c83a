package cover

import "encoding/binary"

// sumsMemo lets a counting search count each distinct remaining problem
// once. Interchangeable pieces are what make the counts of Pips and
// Polypips puzzles huge: two dominoes that can swap places, or two copies
// of a piece, lead different branches to the same remaining problem, and
// its count then multiplies instead of being found again solution by
// solution.
//
// The remaining problem at a node is fully described by its key, which is
// exact (no hashing tricks, so no false merges):
//   - the live options, as a bitset: they decide which items and colours
//     are still free, since choosing an option kills every option it
//     conflicts with and a covered plain item has no live option left;
//   - how many times each primary with a multiplicity above 1 is covered;
//   - for each region not yet complete, how many of each value it holds,
//     which is all a rule may look at (rules ignore the order of values).
//
// The node's count depends on nothing else, because the search's every
// decision (the item it branches on, the options it kills) is a function
// of these. Keys are only made once the node is known not to be a dead
// end, where every item that still needs an option has one.
//
// Memory is bounded: once the keys take sumsMemoBytes the memo stops
// growing and the search goes on without it below new nodes.
type sumsMemo struct {
	s     *sumsSearch
	table map[string]sumsCount
	multi []int32 // primaries whose Hi is above 1
	buf   []byte
	last  sumsCount // the count lookup found
	bytes int
}

// sumsMemoBytes bounds the memory of a memo's keys and entries.
const sumsMemoBytes = 256 << 20

// sumsEntryBytes estimates the memory of a map entry besides its key.
const sumsEntryBytes = 48

func newSumsMemo(s *sumsSearch) *sumsMemo {
	m := &sumsMemo{s: s, table: map[string]sumsCount{}}
	for k := range int32(s.np) {
		if s.hi[k] > 1 {
			m.multi = append(m.multi, k)
		}
	}
	return m
}

// lookup builds the key of the current node and reports whether its count
// is known (then in m.last). Otherwise it returns the key to store the
// count under, or "" if the memo is full.
func (m *sumsMemo) lookup() (string, bool) {
	s := m.s
	b := m.buf[:0]
	for _, w := range s.live {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	for _, k := range m.multi {
		b = binary.AppendUvarint(b, uint64(s.count[k]))
	}
	for r := range s.size {
		if int(s.size[r]) == len(s.placed[r]) {
			b = append(b, 0xff) // complete: its values no longer matter
			continue
		}
		for _, n := range s.hist[r*s.nv:][:s.nv] {
			b = binary.AppendUvarint(b, uint64(n))
		}
	}
	m.buf = b
	if n, ok := m.table[string(b)]; ok {
		m.last = n
		return "", true
	}
	if m.bytes+len(b)+sumsEntryBytes > sumsMemoBytes {
		return "", false
	}
	return string(b), false
}

// store records the count of the node whose key lookup returned.
func (m *sumsMemo) store(key string, n sumsCount) {
	if key == "" {
		return
	}
	m.table[key] = n
	m.bytes += len(key) + sumsEntryBytes
}
