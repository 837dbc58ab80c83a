package suite

// FirstSolution is the search for a catalogue puzzle's first solution,
// as polyspec solve NAME -n 1 makes it: cover.Portfolio around auto with
// the default seed, modulo the board's symmetries when the spec asks for
// it, its lanes in turn (workers 0) or two at once. Its count is the 1 solution it stops
// at.
func FirstSolution(name, puzzle string) Workload {
	w := Catalogue(name, puzzle, false, 1)
	w.About = "polyspec solve " + puzzle + " -n 1 (cover.Portfolio)"
	w.Backends, w.Workers, w.First = []string{"auto"}, []int{0, 2}, true
	return w
}
