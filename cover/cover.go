package cover

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// An Item is a column of the exact-cover matrix.
type Item struct {
	Name      string
	Secondary bool
	// Lo and Hi bound how many chosen options may cover a primary item.
	// Plain exact cover has Lo == Hi == 1. They are zero for secondary items.
	Lo, Hi int
}

// An Entry is one item named by an option, with the colour the option gives
// it. Colour 0 means "no colour"; only secondary items may carry colours.
type Entry struct {
	Item  int32
	Color int32
}

// A Problem is an exact-cover instance with colours (XCC) and multiplicities
// (MCC). Build it with AddItem/AddOption; backends only read it.
type Problem struct {
	Items []Item
	// Colors names the colours; Colors[0] is the empty name for "no colour".
	Colors []string
	// Order, when set, lists item indices in the order in which a search
	// that covers the primaries one after another (the bits backend)
	// should take them; primaries it leaves out follow in problem order.
	// Whoever knows the shape behind the items sets it: compile scans a
	// board along its long side. It is a hint that changes no solution,
	// so Equal and Fingerprint ignore it.
	Order []int
	// Cells, when set, says which primaries are a board's cells and which
	// touch (see Cells), so that a search can give up on regions of
	// empty cells that the pieces left cannot fill. Like Order, it is a
	// hint that Equal and Fingerprint ignore.
	Cells *Cells
	// Colourings, when set, colour some primaries (a board's cells), so
	// that a search can give up on a node whose uncovered items of some
	// colour the options left cannot cover (see Colouring). A hint too.
	Colourings []Colouring

	colorIndex map[string]int32
	itemIndex  map[string]int32
	start      []int32 // option i is entries[start[i]:start[i+1]]
	entries    []Entry
}

// NewProblem returns an empty problem.
func NewProblem() *Problem {
	return &Problem{
		Colors:     []string{""},
		colorIndex: map[string]int32{"": 0},
		itemIndex:  map[string]int32{},
		start:      []int32{0},
	}
}

// AddPrimary adds a primary item that must be covered exactly once.
func (p *Problem) AddPrimary(name string) int { return p.AddItem(Item{Name: name, Lo: 1, Hi: 1}) }

// AddSecondary adds a secondary item.
func (p *Problem) AddSecondary(name string) int {
	return p.AddItem(Item{Name: name, Secondary: true})
}

// AddItem adds an item and returns its index. Item names must be unique;
// AddItem panics on a duplicate because that is a bug in the caller, not bad
// user input (parsers check names before they get here).
func (p *Problem) AddItem(it Item) int {
	if _, dup := p.itemIndex[it.Name]; dup {
		panic(fmt.Sprintf("cover: duplicate item %q", it.Name))
	}
	if p.NumOptions() > 0 {
		panic("cover: items must all be added before the first option")
	}
	p.itemIndex[it.Name] = int32(len(p.Items))
	p.Items = append(p.Items, it)
	return len(p.Items) - 1
}

// ItemIndex returns the index of the named item.
func (p *Problem) ItemIndex(name string) (int, bool) {
	i, ok := p.itemIndex[name]
	return int(i), ok
}

// Color interns a colour name and returns its number (never 0 for a
// non-empty name).
func (p *Problem) Color(name string) int32 {
	if c, ok := p.colorIndex[name]; ok {
		return c
	}
	c := int32(len(p.Colors))
	p.colorIndex[name] = c
	p.Colors = append(p.Colors, name)
	return c
}

// AddOption appends an option and returns its index. The entries are copied.
func (p *Problem) AddOption(entries []Entry) int {
	p.entries = append(p.entries, entries...)
	p.start = append(p.start, int32(len(p.entries)))
	return len(p.start) - 2
}

// Grow makes room for options more options of entries entries in all, so
// that adding millions of options does not copy them again and again.
func (p *Problem) Grow(options, entries int) {
	p.entries = slices.Grow(p.entries, entries)
	p.start = slices.Grow(p.start, options)
}

// NumOptions returns the number of options.
func (p *Problem) NumOptions() int { return len(p.start) - 1 }

// Option returns the entries of option i. The slice must not be modified.
func (p *Problem) Option(i int) []Entry { return p.entries[p.start[i]:p.start[i+1]] }

// NumEntries returns the total number of entries over all options.
func (p *Problem) NumEntries() int { return len(p.entries) }

// Validate reports the first structural error: item indices out of range
// or repeated in Order, an item twice in one option, a colour on a primary
// item, bad multiplicity bounds, bounds on a secondary item, Colourings of
// items that are not primaries covered once, or Cells that break their
// promise (see Cells). An option
// with no primary item is not an error (XCC allows it), but no backend
// ever chooses one.
func (p *Problem) Validate() error {
	for i, it := range p.Items {
		if it.Secondary {
			if it.Lo != 0 || it.Hi != 0 {
				return fmt.Errorf("item %d (%s): secondary item with multiplicity %d:%d", i, it.Name, it.Lo, it.Hi)
			}
			continue
		}
		if it.Lo < 0 || it.Hi < it.Lo || it.Hi < 1 {
			return fmt.Errorf("item %d (%s): bad multiplicity %d:%d", i, it.Name, it.Lo, it.Hi)
		}
	}
	seen := make([]int, len(p.Items))
	for _, i := range p.Order {
		if i < 0 || i >= len(p.Items) {
			return fmt.Errorf("order: item index %d out of range", i)
		}
		if seen[i] != 0 {
			return fmt.Errorf("order: item %s appears twice", p.Items[i].Name)
		}
		seen[i] = -1
	}
	for o := 0; o < p.NumOptions(); o++ {
		for _, e := range p.Option(o) {
			if e.Item < 0 || int(e.Item) >= len(p.Items) {
				return fmt.Errorf("option %d: item index %d out of range", o, e.Item)
			}
			if seen[e.Item] == o+1 {
				return fmt.Errorf("option %d: item %s appears twice", o, p.Items[e.Item].Name)
			}
			seen[e.Item] = o + 1
			if e.Color < 0 || int(e.Color) >= len(p.Colors) {
				return fmt.Errorf("option %d: colour index %d out of range", o, e.Color)
			}
			if e.Color != 0 && !p.Items[e.Item].Secondary {
				return fmt.Errorf("option %d: primary item %s cannot have a colour", o, p.Items[e.Item].Name)
			}
		}
	}
	for i := range p.Colourings {
		if err := p.Colourings[i].validate(p); err != nil {
			return err
		}
	}
	if p.Cells != nil {
		return p.Cells.validate(p)
	}
	return nil
}

// Equal reports whether p and q have the same items and the same options in
// the same order. Colours are compared by name, so two problems that
// interned their colours in a different order can still be equal.
func (p *Problem) Equal(q *Problem) bool {
	if len(p.Items) != len(q.Items) || p.NumOptions() != q.NumOptions() {
		return false
	}
	for i := range p.Items {
		if p.Items[i] != q.Items[i] {
			return false
		}
	}
	for o := 0; o < p.NumOptions(); o++ {
		a, b := p.Option(o), q.Option(o)
		if len(a) != len(b) {
			return false
		}
		for j := range a {
			if a[j].Item != b[j].Item || p.Colors[a[j].Color] != q.Colors[b[j].Color] {
				return false
			}
		}
	}
	return true
}

// Stats counts the work a search did.
type Stats struct {
	Solutions int64
	// Nodes counts search-tree nodes: each time an option is tried.
	Nodes int64
	// Updates counts elementary link or set updates, Knuth's "updates":
	// for dlx a node taken out of its list, for algx an option tested by a
	// filter pass.
	Updates int64
}

// Visit receives each solution as the indices of its options, in the order
// the search chose them. The slice is reused; copy it to keep it. Returning
// false stops the search. A nil Visit asks only for the count in
// Stats.Solutions, which spares the backend building every solution: on
// problems with millions of small solutions that is most of the work.
type Visit func(solution []int) bool

// ErrUnsupported is returned, wrapped with the reason, by a backend that
// cannot search a problem of this kind: bits, for one with multiplicities,
// colours or more than 512 items.
var ErrUnsupported = errors.New("problem not supported by this backend")

// A Backend searches a problem for its solutions.
type Backend interface {
	Name() string
	// Solve calls visit for every solution until visit returns false or ctx
	// is cancelled. On cancellation it returns the statistics so far and
	// ctx.Err().
	Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error)
}
