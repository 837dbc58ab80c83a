package cover

import "fmt"

// A split cuts the top of the search tree into subtrees that can be
// searched apart: every node at a fixed depth below the root, plus the
// solutions found above it, in the order the backends visit them. The
// splitter branches exactly as the backends do (the item with the smallest
// theta, first on ties; its options in problem order; for multiplicities,
// Knuth's Algorithm M branches), so the subtrees partition the solutions,
// together they try the same options as one whole search, and their
// solutions concatenated in order come out in the whole search's order
// (without multiplicities; see Parallel).
//
// A subproblem is kept as its path, the branch taken at each level, rather
// than as a problem: replaying a path is cheap, and a split may have
// thousands of subproblems of a large problem.
type split struct {
	sp    *splitter
	depth int
	paths []int32 // subproblem i's path is paths[start[i]:start[i+1]]
	start []int32
	// nodes counts the options tried above the subproblems, which no
	// subproblem's search counts.
	nodes int64
	// deeper reports whether some subproblem is a node at the full depth
	// rather than a solution found above it: if none is, a deeper split
	// would be the same.
	deeper bool
	// weights holds each subproblem's estimated size once weigh has set
	// it, and solutions its estimated number of solutions (see
	// estimate.go).
	weights, solutions []float64
}

// splitTarget is how many subproblems an automatic split aims for when
// its parts must fit together across runs, shards of several or a State,
// which may have different numbers of workers: enough that handing them
// out dynamically keeps every core of a big machine busy to the end even
// when a few are much bigger than the rest, few enough that setting up
// each one's search costs little next to the search itself.
const splitTarget = 256

// splitPerWorker is how many subproblems per worker an automatic split
// aims for in a run of its own. On two cores, 256 subproblems cost more
// than they bring on a small problem: soma-3x3x3 all, a 38 ms search,
// took 39 ms split 1,059 ways and 21 ms split 55 ways.
const splitPerWorker = 16

// maxSplitDepth bounds an automatic split of a tree too thin to reach its
// target.
const maxSplitDepth = 64

// newSplit splits p at depth, or, for depth 0, at the shallowest depth with
// at least target subproblems; byOrder splits bits's tree, and regions
// gives up on dead regions as algx does (see deadRegions). A depth read
// from a resumed State (fromState) is reached as a depth of 0 would be,
// and refused if that would stop shallower: a split walks the tree down to
// its depth, so an edited state's depth of 60 would walk most of a search
// before the search begins.
func newSplit(p *Problem, depth, target int, byOrder, regions, fromState bool) (*split, error) {
	pl, err := newPlan(p)
	if err != nil {
		return nil, err
	}
	if byOrder {
		if err := bitsFits(pl); err != nil {
			return nil, err
		}
	}
	s := newSplitter(pl, byOrder, regions)
	if depth > 0 && !fromState {
		return s.walk(depth), nil
	}
	for d := 1; ; d++ {
		sp := s.walk(d)
		if d == depth {
			return sp, nil
		}
		if sp.len() >= target || !sp.deeper || d >= maxSplitDepth {
			if depth == 0 {
				return sp, nil
			}
			return nil, fmt.Errorf("cover: state splits at depth %d, deeper than this search splits (%d)", depth, d)
		}
	}
}

// kind is Part.Split for this split.
func (sp *split) kind() string {
	if sp.sp.order != nil {
		return "order"
	}
	return ""
}

func (sp *split) len() int { return len(sp.start) - 1 }

// path returns subproblem i's path, the branch taken at each level.
func (sp *split) path(i int) []int32 { return sp.paths[sp.start[i]:sp.start[i+1]] }

// walk enumerates the subproblems at depth.
func (s *splitter) walk(depth int) *split {
	sp := &split{sp: s, depth: depth, start: []int32{0}}
	var path []int32
	var rec func(n *node)
	rec = func(n *node) {
		r, t := s.pick(n)
		if r >= 0 && t <= 0 {
			return // a dead end: no subproblem
		}
		if r < 0 || len(path) == depth {
			sp.paths = append(sp.paths, path...)
			sp.start = append(sp.start, int32(len(sp.paths)))
			sp.deeper = sp.deeper || r >= 0
			return
		}
		for b := range t {
			c := n.clone()
			if s.branch(c, r, t, b) {
				sp.nodes++
				if s.deadEnd(c) {
					continue
				}
			}
			path = append(path, b)
			rec(c)
			path = path[:len(path)-1]
		}
	}
	rec(s.root())
	return sp
}

// sub builds subproblem i: the problem left once its path is taken, the
// options the path chose (problem indices, in the order chosen), and for
// each option of the subproblem the original option it is.
func (sp *split) sub(i int) (q *Problem, forced []int, orig []int32) {
	return sp.at(sp.path(i))
}

// at builds the problem left once path is taken, as sub does.
func (sp *split) at(path []int32) (q *Problem, forced []int, orig []int32) {
	s := sp.sp
	n := s.root()
	for _, b := range path {
		r, t := s.pick(n)
		s.branch(n, r, t, b)
	}
	return s.restrict(n)
}
