package combat

import (
	"cmp"
	"slices"
)

// EndKind says what ends an effect.
type EndKind uint8

const (
	// EndManual: only EndEffect, EndBySave or the end of its parent.
	EndManual EndKind = iota
	// EndTurnStart: the start of participant Who's Nth turn from now. A
	// turn lost to surprise (TurnSkipped) does not count; a delayer's
	// re-entry (TurnResume) is not a start.
	EndTurnStart
	// EndTurnEnd: the end of participant Who's Nth turn end from now (a
	// turn under way counts: created during Who's own turn, Nth = 1 ends
	// it at the end of that turn, Nth = 2 at the end of the next).
	EndTurnEnd
	// EndCount: the order reaching initiative count Count in round Round,
	// just before any participant at that count starts its turn; if no step
	// has that count, the first step below it, or the end of the round. A
	// participant that moved away from the count (delay, ready) does not
	// take the effect with it.
	EndCount
	// EndAfter: Amount units of Unit after creation, on the clock.
	EndAfter
)

// End is an effect's end condition. Build it with AtTurnStart, AtTurnEnd,
// AtCount, After or Encounter.RoundsFromNow; the zero End is EndManual.
type End struct {
	Kind   EndKind // which of the fields below count
	Who    string  // EndTurnStart, EndTurnEnd
	Nth    int     // EndTurnStart, EndTurnEnd; zero means 1
	Round  int     // EndCount
	Count  int     // EndCount
	Amount int     // EndAfter
	Unit   Unit    // EndAfter
}

// AtTurnStart ends an effect at the start of who's nth turn from now.
func AtTurnStart(who string, nth int) End { return End{Kind: EndTurnStart, Who: who, Nth: nth} }

// AtTurnEnd ends an effect at the nth end of who's turn from now.
func AtTurnEnd(who string, nth int) End { return End{Kind: EndTurnEnd, Who: who, Nth: nth} }

// AtCount ends an effect when the order reaches initiative count count in
// round round.
func AtCount(round, count int) End { return End{Kind: EndCount, Round: round, Count: count} }

// After ends an effect amount units after now.
func After(amount int, unit Unit) End { return End{Kind: EndAfter, Amount: amount, Unit: unit} }

// RoundsFromNow ends an effect n rounds from now at the current initiative
// count: just before that count comes up in round Round()+n. An effect made
// off-turn uses the count at which it happened, which is this one.
func (e *Encounter) RoundsFromNow(n int) (End, error) {
	if n < 1 {
		return End{}, ruleErr("a duration must be positive (got %d rounds)", n)
	}
	if !e.hasCount {
		return End{}, ruleErr("no initiative count is current")
	}
	return AtCount(e.round+n, e.stepCount), nil
}

// EffectSpec describes an effect for AddEffect.
type EffectSpec struct {
	ID     string // unique among live effects
	Owner  string // who made it; informational
	Target string // who bears it; informational
	Parent string // ending the parent ends this effect
	// SaveEnds lets EndBySave end it: the caller rolls the save and calls
	// EndBySave on a success.
	SaveEnds bool
	End      End // when time ends it; the zero End never does
}

// Cause says why an effect ended.
type Cause uint8

const (
	// CauseTurnStart: the start of the named participant's turn.
	CauseTurnStart Cause = iota + 1
	// CauseTurnEnd: the end of the named participant's turn.
	CauseTurnEnd
	// CauseCount: the order reached the initiative count.
	CauseCount
	// CauseTime: its time ran out on the clock.
	CauseTime
	// CauseSave: EndBySave.
	CauseSave
	// CauseEnded: EndEffect.
	CauseEnded
	// CauseParent: its parent ended.
	CauseParent
)

var causeNames = [...]string{"", "turn start", "turn end", "initiative count", "time", "save", "ended", "parent ended"}

// String returns the cause's name ("initiative count").
func (c Cause) String() string {
	if int(c) < len(causeNames) && c > 0 {
		return causeNames[c]
	}
	return "cause(?)"
}

// Expiry reports an effect that ended. After is the number of the
// report's transitions that came before it.
type Expiry struct {
	ID, Parent, Owner, Target string // from the effect's EffectSpec
	Cause                     Cause  // why it ended
	After                     int    // transitions of the report before it
}

type effect struct {
	spec      EffectSpec
	seq       int
	parentSeq int // -1: none
	left      int // turn boundaries still to see
	endTick   int
	dead      Cause
}

func (e *Encounter) effectIndex(id string) int {
	for i := range e.effects {
		if e.effects[i].spec.ID == id {
			return i
		}
	}
	return -1
}

// AddEffect starts an effect. Its id must be new among live effects; its
// parent, if any, must be live.
func (e *Encounter) AddEffect(s EffectSpec) error {
	if s.ID == "" {
		return ruleErr("an effect needs an id")
	}
	if e.effectIndex(s.ID) >= 0 {
		return ruleErr("effect %q already exists", s.ID)
	}
	f := effect{spec: s, seq: e.effSeq, parentSeq: -1}
	if s.Parent != "" {
		j := e.effectIndex(s.Parent)
		if j < 0 {
			return ruleErr("effect %q: no live parent effect %q", s.ID, s.Parent)
		}
		f.parentSeq = e.effects[j].seq
	}
	switch s.End.Kind {
	case EndManual, EndCount:
	case EndTurnStart, EndTurnEnd:
		if e.byID[s.End.Who] == nil {
			return ruleErr("effect %q ends on the turn of unknown participant %q", s.ID, s.End.Who)
		}
		f.left = max(1, s.End.Nth)
	case EndAfter:
		t, err := e.cfg.Ticks(s.End.Amount, s.End.Unit)
		if err != nil {
			return err
		}
		f.endTick = e.tick + t
	default:
		return ruleErr("effect %q has an unknown end kind %d", s.ID, s.End.Kind)
	}
	e.effSeq++
	e.effects = append(e.effects, f)
	return nil
}

// EndEffect ends an effect now (dispelled, dropped), with its children.
func (e *Encounter) EndEffect(id string) ([]Expiry, error) {
	j := e.effectIndex(id)
	if j < 0 {
		return nil, ruleErr("no effect %q", id)
	}
	e.effects[j].dead = CauseEnded
	return e.flush(nil, 0), nil
}

// EndBySave ends an effect whose target succeeded on its save, with its
// children. The effect must have SaveEnds.
func (e *Encounter) EndBySave(id string) ([]Expiry, error) {
	j := e.effectIndex(id)
	if j < 0 {
		return nil, ruleErr("no effect %q", id)
	}
	if !e.effects[j].spec.SaveEnds {
		return nil, ruleErr("effect %q does not end on a save", id)
	}
	e.effects[j].dead = CauseSave
	return e.flush(nil, 0), nil
}

// EffectInfo is a read-only view of a live effect.
type EffectInfo struct {
	EffectSpec
	// EndTick is the clock tick an EndAfter effect ends at.
	EndTick int
	// TurnsLeft is the number of turn boundaries an EndTurnStart or
	// EndTurnEnd effect still waits for.
	TurnsLeft int
}

// Effect returns a view of live effect id.
func (e *Encounter) Effect(id string) (EffectInfo, bool) {
	j := e.effectIndex(id)
	if j < 0 {
		return EffectInfo{}, false
	}
	f := &e.effects[j]
	return EffectInfo{EffectSpec: f.spec, EndTick: f.endTick, TurnsLeft: f.left}, true
}

// Effects returns every live effect, oldest first.
func (e *Encounter) Effects() []EffectInfo {
	out := make([]EffectInfo, len(e.effects))
	for i := range e.effects {
		f := &e.effects[i]
		out[i] = EffectInfo{EffectSpec: f.spec, EndTick: f.endTick, TurnsLeft: f.left}
	}
	return out
}

// sweep kinds: what moment of time the effects are checked at.
const (
	atTurn      = iota // a turn boundary of who (kind in end)
	atCount            // the order entering a step at count
	atRoundEnd         // the round closing
	atRoundOpen        // a round opening: counts of past rounds
	atTick             // the clock moving
)

// sweep ends the live effects that end at this moment and reports them.
func (e *Encounter) sweep(at int, who string, end EndKind, count int) {
	marked := false
	for i := range e.effects {
		f := &e.effects[i]
		if f.dead != 0 {
			continue
		}
		x := &f.spec.End
		switch {
		case at == atTurn && x.Kind == end && x.Who == who:
			if f.left--; f.left <= 0 {
				f.dead = CauseTurnStart
				if end == EndTurnEnd {
					f.dead = CauseTurnEnd
				}
			}
		case x.Kind != EndCount:
		case at == atCount && (x.Round < e.round || x.Round == e.round && x.Count >= count),
			at == atRoundEnd && x.Round <= e.round,
			at == atRoundOpen && x.Round < e.round:
			f.dead = CauseCount
		}
		if at == atTick && x.Kind == EndAfter && f.endTick <= e.tick {
			f.dead = CauseTime
		}
		marked = marked || f.dead != 0
	}
	if marked {
		e.rep.Expired = e.flush(e.rep.Expired, e.nTrans)
	}
}

func (e *Encounter) expireTurn(p *participant, end EndKind) {
	if len(e.effects) > 0 {
		e.sweep(atTurn, p.id, end, 0)
	}
}

func (e *Encounter) expireCounts(count int) {
	if len(e.effects) > 0 {
		e.sweep(atCount, "", 0, count)
	}
}

func (e *Encounter) expireRoundEnd() {
	if len(e.effects) > 0 {
		e.sweep(atRoundEnd, "", 0, 0)
	}
}

func (e *Encounter) expireStaleCounts() {
	if len(e.effects) > 0 {
		e.sweep(atRoundOpen, "", 0, 0)
	}
}

func (e *Encounter) expireTime() {
	if len(e.effects) > 0 {
		e.sweep(atTick, "", 0, 0)
	}
}

// flush ends the children of marked effects, then removes every marked
// effect, reporting them in creation order (a child after its parent).
func (e *Encounter) flush(dst []Expiry, after int) []Expiry {
	for i := range e.effects {
		f := &e.effects[i]
		if f.dead != 0 || f.parentSeq < 0 {
			continue
		}
		if j, ok := slices.BinarySearchFunc(e.effects[:i], f.parentSeq, func(g effect, s int) int {
			return cmp.Compare(g.seq, s)
		}); ok && e.effects[j].dead != 0 {
			f.dead = CauseParent
		}
	}
	k := 0
	for i := range e.effects {
		f := e.effects[i]
		if f.dead != 0 {
			dst = append(dst, Expiry{ID: f.spec.ID, Parent: f.spec.Parent, Owner: f.spec.Owner,
				Target: f.spec.Target, Cause: f.dead, After: after})
			continue
		}
		e.effects[k] = f
		k++
	}
	clear(e.effects[k:])
	e.effects = e.effects[:k]
	return dst
}
