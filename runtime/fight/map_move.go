package fight

import "github.com/dndsh/dndsh/runtime/grid"

// moveScratch is Move's reusable memory: what its first pass over a path
// worked out, for the walk that follows to reuse while nothing else has
// run (no handler, no opportunity attack), since until then the walk
// would work out the same again.
type moveScratch struct {
	// steps are the price of each step the first pass allowed, and the
	// diagonal count after it
	steps []stepPrice
	// near are the bodies of the move's near hostiles (Move's list), as
	// the move began
	near []grid.Body
	// win are the near hostiles' windows (grid.Window) for the mover's
	// footprint
	win []grid.Window
}

// stepPrice is one step's cost in feet and the diagonal count after it.
type stepPrice struct {
	cost, diag int32
}

// allBeyond reports whether p is beyond every window of win (so, while
// the move is clean, opportunities would find nothing to ask at p).
func allBeyond(win []grid.Window, p grid.Pos) bool {
	for k := range win {
		if !win[k].Beyond(p) {
			return false
		}
	}
	return true
}
