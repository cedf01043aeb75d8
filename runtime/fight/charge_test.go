package fight

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/grid"
)

// TestBeforeLastIsStraightsSquareBeforeTheEnd: ChargePath's early test
// reads the square before a line's end from beforeLast; it must be the one
// straight gives (the walk's own).
func TestBeforeLastIsStraightsSquareBeforeTheEnd(t *testing.T) {
	a := grid.Pos{X: 0, Y: 0, Z: 2}
	for y := -9; y <= 9; y++ {
		for x := -9; x <= 9; x++ {
			b := grid.Pos{X: x, Y: y, Z: 2}
			line := straight(a, b, nil)
			p, ok := beforeLast(a, b)
			if ok != (len(line) >= 2) {
				t.Fatalf("%v: beforeLast ok %v, line %v", b, ok, line)
			}
			if ok && p != line[len(line)-2] {
				t.Fatalf("%v: beforeLast %v, line %v", b, p, line)
			}
		}
	}
}
