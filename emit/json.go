package emit

import (
	_ "embed"
	"encoding/json"
	"io"
)

// SolutionSchema is the JSON Schema of the lines a JSON stream writes:
// docs/json.md describes it.
//
//go:embed solution.schema.json
var SolutionSchema []byte

// JSON writes one JSON object per line: one per solution, then a summary,
// so that programs can stream the output. Every kind of puzzle writes the
// same shape; SolutionSchema describes it.
type JSON struct {
	enc  *json.Encoder
	dims int
}

// NewJSON starts a JSON stream whose cells have dims coordinates.
func NewJSON(w io.Writer, dims int) *JSON { return &JSON{enc: json.NewEncoder(w), dims: dims} }

type jsonPiece struct {
	Name  string  `json:"name"`
	Cells [][]int `json:"cells"`
	Pips  []int   `json:"pips,omitempty"`
}

// Solution writes {"solution": N, "puzzle": ..., "pieces": [{"name": ...,
// "cells": [[x,y],...], "pips": [...]}], "grid": [...], "options": [...]},
// leaving out what the solution does not have.
func (j *JSON) Solution(s Solution) error {
	var pieces []jsonPiece
	for _, p := range s.Pieces {
		jp := jsonPiece{Name: p.Name, Pips: p.Pips}
		for _, c := range p.Cells {
			jp.Cells = append(jp.Cells, append([]int(nil), c[:j.dims]...))
		}
		pieces = append(pieces, jp)
	}
	return j.enc.Encode(struct {
		Solution int         `json:"solution"`
		Puzzle   string      `json:"puzzle,omitempty"`
		Pieces   []jsonPiece `json:"pieces,omitempty"`
		Grid     []string    `json:"grid,omitempty"`
		Options  []string    `json:"options,omitempty"`
	}{s.Number, s.Puzzle, pieces, s.Grid, s.Options})
}

// Summary writes {"solutions": N, "nodes": ..., "updates": ..., "seconds": ..., ...}.
func (j *JSON) Summary(s Summary) error {
	return j.enc.Encode(struct {
		Solutions   int64   `json:"solutions"`
		Nodes       int64   `json:"nodes"`
		Updates     int64   `json:"updates"`
		Seconds     float64 `json:"seconds"`
		Interrupted bool    `json:"interrupted,omitempty"`
		Limited     bool    `json:"limited,omitempty"`
	}{s.Solutions, s.Searches, s.Updates, s.Duration.Seconds(), s.Interrupted, s.Limited})
}
