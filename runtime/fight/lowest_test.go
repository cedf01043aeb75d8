package fight

import (
	"fmt"
	"testing"

	"github.com/dndsh/dndsh/runtime/event"
	"github.com/dndsh/dndsh/runtime/rng"
)

// TestLowestHPFollowsChanges: LowestHP's kept pick follows every change
// of hit points (damage, healing, a script's SetHP), a fighter gone out
// and a revived one, as a fresh scan would.
func TestLowestHPFollowsChanges(t *testing.T) {
	f := r1x(t, 3, 20)
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	hero := f.Fighters[0]
	scan := func() *Fighter {
		var best *Fighter
		for _, e := range f.Fighters {
			if e.Side != hero.Side && !e.Out && (best == nil || e.C.HP() < best.C.HP()) {
				best = e
			}
		}
		return best
	}
	check := func(what string) {
		t.Helper()
		got := LowestHP(f, hero, f.Enemies(hero))
		if want := scan(); got != want {
			t.Errorf("%s: LowestHP picked %s (%d hp), want %s (%d hp)", what, got.ID, got.C.HP(), want.ID, want.C.HP())
		}
	}
	g := f.Fighters[4:]
	check("start")
	if _, err := f.Deal(hero, g[3], 2, "slashing"); err != nil {
		t.Fatal(err)
	}
	check("damage")
	check("again")
	if _, err := g[3].C.Heal(5); err != nil {
		t.Fatal(err)
	}
	check("healing")
	if err := g[5].C.SetHP(1); err != nil {
		t.Fatal(err)
	}
	check("set")
	f.Kill(g[5])
	check("killed")
	if err := g[6].C.SetHP(2); err != nil {
		t.Fatal(err)
	}
	check("set after a kill")
	f.revive(g[5])
	check("revived")
	if _, err := f.Deal(hero, g[0], 6, "slashing"); err != nil {
		t.Fatal(err)
	}
	check("damage after revival")
}

// r1x is r1 with n goblins (enough for LowestHP to keep its pick).
func r1x(t testing.TB, seed uint64, n int) *Fight {
	var fs []*Fighter
	for i := 1; i <= 4; i++ {
		fs = append(fs, fighter(t, fmt.Sprintf("fighter%d", i), 0, 28, 18, 1, 5, "1d8+3", true))
	}
	for i := 1; i <= n; i++ {
		fs = append(fs, fighter(t, fmt.Sprintf("goblin%d", i), 1, 7, 15, 2, 4, "1d6+2", false))
	}
	f, err := New(d20Rules(), event.New(), rng.New(seed), fs, []string{"party", "goblins"})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestLowestHPFollowsOneChange: after each single change of hit points
// (the case LowestHP follows without a scan: damage, healing, a tie with
// the pick before or after it, the pick's own rise, a clone's change),
// its pick is a fresh scan's.
func TestLowestHPFollowsOneChange(t *testing.T) {
	f := r1x(t, 5, 20)
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	hero := f.Fighters[0]
	src := rng.New(11)
	for i := 0; i < 2000; i++ {
		scan := f.Enemies(hero)[0]
		for _, e := range f.Enemies(hero) {
			if e.C.HP() < scan.C.HP() {
				scan = e
			}
		}
		if got := LowestHP(f, hero, f.Enemies(hero)); got != scan {
			t.Fatalf("step %d: LowestHP picked %s (%d hp), want %s (%d hp)", i, got.ID, got.C.HP(), scan.ID, scan.C.HP())
		}
		g := f.Fighters[4+int(src.Uint64n(20))]
		if g.Out {
			continue
		}
		var err error
		switch src.Uint64n(5) {
		case 0:
			_, err = g.C.Heal(int(src.Uint64n(3)))
		case 1:
			err = g.C.SetHP(scan.C.HP()) // a tie with the pick
		case 2:
			err = g.C.SetHP(1 + int(src.Uint64n(7)))
		case 3:
			err = g.C.Clone().SetHP(int(src.Uint64n(7))) // counted, changes nothing
		default:
			err = scan.C.SetHP(scan.C.HP() + int(src.Uint64n(3)) - 1) // the pick's own
		}
		if err != nil {
			t.Fatal(err)
		}
		if g.C.HP() <= 0 || scan.C.HP() <= 0 {
			_ = g.C.SetHP(1)
			_ = scan.C.SetHP(1)
		}
	}
}
