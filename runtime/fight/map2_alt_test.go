package fight

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/grid"
)

// TestAltCountIsSpan checks altCount, the estimate's count of squares
// under alternating diagonals, against the grid's Span (in squares) for
// every offset of up to 40 squares each way.
func TestAltCountIsSpan(t *testing.T) {
	gr := grid.Grid{Square: 1, Diagonal: grid.DiagonalAlternate}
	for dx := -40; dx <= 40; dx++ {
		for dy := -40; dy <= 40; dy++ {
			if got, want := altCount(dx, dy), gr.Span(dx, dy, 0); got != want {
				t.Fatalf("altCount(%d, %d) = %d, want %d", dx, dy, got, want)
			}
		}
	}
}
