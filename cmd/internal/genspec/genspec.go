// Package genspec writes the puzzles that polyspec generate makes as spec
// files in the catalogue's form, and draws them: a minimal Sudoku
// (compile/sudoku's generator) and a polyform puzzle with one solution
// (compile/polygen), fixed pieces or a board. The command line and the
// studio both use it, so that a request and seed give the same bytes in
// either.
//
// Nothing written depends on the time or the build: a seed makes the same
// bytes.
package genspec

import (
	"fmt"
	"strings"
)

// tomlRows writes rows as a TOML string: one line as a plain string
// ("diagonals"), more as a multi-line one, a row a line.
func tomlRows(rows []string) string {
	if len(rows) == 1 {
		return tomlString(rows[0])
	}
	escaped := make([]string, len(rows))
	for i, r := range rows {
		escaped[i] = tomlEscape(r)
	}
	return "\"\"\"\n" + strings.Join(escaped, "\n") + "\n\"\"\""
}

func tomlString(s string) string { return `"` + tomlEscape(s) + `"` }

// tomlEscape escapes what a TOML basic string cannot hold as it is.
func tomlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r == 0x7f:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// tomlKey writes a key bare when TOML allows it, else quoted.
func tomlKey(k string) string {
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return tomlString(k)
		}
	}
	return k
}
