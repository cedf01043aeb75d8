package combat

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

// checkCounts compares the encounter's counters with the participants:
// nDelaying and nPending with a count of the flags, and placed (a new round
// has nobody to place) with a scan for an active participant that is not
// delaying and has no place in the order.
func checkCounts(t *testing.T, e *Encounter, when string) {
	t.Helper()
	delaying, pending, unplaced := 0, 0, 0
	for _, p := range e.parts {
		if p.delaying {
			delaying++
		}
		if p.hasPending {
			pending++
		}
		if p.active && !p.inOrder && !p.delaying {
			unplaced++
		}
	}
	if delaying != e.nDelaying || pending != e.nPending {
		t.Fatalf("%s: %d delaying and %d pending, counted %d and %d", when, delaying, pending, e.nDelaying, e.nPending)
	}
	if e.placed && unplaced > 0 {
		t.Fatalf("%s: %d participants to place, but the encounter says none", when, unplaced)
	}
}

// TestCountsMatchParticipants plays random fights through every call that
// changes who delays, who has a pending count and who has a place (Delay,
// Resume, SetInitiative, Join, Remove, Deactivate, Reactivate, Reroll,
// Restart and the advances) and checks the counters that let a new round
// skip its scans (forfeitDelayers, roundInitiative, placeUnplaced) against
// the participants after each call.
func TestCountsMatchParticipants(t *testing.T) {
	cfgs := []Config{
		{Mode: Individual, Die: Dice{Sides: 20}, Ties: []TieRule{TieModifier, TieReroll},
			Delay: DelayRule{HasFloor: true, Floor: 0}},
		{Mode: Individual, Die: Dice{Sides: 10}, Ties: []TieRule{TieSimultaneous}, RerollEachRound: true},
		{Mode: BySide, Die: Dice{Sides: 6}},
	}
	for ci, cfg := range cfgs {
		for seed := uint64(0); seed < 30; seed++ {
			r := rand.New(rand.NewPCG(seed, uint64(ci)))
			e, err := New(cfg, rng.New(seed))
			ok(t, err)
			for i := 0; i < 6; i++ {
				ok(t, e.Add(Spec{ID: fmt.Sprint("p", i), Side: fmt.Sprint("s", i%2), Modifier: i % 3, Group: []string{"", "", "g"}[i%3]}))
			}
			joined := 0
			for trial := 0; trial < 2; trial++ {
				_, err = e.Begin()
				ok(t, err)
				checkCounts(t, e, "begin")
				for step := 0; step < 80; step++ {
					ids := e.Participants()
					id := ids[r.IntN(len(ids))]
					var what string
					switch k := r.IntN(14); k {
					case 0:
						what = "delay " + id
						_ = e.Delay(id)
					case 1:
						what = "resume " + id
						if c, has := e.CurrentCount(); has {
							_ = e.Resume(id, c-r.IntN(3))
						}
					case 2:
						what = "set initiative " + id
						_ = e.SetInitiative(id, r.IntN(25))
					case 3:
						what = "join"
						joined++
						_ = e.Join([]Spec{{ID: fmt.Sprint("j", joined), Side: "s1"}}, JoinAt(r.IntN(2)))
					case 4:
						// only newcomers: Restart brings back those added
						// before Begin
						if id[0] == 'j' {
							what = "remove " + id
							_ = e.Remove(id)
						}
					case 5:
						what = "deactivate " + id
						_ = e.Deactivate(id)
					case 6:
						what = "reactivate " + id
						_ = e.Reactivate(id)
					case 7:
						what = "reroll"
						e.Reroll()
					case 8:
						what = "next round"
						_, _ = e.NextRound()
					case 9, 10:
						what = "end step"
						if more, err := e.EndStep(); err == nil && !more {
							_, _ = e.NextTurn()
						}
					default:
						what = "next turn"
						_, _ = e.NextTurn()
					}
					checkCounts(t, e, fmt.Sprintf("config %d seed %d step %d (%s)", ci, seed, step, what))
				}
				e.Restart()
				checkCounts(t, e, "restart")
			}
		}
	}
}

// TestRollDiceIsRollSets: rollDice's path for one set of one die draws
// and returns what rollSets does.
func TestRollDiceIsRollSets(t *testing.T) {
	for _, d := range []Dice{{Sides: 20}, {Count: 1, Sides: 6}, {Count: -1, Sides: 10}, {Sides: 1}} {
		for seed := uint64(0); seed < 50; seed++ {
			a, err := New(Config{Mode: Individual, Die: Dice{Sides: 20}}, rng.New(seed))
			ok(t, err)
			b, err := New(Config{Mode: Individual, Die: Dice{Sides: 20}}, rng.New(seed))
			ok(t, err)
			a.faces, b.faces = append(a.faces, 4), append(b.faces, 4) // faces of earlier rolls
			for i := 0; i < 3; i++ {
				ka, fa, erra := a.rollDice(d, 0)
				kb, fb, errb := b.rollSets(d, 0)
				if ka != kb || fmt.Sprint(fa, cap(fa), a.faces, erra) != fmt.Sprint(fb, cap(fb), b.faces, errb) ||
					a.src.Draws() != b.src.Draws() {
					t.Fatalf("%+v seed %d: rollDice %d %v (faces %v), rollSets %d %v (faces %v)", d, seed, ka, fa, a.faces, kb, fb, b.faces)
				}
			}
		}
	}
	// a forced face that does not fit fails both alike
	a, _ := New(Config{Mode: Individual, Die: Dice{Sides: 6}}, rng.New(1))
	b, _ := New(Config{Mode: Individual, Die: Dice{Sides: 6}}, rng.New(1))
	a.src.Force(9)
	b.src.Force(9)
	_, _, erra := a.rollDice(Dice{Sides: 6}, 0)
	_, _, errb := b.rollSets(Dice{Sides: 6}, 0)
	if fmt.Sprint(erra) != fmt.Sprint(errb) || erra == nil {
		t.Fatalf("forced 9 on a d6: rollDice %v, rollSets %v", erra, errb)
	}
}
