package fight

import (
	"math/rand"
	"testing"

	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/grid"
)

// refFlanker is flanker written as the rule reads: the first of x's allies,
// in fight order, still in the fight, that can act and flanks t with x
// (grid.Flanks), for a melee attack on a map with flanking.
func refFlanker(f *Fight, x, t *Fighter, a *Attack) *Fighter {
	if f.Space == nil || a.Ranged || !f.Rules.Space.Flank.On {
		return nil
	}
	for _, y := range f.Fighters {
		if y == x || y.Out || y.Side != x.Side {
			continue
		}
		if f.Rules.Space.Grid.Flanks(x.body(), y.body(), t.body()) && f.canAct(y) {
			return y
		}
	}
	return nil
}

// TestFlankerIsGridFlanks: flanker, which tells each ally's Beyond from the
// target's window for the ally's reach and footprint and works out x's
// threat once, picks the ally grid.Flanks and canAct pick (refFlanker),
// under each diagonal rule, among fighters of one and two squares with
// reaches of 5, 10 and 10 ft with nothing at 5, some out of the fight and
// some that cannot act.
func TestFlankerIsGridFlanks(t *testing.T) {
	dmg, _ := dice.Parse("1d6")
	reaches := []Attack{{Reach: 5}, {Reach: 10}, {Reach: 10, ReachMin: 10}}
	flanks, pairs := 0, 0
	for _, gr := range []grid.Grid{{Square: 5}, {Square: 5, Diagonal: grid.DiagonalAlternate}, {Square: 5, Diagonal: grid.DiagonalEuclid}} {
		for seed := int64(1); seed <= 300; seed++ {
			r := rand.New(rand.NewSource(seed))
			m, err := grid.NewMap(gr, 9, 8)
			if err != nil {
				t.Fatal(err)
			}
			var fs []*Fighter
			taken := map[grid.Pos]bool{}
			for i := 0; i < 11; i++ {
				c := randomCreature(r, 5, 8, 7, taken)
				a := reaches[r.Intn(len(reaches))]
				a.Name, a.Damage = "hit", dmg
				fs = append(fs, &Fighter{ID: string(rune('A' + i)), Side: r.Intn(2), Base: c, Attacks: []Attack{a}})
			}
			rules := &Rules{Space: DefaultSpaceRules()}
			rules.Space.Grid = gr
			rules.Space.Flank.On = true
			rules.Conditions = map[string]*CondEffect{"stunned": {Name: "stunned", NoActions: true}}
			f := onMap(t, rules, m, fs)
			for _, x := range f.Fighters {
				switch r.Intn(6) {
				case 0:
					f.goOut(x)
				case 1:
					if _, err := x.C.AddCondition(creature.Condition{Name: "stunned"}, creature.CondSpec{}); err != nil {
						t.Fatal(err)
					}
				}
			}
			for _, x := range f.Fighters {
				for _, y := range f.Fighters {
					if x.Side == y.Side || x.Out || y.Out {
						continue
					}
					pairs++
					want := refFlanker(f, x, y, &x.Attacks[0])
					// x's threat measured by flanker, and read from the distance given
					for _, measured := range []bool{false, true} {
						var s Situation
						f.flanker(x, y, &x.Attacks[0], f.Distance(x, y, nil), measured, &s)
						if s.Flanker != want {
							t.Fatalf("%v, seed %d, measured %v: %s at %v (reach %d-%d) on %s at %v: flanker %v, want %v",
								gr, seed, measured, x.ID, x.C.Pos, x.reachMin, x.reach, y.ID, y.C.Pos, s.Flanker, want)
						}
					}
					var s Situation
					f.flanker(x, y, &x.Attacks[0], 0, false, &s)
					if s.Flanker != nil {
						flanks++
					}
				}
			}
		}
	}
	if flanks == 0 || flanks == pairs {
		t.Fatalf("%d flanks in %d pairs: not a test", flanks, pairs)
	}
	t.Logf("%d flanks in %d pairs", flanks, pairs)
}
