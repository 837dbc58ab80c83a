// Package emit writes solved puzzles for people and programs: Polyform
// Puzzler's solution records with each family's text picture, and JSON.
//
// It knows nothing of search: callers hand it placed pieces and figures.
//
// Start reading at Records (record.go), which writes the solution
// records, and Draw (drawing.go), which dispatches a solution to a
// picture format: the text pictures are pictures.go, the drawings svg.go,
// png.go, gltf.go and x3d.go, and what each lattice looks like
// lattices.go. JSON is json.go.
package emit
