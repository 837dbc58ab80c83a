package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/polyspec/polyspec/cmd/internal/outfile"
	"github.com/polyspec/polyspec/compile/puzzler"
	"github.com/polyspec/polyspec/emit"
	"github.com/polyspec/polyspec/internal/infile"
	"github.com/polyspec/polyspec/internal/record"
)

// RenderCmd draws a solution of a saved solution file.
type RenderCmd struct {
	File      string   `arg:"" help:"Solution file: polyspec's records (solve's text output) or one of Polyform Puzzler's."`
	StopAfter int      `short:"n" name:"stop-after" default:"1" placeholder:"N" help:"Draw solution N, the Nth record of the file."`
	Lattice   string   `placeholder:"NAME" predictor:"lattice" help:"The file's lattice: ${lattice_words} (default: guessed from the coordinates and the picture, the family folder deciding between equals)."`
	Pictures  Pictures `embed:""`
}

func (c *RenderCmd) Run(e *env) error {
	if !c.Pictures.wanted() {
		return errors.New("render: nothing to draw: give --svg, --png, --x3d or --gltf")
	}
	if err := c.Pictures.check(); err != nil {
		return err
	}
	f, err := infile.Open(c.File, infile.SolutionBytes, "a solution file")
	if err != nil {
		return err
	}
	recs, err := record.Read(f, c.File, c.StopAfter)
	f.Close()
	if err != nil {
		return err
	}
	if len(recs) < c.StopAfter {
		return fmt.Errorf("%s: has %d solution records, not %d", c.File, len(recs), c.StopAfter)
	}
	rec := recs[c.StopAfter-1]
	lattice := c.Lattice
	if lattice == "" {
		abs, _ := filepath.Abs(c.File)
		guesses := puzzler.Guess(rec, filepath.Base(filepath.Dir(abs)))
		if len(guesses) == 0 {
			return fmt.Errorf("%s: solution %d: its coordinates fit no lattice; say which with --lattice", c.File, rec.Number)
		}
		lattice = guesses[0].Name()
	}
	pieces := make([]emit.Placed, len(rec.Pieces))
	for i, p := range rec.Pieces {
		pieces[i] = emit.Placed{Name: p.Name, Cells: p.Cells}
	}
	return c.Pictures.write(e.stdout, func(format string, w io.Writer) error {
		return emit.Draw(w, format, lattice, pieces, c.Pictures.size())
	})
}

// Pictures are the drawing outputs of solve and render, each to a file or
// with "-" to standard output.
type Pictures struct {
	SVG     string `name:"svg" placeholder:"FILE" group:"pictures" help:"Draw the first solution (the Nth with -n N) as SVG (-: standard output)."`
	PNG     string `name:"png" placeholder:"FILE" group:"pictures" help:"Draw the solution as a PNG image."`
	PNGSize *int   `name:"png-size" placeholder:"PIXELS" group:"pictures" help:"The PNG's longer side (default 480)."`
	X3D     string `name:"x3d" placeholder:"FILE" group:"pictures" help:"Draw a polycube solution as an X3D scene, one box per cube."`
	GLTF    string `name:"gltf" placeholder:"FILE" group:"pictures" help:"Draw the solution as a glTF 2.0 model (one .gltf file, data embedded)."`

	// What solve draws: solution number, and its pieces once found.
	number int
	drawn  *emit.Solution
	stdout io.Writer
}

func (p *Pictures) outputs() []string { return []string{p.SVG, p.PNG, p.X3D, p.GLTF} }

// size is the PNG's longer side.
func (p *Pictures) size() int {
	if p.PNGSize != nil {
		return *p.PNGSize
	}
	return 480
}

func (p *Pictures) wanted() bool {
	return slices.ContainsFunc(p.outputs(), func(s string) bool { return s != "" })
}

// check refuses, before a search, --png-size without the --png picture it
// sizes or beyond MaxPNGSize, and a picture file that cannot be written.
func (p *Pictures) check() error {
	if p.PNGSize != nil {
		if p.PNG == "" {
			return errors.New("--png-size sets the size of the --png picture: give --png too")
		}
		if *p.PNGSize < 1 || *p.PNGSize > MaxPNGSize {
			return fmt.Errorf("--png-size %d: want from 1 to %d pixels", *p.PNGSize, MaxPNGSize)
		}
	}
	for _, f := range []struct{ flag, path string }{{"--svg", p.SVG}, {"--png", p.PNG}, {"--x3d", p.X3D}, {"--gltf", p.GLTF}} {
		if f.path == "" || f.path == "-" {
			continue
		}
		if err := outfile.Check(f.path); err != nil {
			return fmt.Errorf("%s %s: %w", f.flag, f.path, err)
		}
	}
	return nil
}

// MaxPNGSize bounds --png-size: a PNG of 8192 pixels a side takes 256 MB
// to draw.
const MaxPNGSize = 8192

// toStdout reports whether a picture goes to standard output.
func (p *Pictures) toStdout() bool { return slices.Contains(p.outputs(), "-") }

// write draws a picture in every format asked for. Each file is drawn in
// full before it is written, so a failure leaves no half file.
func (p *Pictures) write(stdout io.Writer, draw func(format string, w io.Writer) error) error {
	n := 0
	for _, o := range p.outputs() {
		if o == "-" {
			n++
		}
	}
	if n > 1 {
		return errors.New("only one picture can go to standard output (-)")
	}
	for i, format := range []string{"svg", "png", "x3d", "gltf"} {
		file := p.outputs()[i]
		if file == "" {
			continue
		}
		var b bytes.Buffer
		if err := draw(format, &b); err != nil {
			return err
		}
		if file == "-" {
			if _, err := stdout.Write(b.Bytes()); err != nil {
				return err
			}
			continue
		}
		if err := outfile.Write(file, b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// forSolve prepares solve to draw: it stops the search at the solution to
// draw, the first or --stop-after's (unless count asks for them all), and
// when a picture goes to standard output it keeps the solutions' text off
// it.
func (p *Pictures) forSolve(e *env, stopAfter int, count bool) (*env, int) {
	if !p.wanted() {
		return e, stopAfter
	}
	p.number = max(stopAfter, 1)
	p.stdout = e.stdout
	if p.toStdout() {
		quiet := *e
		quiet.stdout = io.Discard
		e = &quiet
	}
	if count {
		return e, stopAfter
	}
	return e, p.number
}

// capture wraps solve's handler of each solution so that it also keeps the
// one to draw.
func (p *Pictures) capture(found func(int, []int), solution func([]int) emit.Solution) func(int, []int) {
	if !p.wanted() {
		return found
	}
	return func(n int, sol []int) {
		if n == p.number {
			s := solution(sol)
			p.drawn = &s
		}
		if found != nil {
			found(n, sol)
		}
	}
}

// finish draws what solve captured.
func (p *Pictures) finish(j *job) error {
	if !p.wanted() {
		return nil
	}
	if p.drawn == nil {
		return fmt.Errorf("no solution %d to draw", p.number)
	}
	return p.write(p.stdout, func(format string, w io.Writer) error { return j.Draw(format, w, *p.drawn, p.size()) })
}
