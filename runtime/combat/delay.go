package combat

import (
	"cmp"
	"slices"
)

// Delay takes the participant whose turn it is out of the order for the
// rest of the round: its turn pauses (no TurnEnd now) until Resume puts it
// back at a lower count, where its turn goes on (TurnResume). A delayer
// that never re-enters forfeits its turn when the round ends and takes the
// delay floor, or the lowest count, as its count. Delay belongs at the
// start of the turn, before any slot is spent.
func (e *Encounter) Delay(id string) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	if !p.inTurn {
		return ruleErr("%q can only delay during its own turn", id)
	}
	if e.synthetic {
		return ruleErr("%q cannot delay in a surprise phase without initiative counts", id)
	}
	for k, q := range e.cur {
		if q == p {
			e.cur = append(e.cur[:k], e.cur[k+1:]...)
			e.curRefs = append(e.curRefs[:k], e.curRefs[k+1:]...)
			break
		}
	}
	if i := e.indexOf(p); i >= 0 {
		e.removeAt(i)
	}
	p.inTurn = false
	p.delaying = true
	e.nDelaying++
	p.delaySeq = e.seq
	e.seq++
	p.acted = p.actedBefore
	return nil
}

// floor returns the lowest count p may delay to, if there is a floor.
func (e *Encounter) floor(p *participant) (int, bool) {
	d := e.cfg.Delay
	if !d.HasFloor {
		return 0, false
	}
	if d.FloorMinusModifier {
		return d.Floor - p.mod, true
	}
	return d.Floor, true
}

// DelayFloor returns the lowest count participant id may delay to, when the
// system sets a floor.
func (e *Encounter) DelayFloor(id string) (int, bool) {
	p := e.byID[id]
	if p == nil {
		return 0, false
	}
	return e.floor(p)
}

// Resume puts a delaying participant back into this round's order at count,
// which becomes its initiative count from then on. The count must not be
// above the current step's count nor below the delay floor. It goes after
// the participants still to act whose count is higher, and after those at
// the same count, except other delayers with a lower initiative modifier.
// Its turn goes on when the order reaches it: Resume at the current count
// makes it act once the current step and any others at that count are done.
func (e *Encounter) Resume(id string, count int) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	if !p.delaying {
		return ruleErr("%q is not delaying", id)
	}
	if e.hasCount && count > e.stepCount {
		return ruleErr("%q can only re-enter at count %d or lower (asked for %d)", id, e.stepCount, count)
	}
	if f, ok := e.floor(p); ok && count < f {
		return ruleErr("%q cannot delay below count %d (asked for %d)", id, f, count)
	}
	at := e.curEnd
	for at < len(e.order) {
		q := e.order[at].p
		c := q.rk.count
		if c < count || c == count && q.resumed && q.mod < p.mod {
			break
		}
		at = e.stepEnd(at)
	}
	p.delaying = false
	e.nDelaying--
	e.placed = false
	p.resumed = true
	p.rk = &rank{name: p.id, count: count, mod: p.mod, score: p.score, hidden: p.hidden}
	e.insertAt(at, p, false)
	return nil
}

// Ready records that the participant whose turn it is holds an action until
// trigger happens (see Trigger). The action is lost, with a ReadyLost
// transition, when its next turn starts. Spending the slot readying costs
// is the caller's business.
func (e *Encounter) Ready(id, trigger string) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	if trigger == "" {
		return ruleErr("%q: a readied action needs a trigger", id)
	}
	if !p.inTurn {
		return ruleErr("%q can only ready an action during its own turn", id)
	}
	p.readied = trigger
	p.readySeq = e.seq
	e.seq++
	return nil
}

// Trigger fires a trigger caused by participant by (empty when no
// participant caused it). Every active participant holding an action
// readied on that trigger acts now, out of turn, in the order they readied;
// Trigger returns their ids. With Config.ReadySlot, each spends that slot,
// and one that cannot (the slot is used up, or surprise keeps it idle) goes
// on waiting. With Config.ReadyMovesInitiative, each takes by's count and
// moves to just before by's step, for this round and the next ones: if its
// own place had not come up yet this round, it has no regular turn this
// round.
func (e *Encounter) Trigger(trigger, by string) ([]string, error) {
	if trigger == "" {
		return nil, ruleErr("a trigger needs a name")
	}
	var bp *participant
	if by != "" {
		var err error
		if bp, err = e.get(by); err != nil {
			return nil, err
		}
	}
	var waiting []*participant
	for _, p := range e.parts {
		if p.readied == trigger && p != bp && p.active {
			waiting = append(waiting, p)
		}
	}
	slices.SortStableFunc(waiting, func(a, b *participant) int { return cmp.Compare(a.readySeq, b.readySeq) })
	var fired []string
	for _, r := range waiting {
		if e.idle(r) != "" {
			continue
		}
		if s := e.cfg.ReadySlot; s != "" {
			i := slotIndex(e.cfg.Slots, s)
			if r.slots[i] == 0 {
				continue
			}
			if r.slots[i] > 0 {
				r.slots[i]--
			}
		}
		r.readied = ""
		fired = append(fired, r.id)
		if e.cfg.ReadyMovesInitiative && bp != nil && bp.inOrder && bp.rk != nil && r.inOrder {
			e.removeAt(e.indexOf(r))
			r.rk = &rank{name: r.id, count: bp.rk.count, mod: r.mod, score: r.score, hidden: r.hidden}
			e.insertAt(e.stepStart(e.indexOf(bp)), r, false)
		}
	}
	return fired, nil
}
