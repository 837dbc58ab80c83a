package compile

// A numbering gives each board cell its place in the board (cells in
// compareCells order), and finds a cell's number through an array over
// the board's bounding box: building a large puzzle looks up tens of
// millions of cells, which a map of cells would hash one by one. A board
// whose bounding box is far larger than the board keeps a map instead.
type numbering struct {
	lo, span Cell
	wrap     int
	at       []int32 // by place in the bounding box, -1 off the board
	sparse   map[Cell]int32
}

// maxBoxPerCell bounds the bounding box a numbering's array covers, per
// board cell.
const maxBoxPerCell = 64

// newNumbering numbers a sorted board; wrap is Options.Wrap.
func newNumbering(board []Cell, wrap int) *numbering {
	nb := &numbering{wrap: wrap}
	hi := board[0]
	nb.lo = board[0]
	for _, c := range board {
		for k := range c {
			nb.lo[k], hi[k] = min(nb.lo[k], c[k]), max(hi[k], c[k])
		}
	}
	volume := 1
	for k := range hi {
		nb.span[k] = hi[k] - nb.lo[k] + 1
		volume *= nb.span[k]
		if volume > maxBoxPerCell*len(board) {
			nb.sparse = make(map[Cell]int32, len(board))
			for i, c := range board {
				nb.sparse[c] = int32(i)
			}
			return nb
		}
	}
	nb.at = make([]int32, volume)
	for i := range nb.at {
		nb.at[i] = -1
	}
	for i, c := range board {
		nb.at[nb.box(c)] = int32(i)
	}
	return nb
}

// box returns a cell's place in the bounding box, or -1 outside it.
func (nb *numbering) box(c Cell) int {
	i := 0
	for k := range c {
		v := c[k] - nb.lo[k]
		if uint(v) >= uint(nb.span[k]) {
			return -1
		}
		i = i*nb.span[k] + v
	}
	return i
}

// find returns the number of a cell, wrapped round a tube first, or -1
// when it is off the board.
func (nb *numbering) find(c Cell) int32 {
	if nb.wrap > 0 {
		c[0] = mod(c[0], nb.wrap)
	}
	if nb.sparse != nil {
		if i, ok := nb.sparse[c]; ok {
			return i
		}
		return -1
	}
	if i := nb.box(c); i >= 0 {
		return nb.at[i]
	}
	return -1
}

// A stencil is a shape's cells relative to its first cell, ready to be
// laid with its first cell on any board cell: inside the numbering's
// array, off a tube, a cell's number is found by an offset in the array
// once a check of the shape's bounding box has passed, with no check per
// cell.
type stencil struct {
	rel    []Cell
	lo, hi Cell  // the bounding box of rel
	delta  []int // each cell's offset in the array, when it has one
}

func (nb *numbering) stencil(rel []Cell) stencil {
	st := stencil{rel: rel, lo: rel[0], hi: rel[0]}
	for _, d := range rel {
		for k := range d {
			st.lo[k], st.hi[k] = min(st.lo[k], d[k]), max(st.hi[k], d[k])
		}
	}
	if nb.at != nil && nb.wrap == 0 {
		for _, d := range rel {
			off := 0
			for k := range d {
				off = off*nb.span[k] + d[k]
			}
			st.delta = append(st.delta, off)
		}
	}
	return st
}

// lay appends to out the numbers of a stencil's cells with its first cell
// on b, and reports whether they all lie on the board.
func (nb *numbering) lay(st *stencil, b Cell, out []int32) ([]int32, bool) {
	if st.delta == nil {
		for _, d := range st.rel {
			k := nb.find(plus(b, d))
			if k < 0 {
				return out, false
			}
			out = append(out, k)
		}
		return out, true
	}
	for k := range b {
		if v := b[k] - nb.lo[k]; v+st.lo[k] < 0 || v+st.hi[k] >= nb.span[k] {
			return out, false
		}
	}
	base := nb.box(b)
	for _, off := range st.delta {
		k := nb.at[base+off]
		if k < 0 {
			return out, false
		}
		out = append(out, k)
	}
	return out, true
}
