package cover

import "slices"

// finders lists the backends that find solutions: all but sweep, which
// only counts them (its tests are in sweep_test.go).
func finders() []string {
	return slices.DeleteFunc(BackendNames(), func(n string) bool { return n == "sweep" })
}
