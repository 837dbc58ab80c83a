package spec

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

var update = flag.Bool("update", false, "rewrite the generated files: spec.schema.json and ../docs/spec.md")

// TestGeneratedFiles checks that the shipped JSON Schema and the doc page
// are those the reference makes; go generate ./spec rewrites them.
func TestGeneratedFiles(t *testing.T) {
	for _, f := range []struct {
		path string
		want []byte
	}{
		{"spec.schema.json", schema()},
		{"../docs/spec.md", []byte(Markdown())},
	} {
		if *update {
			if err := os.WriteFile(f.path, f.want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.want) {
			t.Errorf("%s is out of date: run go generate ./spec", f.path)
		}
	}
	if !bytes.Equal(SchemaJSON(), schema()) && !*update {
		t.Error("the embedded schema is out of date: run go generate ./spec")
	}
}

// TestReferenceCoversLattices checks that the reference describes every
// lattice, in order, that each example is a spec of its lattice and passes
// the schema, and that the help describes every key.
func TestReferenceCoversLattices(t *testing.T) {
	var names []string
	for _, l := range LatticeDocs() {
		names = append(names, l.Name)
		s, err := Parse(l.Name+".toml", []byte(l.Example))
		if err != nil {
			t.Errorf("the %s example: %v", l.Name, err)
			continue
		}
		if s.Lattice.V != l.Name {
			t.Errorf("the %s example is on the %s lattice", l.Name, s.Lattice.V)
		}
		if err := validate(t, tomlInstance(t, []byte(l.Example))); err != nil {
			t.Errorf("the %s example fails the schema: %v", l.Name, err)
		}
	}
	if s, err := Parse("sudoku.toml", []byte(sudokuExample)); err != nil || s.Kind.V != "sudoku" {
		t.Errorf("the Sudoku example: %v", err)
	}
	if err := validate(t, tomlInstance(t, []byte(sudokuExample))); err != nil {
		t.Errorf("the Sudoku example fails the schema: %v", err)
	}
	if !slices.Equal(names, Lattices) {
		t.Errorf("the reference describes the lattices %v, want %v", names, Lattices)
	}
	help := Help()
	for _, k := range append(refs(specFields), refs(boardFields)...) {
		if k.typ == nil || k.doc == "" {
			t.Errorf("key %s has no type or no doc", k.key)
		}
		if !strings.Contains(help, k.key+": "+k.typ.text) {
			t.Errorf("the help lacks key %s", k.key)
		}
	}
}

// compiled is the shipped schema, compiled once.
var compiled *jsonschema.Schema

func validate(t *testing.T, instance any) error {
	t.Helper()
	if compiled == nil {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(SchemaJSON()))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource("spec.schema.json", doc); err != nil {
			t.Fatal(err)
		}
		if compiled, err = c.Compile("spec.schema.json"); err != nil {
			t.Fatal(err)
		}
	}
	return compiled.Validate(instance)
}

// jsonInstance turns a decoded TOML or YAML document into the value an
// editor checks, by way of JSON as editors do.
func jsonInstance(t *testing.T, doc any) any {
	t.Helper()
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func tomlInstance(t *testing.T, data []byte) any {
	t.Helper()
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return jsonInstance(t, doc)
}

// TestSchemaValidatesCatalogue checks every catalogue spec against the
// schema.
func TestSchemaValidatesCatalogue(t *testing.T) {
	entries := puzzles.Entries()
	if len(entries) == 0 {
		t.Fatal("no catalogue")
	}
	for _, e := range entries {
		data, err := puzzles.FS.ReadFile(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		var instance any
		if path.Ext(e.Path) == ".toml" {
			instance = tomlInstance(t, data)
		} else {
			var doc map[string]any
			if err := yaml.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			instance = jsonInstance(t, doc)
		}
		if err := validate(t, instance); err != nil {
			t.Errorf("%s: %v", e.Path, err)
		}
	}
}

// TestSchemaAgreesWithLoader checks specs that the loader accepts or
// rejects against the schema, which must agree: first a table of
// mistakes, then, for every key, a value of the wrong type.
func TestSchemaAgreesWithLoader(t *testing.T) {
	polyform := func(extra map[string]any) map[string]any {
		doc := map[string]any{"pieces": "5*", "board": map[string]any{"size": "10x6"}}
		for k, v := range extra {
			doc[k] = v
		}
		return doc
	}
	sudoku := func(extra map[string]any) map[string]any {
		doc := map[string]any{"kind": "sudoku", "givens": "1...\n..2.\n....\n...4"}
		for k, v := range extra {
			doc[k] = v
		}
		return doc
	}
	board := func(b map[string]any) map[string]any { return map[string]any{"pieces": "5*", "board": b} }
	type agreement struct {
		name string
		doc  map[string]any
		ok   bool // both accept the spec, else both reject it
	}
	tests := []agreement{
		{"polyform", polyform(nil), true},
		{"sudoku", sudoku(nil), true},
		{"every polyform key", polyform(map[string]any{"name": "p-1", "title": "P", "lattice": "square", "one-sided": true,
			"unique": true, "symmetry": "rotations", "expect": 2, "expect-all": 8, "omit": 1, "omittable": []string{"X", "I"},
			"may-cross": false, "shapes": map[string]any{"Q": "0,0 1,0 1,1"}, "kind": "polyform"}), true},
		{"every sudoku key", sudoku(map[string]any{"blocks": "aabb\naabb\nccdd\nccdd", "groups": []string{"diagonals"}, "unique": true, "expect": 1}), true},
		{"board of regions", board(map[string]any{"regions": []string{"0,0 1,0", "0,1 1,1"}}), true},
		{"board drawn", board(map[string]any{"art": "##\n.#", "tube": true}), true},
		{"board of cells", board(map[string]any{"cells": " 0,0,0 1,0,0\n0,1,0 "}), true},
		{"unknown key", polyform(map[string]any{"peices": "5*"}), false},
		{"unknown board key", board(map[string]any{"size": "10x6", "sizes": "1x1"}), false},
		{"name not a name", polyform(map[string]any{"name": "Bad Name"}), false},
		{"unknown lattice", polyform(map[string]any{"lattice": "penrose"}), false},
		{"unknown symmetry", polyform(map[string]any{"symmetry": "mirror"}), false},
		{"unknown kind", polyform(map[string]any{"kind": "kakuro"}), false},
		{"negative count", polyform(map[string]any{"expect": -1}), false},
		{"empty rule", polyform(map[string]any{"pieces": ""}), false},
		{"empty list of rules", polyform(map[string]any{"pieces": []string{}}), false},
		{"shape name", polyform(map[string]any{"shapes": map[string]any{"1Q": "0,0"}}), false},
		{"no shapes", polyform(map[string]any{"shapes": map[string]any{}}), false},
		{"orientations", polyform(map[string]any{"orientations": map[string]any{"L4": []string{"0,0 0,1 0,2 1,0"}}}), true},
		{"orientations not a list", polyform(map[string]any{"orientations": map[string]any{"L4": "0,0 0,1 0,2 1,0"}}), false},
		{"no orientations", polyform(map[string]any{"orientations": map[string]any{}}), false},
		{"bad cell", board(map[string]any{"cells": "0,0 x"}), false},
		{"one coordinate", board(map[string]any{"cells": "0"}), false},
		{"zero size", board(map[string]any{"size": "0x5"}), false},
		{"size not WxH", board(map[string]any{"size": "10 by 6"}), false},
		{"art without cells", board(map[string]any{"art": "...\n..."}), false},
		{"two board shapes", board(map[string]any{"size": "2x2", "art": "##"}), false},
		{"empty board", board(map[string]any{"tube": true}), false},
		{"no regions", board(map[string]any{"regions": []string{}}), false},
		{"no pieces", map[string]any{"board": map[string]any{"size": "10x6"}}, false},
		{"no board", map[string]any{"pieces": "5*"}, false},
		{"sudoku with pieces", sudoku(map[string]any{"pieces": "5*"}), false},
		{"sudoku without givens", map[string]any{"kind": "sudoku"}, false},
		{"polyform with givens", polyform(map[string]any{"givens": "1."}), false},
		{"blank givens", sudoku(map[string]any{"givens": "\n \n"}), false},
	}
	// A value of the wrong type for every key: a string for a boolean,
	// true for anything else.
	wrong := func(typ *valueType) any {
		if typ == tBool {
			return "yes"
		}
		return true
	}
	for _, k := range refs(specFields) {
		doc := polyform(map[string]any{k.key: wrong(k.typ)})
		if slices.Contains(kindKeys["polyform"].unused, k.key) {
			doc = sudoku(map[string]any{k.key: wrong(k.typ)})
		}
		tests = append(tests, agreement{"wrong type of " + k.key, doc, false})
	}
	for _, k := range refs(boardFields) {
		// The ways of giving the cells stand alone, the others beside a size.
		b := map[string]any{k.key: wrong(k.typ)}
		if !slices.Contains([]string{"size", "art", "cells"}, k.key) {
			b["size"] = "10x6"
		}
		tests = append(tests, agreement{"wrong type of board." + k.key, board(b), false})
	}
	for _, tt := range tests {
		var text bytes.Buffer
		if err := toml.NewEncoder(&text).Encode(tt.doc); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		_, loadErr := Parse("p.toml", text.Bytes())
		schemaErr := validate(t, jsonInstance(t, tt.doc))
		if (loadErr == nil) != tt.ok || (schemaErr == nil) != tt.ok {
			t.Errorf("%s: loader says %v, schema says %v, want ok = %v\n%s", tt.name, errText(loadErr), errText(schemaErr), tt.ok, text.String())
		}
	}
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return fmt.Sprintf("%q", err.Error())
}
