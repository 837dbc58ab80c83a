package cover

import "sync"

// An orderer passes the solutions the workers find to the visitor in the
// order of their subproblems, whatever order the subproblems finish in:
// the solutions of a subproblem wait in batches until every earlier one is
// through. So that they cannot pile up without bound behind a slow early
// subproblem, a worker with a batch to hand over while maxHeld solutions
// are waiting blocks until its own subproblem's turn comes.
type orderer struct {
	mu      sync.Mutex
	cond    sync.Cond
	batches [][]batch // per position in the job's list, waiting
	ended   []bool
	head    int // the position whose solutions are being visited
	held    int // solutions waiting
	halted  bool
}

const (
	maxHeld  = 1 << 16
	maxBatch = 1 << 10
)

// A batch holds solutions end to end: solution i is
// flat[ends[i-1]:ends[i]].
type batch struct {
	flat []int
	ends []int
}

func newOrderer(n int) *orderer {
	o := &orderer{batches: make([][]batch, n), ended: make([]bool, n)}
	o.cond.L = &o.mu
	return o
}

// halt stops the deliveries and frees the blocked workers.
func (o *orderer) halt() {
	o.mu.Lock()
	o.halted = true
	o.cond.Broadcast()
	o.mu.Unlock()
}

// put hands over a batch of the subproblem at pos, and its end if end.
func (o *orderer) put(pos int, b batch, end bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for pos != o.head && o.held >= maxHeld && !o.halted {
		o.cond.Wait()
	}
	if len(b.ends) > 0 {
		o.batches[pos] = append(o.batches[pos], b)
		o.held += len(b.ends)
	}
	o.ended[pos] = o.ended[pos] || end
	o.cond.Broadcast()
}

// deliver visits the solutions in order until all are through, the job
// halts, or visit returns false, and returns how many it visited and
// whether visit stopped it.
func (o *orderer) deliver(visit Visit) (n int64, stopped bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for o.head < len(o.ended) && !o.halted {
		bs := o.batches[o.head]
		switch {
		case len(bs) > 0:
			o.batches[o.head] = nil
			o.mu.Unlock()
			for _, b := range bs {
				for i, start := 0, 0; i < len(b.ends); i++ {
					n++
					if !visit(b.flat[start:b.ends[i]]) {
						o.mu.Lock()
						return n, true
					}
					start = b.ends[i]
				}
			}
			o.mu.Lock()
			for _, b := range bs {
				o.held -= len(b.ends)
			}
			o.cond.Broadcast()
		case o.ended[o.head]:
			o.head++
			o.cond.Broadcast()
		default:
			o.cond.Wait()
		}
	}
	return n, false
}

// A sender collects one subproblem's solutions into batches for an
// orderer. A batch goes as soon as it has limit solutions, and the limit
// doubles from one, so that the first solutions go out at once and the
// rest in bulk.
type sender struct {
	o     *orderer
	pos   int
	cur   batch
	limit int
}

// sender returns a sender for the subproblem at pos, or nil if o is nil.
func (o *orderer) sender(pos int) *sender {
	if o == nil {
		return nil
	}
	return &sender{o: o, pos: pos, limit: 1}
}

func (s *sender) add(sol []int) {
	s.cur.flat = append(s.cur.flat, sol...)
	s.cur.ends = append(s.cur.ends, len(s.cur.flat))
	if len(s.cur.ends) >= s.limit {
		s.o.put(s.pos, s.cur, false)
		s.cur = batch{}
		s.limit = min(2*s.limit, maxBatch)
	}
}

// end hands over the rest and marks the subproblem finished.
func (s *sender) end() { s.o.put(s.pos, s.cur, true) }
