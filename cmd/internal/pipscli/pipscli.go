// Package pipscli is the command-line side of Pips and Polypips games,
// shared by solve_polypips, generate_polypips and polyspec: it recognises
// the input formats, reads a file, solves or counts its games, and prints
// them; and it generates games from a configuration and flags.
package pipscli

import (
	"context"
	"errors"
	"fmt"
	"github.com/polyspec/polyspec/emit"
	"io"
	"os"
	"path/filepath"
	"regexp"

	"github.com/polyspec/polyspec/compile/pips"
)

// A Format is an input format this package reads.
type Format int

const (
	// None is any other file.
	None Format = iota
	// Text is a Polypips game as the generator writes it (board:,
	// pieces:, constraints:) or one of the text games.
	Text
	// NYT is a NYT Pips file in JSON.
	NYT
)

// firstHeader matches a text game's first line.
var firstHeader = regexp.MustCompile(`^\s*board:`)

// Detect tells from a file's name and first bytes (512 are plenty) whether
// it is a game this package reads. Every .json file is taken for a NYT
// one, so that a broken one hears what is wrong with it as a NYT file.
func Detect(name string, head []byte) Format {
	switch {
	case filepath.Ext(name) == ".json":
		return NYT
	case firstHeader.Match(head):
		return Text
	}
	return None
}

// DetectFile is Detect on a file's first bytes; a file it cannot read is
// None.
func DetectFile(path string) Format {
	f, err := os.Open(path)
	if err != nil {
		return None
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return Detect(path, head[:n])
}

// Options say what Run does.
type Options struct {
	// Count prints the number of solutions instead of the first one.
	Count bool
	// ShowGame prints the game first: the board with its regions, then
	// every piece.
	ShowGame bool
	// Backend names the search backend; "" and "auto" mean
	// pips.DefaultBackend, the one backend that suits every game.
	Backend string
	// Difficulty picks the puzzle of a NYT file: easy, medium or hard;
	// "" solves all three in turn.
	Difficulty string
	// SVG, when set, also receives the first solution drawn as SVG.
	SVG io.Writer
}

// Run reads the games of a file, solves each, and prints the result. It
// reports whether every game has a solution. An error is the file's (it
// names the file, line and column), a bad option, or a cancelled search.
func Run(ctx context.Context, w io.Writer, path string, opts Options) (solved bool, err error) {
	games, err := Load(path, opts.Difficulty)
	if err != nil {
		return false, err
	}
	backend := opts.Backend
	if backend == "" || backend == "auto" {
		backend = pips.DefaultBackend
	}
	solved = true
	for _, g := range games {
		if len(games) > 1 {
			fmt.Fprintf(w, "%s:\n", g.Name)
		}
		ok, err := solve(ctx, w, g, backend, opts)
		if err != nil {
			return false, err
		}
		solved = solved && ok
	}
	return solved, nil
}

// Load reads the games of a file: one for a text game, the chosen
// difficulty's or all three for a NYT file.
func Load(path string, difficulty string) ([]*pips.Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if Detect(path, data) != NYT {
		if difficulty != "" {
			return nil, fmt.Errorf("%s: --difficulty is for NYT files, and this is not one", path)
		}
		g, err := pips.ReadGame(path, data)
		if err != nil {
			return nil, err
		}
		return []*pips.Game{g}, nil
	}
	levels := pips.Difficulties
	if difficulty != "" {
		levels = []string{difficulty}
	}
	var games []*pips.Game
	for _, d := range levels {
		g, err := pips.ReadNYT(path, data, d)
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	return games, nil
}

// solve compiles, solves and prints one game, and reports whether it has a
// solution.
func solve(ctx context.Context, w io.Writer, g *pips.Game, backend string, opts Options) (bool, error) {
	c, err := pips.Compile(g)
	if err != nil {
		return false, err
	}
	if opts.ShowGame {
		if err := pips.DrawGame(w, g); err != nil {
			return false, err
		}
		fmt.Fprintln(w, "solution:")
	}
	if opts.Count {
		st, err := c.Solve(ctx, backend, nil)
		if errors.Is(err, context.Canceled) {
			// What was counted before Ctrl-C: at least that many.
			fmt.Fprintf(w, "%d solutions so far\n", st.Solutions)
		}
		if err != nil {
			return false, err
		}
		fmt.Fprintf(w, "%d solutions\n", st.Solutions)
		return st.Solutions > 0, nil
	}
	var first []pips.Placement
	if _, err := c.Solve(ctx, backend, func(p []pips.Placement) bool {
		first = p
		return false
	}); err != nil {
		return false, err
	}
	if first == nil {
		fmt.Fprintln(w, "no solution")
		return false, nil
	}
	if err := pips.DrawSolution(w, first); err != nil {
		return false, err
	}
	if opts.SVG != nil {
		return true, emit.PipsSVG(opts.SVG, pipsBoard(g, first))
	}
	return true, nil
}
