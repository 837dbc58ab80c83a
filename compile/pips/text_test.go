package pips

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polyspec/polyspec/grammar"
)

// TestTextGames solves the text games of the Polypips data. Counts come
// from the sums backend without enumerating, and where there are few
// enough, also from dlx by enumerating.
func TestTextGames(t *testing.T) {
	tests := []struct {
		file  string
		count int64 // -1: too many to count in a test
	}{
		{"2x2.txt", 16},
		{"2x2.cfg", 16}, // a game in a configuration's clothes
		{"2x5.txt", 8},
		{"3x3.txt", 32},
		{"4x4.txt", 362880}, // 36 tilings, 8!/(2!·2!) ways to lay the dominoes
		// 2190 tilings by 4 L and 6 I trominoes, times 4!·6! ways to
		// assign the pieces and 2^6 ways to turn the I's end for end.
		{"6x5.txt", 2421964800},
		// The generator wrote this game with other pip tables than the
		// Polypips document's for 4L, 5L, 5U, 5V and 5F (compare its
		// pictures of the pieces with draw_polypips's): with the
		// document's, which the grammar follows, it has no solution.
		{"8x8_minus4.txt", 0},
		{"8x8_minus4_noconstraints.txt", -1},
		{"8x8_mixed_unconstrained.txt", -1},
		{"10x10_mixed_unconstrained.txt", -1},
	}
	for _, tt := range tests {
		path := filepath.Join("testdata/polypips", tt.file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := ReadGame(path, data)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Compile(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		var first []Placement
		if _, err := c.Solve(context.Background(), "", func(sol []Placement) bool { first = sol; return false }); err != nil {
			t.Fatal(err)
		}
		if (first == nil) != (tt.count == 0) {
			t.Errorf("%s: first solution %v, want one: %v", tt.file, first, tt.count != 0)
		}
		if first != nil {
			checkGame(t, g, first)
		}
		if tt.count < 0 {
			continue
		}
		st, err := c.Solve(context.Background(), "", nil)
		if err != nil || st.Solutions != tt.count {
			t.Errorf("%s: counted %d (%v), want %d", tt.file, st.Solutions, err, tt.count)
		}
		if tt.count > 0 && tt.count < 1e6 && c.Regions == nil {
			dlx, err := c.Solve(context.Background(), "dlx", func([]Placement) bool { return true })
			if err != nil || dlx.Solutions != tt.count {
				t.Errorf("%s: dlx enumerated %d (%v), want %d", tt.file, dlx.Solutions, err, tt.count)
			}
		}
	}
}

// TestRules solves a small game under each kind of rule and checks every
// solution, and that the rules went where they belong: only sums on two
// cells or more to the sums backend.
func TestRules(t *testing.T) {
	const board = "board:\n###\n###\n\npieces: 2I:01, 2I:12, 2I:23\n\nconstraints:\n"
	tests := []struct {
		constraints string
		searched    bool // whether the sums backend must check a rule
	}{
		{"", false},
		{"Exactly 1 {(0, 0)}", false},
		{"AllSame Some(2) {(0, 0), (1, 0)}", false},
		{"AllSame None {(0, 0), (0, 1)}", false},
		{"AllDifferent {} {(0, 0), (1, 0), (2, 0)}", false},
		{"AllDifferent {1, 2} {(0, 0), (1, 0)}", false},
		{"LessThan 2 {(0, 0), (1, 0)}", true},
		{"MoreThan 6 {(0, 0), (1, 0), (2, 0)}", true},
		{"Exactly 3 {(0, 0), (0, 1)}\n∅ {(1, 0)}", true},
		{"=1 {(0, 0)}\n≠ {(1, 0), (1, 1)}\n5 {(2, 0), (2, 1)}", true},
	}
	for _, tt := range tests {
		g, err := ReadGame("rules.txt", []byte(board+tt.constraints+"\n"))
		if err != nil {
			t.Fatalf("%q: %v", tt.constraints, err)
		}
		c, err := Compile(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		if (c.Regions != nil) != tt.searched {
			t.Errorf("%q: regions for the sums backend %v, want %v", tt.constraints, c.Regions != nil, tt.searched)
		}
		// Every backend that accepts the game finds the same solutions,
		// and each meets the rules; the count matches enumeration.
		var n int64
		if _, err := c.Solve(context.Background(), "sums", func(sol []Placement) bool { checkGame(t, g, sol); n++; return true }); err != nil {
			t.Fatal(err)
		}
		st, err := c.Solve(context.Background(), "sums", nil)
		if err != nil || st.Solutions != n {
			t.Errorf("%q: counted %d (%v), enumerated %d", tt.constraints, st.Solutions, err, n)
		}
		if brute := bruteCount(g); brute != n {
			t.Errorf("%q: %d solutions, brute force finds %d", tt.constraints, n, brute)
		}
		for _, b := range []string{"dlx", "algx"} {
			st, err := c.Solve(context.Background(), b, nil)
			if tt.searched != (err != nil) || err == nil && st.Solutions != n {
				t.Errorf("%q, %s: %d solutions, %v", tt.constraints, b, st.Solutions, err)
			}
		}
	}
}

// bruteCount counts the solutions of a game by trying every placement of
// every piece in turn, with nothing of the compiler. The tests give it
// distinct pieces: identical ones would be counted once per order.
func bruteCount(g *Game) int64 {
	on := map[grammar.Point]bool{}
	for _, c := range g.Board {
		on[c] = true
	}
	pips := map[grammar.Point]int{}
	owner := map[grammar.Point]int{}
	seen := map[string]bool{}
	var walk func(i int) int64
	walk = func(i int) int64 {
		if i == len(g.Pieces) {
			for _, r := range g.Regions {
				var vals []int
				for _, c := range r.Cells {
					vals = append(vals, pips[c])
				}
				if !r.Rule.Check(vals) {
					return 0
				}
			}
			// A piece turned onto the same pips is one solution: count
			// each board once, by the piece and pips of every cell.
			var b strings.Builder
			for _, c := range g.Board {
				fmt.Fprintf(&b, "%d:%d ", owner[c], pips[c])
			}
			key := b.String()
			if seen[key] {
				return 0
			}
			seen[key] = true
			return 1
		}
		var n int64
		for _, deg := range []string{"", "90", "180", "270"} {
			q := *g.Pieces[i]
			q.Rotation = deg
			for _, anchor := range g.Board {
				cells := q.Cells()
				ok := true
				for _, c := range cells {
					p := grammar.Point{Col: c.Col + anchor.Col, Row: c.Row + anchor.Row}
					_, taken := pips[p]
					ok = ok && on[p] && !taken
				}
				if !ok {
					continue
				}
				for _, c := range cells {
					p := grammar.Point{Col: c.Col + anchor.Col, Row: c.Row + anchor.Row}
					pips[p], owner[p] = c.Pips, i
				}
				n += walk(i + 1)
				for _, c := range cells {
					delete(pips, grammar.Point{Col: c.Col + anchor.Col, Row: c.Row + anchor.Row})
				}
			}
		}
		return n
	}
	return walk(0)
}

func TestReadGameErrors(t *testing.T) {
	const ok = "board:\n##\n\npieces: 2I:01\n\nconstraints:\n"
	tests := []struct {
		text, want string
	}{
		{"", "g.txt:1:1: expected a board: section; found none"},
		{"pieces: 2I:01\n", "g.txt:1:1: expected a board: section; found none"},
		{"hello\n", `g.txt:1:1: expected a section such as board:, pieces: or constraints:; found "hello"`},
		{"board:\n##\n\nstray\n", `g.txt:4:1: expected a section such as board:, pieces: or constraints:; found "stray"`},
		{"board:\n#x\n", `g.txt:2:2: expected '#' for a cell, or ' ' or '.' for none; found 'x'`},
		{"board: ##\n", `g.txt:1:8: expected the board's rows on the lines below board:; found "##"`},
		{"board:\n  \n..\n", "g.txt:1:1: expected a board with '#' cells; found none"},
		{"board:\n##\n", "g.txt:1:1: expected a pieces: section; found none"},
		{"board:\n##\npieces:\n", "g.txt:3:1: expected a value for pieces:; found none"},
		{"board:\n##\npieces: 2I:01\nboard:\n#\n", "g.txt:4:1: expected one board: section; found another (the first is at line 1)"},
		{"board:\n##\npieces: 2I:01,\n 2I:7\n", "g.txt:4:5: expected pips from 0 to 6; found \"7\""},
		{"board:\n##\npieces: 07\n", `g.txt:3:10: expected pips from 0 to 6; found "7"`},
		{"board:\n##\npieces: 4*,5*\n", `g.txt:3:9: expected pieces with pips, such as 2I:01; found the selection rule "4*, 5*" (a generator configuration is not a game)`},
		{"board:\n##\npieces: 4*,X\n", `g.txt:3:9: expected pieces with pips, such as 2I:01; found the selection rule "4*, X" (a generator configuration is not a game)`},
		{"board:\n##\npieces: 2I:01\nseed: 4\n", "g.txt:4:1: expected a game's board:, pieces: and constraints:; found seed: (a generator configuration is not a game)"},
		{ok + "Exactly {(0, 0)}\n", `g.txt:7:9: expected a number after "Exactly"; found "{"`},
		{ok + "<3 {(0, 0),\n", `g.txt:7:12: expected a cell such as (0, 1); found the end of the line`},
		{ok + "  =2 {(0, 0)}\n", ""},
		{ok + "=2 {(2, 0)}\n", "g.txt:7:1: expected cells of the board; found (2, 0), which is not on it"},
		{ok + "=2 {(0, 0)}\n≠ {(1, 0), (0, 0)}\n", "g.txt:8:1: expected each cell in one region; found (0, 0), which the region at line 7 has"},
		{"board:\n###\n\npieces: 2I:01\n", "g.txt:4:1: expected pieces that cover the board's 3 cells; found 1 pieces covering 2"},
	}
	for _, tt := range tests {
		g, err := ReadGame("g.txt", []byte(tt.text))
		if err == nil {
			_, err = Compile(g, 0)
		}
		var ge *grammar.Error
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q: %v", tt.text, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want || !errors.As(err, &ge)):
			t.Errorf("%q:\n got %v\nwant %s", tt.text, err, tt.want)
		}
	}
}

func TestReadGameDominoShorthand(t *testing.T) {
	g, err := ReadGame("g.txt", []byte("board:\n###\n###\n\npieces:\n06,26,\n24\n"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range g.Pieces {
		names = append(names, fmt.Sprintf("%s@%d:%d", p, p.Pos.Line, p.Pos.Column))
	}
	if got := strings.Join(names, " "); got != "2I:06@6:1 2I:26@6:4 2I:24@7:1" {
		t.Errorf("pieces %s", got)
	}
}

func TestReadGameAfterConstraintsIgnored(t *testing.T) {
	text := "board:\n##\n\npieces:\n2I:01\n\nconstraints:\n=1 {(0, 0)}\n\ngame:\nanything at all\n\nsolution:\n┌───┐\n"
	g, err := ReadGame("g.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Regions) != 1 || g.Regions[0].Pos.Line != 8 || g.Pieces[0].Pos.Line != 5 {
		t.Errorf("regions %v, pieces %v", g.Regions, g.Pieces)
	}
}

func FuzzReadGame(f *testing.F) {
	for _, name := range []string{"2x2.txt", "3x3.txt", "8x8_minus4.txt", "2x2.cfg"} {
		data, err := os.ReadFile(filepath.Join("testdata/polypips", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("board:\n#x\n"))
	f.Add([]byte("board:\n##\n##\npieces: 06,26\nconstraints:\n<5 {(0, 0), (1, 0)}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadGame("f.txt", data)
		if err == nil {
			_, err = Compile(g, 0)
		}
		checkFileError(t, "f.txt", data, err)
	})
}

// checkFileError checks that an error from reading the file name is
// positioned inside it and names it.
func checkFileError(t *testing.T, name string, data []byte, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var ge *grammar.Error
	if !errors.As(err, &ge) {
		t.Fatalf("error %v is a %T, not a *grammar.Error", err, err)
	}
	lines := strings.Count(string(data), "\n") + 1
	if ge.Pos.Filename != name || ge.Pos.Line < 1 || ge.Pos.Line > lines || ge.Pos.Column < 1 {
		t.Fatalf("error %v is not positioned in the file of %d lines", err, lines)
	}
}
