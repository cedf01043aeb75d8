package combat

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

// covers: HB-TURN-01 (1 action, 1 swift, 1 move, 1 reaction per turn),
// HB-TURN-02 (at most one swift action), HB-TURN-03, 5E-ACT-05 and TV-52
// (a reaction used on another's turn comes back only at the start of the
// owner's next turn), 5E-ACT-03 and 5E-ACT-04 (one action, one bonus
// action, only on one's own turn).
func TestBudgetSpendAndReset(t *testing.T) {
	cfg := modifierTieConfig()
	cfg.Slots = []SlotDef{{Name: "action", Count: 1}, {Name: "swift", Count: 1}, {Name: "move", Count: 1},
		{Name: "reaction", Count: 1, OffTurn: true}}
	e := counted(t, cfg, []string{"a", "b"}, []int{15, 10})
	r := rep(t)
	ok(t, e.Spend("a", "action"))
	wantKernelErr(t, e.Spend("a", "action"), errs.Rule, `"a" has no "action" left this turn`)
	ok(t, e.Spend("a", "swift"))
	wantKernelErr(t, e.Spend("a", "swift"), errs.Rule, `no "swift" left`)
	wantKernelErr(t, e.Spend("b", "action"), errs.Rule, "during its own turn")
	ok(t, e.Spend("b", "reaction")) // on a's turn
	wantKernelErr(t, e.Spend("b", "reaction"), errs.Rule, `no "reaction" left`)
	wantKernelErr(t, e.Spend("a", "bonus"), errs.Rule, `no action slot "bonus"`)
	r(e.NextTurn())
	n, _ := e.Remaining("b", "reaction")
	wantEq(t, "b's reaction back at its turn start", n, 1)
	ok(t, e.Spend("b", "action"))
	r(e.NextTurn()) // round 2, a's turn
	n, _ = e.Remaining("a", "action")
	wantEq(t, "a's action back", n, 1)
	ok(t, e.Spend("a", "reaction"))
	r(e.NextTurn())
	ok(t, e.Spend("b", "reaction"))
	n, _ = e.Remaining("a", "reaction")
	wantEq(t, "a's reaction not back on b's turn", n, 0)
}

// covers: 3E-ACTION-01, 3E-ACTION-02, 3E-ACTION-03, 3E-ACTION-06 (a
// full-round action uses the standard and the move; all or nothing),
// 3E-ACTION-15 (an attack, then deciding on a full attack by spending the
// move), 3E-ACTION-07 (free actions without a kernel limit), B-03 (one
// attack of opportunity, back at the start of the owner's turn).
func TestBudgetCompositeAndResets(t *testing.T) {
	cfg := surpriseRoundConfig()
	cfg.Surprise = SurpriseNone
	cfg.Slots = append(cfg.Slots, SlotDef{Name: "per-round", Count: 1, Reset: ResetRoundStart, OffTurn: true},
		SlotDef{Name: "daily", Count: 1, Reset: ResetNever})
	cfg.Composites = append(cfg.Composites, Composite{Name: "double", Parts: []string{"move", "move"}})
	e := counted(t, cfg, []string{"a", "b"}, []int{15, 10})
	r := rep(t)
	n, _ := e.Remaining("a", "full")
	wantEq(t, "one full-round action", n, 1)
	wantKernelErr(t, e.Spend("a", "double"), errs.Rule, `no "move" left this turn ("double" needs it)`)
	ok(t, e.Spend("a", "full"))
	wantKernelErr(t, e.Spend("a", "standard"), errs.Rule, `no "standard" left`)
	for i := 0; i < 5; i++ {
		ok(t, e.Spend("a", "free"))
	}
	ok(t, e.Spend("a", "per-round"))
	ok(t, e.Spend("a", "daily"))
	r(e.NextTurn())
	ok(t, e.Spend("b", "move"))
	wantKernelErr(t, e.Spend("b", "full"), errs.Rule, `no "move" left this turn ("full" needs it)`)
	n, _ = e.Remaining("b", "standard")
	wantEq(t, "a failed composite spends nothing", n, 1)
	ok(t, e.Spend("b", "standard"))
	r(e.NextTurn()) // round 2: per-round refills, daily does not
	n, _ = e.Remaining("a", "per-round")
	wantEq(t, "per-round back", n, 1)
	wantKernelErr(t, e.Spend("a", "daily"), errs.Rule, `no "daily" left until it is restored`)
	ok(t, e.SetSlot("a", "daily", 1))
	ok(t, e.Spend("a", "daily"))

	// The attack-or-full-attack choice: attack with the standard, then the
	// move is spent to make it a full attack.
	ok(t, e.Spend("a", "standard"))
	ok(t, e.Spend("a", "move"))
	n, _ = e.Remaining("a", "full")
	wantEq(t, "full spent", n, 0)
	ok(t, e.Deactivate("b"))
	wantKernelErr(t, e.Spend("b", "aoo"), errs.Rule, "out of the fight")
}

// A handle spends and counts a participant's slots as its ID does, and
// names no one once Remove or Restart has taken the participant out.
func TestSlotsByHandle(t *testing.T) {
	cfg := modifierTieConfig()
	cfg.Slots = []SlotDef{{Name: "action", Count: 1}, {Name: "reaction", Count: 1, OffTurn: true}}
	e := counted(t, cfg, []string{"a", "b"}, []int{15, 10})
	ha, hb := e.Handle("a"), e.Handle("b")
	ok(t, e.SpendHandle(hb, "reaction")) // on a's turn
	n, _ := e.Remaining("b", "reaction")
	m, _ := e.RemainingHandle(hb, "reaction")
	wantEq(t, "b's reaction by ID after a spend by handle", n, 0)
	wantEq(t, "b's reaction by handle", m, 0)
	wantKernelErr(t, e.SpendHandle(hb, "reaction"), errs.Rule, `"b" has no "reaction" left`)
	wantKernelErr(t, e.SpendHandle(hb, "action"), errs.Rule, "during its own turn")
	ok(t, e.Spend("a", "action"))
	m, _ = e.RemainingHandle(ha, "action")
	wantEq(t, "a's action by handle after a spend by ID", m, 0)
	ok(t, e.Remove("b"))
	if _, err := e.RemainingHandle(hb, "reaction"); err == nil {
		t.Fatal("a removed participant's handle counts its slots")
	}
	wantKernelErr(t, e.SpendHandle(hb, "reaction"), errs.Rule, "no participant")
	wantKernelErr(t, e.SpendHandle(Handle{}, "reaction"), errs.Rule, "no participant")
	e.Restart() // b was added before Begin: it comes back, and its handle with it
	m, err := e.RemainingHandle(hb, "reaction")
	ok(t, err)
	wantEq(t, "b's reaction after Restart", m, 1)
}
