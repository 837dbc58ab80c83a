package emit

import (
	"encoding/json"
	"io"
)

// JSON writes one JSON object per line: one per solution, then a summary,
// so that programs can stream the output.
type JSON struct {
	enc  *json.Encoder
	dims int
}

// NewJSON starts a JSON stream for a lattice with dims coordinates.
func NewJSON(w io.Writer, dims int) *JSON { return &JSON{enc: json.NewEncoder(w), dims: dims} }

type jsonPiece struct {
	Name  string  `json:"name"`
	Cells [][]int `json:"cells"`
}

// Solution writes {"solution": N, "pieces": [{"name": ..., "cells": [[x,y],...]}]}.
func (j *JSON) Solution(s Solution) error {
	pieces := make([]jsonPiece, len(s.Pieces))
	for i, p := range s.Pieces {
		pieces[i].Name = p.Name
		for _, c := range p.Cells {
			pieces[i].Cells = append(pieces[i].Cells, append([]int(nil), c[:j.dims]...))
		}
	}
	return j.enc.Encode(struct {
		Solution int         `json:"solution"`
		Pieces   []jsonPiece `json:"pieces"`
	}{s.Number, pieces})
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
