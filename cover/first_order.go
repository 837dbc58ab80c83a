package cover

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
)

// A search for a first solution that branches on a cell tries the
// options that cover it in problem order, and a compiler lists a
// puzzle's pieces in the order of its spec: the small pieces first where
// they differ in size, the pieces alike in the order of their names. So
// the search spends the pieces that fill any gap (a monocube, a domino)
// at the start, and the awkward ones that fit in few places are left for
// the end, where there is no room for them. The first order puts the options
// in the order that a puzzler who tries the hard pieces first would: the
// options that cover more primaries first, and among those the options
// of labels with fewer options first (see labelsOf); ties keep problem
// order. On the catalogue the plain search of the polycubes of orders 1
// to 6 in three cubes takes 66 nodes so ordered where it found none in 15
// s, and a strip of one-sided hexominoes (40×9) 3,825 nodes against 5.4
// million (bench/results/first-solutions.md). A whole search tries the
// same nodes in any order of options, so counts are not reordered.
type firstKeys struct {
	size []int32 // primaries each option covers, negated
	rare []int32 // options of the option's label, or MaxInt32
}

func newFirstKeys(p *Problem) firstKeys {
	n := p.NumOptions()
	k := firstKeys{size: make([]int32, n), rare: make([]int32, n)}
	uses := make([]int32, len(p.Items))
	for o := range n {
		for _, e := range p.Option(o) {
			uses[e.Item]++
		}
	}
	label := labelsOf(p)
	for o := range n {
		k.rare[o] = math.MaxInt32
		for _, e := range p.Option(o) {
			if p.Items[e.Item].Secondary {
				continue
			}
			k.size[o]--
			if label[e.Item] {
				k.rare[o] = min(k.rare[o], uses[e.Item])
			}
		}
	}
	return k
}

func (k firstKeys) compare(a, b int) int {
	return cmp.Or(cmp.Compare(k.size[a], k.size[b]), cmp.Compare(k.rare[a], k.rare[b]))
}

// order returns the options sorted by their keys, ties in problem order,
// or nil when that is problem order.
func (k firstKeys) order() []int {
	o := make([]int, len(k.size))
	for i := range o {
		o[i] = i
	}
	if slices.IsSortedFunc(o, k.compare) {
		return nil
	}
	slices.SortStableFunc(o, k.compare)
	return o
}

// shuffled returns the options in a random order that keeps their keys
// sorted: random among options of the same key.
func (k firstKeys) shuffled(rng *rand.Rand) []int {
	o := rng.Perm(len(k.size))
	slices.SortStableFunc(o, k.compare)
	return o
}

// firstOrdered returns p with its options in the order of k, p's keys,
// and for each option of the copy the option of p it is; or p and nil
// when p is in that order already.
func firstOrdered(p *Problem, k firstKeys) (*Problem, []int32) {
	o := k.order()
	if o == nil {
		return p, nil
	}
	items := make([]int, len(p.Items))
	for i := range items {
		items[i] = i
	}
	return permute(p, items, o), toInt32(o)
}

// permuted returns the keys of p's copy whose option k is option back[k]
// of p, k being p's keys.
func (k firstKeys) permuted(back []int32) firstKeys {
	q := firstKeys{size: make([]int32, len(back)), rare: make([]int32, len(back))}
	for i, o := range back {
		q.size[i], q.rare[i] = k.size[o], k.rare[o]
	}
	return q
}

// inFirstOrder returns p in first order, its keys there, for each option
// of the copy the option of p it is (nil when p is in first order
// already), and visit for its solutions: a visit of the copy's solutions
// that passes on the options of p they are.
func inFirstOrder(p *Problem, visit Visit) (*Problem, *firstKeys, []int32, Visit) {
	k := newFirstKeys(p)
	q, back := firstOrdered(p, k)
	if back == nil {
		return p, &k, nil, visit
	}
	k = k.permuted(back)
	var mapped []int
	return q, &k, back, func(sol []int) bool {
		mapped = remap(mapped[:0], sol, back)
		return visit(mapped)
	}
}

// remap appends to dst the options that to maps sol's onto, or sol's own
// where to is nil: a solution of a problem's copy in another order as
// options of the problem, or the other way round.
func remap(dst, sol []int, to []int32) []int {
	for _, o := range sol {
		if to != nil {
			o = int(to[o])
		}
		dst = append(dst, o)
	}
	return dst
}

// labelsOf returns the labels of p, if it has them: a set of primaries of
// which no option covers two, every option covers exactly one, and that
// together reach most primaries (see labelsReach), as the pieces of a
// puzzle whose pieces are each placed once; or all false. It tries, for
// each primary of the first option in turn, the set of that primary and
// of every primary, in item order, that no option covers with one
// already in it.
func labelsOf(p *Problem) []bool {
	n := len(p.Items)
	set := make([]bool, n)
	if p.NumOptions() == 0 {
		return set
	}
	of := newItemOptions(p)
	blocked := make([]bool, n)
	add := func(x int) {
		set[x] = true
		for _, o := range of.of(x) {
			for _, e := range p.Option(int(o)) {
				blocked[e.Item] = true
			}
		}
	}
	for _, first := range p.Option(0) {
		if p.Items[first.Item].Secondary {
			continue
		}
		clear(set)
		clear(blocked)
		for i, it := range p.Items {
			if !it.Secondary && (i == int(first.Item) || !blocked[i]) {
				add(i)
			}
		}
		if coveredOnce(p, set) && labelsReach(p, of, set) {
			return set
		}
	}
	clear(set)
	return set
}

// coveredOnce reports whether every option of p covers exactly one item
// of set, and set has more than one.
func coveredOnce(p *Problem, set []bool) bool {
	if n := slices.Index(set, true); n < 0 || !slices.Contains(set[n+1:], true) {
		return false
	}
	for o := range p.NumOptions() {
		k := 0
		for _, e := range p.Option(o) {
			if set[e.Item] {
				k++
			}
		}
		if k != 1 {
			return false
		}
	}
	return true
}

// labelsReach reports whether the labels of set are covered, on the mean,
// with half the other primaries or more, as a piece is with the cells it
// can cover; the cells of one colour of a board of dominoes, each
// covered with its few neighbours, are not labels.
func labelsReach(p *Problem, of *itemOptions, set []bool) bool {
	seen := make([]int32, len(p.Items))
	labels, others, reach := 0, 0, 0
	for x, it := range p.Items {
		if it.Secondary {
			continue
		}
		if !set[x] {
			others++
			continue
		}
		labels++
		for _, o := range of.of(x) {
			for _, e := range p.Option(int(o)) {
				if y := e.Item; !set[y] && !p.Items[y].Secondary && seen[y] != int32(x)+1 {
					seen[y] = int32(x) + 1
					reach++
				}
			}
		}
	}
	return 2*reach >= labels*others
}
