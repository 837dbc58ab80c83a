package record

import "testing"

// TestReadClosing reads the last closing line and whether any notice says
// a run was cut short.
func TestReadClosing(t *testing.T) {
	for _, c := range []struct {
		text string
		want Closing
		ok   bool
	}{
		{"2,339 solutions, 906813 searches, duration 0:19:10.133000\n", Closing{2339, "0:19:10.133000", true}, true},
		{"Session interrupted by user (several times).\n0 solutions, 20 searches, duration approximately 14 days, 3 hours\n\n4 solutions, 25 searches, duration 0:01:49.5\n", Closing{4, "0:01:49.5", false}, true},
		{"User-requested solution limit reached.\n1 solution, 3 searches, duration 3 days, 6:21:55.370000\r\n", Closing{1, "3 days, 6:21:55.370000", false}, true},
		{"solution 1:\n", Closing{}, false},
	} {
		got, ok := ReadClosing([]byte(c.text))
		if got != c.want || ok != c.ok {
			t.Errorf("ReadClosing(%q) = %+v, %v; want %+v, %v", c.text, got, ok, c.want, c.ok)
		}
	}
}
