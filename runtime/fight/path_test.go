package fight

import (
	"fmt"
	"math/rand/v2"
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
					want := doneSquares(f, x, &goal)
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

// TestFreshPlanIsMovesPlan checks moveFresh's first pass, which prices
// the path PathTo has just returned from its search's cache and prices,
// against Move's, which prices every step anew (stepCost, endsFree): the
// same steps, prices, stopping square and reason, under each diagonal
// rule, with walls, difficult terrain, corner cutting and a crowd, for
// movers of two sizes and several budgets.
func TestFreshPlanIsMovesPlan(t *testing.T) {
	for _, gr := range []grid.Grid{{Square: 5}, {Square: 5, Diagonal: grid.DiagonalAlternate}, {Square: 5, Diagonal: grid.DiagonalEuclid}} {
		for _, corner := range []bool{false, true} {
			f := crowd(t, 18, 14, 40)
			f.Rules.Space.Grid = gr
			f.Rules.Space.NoCornerCutting = corner
			m := f.Space.Map
			m.Grid = gr
			for i := 0; i < m.W*m.H; i += 7 {
				p := grid.Pos{X: i % m.W, Y: i / m.W}
				switch i % 3 {
				case 0:
					m.SetDifficult(p, true)
				case 1:
					if m.Walls != nil && f.Space.occ[i] == 0 {
						m.Walls.Set(p, grid.Full)
					}
				}
			}
			f.Fighters[3].C.Space = grid.Square(2)
			f.ResetSpace()
			compared := 0
			for _, x := range f.Fighters[:12] {
				for _, tg := range f.Fighters {
					if tg.Side == x.Side {
						continue
					}
					for _, budget := range []int{-1, 10, 25} {
						path, _, _ := f.PathTo(x, f.ReachGoal(x, tg, nil), budget)
						if len(path) == 0 {
							continue
						}
						fl := f.flagsOf(x)
						last, stopped, err := f.plan(x, path, budget, &fl, true, nil)
						got := fmt.Sprint(last, stopped, err, f.Space.mv.steps)
						last, stopped, err = f.plan(x, path, budget, &fl, false, nil)
						want := fmt.Sprint(last, stopped, err, f.Space.mv.steps)
						if got != want {
							t.Fatalf("%v corner %v: %s to %s within %d along %v: fresh plan %s, Move's %s", gr, corner, x.ID, tg.ID, budget, path, got, want)
						}
						compared++
					}
				}
			}
			if compared < 50 {
				t.Fatalf("only %d paths compared", compared)
			}
		}
	}
}

// TestGoalDistanceIsTheGrids checks the reach goal's own distance count
// (one level under one-square and alternating diagonals) against
// grid.Between, on every square of a map, for footprints of one to three
// squares, 5-ft and 1-ft squares.
func TestGoalDistanceIsTheGrids(t *testing.T) {
	for _, gr := range []grid.Grid{{Square: 5}, {Square: 5, Diagonal: grid.DiagonalAlternate},
		{Square: 1}, {Square: 1, Diagonal: grid.DiagonalAlternate}, {Square: 5, Diagonal: grid.DiagonalEuclid}} {
		f := crowd(t, 12, 12, 2)
		f.Rules.Space.Grid = gr
		f.Space.Map.Grid = gr
		x, tg := f.Fighters[0], f.Fighters[1]
		tg.C.Pos = grid.Pos{X: 5, Y: 6}
		fast := 0
		for _, xs := range []int{1, 2, 3} {
			for _, ts := range []int{1, 2, 3} {
				x.C.Space, tg.C.Space = grid.Square(xs), grid.Square(ts)
				goal := f.ReachGoal(x, tg, nil)
				if goal.chebyshev || goal.alternate {
					fast++
				}
				for y := 0; y < 12; y++ {
					for xx := 0; xx < 12; xx++ {
						p := grid.Pos{X: xx, Y: y}
						want := gr.Between(grid.Body{Pos: p, Space: x.C.Space}, tg.body())
						if got := goal.between(p); got != want {
							t.Fatalf("%v: %dx%d at %v to %dx%d at %v: %d, want %d", gr, xs, xs, p, ts, ts, tg.C.Pos, got, want)
						}
					}
				}
			}
		}
		if gr.Diagonal != grid.DiagonalEuclid && fast == 0 {
			t.Fatalf("%v: no goal took its own count", gr)
		}
	}
}

// TestOpenListPopsInOrder checks the search's heap against a sort: nodes
// pushed in a random order, with pops in between, come out lowest first
// by less.
func TestOpenListPopsInOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var s pathScratch
	var want []node
	for round := 0; round < 200; round++ {
		for i := r.IntN(20); i > 0; i-- {
			n := mkNode(int32(r.IntN(40)), int32(r.IntN(40)), int32(r.IntN(1000)))
			s.push(n)
			want = append(want, n)
		}
		sortNodes(want)
		for i := r.IntN(15); i > 0 && len(want) > 0; i-- {
			if got := s.pop(); got != want[0] {
				t.Fatalf("round %d: popped %+v, want %+v", round, got, want[0])
			}
			want = want[1:]
		}
	}
}
