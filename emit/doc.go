// Package emit writes solved puzzles for people and programs: Polyform
// Puzzler's solution records with each family's text picture, and JSON.
//
// It knows nothing of search: callers hand it placed pieces and figures.
package emit
