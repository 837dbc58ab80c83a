package spec

import (
	"bytes"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/polyspec/polyspec/spec/nesting"
)

// trickyTOML uses every construct the TOML scanner has to step over.
const trickyTOML = `# comment with "quotes", [brackets] and key = value
"quoted key" = 1
'literal key' = 2
"esc\u0061ped" = 3
"dotted.in.quotes" = 4
a . b . c = 5   # spaces around dots
str1 = "has # hash, \" quote and ] bracket"
str2 = 'literal \ backslash'
ml1 = """
multi = "line"
[not.a.table]
"""
ml2 = '''x'''''
ml3 = """quotes at end"""""
arr = [ 1, [2, 3], { x = 1, y = [4] }, # comment
  "s", ]
dt = 1979-05-27 07:32:00
dt2 = 1979-05-27T07:32:00Z
inl = { p.q = 1, r = { s = "t" } }
nl-inline = {
  a = 1,
}
[tbl]
k = 1
[tbl.sub]
k = 2
[[aot]]
k = 1
[[aot]]
k = 2
[aot.child]
c = 1
[[aot.list]]
z = 1
["quoted table"."x y"]
w = 1
[ spaced . header ]
v = 1
`

// checkTOMLSites checks that, for TOML that BurntSushi/toml accepts, the
// scanner finds a site for every value the decoder returns, that each key
// site is where that key is written, and that strings start where claimed.
func checkTOMLSites(t *testing.T, data []byte) {
	t.Helper()
	if nesting.TOML(data, nesting.MaxDepth) >= 0 {
		return // Parse refuses it before toml.Decode, which would recurse
	}
	var doc map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		return
	}
	sc := &tomlScanner{src: data, sites: map[string]*tomlSite{}, arrays: map[string]int{}}
	sc.run()
	var walk func(p string, v any)
	walk = func(p string, v any) {
		site := sc.sites[p]
		if p != "" && site == nil {
			t.Fatalf("no site for %s", p)
		}
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				cp := childPath(p, k)
				walk(cp, e)
				rest := data[sc.sites[cp].key:]
				if !bytes.HasPrefix(rest, []byte(k)) && !bytes.HasPrefix(rest, []byte(`"`)) && !bytes.HasPrefix(rest, []byte(`'`)) {
					t.Fatalf("key %s: site at %q", cp, rest[:min(len(rest), 20)])
				}
			}
		case []map[string]any:
			for i, e := range v {
				walk(elemPath(p, i), e)
			}
		case []any:
			for i, e := range v {
				walk(elemPath(p, i), e)
			}
		case string:
			if site.content < 0 || !bytes.HasPrefix(data[site.val:], []byte(site.close)) {
				t.Fatalf("string %s: no content site, or value site not at an opening %q", p, site.close)
			}
		}
	}
	walk("", doc)
}

func TestTOMLScanner(t *testing.T) {
	checkTOMLSites(t, []byte(trickyTOML))
	// Spot checks of where things are.
	src := newSource("t.toml", []byte(trickyTOML))
	sc := &tomlScanner{src: src.data, sites: map[string]*tomlSite{}, arrays: map[string]int{}}
	sc.run()
	for _, c := range []struct {
		path string
		key  Pos
	}{
		{childPath("", "escaped"), Pos{"t.toml", 4, 1}},
		{childPath(childPath(childPath("", "a"), "b"), "c"), Pos{"t.toml", 6, 9}},
		{childPath("", "dt"), Pos{"t.toml", 17, 1}},
		{elemPath(childPath("", "aot"), 1), Pos{"t.toml", 29, 3}},
		{childPath(elemPath(childPath("", "aot"), 1), "child"), Pos{"t.toml", 31, 6}},
		{childPath(elemPath(childPath(elemPath(childPath("", "aot"), 1), "list"), 0), "z"), Pos{"t.toml", 34, 1}},
		{childPath(childPath("", "spaced"), "header"), Pos{"t.toml", 37, 12}},
	} {
		site := sc.sites[c.path]
		if site == nil {
			t.Errorf("%s: no site", c.path)
			continue
		}
		if got := src.pos(site.key); got != c.key {
			t.Errorf("%s: key at %v, want %v", c.path, got, c.key)
		}
	}
}
