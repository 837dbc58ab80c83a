package cover

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// dominoes builds the domino tilings of a w×h board (cells primary, one
// option per domino) and the permutations of the options induced by the
// board's symmetries (the dihedral group, or its rectangle subgroup).
func dominoes(w, h int) (*Problem, []Symmetry) {
	p := NewProblem()
	cell := func(x, y int) int32 { return int32(y*w + x) }
	for y := range h {
		for x := range w {
			p.AddPrimary(fmt.Sprintf("%d,%d", x, y))
		}
	}
	type domino [2]int32
	var all []domino
	index := map[domino]int32{}
	add := func(a, b int32) {
		d := domino{min(a, b), max(a, b)}
		index[d] = int32(len(all))
		all = append(all, d)
		p.AddOption([]Entry{{Item: d[0]}, {Item: d[1]}})
	}
	for y := range h {
		for x := range w {
			if x+1 < w {
				add(cell(x, y), cell(x+1, y))
			}
			if y+1 < h {
				add(cell(x, y), cell(x, y+1))
			}
		}
	}
	maps := []func(x, y int) (int, int){
		func(x, y int) (int, int) { return x, y },
		func(x, y int) (int, int) { return w - 1 - x, y },
		func(x, y int) (int, int) { return x, h - 1 - y },
		func(x, y int) (int, int) { return w - 1 - x, h - 1 - y },
	}
	if w == h {
		maps = append(maps,
			func(x, y int) (int, int) { return y, x },
			func(x, y int) (int, int) { return h - 1 - y, x },
			func(x, y int) (int, int) { return y, w - 1 - x },
			func(x, y int) (int, int) { return h - 1 - y, w - 1 - x },
		)
	}
	var group []Symmetry
	for _, m := range maps {
		g := make(Symmetry, len(all))
		for i, d := range all {
			x0, y0 := m(int(d[0])%w, int(d[0])/w)
			x1, y1 := m(int(d[1])%w, int(d[1])/w)
			a, b := cell(x0, y0), cell(x1, y1)
			g[i] = index[domino{min(a, b), max(a, b)}]
		}
		group = append(group, g)
	}
	return p, group
}

// orbits counts classes of solutions by brute force: every solution's
// smallest image under the group, collected in a set.
func orbits(t *testing.T, p *Problem, group []Symmetry) int {
	b, _ := Lookup("dlx")
	seen := map[string]bool{}
	_, err := b.Solve(context.Background(), p, func(sol []int) bool {
		var best []int
		for _, g := range group {
			img := make([]int, len(sol))
			for i, o := range sol {
				img[i] = int(g[o])
			}
			slices.Sort(img)
			if best == nil || slices.Compare(img, best) < 0 {
				best = img
			}
		}
		seen[fmt.Sprint(best)] = true
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return len(seen)
}

// distinctOptions lists every pivot rule, with and without the second
// item.
func distinctOptions() []DistinctOptions {
	var out []DistinctOptions
	for r := range PivotRule(len(pivotRuleNames)) {
		out = append(out, DistinctOptions{Pivot: r}, DistinctOptions{Pivot: r, PivotOnly: true})
	}
	return out
}

func TestDistinctMatchesOrbitCount(t *testing.T) {
	for _, c := range []struct{ w, h, all int }{
		{2, 2, 2}, {4, 4, 36}, {6, 6, 6728}, {3, 4, 11}, {4, 5, 95}, {2, 7, 21},
	} {
		p, group := dominoes(c.w, c.h)
		want := orbits(t, p, group)
		for _, name := range finders() {
			b, _ := Lookup(name)
			for _, o := range distinctOptions() {
				d, err := o.New(p, group)
				if err != nil {
					t.Fatal(err)
				}
				for _, visit := range []Visit{nil, func([]int) bool { return true }} {
					st, err := d.Solve(context.Background(), b, visit)
					if err != nil {
						t.Fatal(err)
					}
					if st.Solutions != int64(want) {
						t.Errorf("%dx%d %s %+v: %d distinct (pivot %q), brute force says %d", c.w, c.h, name, o, st.Solutions, d.Pivot(), want)
					}
				}
			}
			all, _ := NewDistinct(p, nil)
			st, _ := all.Solve(context.Background(), b, func(sol []int) bool { return true })
			if st.Solutions != int64(c.all) {
				t.Errorf("%dx%d %s: %d tilings, want %d", c.w, c.h, name, st.Solutions, c.all)
			}
		}
	}
}

// TestDistinctPivot checks the reduction keeps one pivot placement per
// class and reports the solutions with original option numbers.
func TestDistinctPivot(t *testing.T) {
	p := NewProblem()
	// A 3-cell strip and a monomino "m" that can stand on any cell; the
	// reflection maps the strip onto itself.
	for _, n := range []string{"m", "0", "1", "2"} {
		p.AddPrimary(n)
	}
	p.AddOption([]Entry{{Item: 0}, {Item: 1}}) // 0: m on 0
	p.AddOption([]Entry{{Item: 0}, {Item: 2}}) // 1: m on 1
	p.AddOption([]Entry{{Item: 0}, {Item: 3}}) // 2: m on 2
	p.AddOption([]Entry{{Item: 2}, {Item: 3}}) // 3: domino 1-2
	p.AddOption([]Entry{{Item: 1}, {Item: 2}}) // 4: domino 0-1
	mirror := Symmetry{2, 1, 0, 4, 3}
	d, err := NewDistinct(p, []Symmetry{mirror})
	if err != nil {
		t.Fatal(err)
	}
	if d.Pivot() != "m" || d.Problem().NumOptions() != 4 {
		t.Fatalf("pivot %q with %d options, want m with 4", d.Pivot(), d.Problem().NumOptions())
	}
	b, _ := Lookup(DefaultBackend)
	var got [][]int
	d.Solve(context.Background(), b, func(sol []int) bool {
		s := slices.Clone(sol)
		slices.Sort(s)
		got = append(got, s)
		return true
	})
	if want := [][]int{{0, 3}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("solutions %v, want %v", got, want)
	}
}

// TestDistinctOrder checks that the reduced problem takes the pivot first
// in its Order, once even when the Order names it, and has no Order when
// the problem has none.
func TestDistinctOrder(t *testing.T) {
	p, group := dominoes(3, 3)
	d, err := NewDistinct(p, group)
	if err != nil {
		t.Fatal(err)
	}
	if d.Pivot() == "" || d.Problem().Order != nil {
		t.Fatalf("pivot %q, order %v; want a pivot and no order", d.Pivot(), d.Problem().Order)
	}
	for i := range p.Items {
		p.Order = append(p.Order, i)
	}
	d, _ = NewDistinct(p, group)
	pivot, _ := p.ItemIndex(d.Pivot())
	order := d.Problem().Order
	if err := d.Problem().Validate(); err != nil || len(order) != len(p.Items) || order[0] != pivot {
		t.Errorf("order %v (%v), want the %d items, pivot %d first", order, err, len(p.Items), pivot)
	}
}

// pieceTiles builds the tilings of a w×w board by named monominoes and
// dominoes (one primary item per piece, given by its size), with the
// board's eight symmetries, which map every piece onto itself.
func pieceTiles(w int, sizes []int) (*Problem, []Symmetry) {
	p := NewProblem()
	for k := range sizes {
		p.AddPrimary(fmt.Sprintf("piece %d", k))
	}
	for c := range w * w {
		p.AddPrimary(fmt.Sprintf("%d,%d", c%w, c/w))
	}
	type placement struct{ piece, a, b int }
	var all []placement
	index := map[placement]int32{}
	add := func(pl placement) {
		index[pl] = int32(len(all))
		all = append(all, pl)
		e := []Entry{{Item: int32(pl.piece)}, {Item: int32(len(sizes) + pl.a)}}
		if pl.b != pl.a {
			e = append(e, Entry{Item: int32(len(sizes) + pl.b)})
		}
		p.AddOption(e)
	}
	for k, size := range sizes {
		for c := range w * w {
			if size == 1 {
				add(placement{k, c, c})
				continue
			}
			if c%w+1 < w {
				add(placement{k, c, c + 1})
			}
			if c+w < w*w {
				add(placement{k, c, c + w})
			}
		}
	}
	var group []Symmetry
	for m := range 8 {
		move := func(c int) int {
			x, y := c%w, c/w
			if m&4 != 0 {
				x, y = y, x
			}
			if m&1 != 0 {
				x = w - 1 - x
			}
			if m&2 != 0 {
				y = w - 1 - y
			}
			return y*w + x
		}
		g := make(Symmetry, len(all))
		for i, pl := range all {
			a, b := move(pl.a), move(pl.b)
			g[i] = index[placement{pl.piece, min(a, b), max(a, b)}]
		}
		group = append(group, g)
	}
	return p, group
}

// TestDistinctSecondItem checks the breaking of the symmetries that fix a
// pivot option by a second item against brute force: on the 2×2 board of
// monominoes, a diagonal reflection fixes the pivot's option and two of
// the second monomino's, which leaves solutions to filter.
func TestDistinctSecondItem(t *testing.T) {
	for _, c := range []struct {
		w     int
		sizes []int
	}{
		{2, []int{1, 1, 1, 1}},
		{3, []int{1, 2, 2, 2, 2}},
		{3, []int{1, 1, 1, 2, 2, 2}},
	} {
		sizes := c.sizes
		p, group := pieceTiles(c.w, sizes)
		want := orbits(t, p, group)
		for _, o := range distinctOptions() {
			d, err := o.New(p, group)
			if err != nil {
				t.Fatal(err)
			}
			if broken := len(d.Problem().Items) > len(p.Items); broken == o.PivotOnly {
				t.Errorf("%v %+v: %d items, from %d", sizes, o, len(d.Problem().Items), len(p.Items))
			}
			for _, name := range finders() {
				b, _ := Lookup(name)
				st, err := d.Solve(context.Background(), b, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Solutions != int64(want) {
					t.Errorf("%v %+v %s: %d distinct (pivot %q), brute force says %d", sizes, o, name, st.Solutions, d.Pivot(), want)
				}
			}
		}
	}
}

// TestDistinctPivotWithoutFixedOptions checks the two pivots: under the
// rotations of the 3×3 square the monomino keeps as few placements as a
// domino (3), and is taken first, but its centre placement is fixed by
// every rotation, while no domino placement is, so PivotFree takes a
// domino and leaves nothing to filter. With every switch, the count is
// the brute-force one.
func TestDistinctPivotWithoutFixedOptions(t *testing.T) {
	p, group := pieceTiles(3, []int{1, 2, 2, 2, 2})
	rotations := []Symmetry{}
	for _, g := range group {
		if order(g) == 4 {
			rotations = []Symmetry{g, compose(g, g), compose(g, compose(g, g))}
			break
		}
	}
	// orbits wants the identity among the images.
	want := orbits(t, p, append(slices.Clone(rotations), compose(rotations[0], rotations[2])))
	for _, c := range []struct {
		o       DistinctOptions
		pivot   string
		checked bool
	}{
		{DistinctOptions{Pivot: PivotFewest}, "piece 0", false},
		{DistinctOptions{Pivot: PivotFewest, PivotOnly: true}, "piece 0", true},
		{DistinctOptions{Pivot: PivotFree}, "piece 1", false},
		{DistinctOptions{Pivot: PivotFree, PivotOnly: true}, "piece 1", false},
		// A tree this small is not worth weighing.
		{DistinctOptions{Pivot: PivotEstimate}, "piece 0", false},
	} {
		d, err := c.o.New(p, rotations)
		if err != nil {
			t.Fatal(err)
		}
		if d.Pivot() != c.pivot || d.Checked() != c.checked {
			t.Errorf("%+v: pivot %q, checked %v; want %q, %v", c.o, d.Pivot(), d.Checked(), c.pivot, c.checked)
		}
		algx, _ := Lookup("algx")
		st, err := d.Solve(context.Background(), algx, nil)
		if err != nil || st.Solutions != int64(want) {
			t.Errorf("%+v: %d distinct, %v; brute force says %d", c.o, st.Solutions, err, want)
		}
	}
}

// order returns the number of times g must be applied to give the identity.
func order(g Symmetry) int {
	n, h := 1, g
	for !isIdentity(h) {
		h = compose(g, h)
		n++
	}
	return n
}

// compose returns the symmetry that applies h, then g.
func compose(g, h Symmetry) Symmetry {
	out := make(Symmetry, len(g))
	for i := range out {
		out[i] = g[h[i]]
	}
	return out
}

// visitCounter is a backend that counts the solutions its backend visits
// and those it counts without a visitor.
type visitCounter struct {
	Backend
	visited, counted int64
}

// countsAlone makes Distinct count the solutions that need no filter
// with no visitor, whatever the backend.
func (v *visitCounter) countsAlone() bool { return true }

func (v *visitCounter) Solve(ctx context.Context, p *Problem, visit Visit) (Stats, error) {
	if visit == nil {
		st, err := v.Backend.Solve(ctx, p, nil)
		v.counted += st.Solutions
		return st, err
	}
	return v.Backend.Solve(ctx, p, func(sol []int) bool {
		v.visited++
		return visit(sol)
	})
}

// TestDistinctCountVisitsChecked checks that a count modulo symmetry
// visits only the solutions the filter must check, and counts the others
// without a visitor, which memo needs: under the symmetries of the 3×3
// square, those through the monomino in the centre, which every symmetry
// fixes, when the pivot alone breaks the symmetries; with a second item
// there would be those through a domino that a mirror fixes as well, and
// on this board there are none.
func TestDistinctCountVisitsChecked(t *testing.T) {
	p, group := pieceTiles(3, []int{1, 2, 2, 2, 2})
	want := orbits(t, p, group)
	for _, o := range []DistinctOptions{{PivotOnly: true}, {}} {
		d, err := o.New(p, group)
		if err != nil {
			t.Fatal(err)
		}
		algx, _ := Lookup("algx")
		plain, err := algx.Solve(context.Background(), d.Problem(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"algx", "memo"} {
			b, _ := Lookup(name)
			vc := &visitCounter{Backend: b}
			st, err := d.Solve(context.Background(), vc, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != int64(want) {
				t.Errorf("%+v %s: %d distinct, brute force says %d", o, name, st.Solutions, want)
			}
			if !d.Checked() || (vc.visited == 0) != !o.PivotOnly || vc.counted == 0 || vc.visited+vc.counted != plain.Solutions {
				t.Errorf("%+v %s: checked %v, %d solutions visited and %d counted, want %d in all", o, name, d.Checked(), vc.visited, vc.counted, plain.Solutions)
			}
		}
	}
}

// TestPivotEstimate weighs the pivots of small problems, which the gate
// on the estimated tree (WeighAbove) otherwise spares them, and checks that whichever
// pivot it takes the count is the brute-force one, and that it takes the
// same pivot every time, on one core or several.
func TestPivotEstimate(t *testing.T) {
	type problem struct {
		name  string
		p     *Problem
		group []Symmetry
	}
	var problems []problem
	for _, c := range []struct{ w, h int }{{4, 4}, {6, 6}, {4, 5}} {
		p, group := dominoes(c.w, c.h)
		problems = append(problems, problem{fmt.Sprintf("dominoes %dx%d", c.w, c.h), p, group})
	}
	for _, c := range []struct {
		w     int
		sizes []int
	}{{3, []int{1, 2, 2, 2, 2}}, {3, []int{1, 1, 1, 2, 2, 2}}} {
		p, group := pieceTiles(c.w, c.sizes)
		problems = append(problems, problem{fmt.Sprintf("pieces %d %v", c.w, c.sizes), p, group})
	}
	algx, _ := Lookup("algx")
	for _, pr := range problems {
		want := orbits(t, pr.p, pr.group)
		pivot := ""
		for i, workers := range []int{1, 1, 2, 3} {
			for _, o := range []DistinctOptions{{Pivot: PivotEstimate, WeighAbove: -1}, {Pivot: PivotEstimate, WeighAbove: -1, PivotOnly: true}} {
				o.Workers = workers
				d, err := o.New(pr.p, pr.group)
				if err != nil {
					t.Fatal(err)
				}
				if i == 0 && !o.PivotOnly {
					pivot = d.Pivot()
				} else if !o.PivotOnly && d.Pivot() != pivot {
					t.Errorf("%s: pivot %q, then %q", pr.name, pivot, d.Pivot())
				}
				st, err := d.Solve(context.Background(), algx, nil)
				if err != nil || st.Solutions != int64(want) {
					t.Errorf("%s %+v: %d distinct (pivot %q), %v; brute force says %d", pr.name, o, st.Solutions, d.Pivot(), err, want)
				}
			}
		}
	}
}
