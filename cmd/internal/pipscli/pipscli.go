// Package pipscli is the command-line side of Pips and Polypips games,
// shared by solve_polypips, generate_polypips and polyspec: it recognises
// the input formats and makes a file's games into a job of the solve
// pipeline, which prints and draws them; and it generates games from a
// configuration and flags.
//
// Start reading at Detect and Load (this file), which recognise a file's
// format and make its games a job; print.go turns solutions into box
// art, draw.go and generate.go are the draw and generate commands, and
// parse.go reads their command lines.
package pipscli

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/polyspec/polyspec/cmd/internal/pipeline"
	"github.com/polyspec/polyspec/compile/pips"
	"github.com/polyspec/polyspec/cover"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/internal/infile"
	"github.com/polyspec/polyspec/spec"
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
	// Spec is a spec file (TOML or YAML) of kind "pips".
	Spec
)

// specExts are the names of spec files, which are games when their kind
// says so.
var specExts = []string{".toml", ".yaml", ".yml"}

// firstHeader matches a text game's first line.
var firstHeader = regexp.MustCompile(`^\s*board:`)

// Detect tells from a file's name and first bytes (512 are plenty; a
// spec's whole text) whether it is a game this package reads. The name
// decides first: every .json file is taken for a NYT one, so that a broken
// one hears what is wrong with it as a NYT file; a spec (.toml, .yaml,
// .yml) is a game when it parses as a spec of kind "pips", whatever its
// first line says (a YAML spec may well start with "board:"); a DLX file
// never is. Only a file with another name is told by its first line,
// after any byte order mark.
func Detect(name string, head []byte) Format {
	ext := strings.ToLower(filepath.Ext(name))
	switch {
	case ext == ".json":
		return NYT
	case slices.Contains(specExts, ext):
		if s, err := spec.Parse(name, head); err == nil && s.Kind.V == "pips" {
			return Spec
		}
		return None
	case ext == ".dlx":
		return None
	}
	if firstHeader.Match(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))) {
		return Text
	}
	return None
}

// DetectFile is Detect on a file's first bytes; a file it cannot read is
// None.
func DetectFile(path string) Format {
	f, err := infile.Open(path, infile.GameBytes, "a Pips game")
	if err != nil {
		return None
	}
	defer f.Close()
	size := 512
	if slices.Contains(specExts, strings.ToLower(filepath.Ext(path))) {
		size = infile.SpecBytes
	}
	head := make([]byte, size)
	n, _ := io.ReadFull(f, head)
	return Detect(path, head[:n])
}

// Options say how Load makes a job of a file's games.
type Options struct {
	// Count prints the number of solutions after each game's.
	Count bool
	// ShowGame prints the game first: the board with its regions, then
	// every piece.
	ShowGame bool
	// Backend names the search backend; "auto" means pips.DefaultBackend,
	// the one backend that suits every game, which auto knows nothing of.
	Backend string
	// Difficulty picks the puzzle of a NYT file: easy, medium or hard;
	// "" solves all three in turn.
	Difficulty string
	// MaxPlacements bounds each game's placements (see pips.Compile);
	// 0 sets no limit.
	MaxPlacements int
}

// LimitFlags are the limits of solve_polypips and generate_polypips, as
// polyspec's global flags of the same names set them (docs/limits.md).
// Parse sets the kong variable of their default.
type LimitFlags struct {
	MaxPlacements int `name:"max-placements" default:"${max_placements}" placeholder:"N" help:"Refuse a game whose pieces have more placements on the board, each an option of the solver's problem that takes memory (default ${default}; 0: no limit). Generating builds that problem only for --unique."`
}

// Load reads the games of a file, one for a text game, the chosen
// difficulty's or all three for a NYT file, and makes a job of them: each
// solution printed as box art, with the game first for ShowGame, and
// either the count after it or "no solution" when there is none; pictures
// are SVG. An error is the file's; it names the file, line and column.
func Load(path string, opts Options) (*pipeline.Job, error) {
	games, err := read(path, opts.Difficulty)
	if err != nil {
		return nil, err
	}
	var sums cover.Backend
	if opts.Backend == "auto" {
		if sums, err = cover.Lookup(pips.DefaultBackend); err != nil {
			return nil, err
		}
	}
	j := &pipeline.Job{}
	game := map[*pipeline.Part]*pips.Game{}
	for _, g := range games {
		c, err := pips.Compile(g, opts.MaxPlacements)
		if err != nil {
			return nil, err
		}
		pt := &pipeline.Part{Title: g.Name, Problem: c.Problem, Regions: c.Regions, Backend: sums, Solution: func(sol []int) emit.Solution {
			var s emit.Solution
			for _, p := range c.Placements(sol) {
				pl := emit.Placed{Name: g.Pieces[p.Piece].String()}
				for _, cell := range p.Cells {
					pl.Cells = append(pl.Cells, [3]int{cell.Col, cell.Row})
					pl.Pips = append(pl.Pips, cell.Pips)
				}
				s.Pieces = append(s.Pieces, pl)
			}
			return s
		}}
		game[pt] = g
		j.Parts = append(j.Parts, pt)
	}
	j.Text = pipeline.Printer{
		Start: func(w io.Writer, pt *pipeline.Part) error {
			if len(j.Parts) > 1 {
				fmt.Fprintf(w, "%s:\n", pt.Title)
			}
			if !opts.ShowGame {
				return nil
			}
			if err := pips.DrawGame(w, game[pt]); err != nil {
				return err
			}
			_, err := fmt.Fprintln(w, "solution:")
			return err
		},
		Solution: func(w io.Writer, s emit.Solution) error {
			if s.Number > 1 {
				fmt.Fprintln(w)
			}
			return pips.DrawSolution(w, placements(s))
		},
		End: func(w io.Writer, _ *pipeline.Part, sum emit.Summary) (err error) {
			switch {
			case opts.Count:
				_, err = fmt.Fprintf(w, "%d solutions\n", sum.Solutions)
			case sum.Solutions == 0:
				_, err = fmt.Fprintln(w, "no solution")
			}
			return err
		},
		// An interrupted search says how far it got: at least that many.
		Close: func(w io.Writer, total emit.Summary) error {
			if !total.Interrupted {
				return nil
			}
			_, err := fmt.Fprintf(w, "%d solutions so far\n", total.Solutions)
			return err
		},
	}
	j.Draw = func(_ string, w io.Writer, s emit.Solution, _ int) error {
		return emit.PipsSVG(w, board(games[0], placements(s)))
	}
	return j, nil
}

// read reads the games of a file.
// ReadOne reads the game of the given difficulty ("" for the first) of a
// NYT file, or the one game of a text game or a spec, which have no
// difficulty.
func ReadOne(name string, data []byte, difficulty string) (*pips.Game, error) {
	f := Detect(name, data)
	switch f {
	case None:
		return nil, fmt.Errorf("%s: not a Pips game (an NYT .json file, a text game starting with board:, or a spec of kind \"pips\")", name)
	case NYT:
		if difficulty == "" {
			difficulty = pips.NYTLevels(data)[0]
		}
		return pips.ReadNYT(name, data, difficulty)
	}
	return readOne(name, data, f)
}

// readOne reads a game of format f that holds one.
func readOne(name string, data []byte, f Format) (*pips.Game, error) {
	if f == Spec {
		s, err := spec.Parse(name, data)
		if err != nil {
			return nil, err
		}
		return pips.FromSpec(s)
	}
	return pips.ReadGame(name, data)
}

func read(path string, difficulty string) ([]*pips.Game, error) {
	data, err := infile.ReadFile(path, infile.GameBytes, "a Pips game")
	if err != nil {
		return nil, err
	}
	if f := Detect(path, data); f != NYT {
		if difficulty != "" {
			return nil, fmt.Errorf("%s: --difficulty is for NYT files, and this is not one", path)
		}
		g, err := readOne(path, data, f)
		if err != nil {
			return nil, err
		}
		return []*pips.Game{g}, nil
	}
	levels := pips.NYTLevels(data)
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
