package fight

import (
	"math/rand"
	"testing"

	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/grid"
)

// TestLowestCandidate: lowestCandidate, which asks whether an enemy is a
// candidate only when it would be picked over the best so far, picks what
// LowestHP picks among candidates, for every fighter of random fights on a
// walled map: fighters of one and two squares, melee reaches of 5 and 10
// ft and ranged attacks, hit points with many ties, some out of the fight,
// some that have moved, so that each narrowing (can hit now, can reach
// this turn, all of them) decides some picks.
func TestLowestCandidate(t *testing.T) {
	dmg, _ := dice.Parse("1d6")
	kinds := []Attack{{Reach: 5}, {Reach: 10}, {Ranged: true, Range: []int{30, 60}}}
	tiers := map[string]int{}
	for seed := int64(1); seed <= 400; seed++ {
		r := rand.New(rand.NewSource(seed))
		m, err := grid.NewMap(grid.Grid{Square: 5, Diagonal: grid.DiagonalAlternate}, 14, 10)
		if err != nil {
			t.Fatal(err)
		}
		taken := map[grid.Pos]bool{}
		for i := 0; i < 12; i++ { // walls, where no one stands
			p := grid.Pos{X: r.Intn(14), Y: r.Intn(10)}
			taken[p] = true
			m.Walls.Set(p, grid.Full)
		}
		var fs []*Fighter
		for i := 0; i < 10; i++ {
			c := randomCreature(r, 6, 13, 9, taken)
			if err := c.SetHP(1 + r.Intn(3)); err != nil {
				t.Fatal(err)
			}
			a := kinds[r.Intn(len(kinds))]
			a.Name, a.Damage = "hit", dmg
			fs = append(fs, &Fighter{ID: string(rune('A' + i)), Side: r.Intn(2), Base: c, Attacks: []Attack{a}})
		}
		rules := &Rules{Space: DefaultSpaceRules()}
		rules.Space.DefaultSpeed = 5 * (1 + r.Intn(3)) // near enough to reach some, not all
		f := onMap(t, rules, m, fs)
		for _, x := range f.Fighters {
			switch r.Intn(5) {
			case 0:
				f.goOut(x)
			case 1:
				x.Moved = 5 * r.Intn(7)
			}
		}
		for _, x := range f.Fighters {
			if x.Out {
				continue
			}
			var want *Fighter
			cands := f.candidates(x)
			if len(cands) > 0 {
				want = LowestHP(f, x, cands)
			}
			if got := f.lowestCandidate(x); got != want {
				t.Fatalf("seed %d: %s at %v: lowestCandidate %v, LowestHP of the candidates %v", seed, x.ID, x.C.Pos, got, want)
			}
			all := f.Enemies(x)
			now, turn := 0, 0
			for _, y := range all {
				if f.canHitNow(x, x.body(), y) {
					now++
				}
				if f.canReachTurn(x, x.body(), y, f.movementLeft(x)) {
					turn++
				}
			}
			switch {
			case len(all) <= 1:
				tiers["one or no enemy"]++
			case now > 0:
				tiers["those it can hit now"]++
			case turn > 0:
				tiers["those it can reach this turn"]++
			default:
				tiers["all of them"]++
			}
		}
	}
	for _, k := range []string{"one or no enemy", "those it can hit now", "those it can reach this turn", "all of them"} {
		if tiers[k] == 0 {
			t.Fatalf("no pick among %s: %v", k, tiers)
		}
	}
	t.Logf("picks: %v", tiers)
}

// isLowestHP tells the built-in LowestHP from the other tactics.
func TestIsLowestHP(t *testing.T) {
	lowest, _ := Tactics("lowest_hp")
	if !isLowestHP(LowestHP) || !isLowestHP(lowest) || isLowestHP(FirstEnemy) || isLowestHP(nil) ||
		isLowestHP(func(f *Fight, x *Fighter, l []*Fighter) *Fighter { return LowestHP(f, x, l) }) {
		t.Fatal("isLowestHP is wrong")
	}
}
