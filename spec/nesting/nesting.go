// Package nesting bounds how deeply the lists and tables of a TOML text
// nest, before a decoder that recurses on them reads it: BurntSushi/toml
// recurses once per "[", so a file of a few million of them overflows the
// goroutine stack, which no recover catches.
package nesting

// MaxDepth is how deeply the lists and inline tables of a spec or a
// configuration may nest. Real ones nest two or three deep.
const MaxDepth = 32

// TOML returns the byte offset of the first "[" or "{" of data nested more
// than limit deep, or -1 if none is. It knows just enough TOML to step over
// strings and comments, whose brackets do not nest; on text that is not
// TOML it still ends, and the decoder reports the mistake.
func TOML(data []byte, limit int) int {
	depth := 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '#':
			for i < len(data) && data[i] != '\n' {
				i++
			}
		case '"', '\'':
			i = skipString(data, i)
		case '[', '{':
			if depth++; depth > limit {
				return i
			}
		case ']', '}':
			depth = max(depth-1, 0)
		}
	}
	return -1
}

// skipString returns the offset of the last byte of the string that starts
// at data[i]: basic ("...") or literal ('...'), on one line or three
// quotes long over several.
func skipString(data []byte, i int) int {
	q := data[i]
	multi := i+2 < len(data) && data[i+1] == q && data[i+2] == q
	if multi {
		i += 2
	}
	for i++; i < len(data); i++ {
		switch c := data[i]; {
		case c == '\\' && q == '"':
			i++
		case c == '\n' && !multi:
			return i
		case c == q && !multi:
			return i
		case c == q && i+2 < len(data) && data[i+1] == q && data[i+2] == q:
			return i + 2
		}
	}
	return len(data)
}
