package fight

import (
	"github.com/dndsh/dndsh/runtime/combat"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/event"
	"github.com/dndsh/dndsh/runtime/rng"
)

// NewTable returns a fight played by hand, as at the table: no fighters
// yet; Add them (before or after Begin), Begin rolls initiative, Next moves
// to the next turn. Strike, Deal, Down and Revive work as in a fight that
// plays itself, through the same events, so the REPL and a simulation
// resolve an attack the same way. Fighters keep their state: a table fight
// is never Reset.
func NewTable(rules *Rules, bus *event.Bus, src *rng.Source) (*Fight, error) {
	f, err := build(rules, bus, src, nil, nil)
	if err != nil {
		return nil, err
	}
	f.table = true
	return f, nil
}

// Add puts x into a table fight on side (created on first use). After
// Begin, x joins the initiative order at the start of the next round.
func (f *Fight) Add(x *Fighter, side string) error {
	if !f.table {
		return errs.New(errs.Rule, "kernel", "fighters can only be added to a table fight")
	}
	if _, dup := f.byID[x.ID]; dup {
		return errs.New(errs.Rule, "kernel", "there is already a creature called %q", x.ID)
	}
	x.Side = -1
	for i, s := range f.Sides {
		if s == side {
			x.Side = i
		}
	}
	if x.Side < 0 {
		f.Sides = append(f.Sides, side)
		x.Side = len(f.Sides) - 1
	}
	if x.C == nil {
		x.C = x.Base.Clone()
	}
	x.Owner = event.Owner(len(f.Fighters) + 1)
	f.prepare(x)
	f.gen++
	f.Fighters = append(f.Fighters, x)
	f.byID[x.ID] = x
	if f.enc != nil {
		if err := f.enc.Join([]combat.Spec{x.spec(side)}, combat.JoinRoundStart); err != nil {
			return err
		}
		x.part = f.enc.Handle(x.ID)
	}
	return nil
}

// Begin rolls initiative for a table fight and starts its first turn.
func (f *Fight) Begin() error {
	if !f.table {
		return errs.New(errs.Rule, "kernel", "only a fight played by hand (the table) begins on request; an encounter that plays itself begins when it runs")
	}
	if f.enc != nil {
		return errs.New(errs.Rule, "kernel", "initiative has been rolled already")
	}
	if len(f.Fighters) == 0 {
		return errs.New(errs.Rule, "kernel", "add creatures before rolling initiative")
	}
	enc, err := combat.New(f.Rules.Combat, f.Src)
	if err != nil {
		return err
	}
	for _, s := range f.Sides {
		if err := enc.AddSide(combat.SideSpec{Name: s}); err != nil {
			return err
		}
	}
	for _, x := range f.Fighters {
		if err := enc.Add(x.spec(f.Sides[x.Side])); err != nil {
			return err
		}
		x.part = enc.Handle(x.ID)
		if err := f.startConditions(x); err != nil {
			return err
		}
	}
	f.enc = enc
	f.turn = TurnEvent{}
	if err := f.emitTurn(f.ids.encStart, nil); err != nil {
		return err
	}
	rep, err := enc.Begin()
	if err != nil {
		return err
	}
	f.expired = append(f.expired[:0], rep.Expired...)
	f.round = enc.Round()
	return f.startTurns()
}

// Next ends the current turn and starts the next one (in a new round when
// the order is done), raising the turn events; it returns the fighters
// whose turn it now is.
func (f *Fight) Next() ([]*Fighter, error) {
	if f.enc == nil {
		return nil, errs.New(errs.Rule, "kernel", "roll initiative first")
	}
	for _, x := range f.Current() {
		f.turn = TurnEvent{Fighter: x, Round: f.round}
		if err := f.emitTurn(f.ids.turnEnd, x); err != nil {
			return nil, err
		}
		f.endTurnTags(x)
	}
	last := f.enc.Round()
	rep, err := f.enc.NextTurn()
	if err != nil {
		return nil, err
	}
	f.expired = append(f.expired[:0], rep.Expired...)
	if r := f.enc.Round(); r != last && f.Rules.HP.Bleed != nil {
		if err := f.bleed(); err != nil { // the round's order is done
			return nil, err
		}
	}
	if r := f.enc.Round(); r != f.round {
		f.round = r
		f.turn = TurnEvent{Round: r}
		if err := f.emitTurn(f.ids.roundStart, nil); err != nil {
			return nil, err
		}
	}
	return f.Current(), f.startTurns()
}

// startTurns raises turn.start for the fighters whose turn it is (dying
// ones roll their dying save instead).
func (f *Fight) startTurns() error {
	for _, x := range f.Current() {
		if x.Dead || x.Fled {
			continue
		}
		x.newTurn()
		f.turnStarts(x)
		if x.Out {
			if x.Stable {
				continue
			}
			if err := f.emitTurnAs(f.ids.dying, x); err != nil {
				return err
			}
			if x.Out && !x.Dead && !x.Stable && f.Rules.Dying != nil {
				if err := f.dyingSave(x); err != nil {
					return err
				}
			}
			continue
		}
		if err := f.emitTurnAs(f.ids.turnStart, x); err != nil {
			return err
		}
	}
	return nil
}

// Current returns the fighters whose turn it is (nil before initiative).
func (f *Fight) Current() []*Fighter {
	if f.enc == nil {
		return nil
	}
	var out []*Fighter
	for _, id := range f.enc.Current() {
		if x := f.byID[id]; x != nil {
			out = append(out, x)
		}
	}
	return out
}

// IsTable reports whether f is played by hand.
func (f *Fight) IsTable() bool { return f.table }

// SetInitiative gives x the initiative count n instead of a roll: before
// Begin it is used when initiative is rolled; after it, x takes count n at
// once (see combat.Encounter.SetInitiative).
func (f *Fight) SetInitiative(x *Fighter, n int) error {
	if !f.table {
		return errs.New(errs.Rule, "kernel", "an initiative count is given by hand in a table fight")
	}
	x.HasCount, x.Count = true, n
	if f.enc != nil {
		return f.enc.SetInitiative(x.ID, n)
	}
	return nil
}

// Expired returns the effects of the table fight's encounter (durations
// scripts added with Encounter().AddEffect) that ended during the last
// Begin or Next, in time order. The slice is reused by the next call.
func (f *Fight) Expired() []combat.Expiry { return f.expired }

// NextSegment moves a table fight's clock to the next segment of the round
// (rules with segments, as 1e's), expiring what ends; after the last
// segment the round ends and the next one starts, as Next does then (in a
// phase of surprise segments a segment is a step of the order). It returns
// the fighters whose turn it is; Expired lists every effect that ended on
// the way.
func (f *Fight) NextSegment() ([]*Fighter, error) {
	if f.enc == nil {
		return nil, errs.New(errs.Rule, "kernel", "roll initiative first")
	}
	n := f.Rules.Combat.SegmentsPerRound
	if n == 0 {
		return nil, errs.New(errs.Rule, "kernel", "this rule system's rounds have no segments")
	}
	if f.enc.InSurprise() {
		return f.Next()
	}
	if f.enc.Segment() < n {
		rep, err := f.enc.NextSegment()
		if err != nil {
			return nil, err
		}
		f.expired = append(f.expired[:0], rep.Expired...)
		return f.Current(), nil
	}
	// The last segment: the turns left in the round are passed.
	var all []combat.Expiry
	r := f.round
	for i := 0; i <= len(f.Fighters) && f.round == r; i++ {
		if _, err := f.Next(); err != nil {
			return nil, err
		}
		all = append(all, f.expired...)
	}
	f.expired = append(f.expired[:0], all...)
	return f.Current(), nil
}
