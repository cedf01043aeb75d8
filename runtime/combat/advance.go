package combat

import (
	"cmp"
	"slices"
)

// TransitionKind says what happened at a point of the fight's time.
type TransitionKind uint8

const (
	// RoundStart opens a round (round 0 is a surprise round or phase).
	RoundStart TransitionKind = iota + 1
	// RoundEnd closes a round.
	RoundEnd
	// SegmentStart opens a segment, when rounds have segments.
	SegmentStart
	// TurnStart: a participant's turn starts; its turn-start slots refill.
	TurnStart
	// TurnResume: a participant that delayed re-enters and goes on with the
	// turn it started earlier.
	TurnResume
	// TurnEnd: a participant's turn ends.
	TurnEnd
	// TurnSkipped: a participant's place came up but surprise makes it lose
	// the turn.
	TurnSkipped
	// TurnForfeited: a delaying participant never re-entered; its turn ends
	// unused and it moves to the end of the order.
	TurnForfeited
	// ReadyLost: a readied action was never triggered and is lost as its
	// owner's next turn starts.
	ReadyLost
)

var transitionNames = [...]string{"", "round start", "round end", "segment start", "turn start",
	"turn resume", "turn end", "turn skipped", "turn forfeited", "ready lost"}

// String returns the kind's name ("turn start").
func (k TransitionKind) String() string {
	if int(k) < len(transitionNames) && k > 0 {
		return transitionNames[k]
	}
	return "transition(?)"
}

// Transition is one point of time passing: ID is the participant (empty for
// round and segment transitions), Count its initiative count then.
type Transition struct {
	Kind    TransitionKind // what happened
	ID      string         // the participant; empty for rounds and segments
	Round   int            // the round it happened in
	Segment int            // the segment; 0 when rounds have no segments
	Count   int            // the participant's initiative count then
}

// Report lists what an advance of time did, in order. Expired[i].After is
// the number of Transitions that came before that expiry, so a caller can
// interleave the two lists.
type Report struct {
	Transitions []Transition // in time order
	Expired     []Expiry     // in time order; a child after its parent
}

func (r *Report) reset() {
	r.Transitions = r.Transitions[:0]
	r.Expired = r.Expired[:0]
}

func (e *Encounter) emit(k TransitionKind, p *participant) {
	e.nTrans++
	if e.quiet {
		return
	}
	t := Transition{Kind: k, Round: e.round, Segment: e.segment}
	if p != nil {
		t.ID = p.id
		if p.rk != nil {
			t.Count = p.rk.count
		}
	}
	e.rep.Transitions = append(e.rep.Transitions, t)
}

// Begin starts the fight: it settles surprise, rolls initiative and starts
// the first turn. Round 0 is a surprise round or a phase of surprise
// segments when the configured surprise calls for one; otherwise the fight
// opens with round 1.
func (e *Encounter) Begin() (*Report, error) {
	if e.begun {
		return nil, ruleErr("the fight has already begun")
	}
	e.begun = true
	e.rep.reset()
	e.nTrans = 0
	if e.cfg.SegmentsPerRound > 0 {
		e.segment = 1
	}
	if e.cfg.Surprise == SurpriseLostSegments {
		for _, p := range e.parts {
			if p.active {
				e.surpriseLen = max(e.surpriseLen, p.lost)
			}
		}
	}
	switch {
	case e.surpriseLen > 0:
		e.phase, e.round, e.synthetic = phaseSegments, 0, true
	case e.cfg.Surprise == SurpriseRound && e.surpriseRoundDue():
		e.phase, e.round = phaseSurpriseRound, 0
		var aware []*participant
		for _, p := range e.parts {
			if p.active && p.aware {
				aware = append(aware, p)
			}
		}
		switch {
		case e.cfg.SurpriseUnordered:
			for _, p := range aware {
				e.insertAt(len(e.order), p, false)
			}
			e.synthetic = true
		case e.cfg.Mode == BySide:
			if err := e.buildSides(func(p *participant) bool { return p.aware }); err != nil {
				return nil, err
			}
			e.synthetic = true
		default:
			if err := e.place(aware); err != nil {
				return nil, err
			}
		}
	default:
		e.phase, e.round = phaseRound, 1
		if err := e.roundInitiative(phaseNone); err != nil {
			return nil, err
		}
	}
	e.openRound()
	if e.phase == phaseSegments {
		if err := e.segmentStep(); err != nil {
			return nil, err
		}
	} else {
		e.startNextStep()
	}
	return &e.rep, nil
}

// openRound announces a round whose order is set up, refills round-start
// slots and ends what ends as the round opens.
func (e *Encounter) openRound() {
	e.emit(RoundStart, nil)
	if e.cfg.SegmentsPerRound > 0 {
		e.emit(SegmentStart, nil)
	}
	e.roundStartSlots()
	e.expireTime()
	e.expireStaleCounts()
}

// surpriseRoundDue reports whether some but not all active participants are
// aware (or any is, with SurpriseAlways).
func (e *Encounter) surpriseRoundDue() bool {
	aware, unaware := 0, 0
	for _, p := range e.parts {
		switch {
		case !p.active:
		case p.aware:
			aware++
		default:
			unaware++
		}
	}
	return aware > 0 && (unaware > 0 || e.cfg.SurpriseAlways)
}

// NextTurn ends the current step and starts the next one, passing into the
// next round when the order is done. In a phase of surprise segments each
// step is one segment.
func (e *Encounter) NextTurn() (*Report, error) {
	if !e.begun {
		return nil, ruleErr("the fight has not begun: begin it first")
	}
	e.rep.reset()
	e.nTrans = 0
	if e.held {
		// EndStep left the encounter between rounds.
		if err := e.roundTransition(); err != nil {
			return nil, err
		}
		e.startNextStep()
		return &e.rep, nil
	}
	e.endStep()
	if e.phase == phaseSegments {
		if err := e.advanceSurpriseSegment(); err != nil {
			return nil, err
		}
		if e.phase == phaseSegments {
			if err := e.segmentStep(); err != nil {
				return nil, err
			}
		}
		return &e.rep, nil
	}
	if e.startNextStep() {
		return &e.rep, nil
	}
	if err := e.roundTransition(); err != nil {
		return nil, err
	}
	e.startNextStep()
	return &e.rep, nil
}

// EndStep ends the current step and starts the next step of the same
// round, as NextTurn does, but never passes into the next round: when the
// round's order is done (in a phase of surprise segments, its last
// segment) it reports false and leaves the encounter between rounds, with
// no step running and the round not closed. The next NextTurn closes the
// round and opens the next one with its initiative. A fight uses it to play
// what comes at the end of a round, and to stop when the fight is decided,
// before the next round's initiative is rolled.
func (e *Encounter) EndStep() (more bool, err error) {
	if !e.begun {
		return false, ruleErr("the fight has not begun: begin it first")
	}
	if e.held {
		return false, nil
	}
	e.rep.reset()
	e.nTrans = 0
	e.endStep()
	if e.phase == phaseSegments {
		return e.endSegment()
	}
	if e.startNextStep() {
		return true, nil
	}
	e.held = true
	return false, nil
}

// endSegment is EndStep in a phase of surprise segments (its own function:
// the defer stays out of the common EndStep).
func (e *Encounter) endSegment() (more bool, err error) {
	e.holding = true
	defer func() { e.holding = false }()
	if err := e.advanceSurpriseSegment(); err != nil {
		return false, err
	}
	if !e.held {
		if err := e.segmentStep(); err != nil {
			return false, err
		}
	}
	return !e.held, nil
}

// BetweenRounds reports whether EndStep left the encounter between rounds.
func (e *Encounter) BetweenRounds() bool { return e.held }

// NextRound ends the current round at once (steps not reached yet are not
// played) and starts the next.
func (e *Encounter) NextRound() (*Report, error) {
	if !e.begun {
		return nil, ruleErr("the fight has not begun: begin it first")
	}
	e.rep.reset()
	e.nTrans = 0
	e.endStep()
	if err := e.roundTransition(); err != nil {
		return nil, err
	}
	e.startNextStep()
	return &e.rep, nil
}

// NextSegment moves the clock to the next segment of the round; after the
// last segment it starts the next round as NextRound does. Steps and
// segments are independent: a script closes rounds with one of them. In a
// phase of surprise segments it is NextTurn.
func (e *Encounter) NextSegment() (*Report, error) {
	if !e.begun {
		return nil, ruleErr("the fight has not begun: begin it first")
	}
	if e.cfg.SegmentsPerRound == 0 {
		return nil, ruleErr("this system's rounds have no segments")
	}
	if e.phase == phaseSegments {
		return e.NextTurn()
	}
	if e.segment >= e.cfg.SegmentsPerRound {
		return e.NextRound()
	}
	e.rep.reset()
	e.nTrans = 0
	e.segment++
	e.tick++
	e.emit(SegmentStart, nil)
	e.expireTime()
	return &e.rep, nil
}

// endStep ends the turns of the current step.
func (e *Encounter) endStep() {
	for i := 0; i < len(e.cur); i++ {
		if p := e.cur[i]; p.inTurn {
			p.inTurn = false
			e.emit(TurnEnd, p)
			e.expireTurn(p, EndTurnEnd)
		}
	}
	e.cur = e.cur[:0]
	e.curRefs = e.curRefs[:0]
	e.inStep = false
}

// startNextStep starts the first step from the cursor on with someone able
// to take a turn. It reports false when the round's order is done.
func (e *Encounter) startNextStep() bool {
	for e.curEnd < len(e.order) {
		i := e.curEnd
		j := e.stepEnd(i)
		e.curStart, e.curEnd = i, j
		e.hasCount = false
		if first := e.order[i].p; first.rk != nil && !e.synthetic {
			e.stepCount, e.hasCount = first.rk.count, true
			e.expireCounts(first.rk.count)
		}
		for k := i; k < j; k++ {
			p := e.order[k].p
			if !p.active {
				continue
			}
			if e.cfg.Surprise == SurpriseLostRound && e.round == 1 && p.surprised {
				e.emit(TurnSkipped, p)
				continue
			}
			e.cur = append(e.cur, p)
		}
		if len(e.cur) > 0 {
			if e.quiet && e.cur[0].dormant {
				// perhaps a step of dormant participants: what the caller
				// would do with it is nothing
				if !e.slowPass && e.passDormant() {
					continue
				}
				e.begin()
				if e.allDormant() {
					e.endStep()
					continue
				}
				return true
			}
			e.begin()
			return true
		}
	}
	return false
}

// allDormant reports whether every participant of the current step is
// dormant (SetDormant).
func (e *Encounter) allDormant() bool {
	for _, p := range e.cur {
		if !p.dormant {
			return false
		}
	}
	return true
}

// begin starts the turns of the participants gathered in e.cur.
func (e *Encounter) begin() {
	e.inStep = true
	for i := 0; i < len(e.cur); i++ {
		p := e.cur[i]
		e.curRefs = append(e.curRefs, p.spec.Ref) // Current lists their ids when asked
		e.startTurn(p)
	}
}

func (e *Encounter) startTurn(p *participant) {
	p.inTurn = true
	if p.resumed {
		p.resumed = false
		p.acted = true
		e.emit(TurnResume, p)
		return
	}
	if p.readied != "" {
		p.readied = ""
		e.emit(ReadyLost, p)
	}
	p.actedBefore = p.acted
	p.acted = true
	e.emit(TurnStart, p)
	if e.allTurn && e.phase != phaseSurpriseRound {
		copyInts(p.slots, p.refill) // refillTurnSlots, of every slot
	} else {
		e.refillTurnSlots(p)
	}
	e.expireTurn(p, EndTurnStart)
}

// refillTurnSlots refills p's turn-start slots as its turn starts.
// (startTurn and passDormant first copy every slot's refill themselves
// when every slot refills at turn start outside a surprise round: the
// call is dearer than the copy.)
func (e *Encounter) refillTurnSlots(p *participant) {
	if e.phase == phaseSurpriseRound {
		for _, i := range e.turnSlots {
			p.slots[i] = e.slotCount(p, i)
		}
		return
	}
	slots, refill := p.slots, p.refill // loaded once, not after every store
	for _, i := range e.turnSlots {
		slots[i] = refill[i] // slotCount outside a surprise round
	}
}

// passDormant passes at once a step (gathered in e.cur) whose participants
// are all dormant, when their turns touch nothing but the acted flags, the
// slots and the count of transitions: no effect to end, no readied action
// to lose, no delayed turn to resume. It leaves what begin then endStep
// would (TestPassDormantIsBeginEnd); false when it does not apply.
func (e *Encounter) passDormant() bool {
	if len(e.effects) > 0 {
		return false
	}
	for _, p := range e.cur {
		if !p.dormant || p.resumed || p.readied != "" {
			return false
		}
	}
	for _, p := range e.cur {
		p.inTurn = false
		p.actedBefore, p.acted = p.acted, true
		if e.allTurn && e.phase != phaseSurpriseRound {
			copyInts(p.slots, p.refill) // refillTurnSlots, of every slot
		} else {
			e.refillTurnSlots(p)
		}
	}
	e.nTrans += 2 * len(e.cur) // each turn's start and end, counted (quiet)
	e.cur = e.cur[:0]
	e.curRefs = e.curRefs[:0]
	e.inStep = false
	return true
}

// copyInts is copy(dst, src) for the few counts of a participant's
// slots, written out: shorter than a call to memmove.
func copyInts(dst, src []int) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] = src[i]
	}
}

// segmentStep starts the first segment, from the current one on, in which
// someone can act; it may end the phase and start round 1. Within a
// segment those who lost fewer segments act first (the surprising side
// holds the initiative; a surprised participant whose own loss was cut
// short acts after them), in the order they were added otherwise.
func (e *Encounter) segmentStep() error {
	for e.phase == phaseSegments && !e.held {
		for _, p := range e.parts {
			if p.active && !p.waiting && p.lost < e.segment {
				e.cur = append(e.cur, p)
			}
		}
		slices.SortStableFunc(e.cur, func(a, b *participant) int { return cmp.Compare(a.lost, b.lost) })
		if len(e.cur) > 0 {
			e.hasCount = false
			e.begin()
			return nil
		}
		if err := e.advanceSurpriseSegment(); err != nil {
			return err
		}
	}
	return nil
}

// advanceSurpriseSegment moves to the next surprise segment, or ends the
// phase and starts round 1 (under EndStep: leaves the encounter between
// rounds).
func (e *Encounter) advanceSurpriseSegment() error {
	if e.segment >= e.surpriseLen {
		if e.holding {
			e.held = true
			return nil
		}
		if err := e.roundTransition(); err != nil {
			return err
		}
		e.startNextStep()
		return nil
	}
	e.segment++
	e.tick++
	e.emit(SegmentStart, nil)
	e.expireTime()
	return nil
}

// roundTransition closes the current round and opens the next one, with
// its initiative; the cursor is left before the first step.
func (e *Encounter) roundTransition() error {
	e.held = false
	e.forfeitDelayers()
	e.expireRoundEnd()
	e.emit(RoundEnd, nil)
	prev := e.phase
	if s := e.cfg.SegmentsPerRound; s > 0 {
		if prev == phaseSegments {
			e.tick++
		} else {
			e.tick += s - e.segment + 1
		}
		e.segment = 1
	} else {
		e.tick++
	}
	e.round++
	e.phase = phaseRound
	e.curStart, e.curEnd, e.inStep = 0, 0, false
	if err := e.roundInitiative(prev); err != nil {
		return err
	}
	e.openRound()
	return nil
}

// roundInitiative sets up the order of a round that follows phase prev.
func (e *Encounter) roundInitiative(prev phase) error {
	fresh := prev != phaseRound
	if e.cfg.Mode == BySide {
		if fresh || e.synthetic || e.cfg.RerollEachRound || e.rerollAll {
			e.synthetic, e.rerollAll = false, false
			return e.buildSides(func(*participant) bool { return true })
		}
		return e.placeUnplaced()
	}
	if e.synthetic || e.rerollAll || (e.cfg.RerollEachRound && !fresh) {
		e.clearOrder()
		for _, p := range e.parts {
			if !p.fixed {
				p.rk = nil
			}
		}
	}
	e.synthetic, e.rerollAll = false, false
	for _, p := range e.parts {
		if e.nPending == 0 {
			break // nobody (else) has a pending count
		}
		if p.hasPending {
			e.nPending--
			p.hasPending, p.fixed = false, true
			p.rk = &rank{name: p.id, count: p.pending, mod: p.mod, score: p.score, hidden: p.hidden}
			if p.inOrder {
				e.removeAt(e.indexOf(p))
			}
		}
	}
	return e.placeUnplaced()
}

// placeUnplaced places every active participant that has no place yet
// (newcomers waiting for the round, participants of a rebuilt order).
func (e *Encounter) placeUnplaced() error {
	if e.placed {
		return nil // nobody to place (see Encounter.placed)
	}
	ps := e.pbuf[:0]
	for _, p := range e.parts {
		if p.active && !p.inOrder && !p.delaying {
			p.waiting = false
			ps = append(ps, p)
		}
	}
	e.pbuf = ps
	if len(ps) > 0 {
		if err := e.place(ps); err != nil {
			return err
		}
	}
	e.placed = true
	return nil
}

// forfeitDelayers ends the turns of delayers that never re-entered, in the
// order they delayed, and puts each after every place whose count is not
// below its new one.
func (e *Encounter) forfeitDelayers() {
	for e.nDelaying > 0 {
		var d *participant
		for _, p := range e.parts {
			if p.delaying && (d == nil || p.delaySeq < d.delaySeq) {
				d = p
			}
		}
		if d == nil {
			return
		}
		d.delaying = false
		e.nDelaying--
		count, ok := e.floor(d)
		if !ok {
			count = d.rk.count
			for _, en := range e.order {
				count = min(count, en.p.rk.count)
			}
		}
		d.rk = &rank{name: d.id, count: count, mod: d.mod, score: d.score, hidden: d.hidden}
		e.emit(TurnForfeited, d)
		e.expireTurn(d, EndTurnEnd)
		at := len(e.order)
		for at > 0 && e.order[at-1].p.rk.count < count {
			at--
		}
		e.insertAt(at, d, false)
	}
}

func (e *Encounter) roundStartSlots() {
	for _, i := range e.roundSlots {
		for _, p := range e.parts {
			p.slots[i] = e.slotCount(p, i)
		}
	}
}

// Round returns the current round; 0 is a surprise round or phase.
func (e *Encounter) Round() int { return e.round }

// Segment returns the current segment of the round (from 1), or 0 when
// rounds have no segments.
func (e *Encounter) Segment() int { return e.segment }

// Elapsed returns the time since Begin in clock ticks (segments when rounds
// have them, rounds otherwise).
func (e *Encounter) Elapsed() int { return e.tick }

// InSurprise reports whether the fight is in round 0, a surprise round or
// phase of surprise segments.
func (e *Encounter) InSurprise() bool {
	return e.phase == phaseSegments || e.phase == phaseSurpriseRound
}

// Current returns the ids of the participants whose turn it is, in order.
// The slice is reused by the next call (it is listed when asked: a fight
// that reads CurrentRefs never builds it); copy it to keep it.
func (e *Encounter) Current() []string {
	e.curIDs = e.curIDs[:0]
	for _, p := range e.cur {
		e.curIDs = append(e.curIDs, p.id)
	}
	return e.curIDs
}

// CurrentRefs returns the Spec.Ref of each participant of Current, in the
// same order (a Delay removes from both alike).
func (e *Encounter) CurrentRefs() []int { return e.curRefs }

// CurrentCount returns the initiative count of the current (or last
// started) step; false when it has none (a surprise segment).
func (e *Encounter) CurrentCount() (int, bool) { return e.stepCount, e.hasCount }

// IsTurn reports whether it is participant id's turn.
func (e *Encounter) IsTurn(id string) bool {
	p := e.byID[id]
	return p != nil && p.inTurn
}
