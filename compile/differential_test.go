package compile_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/spec"
)

// The differential harness makes small random specs on every lattice, each
// cut from its own board so that it has a solution (less often, when a
// piece is added to be left out, none), and counts each in every way
// polyspec can: every backend that takes the problem, two workers,
// shards written, read back and merged, a search stopped and resumed from
// its state, and a brute force that knows nothing of the exact-cover
// problem; the distinct count modulo the board's symmetries against the
// orbits of the brute force's solutions. All must agree.
//
// TestDifferential runs a slice of seeds (POLYSPEC_DIFF_SEEDS raises the
// number, for a long run); FuzzDifferential runs any seed.

func TestDifferential(t *testing.T) {
	from, to := uint64(0), uint64(60)
	if s := os.Getenv("POLYSPEC_DIFF_SEEDS"); s != "" {
		// N, or FROM-TO for a long run in parts.
		lo, hi, isRange := strings.Cut(s, "-")
		var err error
		if !isRange {
			lo, hi = "0", s
		}
		if from, err = strconv.ParseUint(lo, 10, 64); err == nil {
			to, err = strconv.ParseUint(hi, 10, 64)
		}
		if err != nil {
			t.Fatalf("POLYSPEC_DIFF_SEEDS=%q: want N or FROM-TO", s)
		}
	}
	stats := map[string]int{}
	for _, seed := range regressionSeeds {
		differential(t, seed, stats)
	}
	for seed := from; seed < to; seed++ {
		differential(t, seed, stats)
		if done := seed - from + 1; done%1000 == 0 {
			t.Logf("%d seeds; %v", done, stats)
		}
	}
	t.Logf("seeds %d to %d; %v", from, to-1, stats)
}

// regressionSeeds made the harness find a bug once: one-sided pieces of
// one shape under two names, whose board symmetries were no permutations.
var regressionSeeds = []uint64{108443, 108760}

func FuzzDifferential(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed)
	}
	for _, seed := range regressionSeeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) { differential(t, seed, map[string]int{}) })
}

// latticesForDiff are the lattices the harness cuts boards on; each board
// grows from the cell 0,0,0.
var latticesForDiff = []string{"square", "hex", "iamond", "cubic", "stick", "trig", "twig"}

// randomSpec cuts a connected board of random cells into connected
// pieces, each a shape of the spec's own, and writes the spec: one-sided
// or not, counted modulo symmetry or not, with now and then an extra piece
// copied from one of them to be left out.
func randomSpec(r *rand.Rand) string {
	lattice := latticesForDiff[r.IntN(len(latticesForDiff))]
	l, err := compile.LatticeByName(lattice)
	if err != nil {
		panic(err)
	}
	size := 4 + r.IntN(9)
	board := []compile.Cell{{}}
	in := map[compile.Cell]bool{{}: true}
	for len(board) < size {
		c := board[r.IntN(len(board))]
		ns := l.Neighbours(c)
		n := ns[r.IntN(len(ns))]
		if !in[n] {
			in[n] = true
			board = append(board, n)
		}
	}
	// Pieces grow from random cells of the board into cells no piece has.
	owner := map[compile.Cell]int{}
	var pieces [][]compile.Cell
	for _, c := range board {
		if _, ok := owner[c]; ok {
			continue
		}
		k := len(pieces)
		owner[c] = k
		piece := []compile.Cell{c}
		want := 1 + r.IntN(4)
		for tries := 0; len(piece) < want && tries < 20; tries++ {
			from := piece[r.IntN(len(piece))]
			ns := l.Neighbours(from)
			n := ns[r.IntN(len(ns))]
			if _, taken := owner[n]; in[n] && !taken {
				owner[n] = k
				piece = append(piece, n)
			}
		}
		pieces = append(pieces, piece)
	}
	// Extra pieces to leave out: copies of a piece (Q1*2) or congruent
	// pieces of other names.
	copies := make([]int, len(pieces))
	for i := range copies {
		copies[i] = 1
	}
	omit := 0
	if r.IntN(3) == 0 {
		omit = 1 + r.IntN(2)
		for range omit {
			if k := r.IntN(len(pieces)); r.IntN(2) == 0 {
				copies[k]++
			} else {
				pieces = append(pieces, pieces[k])
				copies = append(copies, 1)
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "lattice = %q\n", lattice)
	names := make([]string, len(pieces))
	terms := make([]string, len(pieces))
	for i := range pieces {
		names[i] = fmt.Sprintf("Q%d", i)
		terms[i] = names[i]
		if copies[i] > 1 {
			terms[i] += fmt.Sprintf("*%d", copies[i])
		}
	}
	fmt.Fprintf(&b, "pieces = %q\n", strings.Join(terms, ","))
	unique := r.IntN(2) == 0
	fmt.Fprintf(&b, "one-sided = %v\nunique = %v\nomit = %d\n", r.IntN(3) == 0, unique, omit)
	if unique && r.IntN(3) == 0 {
		b.WriteString("symmetry = \"rotations\"\n")
	}
	if lattice == "stick" || lattice == "trig" || lattice == "twig" {
		fmt.Fprintf(&b, "may-cross = %v\n", r.IntN(3) == 0)
	}
	b.WriteString("[shapes]\n")
	for i, p := range pieces {
		fmt.Fprintf(&b, "%s = %q\n", names[i], cellsText(p, l.Dims()))
	}
	fmt.Fprintf(&b, "[board]\ncells = %q\n", cellsText(board, l.Dims()))
	return b.String()
}

func cellsText(cells []compile.Cell, dims int) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		coords := make([]string, dims)
		for k := range dims {
			coords[k] = strconv.Itoa(c[k])
		}
		parts[i] = strings.Join(coords, ",")
	}
	return strings.Join(parts, " ")
}

// differential counts one seed's spec in every way and fails t on any
// disagreement, naming the spec.
func differential(t *testing.T, seed uint64, stats map[string]int) {
	src := randomSpec(rand.New(rand.NewPCG(seed, 42)))
	s, err := spec.Parse("diff.toml", []byte(src))
	if err != nil {
		t.Fatalf("seed %d: %v\n%s", seed, err, src)
	}
	pz, err := compile.FromSpec(s)
	if err != nil {
		// A piece of segments that the lattice does not join, say:
		// specs the compiler refuses are no disagreement.
		stats["refused"]++
		return
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("seed %d: %s\n%s", seed, fmt.Sprintf(format, args...), src)
	}
	// Congruent pieces of different names multiply the solutions (twelve
	// monominoes tile twelve cells 12! ways): a spec with more than the
	// brute force lists quickly is left out, told by a count with a
	// deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	algx, _ := cover.Lookup("algx")
	first, err := algx.Solve(ctx, pz.Problem, nil)
	cancel()
	if err != nil || first.Solutions > maxBrute {
		stats["too many solutions"]++
		return
	}
	brute := bruteForce(pz)
	want := int64(len(brute))
	stats["specs"]++
	stats[pz.Lattice.Name()]++
	if want == 0 {
		stats["without solutions"]++
	}
	ctx = context.Background()
	for _, name := range cover.BackendNames() {
		b, _ := cover.Lookup(name)
		st, err := b.Solve(ctx, pz.Problem, nil)
		switch {
		case errors.Is(err, cover.ErrUnsupported):
			continue
		case err != nil:
			fail("%s: %v", name, err)
		case st.Solutions != want:
			fail("%s: %d solutions, the brute force %d", name, st.Solutions, want)
		}
		stats["comparisons"]++
	}
	if st, err := (cover.Parallel{Backend: algx, Workers: 2}).Solve(ctx, pz.Problem, nil); err != nil || st.Solutions != want {
		fail("two workers: %d solutions (%v), the brute force %d", st.Solutions, err, want)
	}
	stats["comparisons"]++
	var parts []cover.Part
	for i := range 3 {
		par := cover.Parallel{Backend: algx, Workers: 1, Shard: cover.Shard{Index: i, Of: 3}, State: &cover.State{}}
		if _, err := par.Solve(ctx, pz.Problem, nil); err != nil {
			fail("shard %d/3: %v", i, err)
			return
		}
		pt, err := par.State.Part()
		var buf bytes.Buffer
		if err == nil {
			err = cover.WritePart(&buf, pt)
		}
		if err == nil {
			pt, err = cover.ReadPart(&buf)
		}
		if err != nil {
			fail("shard %d/3: %v", i, err)
			return
		}
		parts = append(parts, pt)
	}
	if st, err := cover.Merge(parts); err != nil || st.Solutions != want {
		fail("3 shards merged: %d solutions (%v), the brute force %d", st.Solutions, err, want)
	}
	stats["comparisons"]++
	if got, err := stopAndResume(pz.Problem, algx); err != nil || got != want {
		fail("stopped and resumed: %d solutions (%v), the brute force %d", got, err, want)
	}
	stats["comparisons"]++
	if s.Unique.V {
		d, err := cover.NewDistinct(pz.Problem, pz.Symmetries())
		if err != nil {
			fail("symmetries: %v", err)
			return
		}
		st, err := d.Solve(ctx, algx, nil)
		if orbits := orbits(pz, brute); err != nil || st.Solutions != orbits {
			fail("distinct: %d solutions (%v), the brute force's solutions make %d orbits", st.Solutions, err, orbits)
		}
		stats["comparisons"]++
	}
}

// maxBrute bounds the solutions of a spec the harness compares.
const maxBrute = 20000

// stopAndResume searches with a state, stops at the first solution, and
// goes on from the state written and read back.
func stopAndResume(p *cover.Problem, b cover.Backend) (int64, error) {
	ctx, cancel := context.WithCancel(context.Background())
	state := &cover.State{}
	par := cover.Parallel{Backend: b, Workers: 1, State: state}
	first, err := par.Solve(ctx, p, func([]int) bool { cancel(); return true })
	cancel()
	if err != nil && !errors.Is(err, context.Canceled) {
		return 0, err
	}
	if err == nil {
		return first.Solutions, nil // done before it could be stopped
	}
	var buf bytes.Buffer
	if err := cover.WriteState(&buf, state); err != nil {
		if errors.Is(err, cover.ErrUnusedState) {
			state = &cover.State{}
		} else {
			return 0, err
		}
	} else if state, err = cover.ReadState(&buf, "state"); err != nil {
		return 0, err
	}
	par.State = state
	st, err := par.Solve(context.Background(), p, nil)
	return st.Solutions, err
}

// bruteForce lists every solution of the puzzle as sorted placement
// numbers, by trying every placement on the first empty cell in turn and
// leaving pieces out at the end, checking each piece's copies itself, and
// on segments that no two pieces cross, by the corner slots they claim
// (Lattice.Claims), where the problem has items of its own for that: it
// reads the placements, not the exact-cover problem.
func bruteForce(pz *compile.Puzzle) [][]int {
	covering := map[compile.Cell][]int{}
	omitOf := map[int]int{} // piece -> its way to be left out
	for i := range pz.NumPlacements() {
		pl := pz.Placement(i)
		if len(pl.Cells) == 0 {
			omitOf[pl.Piece] = i
		}
		for _, c := range pl.Cells {
			covering[c] = append(covering[c], i)
		}
	}
	used := make([]int, len(pz.Pieces))
	taken := map[compile.Cell]bool{}
	claimed := map[string]bool{}
	claims := func(i int) []string {
		if pz.Options.MayCross {
			return nil
		}
		return pz.Lattice.Claims(pz.Placement(i).Cells)
	}
	var out [][]int
	var chosen []int
	var search func()
	search = func() {
		k := slices.IndexFunc(pz.Board, func(c compile.Cell) bool { return !taken[c] })
		if k < 0 {
			left := 0
			for p, pc := range pz.Pieces {
				left += pc.Count - used[p]
			}
			if left != pz.Options.Omit {
				return
			}
			// Every piece of these specs may be left out. A problem
			// that leaves out one piece has a way to leave out each,
			// which the solution takes; one that leaves out more
			// counts them by ranges, without such ways.
			sol := slices.Clone(chosen)
			for p, pc := range pz.Pieces {
				if out, ok := omitOf[p]; ok && pc.Count > used[p] {
					sol = append(sol, out)
				}
			}
			slices.Sort(sol)
			out = append(out, sol)
			return
		}
		for _, i := range covering[pz.Board[k]] {
			pl := pz.Placement(i)
			cl := claims(i)
			if used[pl.Piece] == pz.Pieces[pl.Piece].Count || slices.ContainsFunc(pl.Cells, func(c compile.Cell) bool { return taken[c] }) ||
				slices.ContainsFunc(cl, func(c string) bool { return claimed[c] }) {
				continue
			}
			used[pl.Piece]++
			for _, c := range pl.Cells {
				taken[c] = true
			}
			for _, c := range cl {
				claimed[c] = true
			}
			chosen = append(chosen, i)
			search()
			chosen = chosen[:len(chosen)-1]
			for _, c := range pl.Cells {
				taken[c] = false
			}
			for _, c := range cl {
				claimed[c] = false
			}
			used[pl.Piece]--
		}
	}
	search()
	return out
}
