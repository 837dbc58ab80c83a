package record

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A Writer writes solution records in the syntax Read reads, as Polyform
// Puzzler writes them: a "solving NAME:" header, then for each solution a
// "solution N:" line, one line per piece (its cells' coordinates, then its
// name), a blank line, the picture and a blank line.
type Writer struct {
	w      io.Writer
	dims   int
	widths [3]int // each coordinate is zero-padded to its width
}

// NewWriter starts a solution file whose cells are written with dims
// coordinates. The board's cells fix the zero-padding of each coordinate.
func NewWriter(w io.Writer, dims int, board [][3]int) *Writer {
	r := &Writer{w: w, dims: dims}
	for _, c := range board {
		for k := range dims {
			r.widths[k] = max(r.widths[k], len(strconv.Itoa(c[k])))
		}
	}
	return r
}

// Header writes the "solving NAME:" line that opens a file.
func (r *Writer) Header(name string) error {
	_, err := fmt.Fprintf(r.w, "solving %s:\n\n", name)
	return err
}

// Write writes one record: its omitted pieces, then its pieces in order,
// each piece without cells as an omitted one ("! NAME").
func (r *Writer) Write(rec Record) error {
	var b strings.Builder
	fmt.Fprintf(&b, "solution %d:\n", rec.Number)
	for _, name := range rec.Omitted {
		fmt.Fprintf(&b, "! %s\n", name)
	}
	for _, p := range rec.Pieces {
		if len(p.Cells) == 0 {
			fmt.Fprintf(&b, "! %s\n", p.Name)
			continue
		}
		for _, c := range p.Cells {
			for k := range r.dims {
				if k > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "%0*d", r.widths[k], c[k])
			}
			b.WriteByte(' ')
		}
		b.WriteString(p.Name)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	if rec.Picture != "" {
		b.WriteString(rec.Picture + "\n")
	}
	b.WriteByte('\n')
	_, err := io.WriteString(r.w, b.String())
	return err
}
