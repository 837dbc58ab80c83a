package docs

import "testing"

// TestCatalogueTimes checks that the embedded times file reads whole, as
// the studio's browser and the catalogue page read it.
func TestCatalogueTimes(t *testing.T) {
	times, err := ParseTimes("catalogue-times.tsv", CatalogueTimes)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"dorian-cube":                    "0.31 s, first",
		"one-sided-hexominoes-diamond-2": "0.8 s, first",
		"pentacubes-great-wall":          "over 5 s, first",
		"one-sided-pentominoes-5x18":     "277.76 s, count",
	} {
		if got := times[name].String(); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}
