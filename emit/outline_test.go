package emit

import "testing"

func TestRings(t *testing.T) {
	squares := func(cells ...[2]int) [][]node {
		var out [][]node
		for _, c := range cells {
			out = append(out, square([3]int{c[0], c[1]}))
		}
		return out
	}
	for _, c := range []struct {
		name    string
		tiles   [][]node
		corners []int // of each ring, straight runs left out
	}{
		{"one square", squares([2]int{0, 0}), []int{4}},
		{"I tromino", squares([2]int{0, 0}, [2]int{1, 0}, [2]int{2, 0}), []int{4}},
		{"L tromino", squares([2]int{0, 0}, [2]int{1, 0}, [2]int{0, 1}), []int{6}},
		{"ring around a hole", squares([2]int{0, 0}, [2]int{1, 0}, [2]int{2, 0}, [2]int{0, 1}, [2]int{2, 1}, [2]int{0, 2}, [2]int{1, 2}, [2]int{2, 2}), []int{4, 4}},
		{"hexagon from six triangles", [][]node{
			triangle([3]int{0, 0, 0}), triangle([3]int{0, 0, 1}), triangle([3]int{1, 0, 0}),
			triangle([3]int{-1, 1, 1}), triangle([3]int{0, 1, 0}), triangle([3]int{-1, 0, 1}),
		}, []int{6}},
		{"two hexagons", [][]node{hexagon([3]int{0, 0, 0}), hexagon([3]int{1, 0, 0})}, []int{10}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs := rings(boundary(c.tiles))
			if len(rs) != len(c.corners) {
				t.Fatalf("%d rings %v, want %d", len(rs), rs, len(c.corners))
			}
			for i, r := range rs {
				if len(r) != c.corners[i] {
					t.Errorf("ring %d has corners %v, want %d of them", i, r, c.corners[i])
				}
			}
		})
	}
}
