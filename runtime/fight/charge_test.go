package fight

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/grid"
)

// refChargePath is ChargePath worked out square by square, with no
// geometry kept between calls: every square near the target, its reach,
// its straight line walked with the reach and the step of each square.
func refChargePath(f *Fight, x, t *Fighter, a *Attack) ([]grid.Pos, int, bool) {
	c, budget, reach, ok := f.chargeBudget(x, t, a) // who may charge: not what this test compares
	if !ok {
		return nil, 0, false
	}
	m := f.Space.Map
	g := f.Rules.Space.Grid
	tb, body := t.body(), x.body()
	fl := f.flagsOf(x)
	best := -1
	var bestPath []grid.Pos
	for y := 0; y < m.H; y++ {
		for xx := 0; xx < m.W; xx++ {
			e := grid.Pos{X: xx, Y: y, Z: x.C.Pos.Z}
			if e == x.C.Pos || !m.Fits(e, x.C.Space) {
				continue
			}
			body.Pos = e
			if d := g.Between(body, tb); d > reach || d < a.ReachMin || !f.endsFree(x, e) {
				continue
			}
			line := straight(x.C.Pos, e, nil)
			total, diag, open := 0, x.diagonals, true
			from := x.C.Pos
			for i, p := range line {
				if i < len(line)-1 {
					body.Pos = p
					if d := g.Between(body, tb); d <= reach && d >= a.ReachMin {
						open = false
						break
					}
				}
				cst, nd, ok := f.stepCost(x, from, p, diag, &fl)
				if !ok {
					open = false
					break
				}
				total += cst
				diag = nd
				from = p
			}
			if !open || total < c.Min || total > budget {
				continue
			}
			if best < 0 || total < best {
				best, bestPath = total, line
			}
		}
	}
	if best < 0 {
		return nil, 0, false
	}
	return bestPath, best, true
}

// TestChargePathIsTheSquareBySquareCharge: ChargePath, which keeps each
// charge's geometry for the fight (chargeEnds) and asks the map only about
// the squares it leaves, finds the path and cost a walk of every square
// of the map finds (refChargePath), under each diagonal rule, for reaches
// 5 and 10 (and a reach weapon's 10 ft with nothing at 5), Medium and Large
// chargers and targets, among creatures that stand in the way.
func TestChargePathIsTheSquareBySquareCharge(t *testing.T) {
	dmg, _ := dice.Parse("1d6")
	charges, pairs := 0, 0
	for _, gr := range []grid.Grid{{Square: 5}, {Square: 5, Diagonal: grid.DiagonalAlternate}, {Square: 5, Diagonal: grid.DiagonalEuclid}} {
		for _, at := range []Attack{{Reach: 5}, {Reach: 10}, {Reach: 10, ReachMin: 10}} {
			for seed := int64(1); seed <= 8; seed++ {
				r := rand.New(rand.NewSource(seed))
				m, err := grid.NewMap(gr, 14, 12)
				if err != nil {
					t.Fatal(err)
				}
				var fs []*Fighter
				taken := map[grid.Pos]bool{}
				for i := 0; i < 10; i++ {
					c := randomCreature(r, 4, 13, 11, taken)
					a := at
					a.Name, a.Damage = "hit", dmg
					fs = append(fs, &Fighter{ID: string(rune('A' + i)), Side: i % 2, Base: c, Attacks: []Attack{a}})
				}
				rules := &Rules{Space: DefaultSpaceRules()}
				rules.Space.Grid = gr
				rules.Space.DefaultSpeed = 30
				rules.Space.Turn.Charge = &ChargeRule{Min: 10, Mul: 2, PartialMul: 1}
				f := onMap(t, rules, m, fs)
				for round := 0; round < 2; round++ { // the second asks the kept geometry
					for _, x := range f.Fighters {
						for _, y := range f.Fighters {
							if x.Side == y.Side {
								continue
							}
							pairs++
							want, wc, wok := refChargePath(f, x, y, &x.Attacks[0])
							got, gc, gok := f.ChargePath(x, y, &x.Attacks[0])
							if gok != wok || gc != wc || !slices.Equal(got, want) {
								t.Fatalf("%v, reach %d-%d, seed %d: %s at %v charging %s at %v: got %v %d %v, want %v %d %v",
									gr, at.ReachMin, at.Reach, seed, x.ID, x.C.Pos, y.ID, y.C.Pos, got, gc, gok, want, wc, wok)
							}
							if gok {
								charges++
							}
						}
					}
				}
			}
		}
	}
	if charges == 0 || charges == pairs {
		t.Fatalf("%d charges in %d pairs: not a test", charges, pairs)
	}
	t.Logf("%d charges in %d pairs", charges, pairs)
}

// randomCreature is a creature two squares wide in one case out of big
// (one square otherwise), put at random by placeAtRandom.
func randomCreature(r *rand.Rand, big, w, h int, taken map[grid.Pos]bool) *creature.Creature {
	c, _ := creature.New("c", "c", 10)
	if r.Intn(big) == 0 {
		c.Space = grid.Square(2)
	}
	placeAtRandom(r, c, w, h, taken)
	return c
}

// placeAtRandom puts c on a random square (x below w, y below h) where its
// footprint overlaps none of the squares taken, and marks its squares taken.
func placeAtRandom(r *rand.Rand, c *creature.Creature, w, h int, taken map[grid.Pos]bool) {
	for {
		c.Pos = grid.Pos{X: r.Intn(w), Y: r.Intn(h)}
		free := true
		for dy := 0; dy < c.Space.H; dy++ {
			for dx := 0; dx < c.Space.W; dx++ {
				free = free && !taken[grid.Pos{X: c.Pos.X + dx, Y: c.Pos.Y + dy}]
			}
		}
		if free {
			break
		}
	}
	for dy := 0; dy < c.Space.H; dy++ {
		for dx := 0; dx < c.Space.W; dx++ {
			taken[grid.Pos{X: c.Pos.X + dx, Y: c.Pos.Y + dy}] = true
		}
	}
}
