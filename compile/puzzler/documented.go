package puzzler

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Documented holds the count statements of Polyform Puzzler's own
// descriptions of its puzzles, by puzzle name (a solution file's base name):
// the facts its trimmed solution files leave out ("2339 solutions", "many
// solutions", "4,579 unique solutions for the pentominoes & tetrominoes
// (outer ring)"), several joined by " / ".
type Documented map[string]string

// documentedHeader is the header line of a documented-counts file.
var documentedHeader = []string{"family", "puzzle", "class", "documented"}

// ReadDocumented reads a documented-counts file: tab-separated, with the
// header family, puzzle, class, documented, one line per puzzle.
func ReadDocumented(path string, r io.Reader) (Documented, error) {
	cr := csv.NewReader(r)
	cr.Comma = '\t'
	cr.LazyQuotes = true
	cr.FieldsPerRecord = len(documentedHeader)
	d := Documented{}
	for first := true; ; first = false {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			if first {
				return nil, fmt.Errorf("%s: empty (expected the header %s)", path, strings.Join(documentedHeader, ", "))
			}
			return d, nil
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d:%d: %v (expected %d tab-separated fields: %s)", path, pe.Line, pe.Column, pe.Err, len(documentedHeader), strings.Join(documentedHeader, ", "))
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		line, _ := cr.FieldPos(0)
		if first {
			if !slices.EqualFunc(rec, documentedHeader, strings.EqualFold) {
				return nil, fmt.Errorf("%s:%d:1: header %q, expected %s", path, line, strings.Join(rec, "\t"), strings.Join(documentedHeader, ", "))
			}
			continue
		}
		name := rec[1]
		if _, dup := d[name]; dup {
			return nil, fmt.Errorf("%s:%d:1: puzzle %s is given twice", path, line, name)
		}
		d[name] = rec[3]
	}
}

// A statementKind is what a count statement says of a puzzle's count.
type statementKind int

const (
	exact     statementKind = iota // "2339 solutions": the puzzle's count
	tentative                      // "10? solutions", "6 solutions?": a count in doubt
	part                           // "4,579 unique solutions for ...", "72 solutions omitting H", "2 solutions are ...": a count of part of the puzzle
	unknown                        // "many solutions", "? solutions", "at least 5 solutions": no count
)

// A statement is one count statement of a description.
type statement struct {
	kind statementKind
	n    int64  // the number, for exact, tentative and part statements
	text string // the whole statement, to quote
}

var (
	// countPhrase finds a count: "2,339 solutions", "10? solutions",
	// "6 solutions?", "4239 distinct solutions", "many solutions",
	// "? solutions", with "at least" or "over" before a bound.
	countPhrase = regexp.MustCompile(`(?i)(at least |over )?([0-9][0-9,]*|many|\?)(\?)? (?:unique |distinct |many )?solutions?\b(\?)?`)
	// totalPhrase finds a total given after the word: "Total unique
	// solutions: 219,792."
	totalPhrase = regexp.MustCompile(`(?i)\btotal (?:unique |distinct )?solutions: *([0-9][0-9,]*)`)
	// partWords, after a count, make it a count of part of the puzzle or of
	// some of its solutions.
	partWords = regexp.MustCompile(`(?i)^ *(for|omitting|are|of which)\b`)
)

// statements reads the count statements of a description: one per part
// between " / ", and none in a part that states no count.
func statements(description string) []statement {
	var out []statement
	for _, text := range strings.Split(description, " / ") {
		text = strings.TrimSpace(text)
		if m := totalPhrase.FindStringSubmatch(text); m != nil {
			if n, ok := number(m[1]); ok {
				out = append(out, statement{exact, n, text})
			}
			continue
		}
		m := countPhrase.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		bound, word := m[2] >= 0, text[m[4]:m[5]]
		doubt := m[6] >= 0 || m[8] >= 0
		// "many" starts a statement, or follows a label ("...: many
		// solutions"); elsewhere ("With that many solutions, ...") it is
		// prose.
		before := strings.TrimSpace(text[:m[0]])
		if n, ok := number(word); ok {
			switch {
			case bound:
				out = append(out, statement{unknown, n, text})
			case partWords.MatchString(text[m[1]:]):
				out = append(out, statement{part, n, text})
			case doubt:
				out = append(out, statement{tentative, n, text})
			default:
				out = append(out, statement{exact, n, text})
			}
		} else if before == "" || strings.HasSuffix(before, ":") {
			out = append(out, statement{unknown, 0, text})
		}
	}
	return out
}

// number reads a count written with or without thousands commas.
func number(s string) (int64, bool) {
	n, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
	return n, err == nil
}

// A Verdict is what a puzzle's description says of its solution file's
// closing count.
type Verdict struct {
	// Agrees is true when the description states the file's count.
	Agrees bool
	// SetAside quotes the description's statements of other numbers when
	// another of its statements agrees with the file: the description
	// disagrees with itself, and the complete run settles it.
	SetAside []string
	// Contradiction, when not "", says how the description contradicts the
	// count: the file's count is then no fact.
	Contradiction string
	// Doubt, when not "", quotes a statement that gives the file's count
	// in doubt ("10? solutions"): it neither confirms nor contradicts.
	Doubt string
}

// Why a contradicted count is no fact, as the spec's comment says.
const (
	neitherTrusted     = "The file's count is not trusted: its own puzzle's description disagrees, and the file does not say what its run counted"
	descriptionTrusted = "The description is trusted over the file: its author knew the count was not settled, and a closing count may be of a run of another matrix (pieces fixed in place, part of the board), which the file does not say"
)

// Judge compares the description of the named puzzle with a complete
// run's count. A puzzle the file does not describe, or whose description
// states no count, leaves the count as it is (the zero Verdict).
func (d Documented) Judge(name string, count int64) Verdict {
	ss := statements(d[name])
	// The most specific explanation first: the file's count is the
	// description's count of part of the puzzle.
	for _, s := range ss {
		if s.kind == part && s.n == count {
			return Verdict{Contradiction: fmt.Sprintf("its description's %q counts only part of the puzzle or of its solutions: the file's count is that, not the puzzle's", s.text)}
		}
	}
	var v Verdict
	var other []string
	for _, s := range ss {
		switch {
		case s.kind == exact && s.n == count:
			v.Agrees = true
		case s.kind == exact:
			other = append(other, s.text)
		}
	}
	switch {
	case v.Agrees:
		v.SetAside = other
		return v
	case other != nil:
		return Verdict{Contradiction: fmt.Sprintf("its description states another number: %s. %s", quoteAll(other), neitherTrusted)}
	}
	for _, s := range ss {
		switch {
		case s.kind == tentative && s.n != count:
			return Verdict{Contradiction: fmt.Sprintf("its description states another number, in doubt: %q. %s", s.text, neitherTrusted)}
		case s.kind == tentative:
			v.Doubt = s.text
		case s.kind == unknown:
			return Verdict{Contradiction: fmt.Sprintf("its description gives no count: %q. %s", s.text, descriptionTrusted)}
		}
	}
	return v
}

// Count is the number of solutions the named puzzle's description states,
// when it states one: its count statements all give that number, and none
// gives it in doubt or counts a part (a description that counts parts is
// of another puzzle's parts, or of this one's, and the whole is unclear).
func (d Documented) Count(name string) (int64, bool) {
	n, ok := int64(0), false
	for _, s := range statements(d[name]) {
		switch {
		case s.kind == tentative || s.kind == part:
			return 0, false
		case s.kind == exact && ok && s.n != n:
			return 0, false
		case s.kind == exact:
			n, ok = s.n, true
		}
	}
	return n, ok
}
