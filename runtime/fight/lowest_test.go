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
