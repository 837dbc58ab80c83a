package cover

import (
	"fmt"
	"slices"
	"strings"
)

// DefaultBackend names the backend to use when the caller has no reason to
// pick one: auto, which runs algx, dlx or bits, whichever suits the
// problem. algx and dlx search the same tree, but a node costs algx a few
// sequential passes of word operations over a short list, where dlx chases
// links through memory, so on dense problems such as
// BenchmarkCount6x10Unique algx is about four times faster (0.4 s against
// 1.8 s on a two-core machine), while on sparse ones dlx wins. bits, given
// a good Order, searches a bigger tree of much cheaper nodes: 0.13 s on
// the same problem (see auto.go).
const DefaultBackend = "auto"

var backends = map[string]Backend{
	"auto":  autoBackend{},
	"dlx":   dlxBackend{},
	"algx":  algxBackend{},
	"memo":  memoBackend{},
	"bits":  bitsBackend{},
	"sums":  sumsBackend{},
	"sweep": sweepBackend{},
}

// BackendNames returns the names Lookup accepts, sorted.
func BackendNames() []string {
	names := make([]string, 0, len(backends))
	for n := range backends {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Lookup returns the backend with the given name.
func Lookup(name string) (Backend, error) {
	if b, ok := backends[name]; ok {
		return b, nil
	}
	return nil, fmt.Errorf("cover: unknown backend %q (valid: %s)", name, strings.Join(BackendNames(), ", "))
}
