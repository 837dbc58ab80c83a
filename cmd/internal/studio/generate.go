package studio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/cmd/internal/genspec"
	"github.com/polyspec/polyspec/compile"
	"github.com/polyspec/polyspec/compile/polygen"
	"github.com/polyspec/polyspec/compile/sudoku"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/polyspec/polyspec/spec"
)

// A specGenerateRequest asks for a puzzle with one solution, as polyspec
// generate makes it: a plain Sudoku of a size, or one from a spec (the
// editor's text, or a catalogue puzzle by name): a Sudoku spec's blocks
// and groups with new givens, a polyform spec's board with pieces fixed,
// or with Shape a new board for its pieces.
type specGenerateRequest struct {
	specRequest
	// Catalogue names a catalogue puzzle to start from, in place of the
	// text: its output then names it as the command line does.
	Catalogue string `json:"catalogue"`
	// Sudoku is a plain Sudoku's size, NxN, as --sudoku.
	Sudoku   string `json:"sudoku"`
	Symmetry string `json:"symmetry"`
	Seed     string `json:"seed"`
	Shape    bool   `json:"shape"`
}

// A generatedSpec is the spec made, named for the editor.
type generatedSpec struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// generate makes a puzzle with one solution within the studio's time
// limit, by the code of polyspec generate, and answers with its spec: the
// same bytes as the command line's for the same request and seed.
func (s *Server) generate(w http.ResponseWriter, r *http.Request) {
	var req specGenerateRequest
	if !decode(w, r, &req) {
		return
	}
	seed := uint64(1)
	if req.Seed != "" {
		n, err := strconv.ParseUint(req.Seed, 10, 64)
		if err != nil {
			fail(w, fmt.Errorf("seed %q: expected a whole number from 0 to %d", req.Seed, uint64(1<<64-1)))
			return
		}
		seed = n
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.MaxTime)
	defer cancel()
	var out *generatedSpec
	var err error
	if req.Sudoku != "" {
		out, err = s.generatePlainSudoku(ctx, req, seed)
	} else {
		out, err = s.generateFromSpec(ctx, w, req, seed)
		if out == nil && err == nil {
			return // answered with the spec's problem
		}
	}
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("no puzzle within the studio's time limit of %v (start it with a larger --max-time)", s.limits.MaxTime)
		}
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// generatePlainSudoku makes a Sudoku of a size, as --sudoku NxN.
func (s *Server) generatePlainSudoku(ctx context.Context, req specGenerateRequest, seed uint64) (*generatedSpec, error) {
	if req.Shape {
		return nil, errors.New("a board (shape) is for polyform specs, not Sudoku")
	}
	n, err := genspec.SudokuSize("size", req.Sudoku)
	if err != nil {
		return nil, err
	}
	if s.limits.MaxCells > 0 && n*n > s.limits.MaxCells {
		return nil, fmt.Errorf("a %dx%d grid's %d cells are over the studio's limit of %d (--max-cells)", n, n, n*n, s.limits.MaxCells)
	}
	src, err := genspec.PlainSudoku(n, "size "+req.Sudoku, "polyspec generate --sudoku "+req.Sudoku)
	if err != nil {
		return nil, err
	}
	return generateSudoku(ctx, src, req.Symmetry, seed, fmt.Sprintf("generated-sudoku-%dx%d-seed-%d.toml", n, n, seed))
}

// generateSudoku makes a Sudoku and writes its spec.
func generateSudoku(ctx context.Context, src *genspec.Sudoku, symmetry string, seed uint64, name string) (*generatedSpec, error) {
	opt := sudoku.GenerateOptions{Seed: seed}
	if symmetry != "" {
		var err error
		if opt.Symmetry, err = sudoku.ParseSymmetry(symmetry); err != nil {
			return nil, err
		}
	}
	g, err := src.Layout.Generate(ctx, src.Start, opt)
	if errors.Is(err, sudoku.ErrNoGrid) {
		err = fmt.Errorf("%w: its givens, blocks and groups leave no solution", err)
	}
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := genspec.WriteSudoku(&b, src, g, opt); err != nil {
		return nil, err
	}
	return &generatedSpec{Name: name, Text: b.String()}, nil
}

// generateFromSpec makes a puzzle from the request's spec, by its kind. A
// problem in the spec is answered here, at its line and column, and both
// results are nil.
func (s *Server) generateFromSpec(ctx context.Context, w http.ResponseWriter, req specGenerateRequest, seed uint64) (*generatedSpec, error) {
	source := req.Name
	if req.Catalogue != "" {
		name := strings.TrimSuffix(req.Catalogue, path.Ext(req.Catalogue))
		e, ok := puzzles.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("no catalogue puzzle named %s", name)
		}
		data, err := fs.ReadFile(puzzles.FS, e.Path)
		if err != nil {
			return nil, err
		}
		req.specRequest, source = specRequest{Name: path.Base(e.Path), Text: string(data)}, name
	}
	sp, pz, prob := s.compileSpec(req.specRequest)
	if prob != nil {
		writeJSON(w, http.StatusBadRequest, prob)
		return nil, nil
	}
	base := strings.TrimSuffix(path.Base(req.Name), path.Ext(req.Name))
	if base == "" || base == "." || base == "/" {
		base = "untitled"
	}
	if sp.Kind.V == "sudoku" {
		if req.Shape {
			return nil, errors.New("a board (shape) is for polyform specs: this spec is a Sudoku")
		}
		src, err := genspec.SpecSudoku(sp, "polyspec generate "+source)
		if err != nil {
			writeJSON(w, http.StatusBadRequest, specProblem(err))
			return nil, nil
		}
		return generateSudoku(ctx, src, req.Symmetry, seed, fmt.Sprintf("generated-%s-seed-%d.toml", base, seed))
	}
	if req.Symmetry != "" && req.Symmetry != "none" {
		return nil, errors.New("a symmetry is for Sudoku, not polyform specs")
	}
	if err := genspec.UnsupportedKeys(sp); err != nil {
		writeJSON(w, http.StatusBadRequest, specProblem(err))
		return nil, nil
	}
	opt := polygen.Options{Seed: seed}
	var b bytes.Buffer
	if req.Shape {
		if err := generateBoard(ctx, &b, sp, pz, source, opt); err != nil {
			return nil, err
		}
		return &generatedSpec{Name: fmt.Sprintf("generated-%s-board-seed-%d.toml", base, seed), Text: b.String()}, nil
	}
	f, err := polygen.FixPieces(ctx, pz, 0, opt)
	if errors.Is(err, polygen.ErrNoSolution) {
		err = fmt.Errorf("%s: %w, so no pieces can be fixed to make one", source, err)
	}
	if err != nil {
		return nil, err
	}
	if err := genspec.WriteFixed(&b, sp, pz.Lattice, f, source, seed); err != nil {
		return nil, err
	}
	return &generatedSpec{Name: fmt.Sprintf("generated-%s-seed-%d.toml", base, seed), Text: b.String()}, nil
}

// generateBoard searches a board that the spec's pieces tile one way
// only, from the spec's board, as generate --shape does.
func generateBoard(ctx context.Context, b *bytes.Buffer, sp *spec.Spec, pz *compile.Puzzle, source string, opt polygen.Options) error {
	if err := genspec.CanReshape(sp); err != nil {
		return fmt.Errorf("%s: %w", source, err)
	}
	bd, err := polygen.FindBoard(ctx, pz, nil, polygen.BoardOptions{Options: opt})
	if err != nil {
		return fmt.Errorf("%s: %w", source, err)
	}
	return genspec.WriteBoard(b, sp, pz.Lattice, bd, fmt.Sprintf("%s --shape --seed %d", source, opt.Seed), genspec.StartOf(bd, "the spec's board"), opt.Seed)
}
