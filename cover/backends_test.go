package cover_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/cover/dlxfile"
)

// count solves p with the named backend and returns its statistics.
func count(t testing.TB, name string, p *cover.Problem) cover.Stats {
	t.Helper()
	b, err := cover.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	st, err := b.Solve(context.Background(), p, func([]int) bool { return true })
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return st
}

func parse(t testing.TB, name, text string) *cover.Problem {
	t.Helper()
	p, err := dlxfile.Read(strings.NewReader(text), name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func load(t testing.TB, file string) *cover.Problem {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := dlxfile.Read(f, file)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// queens is n-queens with ranks and files primary and diagonals secondary.
func queens(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "r%d c%d ", i, i)
	}
	b.WriteString("|")
	for d := range 2*n - 1 {
		fmt.Fprintf(&b, " a%d b%d", d, d)
	}
	b.WriteString("\n")
	for r := range n {
		for c := range n {
			fmt.Fprintf(&b, "r%d c%d a%d b%d\n", r, c, r+c, r-c+n-1)
		}
	}
	return b.String()
}

// dominoes tiles an n×n board, naming H or V in each option and letting
// the item line allow up to n*n/2 of either.
func dominoes(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "0:%d|H 0:%d|V", n*n/2, n*n/2)
	for y := range n {
		for x := range n {
			fmt.Fprintf(&b, " %d,%d", x, y)
		}
	}
	b.WriteString("\n")
	for y := range n {
		for x := range n {
			if x+1 < n {
				fmt.Fprintf(&b, "H %d,%d %d,%d\n", x, y, x+1, y)
			}
			if y+1 < n {
				fmt.Fprintf(&b, "V %d,%d %d,%d\n", x, y, x, y+1)
			}
		}
	}
	return b.String()
}

func TestKnownCounts(t *testing.T) {
	cases := []struct {
		name string
		prob func(t testing.TB) *cover.Problem
		want int64
	}{
		{"queens8", func(t testing.TB) *cover.Problem { return parse(t, "q8", queens(8)) }, 92},
		{"queens12", func(t testing.TB) *cover.Problem { return parse(t, "q12", queens(12)) }, 14200},
		{"dominoes6x6", func(t testing.TB) *cover.Problem { return parse(t, "d6", dominoes(6)) }, 6728},
		{"pentominoes6x10", func(t testing.TB) *cover.Problem { return load(t, "pentominoes-6x10.dlx") }, 9356},
		{"pentominoes6x10unique", func(t testing.TB) *cover.Problem { return load(t, "pentominoes-6x10-unique.dlx") }, 2339},
	}
	for _, c := range cases {
		p := c.prob(t)
		for _, b := range cover.BackendNames() {
			t.Run(c.name+"/"+b, func(t *testing.T) {
				st := count(t, b, p)
				t.Logf("%+v", st)
				if st.Solutions != c.want {
					t.Errorf("got %d solutions, want %d", st.Solutions, c.want)
				}
			})
		}
	}
}
