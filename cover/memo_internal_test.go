package cover

import (
	"fmt"
	"testing"
)

// TestMemoPays checks when a memo gives up: not before memoTrial lookups,
// then at each doubling of them, once it has saved less than
// 1/memoPays of the nodes searched.
func TestMemoPays(t *testing.T) {
	c := newCountMemo(1)
	c.lookups = memoTrial - 1
	if !c.pays(1 << 40) {
		t.Fatal("gave up before memoTrial lookups")
	}
	c.lookups, c.saved = memoTrial, 1000
	if !c.pays(1000 * memoPays) {
		t.Fatalf("gave up saving 1/%d of the nodes", memoPays)
	}
	c.lookups++
	if !c.pays(1 << 40) {
		t.Fatal("weighed again before the lookups doubled")
	}
	c.lookups = 2 * memoTrial
	if c.pays(1000*memoPays + 1) {
		t.Fatalf("went on saving less than 1/%d of the nodes", memoPays)
	}
}

// TestCountBackend checks that auto counts with memo where algx would
// search a big tree, and with algx a small one, or one that memo cannot
// count (a multiplicity): a problem of n items each with 8 options of
// its own, whose tree has about 8^n nodes.
func TestCountBackend(t *testing.T) {
	for _, c := range []struct {
		items  int
		hi     int
		want   string
		reason string
	}{
		{6, 1, "algx", "2.6e5 nodes"},
		{9, 1, "memo", "1.3e8 nodes"},
		{9, 2, "algx", "a multiplicity"},
	} {
		p := NewProblem()
		for i := range c.items {
			p.AddItem(Item{Name: fmt.Sprint("i", i), Lo: 1, Hi: c.hi})
		}
		for i := range c.items {
			for range 8 {
				p.AddOption([]Entry{{Item: int32(i)}})
			}
		}
		if got := countBackend(p).Name(); got != c.want {
			t.Errorf("%d items (%s): %s, want %s", c.items, c.reason, got, c.want)
		}
	}
}
