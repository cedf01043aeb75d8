package combat

import (
	"slices"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// Spec describes a participant to Add or Join.
type Spec struct {
	ID    string // unique in the encounter
	Side  string // a side is created the first time it is named
	Group string // participants sharing a non-empty Group share one initiative roll

	Modifier int // initiative modifier
	Score    int // tie-break score (TieScore, aware newcomers)

	// Advantage and Disadvantage are initiative advantage levels (see
	// Config.Advantage).
	Advantage, Disadvantage int

	Aware     bool // aware of its foes (surprise round, newcomers)
	Surprised bool // surprised (lost round, disadvantage on initiative)
	Hidden    bool // its rolls are marked hidden

	// HasCount gives the initiative count instead of rolling it; the count
	// is kept when initiative is rolled again.
	HasCount bool
	Count    int // the given count, with HasCount

	// Slots override the refill counts of declared slots for this
	// participant (a feat that grants more reactions); the surprise
	// budget still applies in a surprise round.
	Slots []SlotCount

	// Ref is the caller's own number for the participant (an index into
	// its own list, say), handed back by CurrentRefs so that a caller
	// need not look participants up by ID; the encounter does not read it.
	Ref int
}

// SideSpec declares a side with a modifier to its initiative roll.
type SideSpec struct {
	Name     string // the side's name, as participants give it
	Modifier int    // added to the side's initiative roll
	Hidden   bool   // its rolls are marked hidden
}

// rank is what the order sorts on. Participants of one group (or side)
// share one rank.
type rank struct {
	name       string // participant id, group key or side name
	count      int
	mod, score int
	ties       []int // TieReroll results, by depth
	hidden     bool
}

type side struct {
	spec   SideSpec // as declared, for Restart
	name   string
	mod    int
	hidden bool
	rk     rank
	rolled bool // rk holds this round's roll
}

type participant struct {
	spec            Spec // as added, for Restart
	id, side, group string
	seq             int
	mod, score      int
	adv, dis        int
	aware           bool
	surprised       bool
	hidden          bool
	fixed           bool // count given, never rolled
	active          bool
	waiting         bool // joined; enters the order when the next round starts
	newcomer        bool // came through Join and has not been placed yet
	rolled          bool // has rolled initiative at least once

	own rank  // storage for a rank this participant leads
	rk  *rank // nil until it has a count

	inOrder     bool
	inTurn      bool
	acted       bool // has started a turn since the fight began
	actedBefore bool // acted, before the current turn started
	delaying    bool // left its place this round and waits
	resumed     bool // re-entered from a delay; its next step resumes its turn
	dormant     bool // its caller does nothing on its turns (SetDormant)
	removed     bool // Remove took it out (a Handle to it names no one)
	delaySeq    int
	readied     string
	readySeq    int
	lost        int // surprise segments lost
	pending     int // count to take when the next round starts
	hasPending  bool

	slots []int
	// refill is each slot's refill count outside a surprise round (the
	// spec's own count or the declared one: ownCount), worked out once.
	refill []int
}

// entry is one place in the order; withPrev joins it to the step of the
// entry before it.
type entry struct {
	p        *participant
	withPrev bool
}

type phase uint8

const (
	phaseNone phase = iota
	phaseSegments
	phaseSurpriseRound
	phaseRound
)

// RollKind says what a Roll was for.
type RollKind uint8

const (
	// RollInitiative is an individual's or a group's initiative roll.
	RollInitiative RollKind = iota + 1
	// RollSide is a side's initiative roll.
	RollSide
	// RollTie is a TieReroll roll-off.
	RollTie
	// RollSurprise is a side's surprise die.
	RollSurprise
)

// String returns the kind's name.
func (k RollKind) String() string {
	switch k {
	case RollInitiative:
		return "initiative"
	case RollSide:
		return "side"
	case RollTie:
		return "tie"
	case RollSurprise:
		return "surprise"
	}
	return "roll(?)"
}

// Roll records one roll: who rolled (a participant id, a group key or a side
// name), the dice, every face, the kept natural total, the modifier and the
// total.
type Roll struct {
	Kind      RollKind // what the roll was for
	Who       string   // participant id, group key or side name
	Round     int      // the round it was rolled for (0 before the fight)
	Dice      Dice     // the dice of one set
	Faces     []int    // every face rolled, set after set when Advantage != 0
	Natural   int      // sum of the kept set
	Modifier  int      // added to Natural
	Total     int      // Natural + Modifier
	Advantage int      // net advantage level
	Hidden    bool     // the roller's result is not shown to the players
}

// Encounter is one fight. It is not safe for concurrent use.
type Encounter struct {
	cfg Config
	src *rng.Source
	// turnSlots are the indices of cfg.Slots refilled at turn start
	// (allTurn: every slot is), roundSlots those refilled at round start.
	turnSlots  []int
	allTurn    bool
	roundSlots []int

	sides []*side
	parts []*participant
	byID  map[string]*participant // lookup only; never iterated
	seq   int
	// nAdded is the number of participants added before Begin (Restart
	// keeps those); gone are those of them removed since Begin (Restart
	// brings them back).
	nAdded int
	gone   []*participant

	order     []entry
	synthetic bool // order built for round 0 only; rebuilt at round 1
	curStart  int
	curEnd    int
	inStep    bool
	cur       []*participant
	curIDs    []string // Current's storage
	curRefs   []int    // the Spec.Ref of each of cur
	stepCount int
	hasCount  bool

	begun       bool
	phase       phase
	round       int
	segment     int
	tick        int
	surpriseLen int
	rerollAll   bool
	holding     bool // an EndStep is advancing: do not pass into the next round
	held        bool // the round's order is done; NextTurn opens the next round

	effects []effect
	effSeq  int

	rolls []Roll
	faces []int

	rep Report
	// quiet: transitions are counted, not recorded (see Quiet).
	quiet  bool
	nTrans int // transitions since the report was reset, recorded or not
	// slowPass: quiet, pass steps of dormant participants through begin
	// and endStep even where passDormant applies (tests compare the two)
	slowPass bool

	// nDelaying and nPending count the participants delaying and those
	// with a pending count (hasPending); placed reports that every active
	// participant that is not delaying has a place in the order, so that
	// a new round has nobody to place (any change that may break it clears
	// it). TestCountsMatchParticipants checks them against the
	// participants.
	nDelaying, nPending int
	placed              bool

	// scratch buffers, reused so that starting a round allocates nothing
	ubuf []unit
	uptr []*unit
	pbuf []*participant
	nbuf []*participant
	tbuf []*participant
	// counting sort of units by count (sortUnits)
	sbuf []*unit
	cbuf []int32
}

// New returns an empty encounter run under cfg, drawing its dice from src.
func New(cfg Config, src *rng.Source) (*Encounter, error) {
	if src == nil {
		return nil, dataErr("no random source")
	}
	c, err := cfg.validate()
	if err != nil {
		return nil, err
	}
	e := &Encounter{cfg: c, src: src, byID: map[string]*participant{}}
	for i := range c.Slots {
		switch c.Slots[i].Reset {
		case ResetTurnStart:
			e.turnSlots = append(e.turnSlots, i)
		case ResetRoundStart:
			e.roundSlots = append(e.roundSlots, i)
		}
	}
	e.allTurn = len(e.turnSlots) == len(c.Slots)
	return e, nil
}

// Config returns a copy of the encounter's configuration (its slices are
// shared: do not change them).
func (e *Encounter) Config() Config { return e.cfg }

// AddSide declares a side. Sides keep the order in which they are declared
// or first named.
func (e *Encounter) AddSide(s SideSpec) error {
	if s.Name == "" {
		return ruleErr("a side needs a name")
	}
	if e.side(s.Name) != nil {
		return ruleErr("side %q declared twice", s.Name)
	}
	e.sides = append(e.sides, &side{spec: s, name: s.Name, mod: s.Modifier, hidden: s.Hidden})
	return nil
}

// SetSideModifier changes a side's initiative modifier for its later rolls.
func (e *Encounter) SetSideModifier(name string, mod int) error {
	s := e.side(name)
	if s == nil {
		return ruleErr("no side %q", name)
	}
	s.mod = mod
	return nil
}

func (e *Encounter) side(name string) *side {
	for _, s := range e.sides {
		if s.name == name {
			return s
		}
	}
	return nil
}

func (e *Encounter) newParticipant(s Spec) *participant {
	if e.side(s.Side) == nil {
		e.sides = append(e.sides, &side{spec: SideSpec{Name: s.Side}, name: s.Side})
	}
	p := &participant{}
	refill := make([]int, len(e.cfg.Slots))
	for i := range refill {
		refill[i] = ownCount(&s, e.cfg.Slots, i)
	}
	e.initParticipant(p, &s, e.seq, make([]int, len(e.cfg.Slots)), refill)
	e.seq++
	e.parts = append(e.parts, p)
	e.byID[p.id] = p
	if !e.begun {
		e.nAdded = len(e.parts)
	}
	return p
}

// initParticipant sets p to the state of a participant just added from s.
// slots and refill are its storage for the slots' counts and their refill
// counts (refill already worked out from s: ownCount). Field by field,
// keeping the storage of its roll-offs: one assignment of a whole
// participant builds it aside and copies it, every trial of a batch.
func (e *Encounter) initParticipant(p *participant, s *Spec, seq int, slots, refill []int) {
	if &p.spec != s {
		p.spec = *s
	}
	e.placed = false
	p.id, p.side, p.group, p.seq = s.ID, s.Side, s.Group, seq
	p.mod, p.score, p.adv, p.dis = s.Modifier, s.Score, s.Advantage, s.Disadvantage
	p.aware, p.surprised, p.hidden, p.fixed, p.active = s.Aware, s.Surprised, s.Hidden, false, true
	p.waiting, p.newcomer, p.rolled, p.removed = false, false, false, false
	p.own = rank{ties: p.own.ties[:0]}
	p.rk = nil
	p.inOrder, p.inTurn, p.acted, p.actedBefore, p.delaying, p.resumed = false, false, false, false, false, false
	p.dormant = false
	p.delaySeq, p.readied, p.readySeq, p.lost, p.pending, p.hasPending = 0, "", 0, 0, 0, false
	p.slots, p.refill = slots, refill
	copy(p.slots, p.refill)
	if s.HasCount {
		p.fixed = true
		p.own = rank{name: s.ID, count: s.Count, mod: s.Modifier, score: s.Score, hidden: s.Hidden, ties: p.own.ties}
		p.rk = &p.own
	}
}

// Restart puts the encounter back where it stood before Begin: the sides
// and the participants added before Begin, as they were added (newcomers
// that joined later are dropped), with no rolls, order, effects or time.
// Its random source is kept: reset the source first to replay a trial. A
// batch runner restarts one encounter per worker instead of building one
// per trial; it allocates nothing.
func (e *Encounter) Restart() {
	for _, p := range e.parts[e.nAdded:] {
		delete(e.byID, p.id)
		p.removed = true
	}
	e.parts = e.parts[:e.nAdded]
	if len(e.gone) > 0 {
		// those removed since Begin come back, in the order they were
		// added (their seq: their place among those added before Begin)
		for _, p := range e.gone {
			e.parts = append(e.parts, p)
			e.byID[p.id] = p
		}
		e.gone = e.gone[:0]
		e.nAdded = len(e.parts)
		slices.SortFunc(e.parts, func(a, b *participant) int { return a.seq - b.seq })
	}
	for i, p := range e.parts {
		e.initParticipant(p, &p.spec, i, p.slots, p.refill)
	}
	e.seq = len(e.parts)
	for _, sd := range e.sides {
		*sd = side{spec: sd.spec, name: sd.spec.Name, mod: sd.spec.Modifier, hidden: sd.spec.Hidden}
	}
	e.order = e.order[:0]
	e.synthetic, e.curStart, e.curEnd, e.inStep = false, 0, 0, false
	e.cur, e.curIDs, e.curRefs = e.cur[:0], e.curIDs[:0], e.curRefs[:0]
	e.stepCount, e.hasCount = 0, false
	e.begun, e.phase, e.round, e.segment, e.tick, e.surpriseLen, e.rerollAll = false, 0, 0, 0, 0, 0, false
	e.holding, e.held = false, false
	e.nDelaying, e.nPending, e.placed = 0, 0, false
	e.effects, e.effSeq = e.effects[:0], 0
	e.rolls, e.faces = e.rolls[:0], e.faces[:0]
	e.rep.reset()
	e.nTrans = 0
}

func (e *Encounter) checkSpec(s Spec) error {
	if s.ID == "" {
		return ruleErr("a participant needs an id")
	}
	if s.Side == "" {
		return ruleErr("participant %q needs a side", s.ID)
	}
	if e.byID[s.ID] != nil {
		return ruleErr("participant %q added twice", s.ID)
	}
	if s.Advantage < 0 || s.Disadvantage < 0 {
		return ruleErr("participant %q: advantage levels must not be negative", s.ID)
	}
	for _, sc := range s.Slots {
		if slotIndex(e.cfg.Slots, sc.Name) < 0 {
			return ruleErr("participant %q: no action slot %q", s.ID, sc.Name)
		}
		if sc.Count < Unlimited {
			return ruleErr("participant %q: slot %q has count %d", s.ID, sc.Name, sc.Count)
		}
	}
	return nil
}

// Add adds a participant before the fight begins (Begin). Later arrivals
// use Join.
func (e *Encounter) Add(s Spec) error {
	if e.begun {
		return ruleErr("the fight has begun: use Join to add %q", s.ID)
	}
	if err := e.checkSpec(s); err != nil {
		return err
	}
	e.newParticipant(s)
	return nil
}

// JoinAt says when newcomers enter the order.
type JoinAt uint8

const (
	// JoinRoundStart holds newcomers until the next round starts; they
	// enter the order before its first step.
	JoinRoundStart JoinAt = iota
	// JoinNow puts newcomers into the order at once. One placed above the
	// current step first acts next round. During round 0 of lost-segment
	// surprise or of an unordered surprise round, newcomers wait for round 1.
	JoinNow
)

// Join adds newcomers to a fight under way. Each rolls initiative (its
// group shares one roll, and joins an existing group's count), or takes its
// given count, and is inserted among the others by count and the tie rules.
// With Config.AwareNewcomersFirst, the aware ones instead go above everyone,
// ordered by Score. Before Begin, Join is Add.
func (e *Encounter) Join(specs []Spec, at JoinAt) error {
	for i, s := range specs {
		if err := e.checkSpec(s); err != nil {
			return err
		}
		for _, t := range specs[:i] {
			if t.ID == s.ID {
				return ruleErr("participant %q added twice", s.ID)
			}
		}
	}
	if !e.begun {
		for _, s := range specs {
			e.newParticipant(s)
		}
		return nil
	}
	ps := make([]*participant, 0, len(specs))
	for _, s := range specs {
		p := e.newParticipant(s)
		p.newcomer = true
		p.waiting = true
		ps = append(ps, p)
	}
	if at == JoinRoundStart || e.synthetic {
		return nil
	}
	for _, p := range ps {
		p.waiting = false
	}
	return e.place(ps)
}

func (e *Encounter) get(id string) (*participant, error) {
	p := e.byID[id]
	if p == nil {
		return nil, ruleErr("no participant %q", id)
	}
	return p, nil
}

// Deactivate takes a participant out of the fight (down, fled, held) while
// keeping its place: its steps are skipped and it cannot spend slots. A
// participant whose turn it is ends that turn normally at the next NextTurn.
func (e *Encounter) Deactivate(id string) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	p.active = false
	return nil
}

// Reactivate brings a participant back. If it has no place in the order
// (it was never placed, or the order was rolled again without it) it rolls
// initiative, unless it has a count, and is inserted at once.
func (e *Encounter) Reactivate(id string) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	if p.active {
		return nil
	}
	p.active = true
	e.placed = false
	if !e.begun || p.inOrder || p.waiting || e.synthetic {
		return nil
	}
	return e.place([]*participant{p})
}

// Remove deletes a participant from the encounter. Its effects stay; ending
// them is the caller's business. If its turn is under way, the turn still
// ends at the next NextTurn.
func (e *Encounter) Remove(id string) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	if p.inOrder {
		e.removeAt(e.indexOf(p))
	}
	p.active, p.removed = false, true
	if p.delaying {
		p.delaying = false
		e.nDelaying--
	}
	if p.hasPending {
		p.hasPending = false
		e.nPending--
	}
	delete(e.byID, id)
	for i, q := range e.parts {
		if q == p {
			if e.begun && i < e.nAdded {
				e.gone = append(e.gone, p) // one of those Restart keeps
				e.nAdded--
			}
			e.parts = append(e.parts[:i], e.parts[i+1:]...)
			break
		}
	}
	if !e.begun {
		e.nAdded = len(e.parts) // it was never in the fight
	}
	return nil
}

// SetAware sets a participant's awareness (see SurpriseRound and Join).
func (e *Encounter) SetAware(id string, aware bool) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	p.aware = aware
	return nil
}

// SetSurprised sets a participant's surprised flag; it matters at Begin.
func (e *Encounter) SetSurprised(id string, surprised bool) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	p.surprised = surprised
	return nil
}

// SetModifier changes a participant's initiative modifier for its later
// rolls.
func (e *Encounter) SetModifier(id string, mod int) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	p.mod = mod
	return nil
}

// SetInitiativeAdvantage sets a participant's initiative advantage and
// disadvantage levels for its later rolls.
func (e *Encounter) SetInitiativeAdvantage(id string, adv, dis int) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	if adv < 0 || dis < 0 {
		return ruleErr("participant %q: advantage levels must not be negative", id)
	}
	p.adv, p.dis = adv, dis
	return nil
}

// SetInitiative gives a participant a new initiative count, which it keeps
// from then on instead of rolling. Before Begin it takes effect at once;
// afterwards the participant moves to its new place when the next round
// starts.
func (e *Encounter) SetInitiative(id string, count int) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	if e.cfg.Mode == BySide {
		return ruleErr("under side initiative a participant has no count of its own")
	}
	if !e.begun {
		p.fixed = true
		p.rk = &rank{name: p.id, count: count, mod: p.mod, score: p.score, hidden: p.hidden}
		return nil
	}
	if !p.hasPending {
		e.nPending++
	}
	p.pending, p.hasPending = count, true
	return nil
}

// Reroll makes everyone roll initiative again when the next round starts
// (participants given a count keep it). Call NextRound after it to start
// that round at once.
func (e *Encounter) Reroll() { e.rerollAll = true }

// Info is a read-only view of a participant.
type Info struct {
	ID, Side, Group         string // as in its Spec
	Modifier, Score         int    // current initiative modifier and tie-break score
	Advantage, Disadvantage int    // initiative advantage levels
	Aware, Surprised        bool   // its surprise flags
	Hidden                  bool   // its rolls are marked hidden
	Active                  bool   // in the fight (not deactivated)
	Waiting                 bool   // joined, enters the order when the next round starts
	HasCount                bool   // Count is set
	Count                   int    // initiative count (the side's result under side initiative)
	Acted                   bool   // has started a turn since the fight began
	Delaying                bool   // left its place this round and waits to re-enter
	Readied                 string // trigger of its readied action, if any
	LostSegments            int    // surprise segments it loses
}

// Participant returns a view of participant id.
func (e *Encounter) Participant(id string) (Info, bool) {
	p := e.byID[id]
	if p == nil {
		return Info{}, false
	}
	in := Info{
		ID: p.id, Side: p.side, Group: p.group, Modifier: p.mod, Score: p.score,
		Advantage: p.adv, Disadvantage: p.dis, Aware: p.aware, Surprised: p.surprised,
		Hidden: p.hidden, Active: p.active, Waiting: p.waiting, Acted: p.acted,
		Delaying: p.delaying, Readied: p.readied, LostSegments: p.lost,
	}
	if p.rk != nil {
		in.HasCount, in.Count = true, p.rk.count
	}
	return in, true
}

// Count returns a participant's initiative count.
func (e *Encounter) Count(id string) (int, bool) {
	p := e.byID[id]
	if p == nil || p.rk == nil {
		return 0, false
	}
	return p.rk.count, true
}

// HasActed reports whether a participant has started a turn since the fight
// began (a participant that delayed its first turn has not, until it
// re-enters).
func (e *Encounter) HasActed(id string) bool {
	p := e.byID[id]
	return p != nil && p.acted
}

// Participants returns every participant id in the order of addition.
func (e *Encounter) Participants() []string {
	ids := make([]string, len(e.parts))
	for i, p := range e.parts {
		ids[i] = p.id
	}
	return ids
}

// Sides returns the side names in order.
func (e *Encounter) Sides() []string {
	names := make([]string, len(e.sides))
	for i, s := range e.sides {
		names[i] = s.name
	}
	return names
}

// ActiveSides returns, in side order, the sides that still have an active
// participant in the fight (not deactivated, not waiting to join). A script
// ends the fight when fewer than two remain, or by its own rule.
func (e *Encounter) ActiveSides() []string {
	var names []string
	for _, s := range e.sides {
		for _, p := range e.parts {
			if p.side == s.name && p.active && !p.waiting {
				names = append(names, s.name)
				break
			}
		}
	}
	return names
}

// SideResult returns a side's initiative result this round under side
// initiative.
func (e *Encounter) SideResult(name string) (int, bool) {
	s := e.side(name)
	if s == nil || !s.rolled {
		return 0, false
	}
	return s.rk.count, true
}

// Rolls returns every roll made so far, oldest first. The slice is the
// encounter's own: read it, do not keep it across ClearRolls.
func (e *Encounter) Rolls() []Roll { return e.rolls }

// ClearRolls forgets the recorded rolls (a batch runner that has logged
// them). It invalidates slices returned by Rolls.
func (e *Encounter) ClearRolls() {
	e.rolls = e.rolls[:0]
	e.faces = e.faces[:0]
}

// Handle names one participant, for a caller that asks about it often
// (CanActHandle) without a lookup by ID each time. A handle stays valid
// across Restart for participants added before Begin.
type Handle struct{ p *participant }

// Handle returns the handle of participant id (an empty handle when there
// is none).
func (e *Encounter) Handle(id string) Handle { return Handle{e.byID[id]} }

// CanActHandle is CanAct for the participant h names: false for an empty
// handle or a removed participant (Remove takes it out of the fight).
func (e *Encounter) CanActHandle(h Handle) bool { return h.p != nil && e.idle(h.p) == "" }

// SetDormant marks the participant h names as one its caller does nothing
// for on its turns (a fighter that is dead), or, with false, as one it
// plays again. Its turns still start and end, with everything they do (slots
// refilled, effects ending, readied actions lost), but under Quiet a step
// whose participants are all dormant starts and ends within the advance
// that reaches it (EndStep, NextTurn, Begin): the caller is not handed a
// step it would pass over. Restart clears the mark.
func (e *Encounter) SetDormant(h Handle, on bool) {
	if h.p != nil {
		h.p.dormant = on
	}
}

// Quiet stops (or, with false, resumes) recording transitions in the
// Report that Begin, NextTurn and the other advances return: a caller
// that never reads them (a batch of trials) saves building them.
// Expired[i].After still counts every transition.
func (e *Encounter) Quiet(quiet bool) { e.quiet = quiet }

// CanAct reports whether a participant may act now: it is in the fight, has
// joined, and no surprise keeps it idle.
func (e *Encounter) CanAct(id string) bool {
	p := e.byID[id]
	return p != nil && e.idle(p) == ""
}

// idle says why p cannot act now, or "" when it can.
func (e *Encounter) idle(p *participant) string {
	switch {
	case !p.active:
		return "is out of the fight"
	case p.waiting:
		return "has not joined the fight yet"
	case !e.begun:
		return ""
	case e.phase == phaseSurpriseRound && !p.aware:
		return "is unaware during the surprise round"
	case e.phase == phaseSegments && p.lost >= e.segment:
		return "is surprised this segment"
	case e.cfg.Surprise == SurpriseLostRound && e.round == 1 && p.surprised:
		return "is surprised and loses the first round"
	}
	return ""
}

// wrapDice turns an error of the random source into a kernel error.
func wrapDice(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*errs.Error); ok {
		return err
	}
	e := errs.New(errs.Usage, layer, "initiative dice: %v", err)
	e.Err = err
	return e
}
