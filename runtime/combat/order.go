package combat

import (
	"cmp"
	"slices"

	"github.com/dndsh/dndsh/runtime/errs"
)

// unit is what one initiative roll orders: a participant, a group or a side.
type unit struct {
	rk       *rank
	leader   *participant // nil for a side
	members  []*participant
	roll     bool // rk must be rolled
	tiedPrev bool // simultaneous with the unit before it
}

// rollDice rolls 1+|net| sets of d and keeps the highest (net > 0) or the
// lowest (net < 0) sum. Every face goes to the face arena; faces is the
// slice of this roll's faces.
func (e *Encounter) rollDice(d Dice, net int) (kept int, faces []int, err error) {
	if net == 0 && d.Count <= 1 {
		// one set of one die: what rollSets does, without its loops
		// (TestRollDiceIsRollSets)
		f, err := e.src.Roll(1, d.Sides)
		if err != nil {
			return 0, nil, wrapDice(err)
		}
		e.faces = append(e.faces, f)
		n := len(e.faces)
		return f, e.faces[n-1 : n : n], nil
	}
	return e.rollSets(d, net)
}

// rollSets is rollDice for any dice and net advantage.
func (e *Encounter) rollSets(d Dice, net int) (kept int, faces []int, err error) {
	sets := 1 + net
	if net < 0 {
		sets = 1 - net
	}
	start := len(e.faces)
	for s := 0; s < sets; s++ {
		sum := 0
		for i := 0; i < d.n(); i++ {
			f, err := e.src.Roll(1, d.Sides)
			if err != nil {
				return 0, nil, wrapDice(err)
			}
			e.faces = append(e.faces, f)
			sum += f
		}
		if s == 0 || (net > 0 && sum > kept) || (net < 0 && sum < kept) {
			kept = sum
		}
	}
	end := len(e.faces)
	return kept, e.faces[start:end:end], nil
}

// netAdvantage combines p's levels under the configured rule, adding the
// surprise disadvantage to a surprised participant's first roll.
func (e *Encounter) netAdvantage(p *participant) int {
	adv, dis := p.adv, p.dis
	if e.cfg.Surprise == SurpriseInitiativeDisadvantage && p.surprised && !p.rolled {
		dis += e.cfg.SurpriseDisadvantage
	}
	var n int
	if e.cfg.Advantage == AdvantageCancel {
		n = min(adv, 1) - min(dis, 1)
	} else {
		n = adv - dis
	}
	if m := e.cfg.MaxAdvantage; m > 0 {
		n = max(-m, min(m, n))
	}
	return n
}

// rollUnit rolls a participant's or a group's initiative into u.rk.
func (e *Encounter) rollUnit(u *unit) error {
	l := u.leader
	net := e.netAdvantage(l)
	nat, faces, err := e.rollDice(e.cfg.Die, net)
	if err != nil {
		return err
	}
	name := l.id
	if l.group != "" {
		name = l.group
	}
	// field by field: a literal is built aside and copied
	rk := u.rk
	rk.name, rk.count, rk.mod, rk.score, rk.ties, rk.hidden = name, nat+l.mod, l.mod, l.score, rk.ties[:0], l.hidden
	r := e.newRoll()
	r.Kind, r.Who, r.Round, r.Dice, r.Faces = RollInitiative, name, e.round, e.cfg.Die, faces
	r.Natural, r.Modifier, r.Total, r.Advantage, r.Hidden = nat, l.mod, nat+l.mod, net, l.hidden
	for _, m := range u.members {
		m.rolled = true
	}
	return nil
}

// newRoll appends a roll to e.rolls and returns it, its fields as the
// last roll in that storage left them: the caller sets every one.
func (e *Encounter) newRoll() *Roll {
	if n := len(e.rolls); n < cap(e.rolls) {
		e.rolls = e.rolls[:n+1]
	} else {
		e.rolls = append(e.rolls, Roll{})
	}
	return &e.rolls[len(e.rolls)-1]
}

// rollSide rolls a side's initiative.
func (e *Encounter) rollSide(s *side) error {
	nat, faces, err := e.rollDice(e.cfg.Die, 0)
	if err != nil {
		return err
	}
	s.rk = rank{name: s.name, count: nat + s.mod, mod: s.mod, ties: s.rk.ties[:0], hidden: s.hidden}
	s.rolled = true
	e.rolls = append(e.rolls, Roll{Kind: RollSide, Who: s.name, Round: e.round, Dice: e.cfg.Die,
		Faces: faces, Natural: nat, Modifier: s.mod, Total: nat + s.mod, Hidden: s.hidden})
	return nil
}

// tieRoll makes sure r has a roll-off result at depth d.
func (e *Encounter) tieRoll(r *rank, d int) error {
	for len(r.ties) <= d {
		if d >= maxTieRolls {
			return errs.New(errs.Budget, layer, "initiative tie between %q and others still unbroken after %d roll-offs", r.name, maxTieRolls)
		}
		nat, faces, err := e.rollDice(e.cfg.TieDie, 0)
		if err != nil {
			return err
		}
		r.ties = append(r.ties, nat)
		e.rolls = append(e.rolls, Roll{Kind: RollTie, Who: r.name, Round: e.round, Dice: e.cfg.TieDie,
			Faces: faces, Natural: nat, Total: nat, Hidden: r.hidden})
	}
	return nil
}

// sortUnits orders units by count, highest first, then by the tie chain.
func (e *Encounter) sortUnits(us []*unit, chain []TieRule) error {
	e.byCount(us)
	return runs(us, func(a, b *unit) bool { return a.rk.count == b.rk.count }, func(run []*unit) error {
		return e.breakTies(run, chain)
	})
}

// byCount orders units by count, highest first, keeping the order of equal
// ones: a counting sort when the counts span a small range (initiative
// totals do), else a stable sort; both give the same order.
func (e *Encounter) byCount(us []*unit) {
	if len(us) < 2 {
		return
	}
	lo, hi := us[0].rk.count, us[0].rk.count
	for _, u := range us[1:] {
		lo, hi = min(lo, u.rk.count), max(hi, u.rk.count)
	}
	span := hi - lo + 1
	if len(us) < 24 || span <= 0 || span > 4*len(us)+64 {
		if len(us) > 32 {
			sortDesc(us, func(u *unit) int { return u.rk.count })
			return
		}
		// sortDesc by count, written out: no call per comparison
		for i := 1; i < len(us); i++ {
			u := us[i]
			k := u.rk.count
			j := i
			for j > 0 && us[j-1].rk.count < k {
				us[j] = us[j-1]
				j--
			}
			us[j] = u
		}
		return
	}
	if cap(e.cbuf) < span+1 {
		e.cbuf = make([]int32, span+1)
	}
	c := e.cbuf[:span+1]
	clear(c)
	for _, u := range us {
		c[hi-u.rk.count+1]++ // bucket 0 holds the highest count
	}
	for i := 1; i < len(c); i++ {
		c[i] += c[i-1]
	}
	if cap(e.sbuf) < len(us) {
		e.sbuf = make([]*unit, len(us))
	}
	out := e.sbuf[:len(us)]
	for _, u := range us {
		k := hi - u.rk.count
		out[c[k]] = u
		c[k]++
	}
	copy(us, out)
	clear(out)
}

// sortDesc orders us by key, highest first, keeping the order of equal
// ones: what slices.SortStableFunc gives (a stable order is unique), by
// insertion for the few units of an initiative roll.
func sortDesc(us []*unit, key func(*unit) int) {
	if len(us) > 32 {
		slices.SortStableFunc(us, func(a, b *unit) int { return cmp.Compare(key(b), key(a)) })
		return
	}
	for i := 1; i < len(us); i++ {
		u := us[i]
		k := key(u)
		j := i
		for j > 0 && key(us[j-1]) < k {
			us[j] = us[j-1]
			j--
		}
		us[j] = u
	}
}

// runs calls f on every maximal run of at least two adjacent equal units.
func runs(us []*unit, eq func(a, b *unit) bool, f func([]*unit) error) error {
	for i := 0; i < len(us); {
		j := i + 1
		for j < len(us) && eq(us[j-1], us[j]) {
			j++
		}
		if j-i > 1 {
			if err := f(us[i:j]); err != nil {
				return err
			}
		}
		i = j
	}
	return nil
}

// breakTies orders a run of units tied on everything before chain[0].
func (e *Encounter) breakTies(run []*unit, chain []TieRule) error {
	if len(run) < 2 || len(chain) == 0 {
		return nil
	}
	rest := chain[1:]
	byKey := func(key func(*unit) int) error {
		sortDesc(run, key)
		return runs(run, func(a, b *unit) bool { return key(a) == key(b) }, func(r []*unit) error { return e.breakTies(r, rest) })
	}
	switch chain[0] {
	case TieModifier:
		return byKey(func(u *unit) int { return u.rk.mod })
	case TieScore:
		return byKey(func(u *unit) int { return u.rk.score })
	case TieCaller:
		f := func(a, b *unit) int { return e.cfg.TieOrder(a.rk.name, b.rk.name) }
		slices.SortStableFunc(run, f)
		return runs(run, func(a, b *unit) bool { return f(a, b) == 0 }, func(r []*unit) error { return e.breakTies(r, rest) })
	case TieReroll:
		return e.rerollRun(run, 0)
	case TieSimultaneous:
		for _, u := range run[1:] {
			u.tiedPrev = true
		}
	}
	return nil
}

// rerollRun orders tied units by their roll-off at depth d, rolling for
// those that lack one, and goes deeper for those still tied.
func (e *Encounter) rerollRun(run []*unit, d int) error {
	for _, u := range run {
		if err := e.tieRoll(u.rk, d); err != nil {
			return err
		}
	}
	sortDesc(run, func(u *unit) int { return u.rk.ties[d] })
	return runs(run, func(a, b *unit) bool { return a.rk.ties[d] == b.rk.ties[d] }, func(r []*unit) error {
		return e.rerollRun(r, d+1)
	})
}

// cmpRank compares two ranks for an insertion: < 0 puts a first. simul
// reports a tie that TieSimultaneous turns into one step. Missing roll-offs
// are rolled, a's first.
func (e *Encounter) cmpRank(a, b *rank) (c int, simul bool, err error) {
	if a == b {
		return 0, false, nil
	}
	if a.count != b.count {
		return cmp.Compare(b.count, a.count), false, nil
	}
	for _, r := range e.cfg.Ties {
		switch r {
		case TieModifier:
			if a.mod != b.mod {
				return cmp.Compare(b.mod, a.mod), false, nil
			}
		case TieScore:
			if a.score != b.score {
				return cmp.Compare(b.score, a.score), false, nil
			}
		case TieCaller:
			if c := e.cfg.TieOrder(a.name, b.name); c != 0 {
				return c, false, nil
			}
		case TieReroll:
			for d := 0; ; d++ {
				if err := e.tieRoll(a, d); err != nil {
					return 0, false, err
				}
				if err := e.tieRoll(b, d); err != nil {
					return 0, false, err
				}
				if a.ties[d] != b.ties[d] {
					return cmp.Compare(b.ties[d], a.ties[d]), false, nil
				}
			}
		case TieSimultaneous:
			return 0, true, nil
		}
	}
	return 0, false, nil
}

// units groups ps (in order) into units: one per participant, or per group
// key. It reuses the encounter's scratch buffers.
func (e *Encounter) units(ps []*participant) []*unit {
	e.ubuf = e.ubuf[:0]
	for _, p := range ps {
		k := -1
		if p.group != "" && !p.fixed {
			for i := range e.ubuf {
				if l := e.ubuf[i].leader; l.group == p.group && !l.fixed {
					k = i
					break
				}
			}
		}
		if k < 0 {
			if len(e.ubuf) < cap(e.ubuf) {
				e.ubuf = e.ubuf[:len(e.ubuf)+1]
				u := &e.ubuf[len(e.ubuf)-1]
				*u = unit{members: u.members[:0]}
			} else {
				e.ubuf = append(e.ubuf, unit{})
			}
			k = len(e.ubuf) - 1
			u := &e.ubuf[k]
			u.leader = p
			if p.rk != nil {
				u.rk = p.rk
			} else {
				u.rk = &p.own
				u.roll = true
			}
		}
		e.ubuf[k].members = append(e.ubuf[k].members, p)
	}
	e.uptr = e.uptr[:0]
	for i := range e.ubuf {
		e.uptr = append(e.uptr, &e.ubuf[i])
	}
	return e.uptr
}

// place ranks ps, none of them in the order, and puts them into it.
func (e *Encounter) place(ps []*participant) error {
	if e.cfg.Mode == BySide {
		for _, p := range ps {
			if err := e.placeInSide(p); err != nil {
				return err
			}
		}
		return nil
	}
	normal, top := e.nbuf[:0], e.tbuf[:0]
	defer func() { e.nbuf, e.tbuf = normal[:0], top[:0] }()
	for _, p := range ps {
		if p.newcomer && p.aware && e.cfg.AwareNewcomersFirst {
			top = append(top, p)
			continue
		}
		// A newcomer of a group already in the order shares its count.
		if p.group != "" && p.rk == nil {
			if last := e.lastOfGroup(p.group); last >= 0 {
				p.rk = e.order[last].p.rk
				p.rolled = true
				if e.membersShareStep() {
					e.insertAt(last+1, p, true)
				} else {
					e.insertAt(e.stepEnd(last), p, false)
				}
				continue
			}
		}
		normal = append(normal, p)
	}
	for _, p := range ps {
		p.newcomer = false
	}
	if len(top) > 0 && len(normal) == 0 && len(e.order) == 0 {
		normal, top = top, nil // nobody to go above: they roll
	}
	if len(normal) > 0 {
		us := e.units(normal)
		for _, u := range us {
			if u.roll {
				if err := e.rollUnit(u); err != nil {
					return err
				}
			}
			for _, m := range u.members {
				m.rk = u.rk
			}
		}
		if err := e.sortUnits(us, e.cfg.Ties); err != nil {
			return err
		}
		from := 0
		for k, u := range us {
			if k > 0 && u.tiedPrev { // acts with the unit just placed
				from = e.insertMembers(from, u)
				continue
			}
			var err error
			if from, err = e.insertUnit(u, from); err != nil {
				return err
			}
		}
	}
	if len(top) > 0 {
		return e.placeOnTop(top)
	}
	return nil
}

// placeOnTop puts aware newcomers above everyone: count = highest + 1,
// ordered by Score, then the tie chain.
func (e *Encounter) placeOnTop(ps []*participant) error {
	high := e.order[0].p.rk.count
	for _, en := range e.order {
		high = max(high, en.p.rk.count)
	}
	us := e.units(ps)
	for _, u := range us {
		l := u.leader
		name := l.id
		if l.group != "" {
			name = l.group
		}
		u.rk = &rank{name: name, count: high + 1, mod: l.mod, score: l.score, hidden: l.hidden}
		for _, m := range u.members {
			m.rk = u.rk
			m.rolled = true
		}
	}
	chain := make([]TieRule, 0, len(e.cfg.Ties)+1)
	chain = append(chain, TieScore)
	for _, r := range e.cfg.Ties {
		if r != TieScore {
			chain = append(chain, r)
		}
	}
	if err := e.sortUnits(us, chain); err != nil {
		return err
	}
	at := 0
	for _, u := range us {
		at = e.insertMembers(at, u)
	}
	return nil
}

// insertUnit inserts u at its place: before the first step, scanning from
// index from, whose first entry it beats; into a step it ties with under
// TieSimultaneous (unless that step is under way); else at the end. It
// returns the index after the inserted entries.
func (e *Encounter) insertUnit(u *unit, from int) (int, error) {
	i := from
	for i < len(e.order) {
		j := e.stepEnd(i)
		c, simul, err := e.cmpRank(u.rk, e.order[i].p.rk)
		if err != nil {
			return 0, err
		}
		if c < 0 {
			break
		}
		if c == 0 && simul && !(e.inStep && i == e.curStart) {
			u.tiedPrev = true
			return e.insertMembers(j, u), nil
		}
		i = j
	}
	u.tiedPrev = false
	return e.insertMembers(i, u), nil
}

// insertMembers inserts the members of u at index at, as the unit's step(s),
// and returns the index after them.
func (e *Encounter) insertMembers(at int, u *unit) int {
	for k, m := range u.members {
		with := u.tiedPrev
		if k > 0 {
			with = e.membersShareStep()
		}
		e.insertAt(at, m, with)
		at++
	}
	return at
}

// membersShareStep reports whether the members of one unit (a group, a
// side) act in one step: always for a side, for a group with GroupTurn or
// when equal results act together anyway.
func (e *Encounter) membersShareStep() bool {
	return e.cfg.GroupTurn || e.cfg.Mode == BySide ||
		len(e.cfg.Ties) > 0 && e.cfg.Ties[len(e.cfg.Ties)-1] == TieSimultaneous
}

// placeInSide puts p into its side's step, rolling for the side if it has
// no result this round.
func (e *Encounter) placeInSide(p *participant) error {
	s := e.side(p.side)
	p.newcomer = false
	if s.rolled {
		for i := len(e.order) - 1; i >= 0; i-- {
			if q := e.order[i].p; q.side == s.name && q.rk == &s.rk {
				p.rk = &s.rk
				e.insertAt(i+1, p, true)
				return nil
			}
		}
	} else if err := e.rollSide(s); err != nil {
		return err
	}
	p.rk = &s.rk
	u := unit{rk: &s.rk, members: []*participant{p}}
	_, err := e.insertUnit(&u, 0)
	return err
}

func (e *Encounter) lastOfGroup(g string) int {
	for i := len(e.order) - 1; i >= 0; i-- {
		if q := e.order[i].p; q.group == g && q.rk != nil && !q.fixed {
			return i
		}
	}
	return -1
}

// buildSides rolls every side with an active member and builds the order.
func (e *Encounter) buildSides(only func(*participant) bool) error {
	e.clearOrder()
	e.ubuf = e.ubuf[:0]
	for _, s := range e.sides {
		s.rolled = false
		n := 0
		for _, p := range e.parts {
			if p.side == s.name && p.active && only(p) {
				n++
			}
		}
		if n == 0 {
			continue
		}
		if err := e.rollSide(s); err != nil {
			return err
		}
		if len(e.ubuf) < cap(e.ubuf) {
			e.ubuf = e.ubuf[:len(e.ubuf)+1]
		} else {
			e.ubuf = append(e.ubuf, unit{})
		}
		u := &e.ubuf[len(e.ubuf)-1]
		*u = unit{rk: &s.rk, members: u.members[:0]}
		for _, p := range e.parts {
			if p.side == s.name && p.active && only(p) {
				u.members = append(u.members, p)
				p.rk = &s.rk
				p.waiting = false
				p.newcomer = false
			}
		}
	}
	e.uptr = e.uptr[:0]
	for i := range e.ubuf {
		e.uptr = append(e.uptr, &e.ubuf[i])
	}
	if err := e.sortUnits(e.uptr, e.cfg.Ties); err != nil {
		return err
	}
	at := 0
	for _, u := range e.uptr {
		at = e.insertMembers(at, u)
	}
	return nil
}

// clearOrder empties the order.
func (e *Encounter) clearOrder() {
	for _, en := range e.order {
		en.p.inOrder = false
	}
	e.order = e.order[:0]
	e.curStart, e.curEnd, e.inStep = 0, 0, false
	e.placed = false
}

// stepEnd returns the index after the step that starts at i.
func (e *Encounter) stepEnd(i int) int {
	j := i + 1
	for j < len(e.order) && e.order[j].withPrev {
		j++
	}
	return j
}

// stepStart returns the index of the first entry of the step holding i.
func (e *Encounter) stepStart(i int) int {
	for i > 0 && e.order[i].withPrev {
		i--
	}
	return i
}

func (e *Encounter) indexOf(p *participant) int {
	for i, en := range e.order {
		if en.p == p {
			return i
		}
	}
	return -1
}

// insertAt inserts p at index i and keeps the cursor on the same step.
func (e *Encounter) insertAt(i int, p *participant, withPrev bool) {
	if i == 0 {
		withPrev = false
	}
	if i == len(e.order) {
		e.order = append(e.order, entry{p: p, withPrev: withPrev}) // slices.Insert at the end
	} else {
		e.order = slices.Insert(e.order, i, entry{p: p, withPrev: withPrev})
	}
	p.inOrder = true
	if e.inStep {
		switch {
		case i < e.curStart || i == e.curStart && e.curStart < e.curEnd:
			// before the current step
			e.curStart++
			e.curEnd++
		case i < e.curEnd:
			e.curEnd++
		}
		// at the end of the step (of an emptied one too: its delayer left
		// it): after the step, the cursor stays
	} else if i < e.curEnd {
		e.curStart++
		e.curEnd++
	}
}

// removeAt removes the entry at i and keeps the cursor on the same step.
func (e *Encounter) removeAt(i int) {
	en := e.order[i]
	if !en.withPrev && i+1 < len(e.order) {
		e.order[i+1].withPrev = false
	}
	e.order = slices.Delete(e.order, i, i+1)
	en.p.inOrder = false
	e.placed = false
	if e.inStep {
		if i < e.curStart {
			e.curStart--
			e.curEnd--
		} else if i < e.curEnd {
			e.curEnd--
		}
	} else if i < e.curEnd {
		e.curStart--
		e.curEnd--
	}
}

// Order returns the ids of this round's order, one per place, skipping
// participants that are out of the fight.
func (e *Encounter) Order() []string {
	var ids []string
	for _, en := range e.order {
		if en.p.active {
			ids = append(ids, en.p.id)
		}
	}
	return ids
}

// Steps returns this round's order as steps: each inner slice acts at the
// same time. Participants out of the fight are left out, and so are steps
// left empty. During a phase of surprise segments the order is empty; each
// segment's step is Current.
func (e *Encounter) Steps() [][]string {
	var steps [][]string
	for i := 0; i < len(e.order); {
		j := e.stepEnd(i)
		var s []string
		for _, en := range e.order[i:j] {
			if en.p.active {
				s = append(s, en.p.id)
			}
		}
		if len(s) > 0 {
			steps = append(steps, s)
		}
		i = j
	}
	return steps
}
