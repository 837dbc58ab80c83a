// Package grammar parses the little languages that live inside the string
// values of polyspec spec files, so that the spec loader can stay a plain
// TOML/YAML decoder and every notation has one parser, one normal form and one
// error style.
//
// Each language has a Parse function that returns a small AST whose nodes
// carry their position in the string, and a String method that prints the
// normal form. The languages share one lexer, so their tokens and the
// positions and wording of their errors agree.
//
// Errors are *Error values positioned relative to the string alone; the
// caller knows where the string sits in its file and shifts the position
// there (lexer.Position.Add does exactly that).
//
// The languages: the piece-set rules, which say which pieces a puzzle
// uses (ParsePieceSet, pieceset.go); the rules of a spec's rules key
// (ParsePuzzleRule, puzzlerule.go, one prule_*.go file per rule type);
// the Polypips piece notation, such as "5F+:12345:90", with its shape
// references (ParsePolypip, ParsePolypips, ParseShape, Layout; polypip*.go
// and shapes.go); and the Pips constraints (ParseConstraint,
// constraint.go), whose rules are one rule_*.go file per type (ParseRule,
// rule.go).
//
// Start reading at lexer.go and error.go, which every language shares,
// then the language you need.
package grammar
