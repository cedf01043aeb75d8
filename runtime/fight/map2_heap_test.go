package fight

import (
	"math/rand"
	"slices"
	"testing"
)

// TestHeapPopsInOrder checks the open list (pop compares four children at
// once when a node has them all, else one by one) against sorting: for
// heaps of many sizes, with pushes and pops interleaved and keys that
// often tie (so the state decides), every pop is the least entry left by
// less.
func TestHeapPopsInOrder(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for size := 1; size <= 70; size++ {
		for round := 0; round < 20; round++ {
			var s pathScratch
			var want []node
			for i := 0; i < size; i++ {
				n := mkNode(int32(r.Intn(6)), int32(r.Intn(4)), int32(i))
				s.push(n)
				want = append(want, n)
				if r.Intn(4) == 0 { // a pop among the pushes
					sortNodes(want)
					if got := s.pop(); got != want[0] {
						t.Fatalf("size %d: pop = %v, want %v", size, got, want[0])
					}
					want = want[1:]
				}
			}
			sortNodes(want)
			for _, w := range want {
				if got := s.pop(); got != w {
					t.Fatalf("size %d: pop = %v, want %v", size, got, w)
				}
			}
			if len(s.heap) != 0 {
				t.Fatalf("size %d: %d entries left", size, len(s.heap))
			}
		}
	}
}

func sortNodes(l []node) {
	slices.SortFunc(l, func(a, b node) int {
		if less(a, b) {
			return -1
		}
		if less(b, a) {
			return 1
		}
		return 0
	})
}
