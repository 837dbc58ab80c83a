// Package compile turns a parsed spec into an exact-cover problem: it knows
// the lattices, their pieces and motions, where each piece can be placed on a
// board, which board symmetries map solutions onto each other, and how to
// read a cover solution back as placed pieces.
package compile
