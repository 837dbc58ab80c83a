package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
)

// problem is one item covered by n options: n solutions of one option.
func problem(n int) *cover.Problem {
	p := cover.NewProblem()
	it := int32(p.AddPrimary("x"))
	for range n {
		p.AddOption([]cover.Entry{{Item: it}})
	}
	return p
}

// search solves a part with dlx, numbering solutions from 1, and stops
// (as Ctrl-C would) on a part titled "stop".
func search(t *testing.T) Search {
	b, err := cover.Lookup("dlx")
	if err != nil {
		t.Fatal(err)
	}
	return func(pt *Part, print func(int, []int)) (emit.Summary, error) {
		if pt.Title == "stop" {
			return emit.Summary{Interrupted: true}, nil
		}
		n := 0
		st, err := pt.Solve(context.Background(), b, nil, func(sol []int) bool {
			n++
			print(n, sol)
			return true
		})
		return emit.Summary{Solutions: st.Solutions, Searches: st.Nodes, Limited: pt.Title == "b"}, err
	}
}

func TestRun(t *testing.T) {
	part := func(title string, n int) *Part {
		return &Part{Title: title, Problem: problem(n), Solution: func(sol []int) emit.Solution {
			return emit.Solution{Options: []string{fmt.Sprint(sol)}}
		}}
	}
	out := Printer{
		Start: func(w io.Writer, pt *Part) error { _, err := fmt.Fprintf(w, "[%s]", pt.Title); return err },
		Solution: func(w io.Writer, s emit.Solution) error {
			_, err := fmt.Fprintf(w, " %s#%d=%s", s.Puzzle, s.Number, s.Options[0])
			return err
		},
		End: func(w io.Writer, pt *Part, sum emit.Summary) error {
			_, err := fmt.Fprintf(w, " %d;", sum.Solutions)
			return err
		},
	}
	tests := []struct {
		name     string
		parts    []*Part
		want     string
		total    int64
		unsolved bool
		limited  bool
	}{
		{"one part has no puzzle title", []*Part{part("a", 2)}, "[a] #1=[0] #2=[1] 2;", 2, false, false},
		{"several parts name theirs", []*Part{part("a", 1), part("b", 0)}, "[a] a#1=[0] 1;[b] 0;", 1, true, true},
		{"an interrupted part ends the run without its end", []*Part{part("a", 1), part("stop", 1), part("c", 1)}, "[a] a#1=[0] 1;[stop]", 1, true, false},
	}
	for _, tt := range tests {
		var w strings.Builder
		j := &Job{Parts: tt.parts}
		total, unsolved, err := j.Run(&w, out, search(t))
		if err != nil || w.String() != tt.want || total.Solutions != tt.total || unsolved != tt.unsolved || total.Limited != tt.limited {
			t.Errorf("%s: %q, %d solutions, unsolved %v, limited %v, %v; want %q, %d, %v, %v",
				tt.name, w.String(), total.Solutions, unsolved, total.Limited, err, tt.want, tt.total, tt.unsolved, tt.limited)
		}
	}
}

func TestRunError(t *testing.T) {
	bad := errors.New("disk full")
	j := &Job{Parts: []*Part{{Problem: problem(1), Solution: func([]int) emit.Solution { return emit.Solution{} }}}}
	out := Printer{Solution: func(io.Writer, emit.Solution) error { return bad }}
	if _, _, err := j.Run(io.Discard, out, search(t)); !errors.Is(err, bad) {
		t.Errorf("Run = %v; want the printer's error", err)
	}
}
