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

// TestPathBeyondTheBudgetIsTheWayCut checks the rule of docs/maps.md
// ("Moving toward a goal out of reach"): with a budget too short for the
// goal, PathTo returns its cheapest way to the goal (the path it finds
// with no budget) up to the last square within budget, as Move prices the
// steps, where the mover may end its move.
func TestPathBeyondTheBudgetIsTheWayCut(t *testing.T) {
	for _, gr := range []grid.Grid{{Square: 5}, {Square: 5, Diagonal: grid.DiagonalAlternate}} {
		f := crowd(t, 16, 12, 40)
		f.Rules.Space.Grid = gr
		f.Space.Map.Grid = gr
		f.ResetSpace()
		cut := 0
		for _, x := range f.Fighters {
			for _, tg := range f.Fighters {
				if tg.Side == x.Side {
					continue
				}
				way, wcost, ok := f.PathTo(x, f.ReachGoal(x, tg, nil), -1)
				if !ok {
					continue
				}
				way = append([]grid.Pos(nil), way...)
				for _, budget := range []int{5, 10, 15, 20, 30} {
					got, cost, ok := f.PathTo(x, f.ReachGoal(x, tg, nil), budget)
					if wcost <= budget {
						if !ok || cost != wcost || fmt.Sprint(got) != fmt.Sprint(way) {
							t.Fatalf("%s to %s within %d: %v (%d, %v), want %v (%d)", x.ID, tg.ID, budget, got, cost, ok, way, wcost)
						}
						continue
					}
					cut++
					var want []grid.Pos
					wantCost, spent, diag, from := 0, 0, x.diagonals, x.C.Pos
					fl := f.flagsOf(x)
					for i, p := range way {
						c, d, can := f.stepCost(x, from, p, diag, &fl)
						if !can || spent+c > budget {
							break
						}
						spent, diag, from = spent+c, d, p
						if f.endsFree(x, p) {
							want, wantCost = way[:i+1], spent
						}
					}
					if ok || cost != wantCost || fmt.Sprint(got) != fmt.Sprint(want) {
						t.Fatalf("%s to %s within %d: %v (%d, %v), want %v (%d) of the way %v", x.ID, tg.ID, budget, got, cost, ok, want, wantCost, way)
					}
				}
			}
		}
		if cut == 0 {
			t.Fatal("no goal was beyond a budget: the test tests nothing")
		}
	}
}
