// Package dlxfile reads and writes exact-cover problems in the text format
// of Knuth's DLX programs, extended as in DLX2 (colours) and DLX3
// (multiplicities):
//
//	| a line that starts with a bar is a comment
//	2|a 0:3|b c | x y     primaries (optionally lo:hi| or n|), bar, secondaries
//	a c x:red             one option per line; colours only on secondaries
//	a b y
//
// Blank lines are ignored. Names and colours are runs of characters other
// than spaces, tabs, ':' and '|'.
//
// Start reading at Read (this file); write.go writes the same format.
package dlxfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/polyspec/polyspec/cover"
)

// An Error is a problem with the input, at a 1-based line and byte column.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

// Error formats the error as file:line:col: message.
func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// A token is a word of a line and the column it starts at.
type token struct {
	text string
	col  int
}

type reader struct {
	file  string
	line  int
	p     *cover.Problem
	inOpt []int // the line number of the option that last used each item
	ents  []cover.Entry
	// maxOptions bounds the options read (0: no bound).
	maxOptions int
}

func (r *reader) errorf(col int, format string, args ...any) error {
	return &Error{File: r.file, Line: r.line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// Read parses a problem; filename only labels error messages.
func Read(in io.Reader, filename string) (*cover.Problem, error) {
	return ReadLimit(in, filename, 0)
}

// ReadLimit is Read with a bound on the options, as polyspec's
// --max-placements bounds a spec's: an option past maxOptions is an error
// at its line, before the rest of the file is read (0: no bound).
func ReadLimit(in io.Reader, filename string, maxOptions int) (*cover.Problem, error) {
	r := &reader{file: filename, maxOptions: maxOptions}
	br := bufio.NewReader(in)
	var toks []token
	var buf []byte
	for {
		var err error
		buf, err = readLine(br, buf[:0])
		line := string(buf)
		if errors.Is(err, errLongLine) {
			r.line++
			return nil, r.errorf(1, "a line longer than %d bytes, the limit (not a DLX file?)", MaxLine)
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: %w", filename, err)
		}
		if line == "" && err != nil {
			break
		}
		r.line++
		if line[0] == '|' {
			continue
		}
		if toks = split(line, toks[:0]); len(toks) == 0 {
			continue
		}
		var perr error
		if r.p == nil {
			perr = r.items(toks)
		} else {
			perr = r.option(toks)
		}
		if perr != nil {
			return nil, perr
		}
	}
	if r.p == nil {
		r.line++
		return nil, r.errorf(1, "expected the item line, found end of file")
	}
	return r.p, nil
}

// MaxLine bounds a line of a DLX file: an item line of a million items
// has a few megabytes. A longer line (a file of zeros, one that is no
// DLX file) is refused when it passes the bound, not held whole up to
// the file's own limit.
const MaxLine = 16 << 20

var errLongLine = errors.New("line too long")

// readLine appends the next line of br, with its newline, to buf, up to
// MaxLine bytes.
func readLine(br *bufio.Reader, buf []byte) ([]byte, error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > MaxLine {
			return buf, errLongLine
		}
		buf = append(buf, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return buf, err
		}
	}
}

// split appends the words of line to toks.
func split(line string, toks []token) []token {
	start := -1
	for i := 0; i <= len(line); i++ {
		if i == len(line) || isSpace(line[i]) {
			if start >= 0 {
				toks = append(toks, token{line[start:i], start + 1})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return toks
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// validName reports whether s can be written as a name or colour.
func validName(s string) bool {
	if s == "" || strings.ContainsAny(s, ":|") {
		return false
	}
	for i := range len(s) {
		if isSpace(s[i]) {
			return false
		}
	}
	return true
}

// items parses the item line.
func (r *reader) items(toks []token) error {
	p := cover.NewProblem()
	secondary := false
	for _, t := range toks {
		if t.text == "|" {
			if secondary {
				return r.errorf(t.col, "expected a secondary item name, found a second '|'")
			}
			if len(p.Items) == 0 {
				return r.errorf(t.col, "expected a primary item name before '|'")
			}
			secondary = true
			continue
		}
		it := cover.Item{Name: t.text, Secondary: secondary, Lo: 1, Hi: 1}
		col := t.col
		if bar := strings.IndexByte(t.text, '|'); bar >= 0 {
			if secondary {
				return r.errorf(t.col, "expected a secondary item name, found multiplicity %q (only primary items have one)", t.text[:bar+1])
			}
			var err error
			if it.Lo, it.Hi, err = r.bounds(t.text[:bar], t.col); err != nil {
				return err
			}
			it.Name = t.text[bar+1:]
			col += bar + 1
		}
		if secondary {
			it.Lo, it.Hi = 0, 0
		}
		if !validName(it.Name) {
			return r.errorf(col, "expected an item name, found %q (names cannot be empty or contain ':' or '|')", it.Name)
		}
		if _, dup := p.ItemIndex(it.Name); dup {
			return r.errorf(col, "duplicate item %q", it.Name)
		}
		p.AddItem(it)
	}
	if len(p.Items) == 0 || p.Items[0].Secondary {
		return r.errorf(1, "expected at least one primary item")
	}
	r.p = p
	r.inOpt = make([]int, len(p.Items))
	return nil
}

// bounds parses "n" or "lo:hi" found at column col.
func (r *reader) bounds(s string, col int) (lo, hi int, err error) {
	los, his, pair := strings.Cut(s, ":")
	if lo, err = r.number(los, col); err != nil {
		return 0, 0, err
	}
	hi = lo
	if pair {
		if hi, err = r.number(his, col+len(los)+1); err != nil {
			return 0, 0, err
		}
	}
	if hi < 1 || lo > hi {
		return 0, 0, r.errorf(col, "expected bounds lo:hi with lo <= hi and hi >= 1, found %q", s)
	}
	return lo, hi, nil
}

func (r *reader) number(s string, col int) (int, error) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, r.errorf(col, "expected a multiplicity bound (a decimal number), found %q", s)
	}
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return 0, r.errorf(col, "expected a multiplicity bound (a decimal number up to %d), found %q", math.MaxInt32, s)
	}
	return int(n), nil
}

// option parses one option line.
func (r *reader) option(toks []token) error {
	p := r.p
	r.ents = r.ents[:0]
	for _, t := range toks {
		name, color, colored := strings.Cut(t.text, ":")
		i, ok := p.ItemIndex(name)
		if !ok {
			return r.errorf(t.col, "expected an item name, found unknown item %q", name)
		}
		if r.inOpt[i] == r.line {
			return r.errorf(t.col, "item %q appears twice in this option", name)
		}
		r.inOpt[i] = r.line
		e := cover.Entry{Item: int32(i)}
		if colored {
			if !p.Items[i].Secondary {
				return r.errorf(t.col, "primary item %q cannot have a colour", name)
			}
			if !validName(color) {
				return r.errorf(t.col+len(name)+1, "expected a colour after ':', found %q", color)
			}
			e.Color = p.Color(color)
		}
		r.ents = append(r.ents, e)
	}
	if r.maxOptions > 0 && p.NumOptions() >= r.maxOptions {
		return r.errorf(1, "more than %d options, the limit (--max-placements raises it)", r.maxOptions)
	}
	p.AddOption(r.ents)
	return nil
}
