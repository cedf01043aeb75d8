package fightmod_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/fight"
)

// mapExamples are the example encounters that play on a map, with their
// rule systems.
var mapExamples = []struct{ ruleset, file string }{
	{"3e", "../../examples/3e/r1_fighters_vs_goblins.lua"},
	{"3e", "../../examples/3e/party_vs_ogre_goblins.lua"},
	{"3e", "../../examples/3e/worked_fight.lua"},
	{"3e", "../../examples/3e/haunted_crypt.lua"},
	{"3e", "../../examples/3e/turning_undead.lua"},
	{"3e", "../../examples/3e/dmg_variants_study.lua"},
	{"5e", "../../examples/5e/r1_on_a_map.lua"},
	{"5e", "../../examples/5e/breath_and_cover.lua"},
	{"5e", "../../examples/5e/breath_in_the_open.lua"},
	{"1e", "../../examples/1e/party_vs_orcs_on_a_map.lua"},
}

// TestPathMemoAgrees checks the path finder's memo (runtime/fight's
// pathMemo) against the work it saves, on every map example: with
// MemoVerify each answer the memo holds is worked out again and compared
// (none may differ, and the memo must have answered, so the comparison is
// not empty); and the same trials played with the memo asked where it
// pays, always before greedy, only for searches, and not at all end alike,
// creature by creature.
func TestPathMemoAgrees(t *testing.T) {
	trials := 150
	if testing.Short() {
		trials = 40
	}
	hits := 0
	for _, ex := range mapExamples {
		t.Run(ex.file[strings.LastIndex(ex.file, "/")+1:], func(t *testing.T) {
			e, f := exampleIn(t, ex.ruleset, ex.file, "")
			defer e.Close()
			if f.Space == nil {
				t.Fatalf("%s has no map", ex.file)
			}
			play := func(mode fight.MemoMode) []string {
				f.Space.SetMemo(mode)
				var out []string
				for i := range trials {
					e.R.Src.Reset(1, uint64(i))
					o, err := f.Run()
					if err != nil {
						t.Fatal(err)
					}
					s := fmt.Sprintf("%d: %+v", i, o)
					for _, x := range f.Fighters {
						s += fmt.Sprintf(" %s %v hp %d dealt %d moved %d;", x.ID, x.C.Pos, x.C.HP(), x.DamageDealt, x.Moved)
					}
					out = append(out, s)
				}
				return out
			}
			play(fight.MemoVerify)
			h, m, bad := f.Space.MemoStats()
			if bad != 0 {
				t.Fatalf("%d of %d answers from the memo differ from the search's", bad, h)
			}
			t.Logf("%d answers from the memo, %d searched", h, m)
			hits += h
			off := play(fight.MemoOff)
			for _, mode := range []fight.MemoMode{fight.MemoOn, fight.MemoFirst, fight.MemoSearches} {
				on := play(mode)
				for i := range on {
					if on[i] != off[i] {
						t.Fatalf("trial %d with the memo (mode %d):\n%s\nwithout:\n%s", i, mode, on[i], off[i])
					}
				}
			}
		})
	}
	if hits == 0 {
		t.Fatalf("no answer came from the memo: the comparison compared nothing")
	}
}
