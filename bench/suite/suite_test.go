package suite

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
)

// workloads are the test's: a tiny problem, and the smallest standard one.
var workloads = []Workload{
	{Name: "ring/8", Want: 1, Load: func() (*cover.Problem, []cover.Symmetry, error) {
		// Dominoes on a ring of eight cells: two tilings, which the
		// rotation by one cell maps onto each other.
		p := cover.NewProblem()
		for i := range 8 {
			p.AddPrimary(fmt.Sprint(i))
		}
		for i := range 8 {
			p.AddOption([]cover.Entry{{Item: int32(i)}, {Item: int32((i + 1) % 8)}})
		}
		var rotations []cover.Symmetry
		for k := range 8 {
			g := make(cover.Symmetry, 8)
			for i := range g {
				g[i] = int32((i + k) % 8)
			}
			rotations = append(rotations, g)
		}
		return p, rotations, nil
	}},
	Standard("../..", "")[2],
}

// TestMain makes the test binary a child of Isolated when asked to.
func TestMain(m *testing.M) {
	if os.Getenv("SUITE_CHILD") != "" {
		if err := Child(context.Background(), workloads, os.Args[len(os.Args)-1], os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestMeasure(t *testing.T) {
	t.Setenv("SUITE_CHILD", "1")
	rep, err := Measure(context.Background(), []string{os.Args[0], "-test.run=^$"}, workloads,
		Options{Backends: []string{"dlx", "algx"}, Workers: []int{0, 2}, Repeat: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 8 {
		t.Fatalf("%d results, want 8", len(rep.Results))
	}
	for _, r := range rep.Results {
		if r.Solutions == 0 || r.Nodes == 0 || r.Wall <= 0 || r.MaxRSS <= 0 {
			t.Errorf("%s: %+v", r.Case, r)
		}
	}
	var md, js bytes.Buffer
	if err := WriteMarkdown(&md, rep); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| workload | backend | workers |", "| queens-12 | algx | 2 | 14200 | 327812 |", "×"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md.String())
		}
	}
	if err := WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Results) != 8 || back.Results[7] != rep.Results[7] {
		t.Errorf("JSON round trip: %v, %+v", err, back)
	}
}

func TestChildErrors(t *testing.T) {
	for _, spec := range []string{"nope/dlx/0", "ring/8/nope/0", "ring/8/dlx/-1", "ring/8/dlx", "ring"} {
		if err := Child(context.Background(), workloads, spec, &bytes.Buffer{}); err == nil {
			t.Errorf("%q: no error", spec)
		}
	}
	bad := []Workload{{Name: "wrong", Want: 3, Load: workloads[0].Load}}
	if err := Child(context.Background(), bad, "wrong/dlx/0", &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "want 3") {
		t.Errorf("a wrong count gave %v", err)
	}
}

func TestParseCase(t *testing.T) {
	for _, c := range []Case{{"ring/8", "dlx", 0}, {"queens-12", "algx", 16}} {
		got, err := ParseCase(c.String())
		if err != nil || got != c {
			t.Errorf("ParseCase(%q) = %+v, %v", c.String(), got, err)
		}
	}
}

func TestCases(t *testing.T) {
	all := slices.DeleteFunc(cover.BackendNames(), func(b string) bool { return b == "sweep" })
	search := Workload{Name: "search"}
	pipsLike := Workload{Name: "pips", Backends: []string{"sums"}, Workers: []int{0}}
	enum := Workload{Name: "enumeration", Backends: []string{NoBackend}, Workers: []int{0}}
	for _, c := range []struct {
		name         string
		w            Workload
		opt          Options
		backends     []string
		workers      []int
		wantBackends []string
		wantWorkers  []int
	}{
		{"search, defaults", search, Options{Workers: []int{0, 1, 2}}, nil, nil, all, []int{0, 1, 2}},
		{"search, chosen", search, Options{Backends: []string{"dlx"}, Workers: []int{2}}, nil, nil, []string{"dlx"}, []int{2}},
		{"pips, defaults", pipsLike, Options{Workers: []int{0, 1, 2}}, nil, nil, []string{"sums"}, []int{0}},
		{"pips, without sums", pipsLike, Options{Backends: []string{"dlx", "algx"}, Workers: []int{0}}, nil, nil, []string{}, []int{0}},
		{"pips, split only", pipsLike, Options{Workers: []int{2}}, nil, nil, []string{"sums"}, []int{}},
		{"enumeration, any backends", enum, Options{Backends: []string{"dlx"}, Workers: []int{0, 2}}, nil, nil, []string{NoBackend}, []int{0}},
	} {
		b, w := cases(c.w, c.opt)
		if !slices.Equal(b, c.wantBackends) || !slices.Equal(w, c.wantWorkers) {
			t.Errorf("%s: backends %v, workers %v; want %v, %v", c.name, b, w, c.wantBackends, c.wantWorkers)
		}
	}
}

// TestSelection checks that Measure leaves out long workloads unless asked
// for, and those the filter does not match, and describes the others.
func TestSelection(t *testing.T) {
	t.Setenv("SUITE_CHILD", "1")
	// The child runs the workloads of TestMain: a long one must have the
	// name of one of them.
	long := workloads[1]
	long.Long = true
	all := []Workload{workloads[0], long}
	for _, c := range []struct {
		name string
		opt  Options
		want []string
	}{
		{"default", Options{}, []string{"ring/8"}},
		{"long", Options{Long: true}, []string{"ring/8", "queens-12"}},
		{"filter", Options{Long: true, Filter: regexp.MustCompile("^qu")}, []string{"queens-12"}},
	} {
		c.opt.Backends, c.opt.Workers = []string{"dlx"}, []int{0}
		rep, err := Measure(context.Background(), []string{os.Args[0], "-test.run=^$"}, all, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rep.Results {
			got = append(got, r.Workload)
		}
		if !slices.Equal(got, c.want) || len(rep.Workloads) != len(c.want) {
			t.Errorf("%s: ran %v, described %v; want %v", c.name, got, rep.Workloads, c.want)
		}
	}
}

// TestStandard prepares every standard workload and runs the quick ones
// that are not plain DLX files, in this process, with the first backend
// each takes: their files are where Standard looks, and their counts are
// right.
func TestStandard(t *testing.T) {
	quick := map[string]bool{"soma-3x3x3-all": true, "tetrasticks-aztec-diamond": true, "hexiamonds-4x10-long-hex": true, "nyt-pips-first": true, "nyt-pips-count": true, "sudoku-top95": true, "sudoku-generate-100": true, "pips-generate-30": true, "polyform-fix-6x10-20": true}
	for _, w := range Standard("../..", "") {
		if _, err := w.prepare(); err != nil {
			t.Errorf("%s: %v", w.Name, err)
			continue
		}
		if !quick[w.Name] || testing.Short() {
			continue
		}
		b, _ := cases(w, Options{Backends: []string{"auto", "sums"}})
		r, err := Run(context.Background(), w, Case{w.Name, b[0], 0})
		if err != nil || r.Solutions != w.Want {
			t.Errorf("%s with %s: %+v, %v", w.Name, b[0], r, err)
		}
	}
}

// TestReferences checks that every hard catalogue workload of issue 14
// with a known count carries Polyform Puzzler's recorded run, and that
// the report sets it beside the fewest nodes and least CPU time of
// polyspec's rows.
func TestReferences(t *testing.T) {
	refs := map[string]Reference{}
	for _, w := range Standard("../..", "") {
		if w.Reference != nil {
			refs[w.Name] = *w.Reference
		}
	}
	for name, searches := range map[string]int64{
		"solid-pentominoes-3x4x5":                   13543443,
		"tetrasticks-6x6":                           16329570,
		"tetrasticks-aztec-diamond":                 649511,
		"one-sided-hexiamonds-hexagram":             893222,
		"polyominoes-12345-diamond-2":               16541490,
		"polyominoes-45-aztec-diamond":              446023279,
		"one-sided-hexiamonds-obeirnes-hexagon":     525721243,
		"one-sided-tetrasticks-5x5-diamond-lattice": 34978750780,
	} {
		if refs[name].Searches != searches {
			t.Errorf("%s: reference %+v, want %d searches", name, refs[name], searches)
		}
	}
	r := Report{
		Results: []Result{
			{Case: Case{"hexagram", "algx", 0}, Solutions: 119, Nodes: 2000000, CPU: 2.5},
			{Case: Case{"hexagram", "dlx", 0}, Solutions: 119, Nodes: 1786444, CPU: 4},
		},
		References: map[string]Reference{"hexagram": {Duration: "0:04:54", Searches: 893222}},
	}
	var b bytes.Buffer
	if err := WriteMarkdown(&b, r); err != nil {
		t.Fatal(err)
	}
	if want := "| hexagram | 0:04:54 | 893222 | 1786444 | 2.000 | 2.500 |"; !strings.Contains(b.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, b.String())
	}
}

// TestSpeedUpAndIdle checks the report's speed-up and idle share of a
// parallel row against figures worked out by hand.
func TestSpeedUpAndIdle(t *testing.T) {
	r := Report{Results: []Result{
		{Case: Case{"w", "algx", 0}, Solutions: 1, CPU: 4, Wall: 4},
		{Case: Case{"w", "algx", 2}, Solutions: 1, CPU: 4, Wall: 2.5},   // 4 of 5 core-seconds used
		{Case: Case{"w", "algx", 1}, Solutions: 1, CPU: 4.2, Wall: 4.1}, // more CPU than wall: none idle
	}}
	var b bytes.Buffer
	if err := WriteMarkdown(&b, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| w | algx | 0 | 1 | 0 | 4.000 | 4.000 |  |  |", "| w | algx | 2 | 1 | 0 | 4.000 | 2.500 | 1.60× | 20% |", "| w | algx | 1 | 1 | 0 | 4.200 | 4.100 | 0.98× | 0% |"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}
