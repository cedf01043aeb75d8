package fight

import (
	"fmt"
	"testing"

	"github.com/dndsh/dndsh/runtime/grid"
)

// TestFreeSquaresAreDone checks freeSquares, which skips asking Done when
// every square of its box is within the reach band (chebyshev counting, no
// least reach), against asking Done of every square of the map: for every
// mover and target of a crowd, under each diagonal rule, 5-ft and 1-ft
// squares, several reaches (with and without a least reach) and footprints
// of mover and target. It also checks HasRoom's one-square answer agrees,
// and that the skip was taken.
func TestFreeSquaresAreDone(t *testing.T) {
	skipped := 0
	for _, gr := range []grid.Grid{
		{Square: 5}, {Square: 5, Diagonal: grid.DiagonalAlternate}, {Square: 5, Diagonal: grid.DiagonalEuclid},
		{Square: 1}, {Square: 1, Diagonal: grid.DiagonalAlternate}, {Square: 0},
	} {
		for _, reach := range []int{0, 1, 5, 7, 10, 15} {
			for _, least := range []int{0, 5} {
				for _, sizes := range [][2]int{{1, 1}, {2, 1}, {2, 3}} {
					t.Run(fmt.Sprintf("%v/reach%d-%d/sizes%v", gr, reach, least, sizes), func(t *testing.T) {
						f := sizedCrowd(t, 14, 14, 24, sizes)
						f.Rules.Space.Grid = gr
						f.Space.Map.Grid = gr
						a := &Attack{Name: "hit", Reach: reach, ReachMin: least, NoReach: reach == 0}
						for _, x := range f.Fighters {
							for _, tg := range f.Fighters {
								if tg == x {
									continue
								}
								goal := f.ReachGoal(x, tg, a)
								got := f.freeSquares(x, &goal, nil, false)
								want := doneSquares(f, x, &goal)
								if fmt.Sprint(got) != fmt.Sprint(want) {
									t.Fatalf("%s at %v to %s at %v: freeSquares = %v, want %v", x.ID, x.C.Pos, tg.ID, tg.C.Pos, got, want)
								}
								if room := f.HasRoom(x, tg, a); room != (len(want) > 0 || goal.Done(x.C.Pos)) {
									t.Fatalf("%s at %v to %s at %v: HasRoom = %v, free squares %v", x.ID, x.C.Pos, tg.ID, tg.C.Pos, room, want)
								}
								if goal.chebyshev && least == 0 && roomBox(f, &goal)*goal.unit <= goal.reach {
									skipped++
								}
							}
						}
					})
				}
			}
		}
	}
	if skipped == 0 {
		t.Fatal("freeSquares never skipped Done")
	}
}

// sizedCrowd is crowd with the footprints of two creatures in three set
// to sizes (the third keeps one square).
func sizedCrowd(tb testing.TB, w, h, n int, sizes [2]int) *Fight {
	tb.Helper()
	f := crowd(tb, w, h, n)
	for i, x := range f.Fighters {
		if i%3 == 0 {
			x.C.Space = grid.Square(sizes[0])
		} else if i%3 == 1 {
			x.C.Space = grid.Square(sizes[1])
		}
	}
	f.ResetSpace()
	return f
}

// doneSquares is the general rule freeSquares answers: every square of the
// map where x fits, from which the goal is done, and where x may stand (or
// stands), in row order.
func doneSquares(f *Fight, x *Fighter, goal *Goal) []grid.Pos {
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
	return want
}

// roomBox is freeSquares' n: how many squares off the target its box goes.
func roomBox(f *Fight, goal *Goal) int {
	u := f.Rules.Space.unit()
	gu := f.Rules.Space.Grid.Square
	if gu <= 0 {
		gu = 1
	}
	return min(goal.reach/u+1, goal.reach/min(u, gu))
}

// TestGreedyNearIsEstimate checks greedy's way of counting squares toward
// free squares (asking only the nearest of them) against asking the
// estimate of every neighbour: PathTo gives the same path, cost and answer
// both ways, for every mover and target of crowds of several densities,
// footprints and budgets, and the counting way was taken.
func TestGreedyNearIsEstimate(t *testing.T) {
	counted := 0
	for _, n := range []int{6, 16, 30} {
		for _, sizes := range [][2]int{{1, 1}, {2, 1}} {
			f := sizedCrowd(t, 14, 12, n, sizes)
			for _, reach := range []int{5, 10} {
				a := &Attack{Name: "hit", Reach: reach}
				for _, x := range f.Fighters {
					for _, tg := range f.Fighters {
						if tg.Side == x.Side {
							continue
						}
						for _, budget := range []int{-1, 10, 30, 60} {
							goal := f.ReachGoal(x, tg, a)
							if goal.chebyshev && !goal.Done(x.C.Pos) {
								counted++
							}
							s := &f.Space.path
							s.plainGreedy = true
							p1, c1, ok1 := f.PathTo(x, goal, budget)
							want := fmt.Sprint(p1, c1, ok1)
							s.plainGreedy = false
							p2, c2, ok2 := f.PathTo(x, goal, budget)
							if got := fmt.Sprint(p2, c2, ok2); got != want {
								t.Fatalf("n %d sizes %v reach %d: %s at %v to %s at %v, budget %d: PathTo = %s, want %s",
									n, sizes, reach, x.ID, x.C.Pos, tg.ID, tg.C.Pos, budget, got, want)
							}
						}
					}
				}
			}
		}
	}
	if counted == 0 {
		t.Fatal("the counting way was never taken")
	}
}

// TestStandableOneSquare checks standable's way for a one-square creature
// against its general rule (no wall under the footprint, and endsFree):
// every creature of a crowd with walls, on every square of the map: its
// own square, empty ones, walls, another's, and one it shares with a
// creature that shares its space, as both may.
func TestStandableOneSquare(t *testing.T) {
	f := crowd(t, 14, 12, 20)
	for i, x := range f.Fighters {
		x.C.Pos = grid.Pos{X: (i * 3) % 14, Y: (i * 3 / 14) * 2}
	}
	a, b := f.Fighters[0], f.Fighters[1]
	a.C.Space.Shared, b.C.Space.Shared = true, true
	b.C.Pos = a.C.Pos // two that share a square
	for y := 1; y < 12; y += 3 {
		f.Space.Map.Walls.Set(grid.Pos{X: 5, Y: y}, grid.Full)
	}
	f.ResetSpace()
	m := f.Space.Map
	seen := map[bool]int{}
	for _, x := range f.Fighters {
		for y := 0; y < m.H; y++ {
			for xx := 0; xx < m.W; xx++ {
				p := grid.Pos{X: xx, Y: y}
				want := m.Walls.Terrain(p) != grid.Full && f.endsFree(x, p)
				if got := f.standable(x, p); got != want {
					t.Fatalf("%s standable at %v = %v, want %v", x.ID, p, got, want)
				}
				if f.Space.occ[p.Y*m.W+p.X] != 0 {
					seen[want]++
				}
			}
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("occupied squares standable %d times, not %d times: both are needed", seen[true], seen[false])
	}
}

// TestEnterOneSquare checks enter's way for one square with nobody on it
// against the square by square loop (enterSquares), for every fighter on
// every square of a crowded map with walls and difficult ground.
func TestEnterOneSquare(t *testing.T) {
	f := crowd(t, 14, 12, 20)
	for i, x := range f.Fighters {
		x.C.Pos = grid.Pos{X: (i * 3) % 14, Y: (i * 3 / 14) * 2}
	}
	for y := 1; y < 12; y += 3 {
		f.Space.Map.Walls.Set(grid.Pos{X: 5, Y: y}, grid.Full)
		f.Space.Map.SetDifficult(grid.Pos{X: 7, Y: y}, true)
	}
	f.ResetSpace()
	m := f.Space.Map
	seen := map[entry]int{}
	difficult := 0
	for _, x := range f.Fighters {
		for y := -1; y <= m.H; y++ {
			for xx := -1; xx <= m.W; xx++ {
				p := grid.Pos{X: xx, Y: y}
				w, o, d := f.enter(x, p)
				if !m.Fits(p, x.C.Space) {
					if w != offMap {
						t.Fatalf("%s enters %v off the map: %v", x.ID, p, w)
					}
					continue
				}
				w2, o2, d2 := f.enterSquares(x, p)
				if w != w2 || o != o2 || d != d2 {
					t.Fatalf("%s at %v: enter %v %v %v, enterSquares %v %v %v", x.ID, p, w, o, d, w2, o2, d2)
				}
				seen[w]++
				if d {
					difficult++
				}
			}
		}
	}
	if seen[canEnter] == 0 || seen[aWall] == 0 || seen[aCreature] == 0 || difficult == 0 {
		t.Fatalf("cases met: %v, %d difficult: each is needed", seen, difficult)
	}
}
