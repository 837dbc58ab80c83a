package pips

import (
	"bufio"
	"fmt"
	"io"
)

// listWidth is the width the list of pieces is wrapped to.
const listWidth = 78

// Write writes the game as the Polypips document's "Game Output" lays it
// out: the board, the pieces (comma-separated, wrapped after a comma), the
// constraints one per line ("none" if there are none), the difficulty of a
// game GenerateRated made, with its evidence, then the pictures:
// the board with its regions, each piece, and the generator's solution.
// ReadGame reads the game back and ignores the pictures.
func (gen *Generated) Write(w io.Writer) error {
	g := gen.Game
	b := bufio.NewWriter(w)
	b.WriteString("board:\n" + boardArt(g.Board) + "\npieces:\n")
	line := ""
	for i, p := range g.Pieces {
		item := p.String()
		if i < len(g.Pieces)-1 {
			item += ","
		}
		if line != "" && len(line)+len(item) > listWidth {
			b.WriteString(line + "\n")
			line = ""
		}
		line += item
	}
	b.WriteString(line + "\n\nconstraints:\n")
	if len(g.Regions) == 0 {
		b.WriteString("none\n")
	}
	for _, r := range g.Regions {
		b.WriteString(r.String() + "\n")
	}
	b.WriteString("\n")
	if r := gen.Rating; r != nil {
		// After the constraints' block, where ReadGame stops reading, as
		// the pictures are.
		fmt.Fprintf(b, "difficulty: %s\n(seed %d, try %d of the seeds drawn from seed %d)\n\n", r, gen.Seed, gen.Tries, gen.From)
	}
	if err := DrawGame(b, g); err != nil {
		return err
	}
	b.WriteString("solution:\n")
	if err := DrawSolution(b, gen.Solution); err != nil {
		return err
	}
	return b.Flush()
}
