package fight

import (
	"fmt"
	"testing"

	"github.com/dndsh/dndsh/runtime/grid"
)

// TestFreeSquaresFindsEveryRoom checks freeSquares, which looks only at
// the squares near enough on each axis, against a scan of the whole map:
// every square from which the reach band touches the target and where the
// mover may stand, in row order, under each diagonal rule, with 5-ft and
// 1-ft squares, for several reaches and footprints.
func TestFreeSquaresFindsEveryRoom(t *testing.T) {
	for _, gr := range []grid.Grid{
		{Square: 5}, {Square: 5, Diagonal: grid.DiagonalAlternate}, {Square: 5, Diagonal: grid.DiagonalEuclid},
		{Square: 1}, {Square: 1, Diagonal: grid.DiagonalAlternate},
	} {
		for _, reach := range []int{0, 1, 5, 7, 10, 15} {
			for _, size := range []int{1, 2} {
				t.Run(fmt.Sprintf("%v/reach%d/size%d", gr, reach, size), func(t *testing.T) {
					f := crowd(t, 20, 20, 30)
					f.Rules.Space.Grid = gr
					f.Space.Map.Grid = gr
					x, tg := f.Fighters[0], f.Fighters[11]
					x.C.Space = grid.Square(size)
					f.ResetSpace()
					a := &Attack{Name: "hit", Reach: reach, NoReach: reach == 0}
					goal := f.ReachGoal(x, tg, a)
					got := f.freeSquares(x, &goal, nil, false)
					var want []grid.Pos
					m := f.Space.Map
					for y := 0; y < m.H; y++ {
						for xx := 0; xx < m.W; xx++ {
							p := grid.Pos{X: xx, Y: y, Z: x.C.Pos.Z}
							if m.Fits(p, x.C.Space) && goal.Done(p) && (p == x.C.Pos || f.standable(x, p)) {
								want = append(want, p)
							}
						}
					}
					if fmt.Sprint(got) != fmt.Sprint(want) {
						t.Fatalf("target at %v: freeSquares = %v, want %v", tg.C.Pos, got, want)
					}
				})
			}
		}
	}
}
