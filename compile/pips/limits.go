package pips

import (
	"bytes"

	"github.com/alecthomas/participle/v2/lexer"
)

// The bounds every reader of this package checks before it does any work,
// so that a hostile or mistaken file is refused at once instead of taking
// minutes or gigabytes. No real file comes near them: a NYT file is a few
// kilobytes with lines of tens of bytes and at most a few dozen dominoes.
const (
	// MaxFileBytes bounds a game, configuration or NYT file.
	MaxFileBytes = 16 << 20
	// MaxLineBytes bounds a line of one; a NYT file written on one line
	// is a few kilobytes long.
	MaxLineBytes = 1 << 20
	// MaxPieces bounds the pieces of a game: as many as the cells of the
	// generator's largest board, so that every game it writes reads back.
	MaxPieces = maxSide * maxSide
)

// checkSize refuses a file over MaxFileBytes or with a line over
// MaxLineBytes, naming the file and the line.
func checkSize(name string, data []byte) error {
	if len(data) > MaxFileBytes {
		return errorAt(lexer.Position{Filename: name, Line: 1, Column: 1}, "expected a file of at most %d bytes (the Pips readers' limit); found %d bytes", MaxFileBytes, len(data))
	}
	line, start := 1, 0
	for start <= len(data) {
		end := bytes.IndexByte(data[start:], '\n')
		if end < 0 {
			end = len(data) - start
		}
		if end > MaxLineBytes {
			return errorAt(lexer.Position{Filename: name, Offset: start, Line: line, Column: 1}, "expected lines of at most %d bytes (the Pips readers' limit); found one of %d bytes", MaxLineBytes, end)
		}
		line, start = line+1, start+end+1
	}
	return nil
}

// checkPieces refuses a list of n pieces over MaxPieces.
func checkPieces(at lexer.Position, n int) error {
	if n > MaxPieces {
		return errorAt(at, "expected at most %d pieces (the Pips readers' limit); found %d", MaxPieces, n)
	}
	return nil
}
