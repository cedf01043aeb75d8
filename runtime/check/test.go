package check

import (
	"errors"
	"fmt"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// FaceRange is an inclusive range of natural die faces, such as 19-20.
// The zero value is the empty range.
type FaceRange struct{ Lo, Hi int }

// Faces returns the range lo..hi.
func Faces(lo, hi int) FaceRange { return FaceRange{Lo: lo, Hi: hi} }

// Face returns the range holding the one face f.
func Face(f int) FaceRange { return FaceRange{Lo: f, Hi: f} }

// Has reports whether face lies in the range.
func (f FaceRange) Has(face int) bool {
	return f != FaceRange{} && f.Lo <= face && face <= f.Hi
}

// Empty reports whether the range holds no face.
func (f FaceRange) Empty() bool { return f == FaceRange{} || f.Lo > f.Hi }

// has is Has for a die's face, never below 1: the empty range (0-0)
// holds no such face without being told apart.
func (f FaceRange) has(face int) bool { return f.Lo <= face && face <= f.Hi }

func (f FaceRange) overlaps(g FaceRange) bool {
	return !f.Empty() && !g.Empty() && f.Lo <= g.Hi && g.Lo <= f.Hi
}

// FaceValue makes a natural face count as Value in the total (a variant
// rule may make the lowest face count far below itself and the highest far
// above). Natural-face rules still look at the face itself.
type FaceValue struct{ Face, Value int }

// Naturals holds a test's natural-roll rules. The zero value has none: the
// total alone decides.
type Naturals struct {
	// AutoSuccess and AutoFailure are natural faces that succeed or fail
	// whatever the total (attacks only, or saves too: the caller decides by
	// setting them or not).
	AutoSuccess, AutoFailure FaceRange
	// Threat is the threat range. A natural face in it threatens a critical
	// success when the test succeeds; a test that fails never threatens.
	Threat FaceRange
	// Fumble is the fumble range. A natural face in it threatens a fumble
	// when the test fails.
	Fumble FaceRange
	// ConfirmThreat makes a threat roll a confirmation: the same test again
	// (same modifiers, same target, natural-face rules included); the
	// critical is confirmed if the confirmation succeeds. Without it every
	// threat is a critical.
	ConfirmThreat bool
	// ConfirmFumble does the same for fumbles: the fumble is confirmed if
	// the confirmation fails.
	ConfirmFumble bool
	// ConfirmBonus is added to the confirmation roll only.
	ConfirmBonus int
	// ConfirmAdvantage rolls the confirmation with the test's advantage
	// dice; without it the confirmation is one die.
	ConfirmAdvantage bool
	// Count lists faces that count as another value in the total.
	Count []FaceValue
}

func (n *Naturals) value(face int) int {
	for _, fv := range n.Count {
		if fv.Face == face {
			return fv.Value
		}
	}
	return face
}

// Compare is how a test's total meets its target.
type Compare uint8

// The comparisons.
const (
	// AtLeast: success if total >= target (the default).
	AtLeast Compare = iota
	// Above: success if total > target.
	Above
	// AtMost: success if total <= target; lower is better (roll-under).
	AtMost
	// Below: success if total < target; lower is better.
	Below
	// NoTarget: the test has no target (an initiative roll, one side of an
	// opposed check); Success is false and no natural-face rule applies.
	NoTarget
)

// String returns the comparison operator (">=", "<=", ...) or "none".
func (c Compare) String() string {
	switch c {
	case AtLeast:
		return ">="
	case Above:
		return ">"
	case AtMost:
		return "<="
	case Below:
		return "<"
	case NoTarget:
		return "none"
	}
	return fmt.Sprintf("Compare(%d)", int(c))
}

// LowerIsBetter reports whether the comparison favours low totals.
func (c Compare) LowerIsBetter() bool { return c == AtMost || c == Below }

// margin returns how far total is past the success threshold: >= 0 is a
// success, -1 a failure by the smallest step.
func (c Compare) margin(total, target int) int {
	switch c {
	case Above:
		return total - target - 1
	case AtMost:
		return target - total
	case Below:
		return target - total - 1
	}
	return total - target
}

// Force imposes an outcome whatever the dice say (a condition that makes a
// check fail automatically, a voluntary failure).
type Force uint8

// The forced outcomes.
const (
	// NoForce: the roll decides.
	NoForce Force = iota
	// ForceSuccess: the test succeeds whatever the roll.
	ForceSuccess
	// ForceFailure: the test fails whatever the roll.
	ForceFailure
)

// Decided says what decided a test's outcome.
type Decided uint8

// The deciders.
const (
	// ByTotal: the total against the target decided.
	ByTotal Decided = iota
	// ByAutoSuccess: a natural face succeeded where the total failed.
	ByAutoSuccess
	// ByAutoFailure: a natural face failed where the total succeeded.
	ByAutoFailure
	// ByForce: Test.Force imposed the outcome.
	ByForce
	// ByNothing: the test has no target.
	ByNothing
)

// String says in words what decided the outcome.
func (d Decided) String() string {
	switch d {
	case ByTotal:
		return "total"
	case ByAutoSuccess:
		return "natural auto-success"
	case ByAutoFailure:
		return "natural auto-failure"
	case ByForce:
		return "forced"
	case ByNothing:
		return "no target"
	}
	return fmt.Sprintf("Decided(%d)", int(d))
}

// Test is a die test: roll one die (Sides faces, 20 by default), or several
// and keep one under advantage, add the counted modifiers, compare with a
// target. A Test is a description; rolling it does not change it, so one
// Test may be rolled many times (but not from several goroutines while a
// Result rolled from it is being rerolled).
type Test struct {
	// Sides is the number of faces of the die; 0 means 20.
	Sides int
	// Mods are the modifiers to the roll; Stacking decides which count.
	Mods     []Modifier
	Stacking StackPolicy
	// Adv lists the advantage and disadvantage sources; AdvPolicy combines
	// them and turns the net level into dice.
	Adv       []AdvSource
	AdvPolicy AdvPolicy
	// Target is the DC, AC or score; Compare says how the total meets it.
	Target  int
	Compare Compare
	// Naturals holds auto-success/failure faces, threat and fumble ranges
	// and confirmation.
	Naturals Naturals
	// DegreeStep, when > 0, grades the outcome: see Result.Degree.
	DegreeStep int
	// Force imposes success or failure after the roll.
	Force Force
	// RerollLimit caps the Reroll and Replace calls on one Result; 0 means
	// no cap.
	RerollLimit int
	// OnRolled, when set, is called once the main dice are rolled and the
	// outcome worked out, before any confirmation roll. It may call
	// r.Reroll or r.Replace (a reroll feature) or change nothing.
	OnRolled func(r *Result, src *rng.Source) error
}

// DieRole says what a die was rolled for.
type DieRole uint8

// The die roles.
const (
	// Main: one of the dice of the test roll.
	Main DieRole = iota
	// Confirm: one of the dice of a confirmation roll.
	Confirm
)

// String returns the name of the die role.
func (r DieRole) String() string {
	if r == Confirm {
		return "confirm"
	}
	return "main"
}

// DieState says what became of a die.
type DieState uint8

// The die states.
const (
	// Kept: the die counts (the natural face).
	Kept DieState = iota
	// Dropped: rolled but not kept (the other die of advantage).
	Dropped
	// Replaced: rerolled or replaced; a later die in the same slot took its
	// place.
	Replaced
	// Voided: a confirmation die made moot by a later reroll of the test.
	Voided
)

// String returns the name of the die state.
func (s DieState) String() string {
	switch s {
	case Kept:
		return "kept"
	case Dropped:
		return "dropped"
	case Replaced:
		return "replaced"
	case Voided:
		return "voided"
	}
	return fmt.Sprintf("DieState(%d)", int(s))
}

// Die is one die rolled by a check.
type Die struct {
	Face int
	Role DieRole
	// Slot numbers the dice of one roll from 0 (the two dice of advantage
	// are slots 0 and 1). A reroll puts its die in the slot of the die it
	// replaces.
	Slot  int
	State DieState
}

// Result is the plain record of a rolled Test.
type Result struct {
	// Dice holds every die in the order rolled: the main dice, rerolls,
	// then confirmation dice.
	Dice []Die
	// Mods holds every modifier of the test, counted or not.
	Mods []AppliedMod
	// ModTotal is the sum of the counted modifiers.
	ModTotal int
	// Net is the net advantage level after the policy (-1..1 on/off);
	// AdvUp and AdvDown are the summed levels of advantage and disadvantage
	// sources before combining.
	Net, AdvUp, AdvDown int
	// Keep is the keep rule applied to the main dice and AdvBonus the flat
	// advantage bonus added to the total, both oriented for the comparison
	// (a roll-under test keeps the lowest die under advantage).
	Keep     Keep
	AdvBonus int
	// KeptIndex is the index in Dice of the kept main die.
	KeptIndex int
	// Natural is the kept face; Value is what it counts for in the total
	// (the face unless Naturals.Count says otherwise).
	Natural, Value int
	// Total = Value + ModTotal + AdvBonus.
	Total   int
	Target  int
	Compare Compare
	Success bool
	Decided Decided
	// Margin is how far the total is past the success threshold: 0 means
	// made exactly, -1 missed by the smallest step; 0 without a target.
	Margin int
	// Degree grades the outcome in steps of Test.DegreeStep: on a success
	// Margin/step (0, 1, 2, ...); on a failure -1 - (amount failed by)/step
	// (-1, -2, ...), so "failed by step or more" is -2 or worse. Without a
	// step it is 0 on a success and -1 on a failure.
	Degree int
	// Threat: the natural face is in the threat range and the test
	// succeeded. Crit: the threat stands (confirmed, or no confirmation
	// asked).
	Threat, Crit bool
	// FumbleThreat: the natural face is in the fumble range and the test
	// failed. Fumble: it stands (confirmed, or no confirmation asked).
	FumbleThreat, Fumble bool
	// ConfirmRolled reports a confirmation roll; ConfirmNatural and
	// ConfirmTotal are its kept face and total; Confirmed says whether it
	// confirmed the threat or the fumble.
	ConfirmRolled  bool
	ConfirmNatural int
	ConfirmTotal   int
	Confirmed      bool
	// Rerolls counts the Reroll and Replace calls made on this result.
	Rerolls int

	// Sides is the number of faces of the test's die.
	Sides int

	rules   rules // what Reroll needs of the test, copied (no pointer: a Test on the stack stays there)
	nMain   int   // dice per main roll
	nConf   int   // dice per confirmation roll
	pending bool  // inside OnRolled: confirmation not rolled yet
}

// rules is the part of a Test that working out an outcome needs.
type rules struct {
	nat    Naturals
	force  Force
	step   int
	limit  int
	rolled bool // the main dice of a test are in: Reroll may work
}

func kernelErr(k errs.Kind, format string, args ...any) *errs.Error {
	return errs.New(k, "kernel", format, args...)
}

// dieErr wraps an error from the random source (a forced face that does
// not fit, manual entry that failed).
func dieErr(err error) error {
	var e *errs.Error
	if errors.As(err, &e) {
		return err
	}
	return &errs.Error{Kind: errs.Rule, Layer: "kernel", Msg: err.Error(), Err: err}
}

func (t *Test) sides() int {
	if t.Sides == 0 {
		return 20
	}
	return t.Sides
}

func (t *Test) validate() error {
	n := &t.Naturals
	if t.Sides >= 0 && t.Sides != 1 && t.DegreeStep >= 0 &&
		(n.Threat.Hi < n.Fumble.Lo || n.Fumble.Hi < n.Threat.Lo || n.Fumble == FaceRange{} || n.Threat == FaceRange{}) &&
		(n.AutoSuccess.Hi < n.AutoFailure.Lo || n.AutoFailure.Hi < n.AutoSuccess.Lo || n.AutoFailure == FaceRange{} || n.AutoSuccess == FaceRange{}) {
		return nil // ranges apart (or empty): nothing below can fail
	}
	return t.invalid()
}

// invalid is validate's full check.
func (t *Test) invalid() error {
	if t.Sides < 0 || t.Sides == 1 {
		return kernelErr(errs.Rule, "test die must have at least 2 sides, got %d", t.Sides)
	}
	if t.DegreeStep < 0 {
		return kernelErr(errs.Rule, "degree step must not be negative, got %d", t.DegreeStep)
	}
	n := &t.Naturals
	if n.Threat.overlaps(n.Fumble) {
		return kernelErr(errs.Rule, "threat range %d-%d overlaps fumble range %d-%d",
			n.Threat.Lo, n.Threat.Hi, n.Fumble.Lo, n.Fumble.Hi)
	}
	if n.AutoSuccess.overlaps(n.AutoFailure) {
		return kernelErr(errs.Rule, "auto-success faces %d-%d overlap auto-failure faces %d-%d",
			n.AutoSuccess.Lo, n.AutoSuccess.Hi, n.AutoFailure.Lo, n.AutoFailure.Hi)
	}
	return nil
}

// Roll rolls the test into a new Result.
func (t *Test) Roll(src *rng.Source) (*Result, error) {
	r := &Result{}
	if err := t.RollInto(src, r); err != nil {
		return nil, err
	}
	return r, nil
}

// RollInto rolls the test into r, reusing r's slices: with a Result kept
// from one roll to the next the fast path does not allocate. Everything r
// held before is overwritten.
func (t *Test) RollInto(src *rng.Source, r *Result) error {
	return t.rollInto(src, r, t.Compare)
}

func (t *Test) rollInto(src *rng.Source, r *Result, cmp Compare) error {
	if err := t.validate(); err != nil {
		return err
	}
	r.reset(t, cmp)
	r.ModTotal, r.Mods = t.Stacking.Apply(t.Mods, r.Mods)
	ar := AdvRoll{Dice: 1}
	if len(t.Adv) > 0 || t.AdvPolicy.Func != nil || len(t.AdvPolicy.Table) > 0 {
		r.Net, r.AdvUp, r.AdvDown = t.AdvPolicy.Net(t.Adv)
		ar = t.AdvPolicy.Roll(r.Net)
	} // else no source: net 0 (reset), one die
	if ar.Dice < 1 {
		return kernelErr(errs.Rule, "advantage level %+d asks for %d dice; a test rolls at least 1", r.Net, ar.Dice)
	}
	if ar.Dice > MaxDice {
		return kernelErr(errs.Budget, "advantage level %+d asks for %d dice; a test rolls 1 to %d", r.Net, ar.Dice, MaxDice)
	}
	r.Keep, r.AdvBonus = ar.Keep, ar.Bonus
	if cmp.LowerIsBetter() {
		if r.Keep == KeepHighest {
			r.Keep = KeepLowest
		} else {
			r.Keep = KeepHighest
		}
		r.AdvBonus = -r.AdvBonus
	}
	r.nMain = ar.Dice
	r.nConf = 1
	if t.Naturals.ConfirmAdvantage {
		r.nConf = ar.Dice
	}
	if ar.Dice == 1 {
		// the loop below for one die, kept (keepDie of one die)
		f, err := src.Roll(1, r.Sides)
		if err != nil {
			return dieErr(err)
		}
		if cap(r.Dice) > 0 {
			// reset left Dice empty: grown in place (a literal appended
			// is built aside and copied)
			r.Dice = r.Dice[:1]
			d := &r.Dice[0]
			d.Face, d.Role, d.Slot, d.State = f, Main, 0, Kept
		} else {
			r.Dice = append(r.Dice, Die{Face: f, Role: Main, State: Kept})
		}
		r.KeptIndex = 0
	} else {
		for i := 0; i < ar.Dice; i++ {
			f, err := src.Roll(1, r.Sides)
			if err != nil {
				return dieErr(err)
			}
			r.Dice = append(r.Dice, Die{Face: f, Role: Main, Slot: i, State: Dropped})
		}
		r.KeptIndex = keepDie(r.Dice, Main, r.Keep)
	}
	r.rules.rolled = true
	r.evaluate()
	if t.OnRolled != nil {
		r.pending = true
		err := t.OnRolled(r, src)
		r.pending = false
		if err != nil {
			return err
		}
	}
	if n := &r.rules.nat; r.Threat && n.ConfirmThreat || r.FumbleThreat && n.ConfirmFumble {
		return r.confirm(src)
	}
	return nil
}

// reset readies r for a roll of t: every field zero but the slices'
// storage and what t gives. Field by field: one assignment of a whole
// Result builds it aside and copies it.
func (r *Result) reset(t *Test, cmp Compare) {
	r.Dice, r.Mods = r.Dice[:0], r.Mods[:0]
	r.ModTotal, r.Net, r.AdvUp, r.AdvDown = 0, 0, 0, 0
	r.Keep, r.AdvBonus, r.KeptIndex = 0, 0, 0
	r.Natural, r.Value, r.Total, r.Target = 0, 0, 0, t.Target
	r.Compare, r.Success, r.Decided, r.Margin, r.Degree = cmp, false, 0, 0, 0
	r.Threat, r.Crit, r.FumbleThreat, r.Fumble = false, false, false, false
	r.ConfirmRolled, r.ConfirmNatural, r.ConfirmTotal, r.Confirmed = false, 0, 0, false
	r.Rerolls, r.Sides = 0, t.sides()
	r.rules.nat, r.rules.force, r.rules.step, r.rules.limit, r.rules.rolled = t.Naturals, t.Force, t.DegreeStep, t.RerollLimit, false
	r.nMain, r.nConf, r.pending = 0, 0, false
}

// keepDie marks the kept die among the live dice of role and returns its
// index; the first die wins a tie.
func keepDie(dice []Die, role DieRole, keep Keep) int {
	best := -1
	for i := range dice {
		d := &dice[i]
		if d.Role != role || d.State == Replaced || d.State == Voided {
			continue
		}
		d.State = Dropped
		if best < 0 || (keep == KeepHighest && d.Face > dice[best].Face) ||
			(keep == KeepLowest && d.Face < dice[best].Face) {
			best = i
		}
	}
	if best >= 0 {
		dice[best].State = Kept
	}
	return best
}

// decide works out the outcome of a natural face and total against the
// result's target. force is ignored for confirmation rolls.
func (r *Result) decide(nat, total int, force bool) (ok bool, margin int, by Decided) {
	if r.Compare == NoTarget {
		return false, 0, ByNothing
	}
	margin = r.Compare.margin(total, r.Target)
	ok, by = margin >= 0, ByTotal
	n := &r.rules.nat
	if !ok && n.AutoSuccess.has(nat) {
		ok, by = true, ByAutoSuccess
	} else if ok && n.AutoFailure.has(nat) {
		ok, by = false, ByAutoFailure
	}
	if force && r.rules.force != NoForce {
		ok, by = r.rules.force == ForceSuccess, ByForce
	}
	return ok, margin, by
}

// evaluate works out everything that follows from the kept main die, and
// clears the confirmation fields.
func (r *Result) evaluate() {
	nat := r.Dice[r.KeptIndex].Face
	n := &r.rules.nat
	v := nat
	if len(n.Count) > 0 {
		v = n.value(nat)
	}
	r.Natural, r.Value = nat, v
	r.Total = v + r.ModTotal + r.AdvBonus
	r.ConfirmRolled, r.ConfirmNatural, r.ConfirmTotal, r.Confirmed = false, 0, 0, false
	if r.Compare == NoTarget {
		// no target: no outcome, no natural-face rule
		r.Success, r.Margin, r.Decided, r.Degree = false, 0, ByNothing, 0
		r.Threat, r.FumbleThreat, r.Crit, r.Fumble = false, false, false, false
		return
	}
	ok, margin, by := r.decide(nat, r.Total, true)
	r.Success, r.Margin, r.Decided = ok, margin, by
	r.Degree = degree(ok, margin, r.rules.step)
	threat := ok && n.Threat.has(nat)
	fumble := !ok && n.Fumble.has(nat)
	r.Threat, r.FumbleThreat = threat, fumble
	r.Crit = threat && !n.ConfirmThreat
	r.Fumble = fumble && !n.ConfirmFumble
}

func degree(ok bool, margin, step int) int {
	if ok {
		if step <= 0 || margin <= 0 {
			return 0
		}
		return margin / step
	}
	if step <= 0 {
		return -1
	}
	by := -margin
	if by < 0 {
		by = 0
	}
	return -1 - by/step
}

// confirm rolls the confirmation a threat or fumble asks for.
func (r *Result) confirm(src *rng.Source) error {
	n := &r.rules.nat
	if !(r.Threat && n.ConfirmThreat) && !(r.FumbleThreat && n.ConfirmFumble) {
		return nil
	}
	start := len(r.Dice)
	for i := 0; i < r.nConf; i++ {
		f, err := src.Roll(1, r.Sides)
		if err != nil {
			return dieErr(err)
		}
		r.Dice = append(r.Dice, Die{Face: f, Role: Confirm, Slot: i, State: Dropped})
	}
	k := start + keepDie(r.Dice[start:], Confirm, r.Keep)
	nat := r.Dice[k].Face
	total := n.value(nat) + r.ModTotal + n.ConfirmBonus
	if n.ConfirmAdvantage {
		total += r.AdvBonus
	}
	ok, _, _ := r.decide(nat, total, false)
	r.ConfirmRolled, r.ConfirmNatural, r.ConfirmTotal = true, nat, total
	if r.Threat {
		r.Confirmed = ok
		r.Crit = ok
	} else {
		r.Confirmed = !ok
		r.Fumble = !ok
	}
	return nil
}

// Reroll rerolls the live main die in slot (0 for a single die; 0 or 1 for
// the two dice of advantage: the roller chooses) and works the outcome out
// again: the new die takes the slot, the old one is marked Replaced, the
// keep rule is applied afresh. Only that one die changes. A confirmation
// roll already made is voided and rolled again if the new outcome still
// asks for one.
func (r *Result) Reroll(src *rng.Source, slot int) error {
	i, err := r.liveSlot(slot)
	if err != nil {
		return err
	}
	f, err := src.Roll(1, r.Sides)
	if err != nil {
		return dieErr(err)
	}
	return r.swap(src, i, f)
}

// Replace puts face in place of the live main die in slot (a feature that
// replaces "the d20" with a number) and works the outcome out again, as
// Reroll does.
func (r *Result) Replace(src *rng.Source, slot, face int) error {
	i, err := r.liveSlot(slot)
	if err != nil {
		return err
	}
	if face < 1 || face > r.Sides {
		return kernelErr(errs.Rule, "face %d does not fit a d%d", face, r.Sides)
	}
	return r.swap(src, i, face)
}

func (r *Result) liveSlot(slot int) (int, error) {
	if !r.rules.rolled {
		return 0, kernelErr(errs.Rule, "reroll: the result was not rolled from a test")
	}
	if lim := r.rules.limit; lim > 0 && r.Rerolls >= lim {
		return 0, kernelErr(errs.Rule, "reroll: this roll allows %d reroll(s), already used", lim)
	}
	for i := range r.Dice {
		d := &r.Dice[i]
		if d.Role == Main && d.Slot == slot && (d.State == Kept || d.State == Dropped) {
			return i, nil
		}
	}
	return 0, kernelErr(errs.Rule, "reroll: no die in slot %d (the roll has slots 0 to %d)", slot, r.nMain-1)
}

func (r *Result) swap(src *rng.Source, i, face int) error {
	slot := r.Dice[i].Slot
	r.Dice[i].State = Replaced
	for j := range r.Dice {
		if r.Dice[j].Role == Confirm {
			r.Dice[j].State = Voided
		}
	}
	r.Dice = append(r.Dice, Die{Face: face, Role: Main, Slot: slot, State: Dropped})
	r.Rerolls++
	r.KeptIndex = keepDie(r.Dice, Main, r.Keep)
	r.evaluate()
	if r.pending {
		return nil
	}
	return r.confirm(src)
}

// MainDice returns the live main dice (kept and dropped), in slot order.
// It allocates; the journal and the REPL use it, the hot path reads Dice.
func (r *Result) MainDice() []Die {
	out := make([]Die, r.nMain)
	for _, d := range r.Dice {
		if d.Role == Main && (d.State == Kept || d.State == Dropped) && d.Slot < len(out) {
			out[d.Slot] = d
		}
	}
	return out
}

// Modifier returns everything added to the natural value: the counted
// modifiers and the advantage bonus.
func (r *Result) Modifier() int { return r.ModTotal + r.AdvBonus }

// Clone returns a deep copy of r that later RollInto calls on r do not
// touch.
func (r *Result) Clone() *Result {
	c := *r
	c.Dice = append([]Die(nil), r.Dice...)
	c.Mods = append([]AppliedMod(nil), r.Mods...)
	return &c
}
