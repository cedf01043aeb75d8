package grid

import "testing"

// TestMostlyShortcut: the whole-square shortcuts of mostlyIn agree with
// sampling every square.
func TestMostlyShortcut(t *testing.T) {
	for L := int64(1); L <= 60; L++ {
		for y := -14; y <= 14; y++ {
			for x := -14; x <= 14; x++ {
				p := Pos{X: x, Y: y}
				for _, r := range [][4]int64{{0, 0, 0, 0}, {1, 1, 1, 1}, {0, 0, 2, 4}} {
					got := mostlyIn(p, r[0], r[1], r[2], r[3], L, 5)
					want := slowMostly(p, r[0], r[1], r[2], r[3], L, 5)
					if got != want {
						t.Fatalf("L %d p %v r %v: %v want %v", L, p, r, got, want)
					}
				}
			}
		}
	}
}

func slowMostly(p Pos, x0, y0, x1, y1, L, s int64) bool {
	const n = mostlySamples
	inside := 0
	for j := int64(0); j < n; j++ {
		dy := outside(int64(2*p.Y)*n+2*j+1, y0*n, y1*n)
		for i := int64(0); i < n; i++ {
			dx := outside(int64(2*p.X)*n+2*i+1, x0*n, x1*n)
			if (dx*dx+dy*dy)*s*s <= 4*L*L*n*n {
				inside++
			}
		}
	}
	return 2*inside > n*n
}
