package fight

import (
	"reflect"

	"github.com/dndsh/dndsh/runtime/grid"
)

// prepare works out what the fight needs of x beyond its stat block: the
// reach of a melee attack that gives none (one square of the rules' grid),
// the band of distances it threatens (its melee attacks' reach) and, when
// its stat block gave a size but no space, the rules' footprint for the
// size.
func (f *Fight) prepare(x *Fighter) {
	x.reach, x.reachMin, x.threat = 0, 0, false
	first := true
	for i := range x.Attacks {
		a := &x.Attacks[i]
		if a.Ranged {
			continue
		}
		if f.Rules.Space.Unarmed.unarmedThreatless(x, a) {
			a.NoThreat = true
		}
		x.threat = x.threat || !a.NoThreat
		if a.Reach <= 0 && !a.NoReach {
			a.Reach = f.Rules.Space.unit()
		}
		r := a.reachFeet(f.Rules.Space.unit())
		if first || r > x.reach {
			x.reach = r
		}
		if first || a.ReachMin < x.reachMin {
			x.reachMin = a.ReachMin
		}
		first = false
	}
	if !first && x.reach == 0 {
		x.reachMin = 1 // reach 0 ft: it threatens no square, not even its own
	}
	if sz, ok := f.Rules.Space.Sizes[x.Base.Size.Name]; ok && sz.Space != (grid.Footprint{}) && x.Base.Space == grid.Square(1) {
		x.Base.Space = sz.Space
		if x.C != nil {
			x.C.Space = sz.Space
		}
	}
}

// endTurnTags removes what lasts only for the turn: the opportunity rule's
// exempting tag (Disengage) and the double move's tag.
func (f *Fight) endTurnTags(x *Fighter) {
	if o := f.Rules.Space.Opportunity; o != nil && o.UnlessTag != "" {
		x.C.RemoveTag(o.UnlessTag)
	}
	if t := f.Rules.Space.Turn.DoubleMoveTag; t != "" && x.dashes > 0 {
		x.C.RemoveTag(t)
	}
}

// Enemies returns the living enemies of x in fight order: a slice of the
// fight's own, to read and not to change, that the next call may reuse.
func (f *Fight) Enemies(x *Fighter) []*Fighter {
	if len(f.Sides) == 2 && (x.Side == 0 || x.Side == 1) {
		// the other side's list itself: no copy for every attack
		return f.inSide(1 - x.Side)
	}
	f.enemies = f.enemies[:0]
	for _, y := range f.Fighters {
		if !y.Out && y.Side != x.Side {
			f.enemies = append(f.enemies, y)
		}
	}
	return f.enemies
}

// inSide returns side s's fighters still in the fight, in fight order:
// the list kept since the last Reset, revive or Add, less those gone out
// since (a fighter leaves the fight in many places, and comes back only
// in those three).
func (f *Fight) inSide(s int) []*Fighter {
	if len(f.alive) == len(f.Sides) && f.aliveGen[s] == f.gen && f.aliveOuts[s] == f.sideOuts[s] {
		return f.alive[s] // no one joined, came back or went out since
	}
	return f.sideAgain(s)
}

// sideAgain is inSide when the list must be built or looked over.
func (f *Fight) sideAgain(s int) []*Fighter {
	if len(f.alive) != len(f.Sides) {
		f.alive = make([][]*Fighter, len(f.Sides))
		f.aliveGen = make([]int, len(f.Sides))
		f.aliveOuts = make([]int, len(f.Sides))
		f.sideOuts = make([]int, len(f.Sides))
		for i := range f.aliveGen {
			f.aliveGen[i] = f.gen - 1
		}
	}
	l := f.alive[s]
	if f.aliveGen[s] != f.gen {
		l = l[:0]
		for _, y := range f.Fighters {
			if !y.Out && y.Side == s {
				l = append(l, y)
			}
		}
		f.aliveGen[s], f.aliveOuts[s] = f.gen, f.sideOuts[s]
	} else if f.aliveOuts[s] != f.sideOuts[s] {
		// A fighter's side is set when it joins (Add bumps gen): only
		// those of s gone out since the list was last looked over leave
		// it.
		gone := f.sideOuts[s] - f.aliveOuts[s]
		f.aliveOuts[s] = f.sideOuts[s]
		if k := firstOut(l); k >= 0 && gone == 1 {
			// one gone out (the common case): the rest move up at once
			copy(l[k:], l[k+1:])
			l[len(l)-1] = nil
			l = l[:len(l)-1]
		} else if k >= 0 {
			n := k
			for _, y := range l[k+1:] {
				if !y.Out {
					l[n] = y
					n++
				}
			}
			clear(l[n:])
			l = l[:n]
		}
	}
	f.alive[s] = l
	return l
}

// goOut takes x out of the fight (the one place Out is set), for inSide
// to see: only x's side's list is looked over again.
func (f *Fight) goOut(x *Fighter) {
	x.Out = true
	if x.Side >= 0 && x.Side < len(f.sideOuts) {
		f.sideOuts[x.Side]++
	}
}

// firstOut returns the index of the first fighter of l gone out, or -1.
func firstOut(l []*Fighter) int {
	for i, y := range l {
		if y.Out {
			return i
		}
	}
	return -1
}

// candidates narrows x's living enemies, on a map, to those it can attack
// where it stands; failing that, to those it can reach this turn (by
// distance, walls aside); failing that, all of them. Without a map every
// enemy is a candidate. The slice is reused by the next call.
func (f *Fight) candidates(x *Fighter) []*Fighter {
	all := f.Enemies(x)
	if f.Space == nil || len(all) <= 1 {
		return all
	}
	out := f.hostiles[:0]
	xb := x.body()
	for _, y := range all {
		if f.canHitNow(x, xb, y) {
			out = append(out, y)
		}
	}
	if len(out) == 0 {
		left := f.movementLeft(x)
		for _, y := range all {
			if f.canReachTurn(x, xb, y, left) {
				out = append(out, y)
			}
		}
	}

	if len(out) == 0 {
		out = append(out, all...)
	}
	f.hostiles = out
	return out
}

// canReachTurn reports whether x (whose body is xb, with left feet of
// movement) can reach y this turn by distance, walls aside, and some square
// within its reach of y is free (candidates' second narrowing).
func (f *Fight) canReachTurn(x *Fighter, xb grid.Body, y *Fighter, left int) bool {
	return f.reachTurnAt(x, y, f.Rules.Space.Grid.Between(xb, y.body()), left)
}

// reachTurnAt is canReachTurn of y d feet away.
func (f *Fight) reachTurnAt(x, y *Fighter, d, left int) bool {
	return d-x.reach <= left && f.HasRoom(x, y, nil)
}

// lowestCandidate is LowestHP(f, x, f.candidates(x)) (nil when x has no
// enemy), found without narrowing the enemies first: going through them in
// fight order, an enemy is asked whether it is a candidate only when it
// has fewer hit points than the best candidate so far (the first of the
// fewest is LowestHP's), which spares most of candidates' questions. On a
// map with more than one enemy LowestHP keeps no pick of candidates
// (lowPickFor: they are not a side's own list), so nothing else differs;
// TestLowestCandidate compares the two.
func (f *Fight) lowestCandidate(x *Fighter) *Fighter {
	all := f.Enemies(x)
	if len(all) == 0 {
		return nil
	}
	if f.Space == nil || len(all) <= 1 {
		return LowestHP(f, x, all) // candidates is all of them, as it is
	}
	// canHitNow and canReachTurn, the distance measured where they are asked
	g := f.Rules.Space.Grid
	xp, xs := &x.C.Pos, &x.C.Space
	var best *Fighter
	for _, y := range all {
		if (best == nil || y.C.HP() < best.C.HP()) && f.hitsAt(x, g.BetweenOf(xp, xs, &y.C.Pos, &y.C.Space)) {
			best = y
		}
	}
	if best != nil {
		return best
	}
	left := f.movementLeft(x)
	for _, y := range all {
		if (best == nil || y.C.HP() < best.C.HP()) && f.reachTurnAt(x, y, g.BetweenOf(xp, xs, &y.C.Pos, &y.C.Space), left) {
			best = y
		}
	}
	if best != nil {
		return best
	}
	return lowestOf(all)
}

// isLowestHP reports whether t is the built-in LowestHP (its code: a
// function value has no other identity).
func isLowestHP(t Tactic) bool {
	return t != nil && reflect.ValueOf(t).Pointer() == lowestHPCode
}

// lowestHPCode is the code of LowestHP, as reflect's Pointer gives it
// (worked out once: it never changes).
var lowestHPCode = reflect.ValueOf(Tactic(LowestHP)).Pointer()

// Candidates returns the enemies x should choose a target among (see
// candidates); the slice is reused by the next call.
func (f *Fight) Candidates(x *Fighter) []*Fighter { return f.candidates(x) }

// canHitNow reports whether some attack of x (whose body is xb) reaches y
// where they stand.
func (f *Fight) canHitNow(x *Fighter, xb grid.Body, y *Fighter) bool {
	if f.Space == nil {
		return len(x.Attacks) > 0 // without a map every attack reaches
	}
	return f.hitsAt(x, f.Rules.Space.Grid.BetweenOf(&xb.Pos, &xb.Space, &y.C.Pos, &y.C.Space)) // Reaches' distance, measured once
}

// hitsAt reports whether some attack of x reaches a creature d feet away
// on the map.
func (f *Fight) hitsAt(x *Fighter, d int) bool {
	for i := range x.Attacks {
		if f.Rules.Space.inRange(&x.Attacks[i], d) {
			return true
		}
	}
	return false
}

// movementLeft is what x may still move this turn, in feet.
func (f *Fight) movementLeft(x *Fighter) int {
	if x.stepped {
		return 0
	}
	s := f.speedOf(x)
	s *= 1 + x.dashes
	return max(s-x.Moved, 0)
}

// MovementLeft returns what x may still move this turn, in feet.
func (f *Fight) MovementLeft(x *Fighter) int { return f.movementLeft(x) }

// SpendMovement spends n feet of x's movement this turn without moving it
// (standing up from prone).
func (f *Fight) SpendMovement(x *Fighter, n int) { x.Moved += n }

// Dash adds x's speed to its movement for the turn (the rules' double
// move), adding the rules' tag; it reports false when x has already
// dashed and the rules' Dash does not repeat (TurnRule.DashRepeats).
func (f *Fight) Dash(x *Fighter) bool {
	if x.dashes > 0 && !f.Rules.Space.Turn.DashRepeats {
		return false
	}
	x.dashes++
	if t := f.Rules.Space.Turn.DoubleMoveTag; t != "" {
		x.C.AddTag(t)
	}
	return true
}

// attackAction makes x's attack action: each attack of its multiattack
// against the target its tactic picks (again for each attack, so a
// target that drops is replaced). On a map x first moves until its attack
// reaches (see Approach); a creature that moves farther than the rules'
// FullAttackMove makes only its first attack, and one that cannot reach
// any target this turn moves twice its speed instead when the rules allow.
func (f *Fight) attackAction(x *Fighter) error {
	if len(x.Attacks) == 0 {
		return nil
	}
	n := len(x.Multi)
	if n == 0 || f.limited(x) {
		n = 1
	}
	attacked := false
	for i := 0; i < n; i++ {
		if x.Out {
			return nil
		}
		tactic := x.Tactic
		if tactic == nil {
			tactic = f.Default
		}
		var t *Fighter
		if f.Space != nil && isLowestHP(tactic) {
			t = f.lowestCandidate(x) // the same pick, with fewer questions
		} else if enemies := f.candidates(x); len(enemies) > 0 {
			t = tactic(f, x, enemies)
		}
		if t == nil {
			return nil
		}
		a := &x.Attacks[0]
		if len(x.Multi) > 0 {
			a = &x.Attacks[x.Multi[i]]
		}
		if f.Space != nil {
			var ok bool
			var err error
			a, ok, err = f.Approach(x, t, a, i == 0)
			if err != nil {
				return err
			}
			if !ok || x.Out {
				return nil
			}
			if fm := f.Rules.Space.Turn.FullAttackMove; i == 0 && fm >= 0 && x.Moved > fm {
				n = 1
			}
			if i == 0 && !x.charged && f.limited(x) && x.Moved > f.Rules.Space.Turn.FreeStep {
				return nil // a partial action: one move or one attack
			}
		}
		if n == 1 && len(x.Multi) > 1 && a == &x.Attacks[x.Multi[0]] && f.Reaches(x, t, &x.Attacks[0]) {
			a = &x.Attacks[0] // one attack: the stat block's first, not the routine's
		}
		if _, err := f.StrikeWith(x, t, a, StrikeOpts{Bonus: f.chargeBonus(x)}); err != nil {
			return err
		}
		attacked = true
	}
	return f.strenuous(x, attacked)
}

// strenuous deals x the damage its conditions' Strenuous says after a turn
// in which it attacked.
func (f *Fight) strenuous(x *Fighter, attacked bool) error {
	if !attacked || x.Out {
		return nil
	}
	if n := f.flagsOf(x).strenuous; n > 0 {
		if f.Trace != nil {
			f.trace("%s strains itself: %d damage", x.ID, n)
		}
		_, err := f.Deal(x, x, n, "")
		return err
	}
	return nil
}

// Approach gets x where an attack reaches t: a, when it reaches now or x
// can move within a's reach with the movement it has left; else another of
// x's attacks that reaches t from where it stands (its bow); else, when
// first is set and the rules allow a double move, x moves twice its speed
// toward t and makes no attack; else it moves as near as it can. It
// returns the attack to make and whether to make it.
func (f *Fight) Approach(x, t *Fighter, a *Attack, first bool) (*Attack, bool, error) {
	if f.Space == nil || f.Reaches(x, t, a) {
		return a, true, nil
	}
	if c := f.chargeRule(x); first && c != nil && (c.Prefer || f.limited(x)) {
		if ok, err := f.Charge(x, t, a); err != nil || ok || x.charged {
			return a, ok, err
		}
	}
	left := f.movementLeft(x)
	dash := first && f.Rules.Space.Turn.DoubleMove && x.dashes == 0 && f.canAct(x) && !f.limited(x)
	budget := left
	if dash {
		budget = left + f.speedOf(x)
	}
	// One search within the most x could move (twice its speed when it may
	// Dash): a path within its movement is walked and the attack made; one
	// only a Dash affords is walked instead of attacking, as is the way to
	// get as near as it can.
	// (PathTo finds no path at once when no square in reach is free: no
	// HasRoom first)
	path, cost, ok := f.PathTo(x, f.ReachGoal(x, t, a), budget)
	searched, from := f.Space.path.gen, x.C.Pos // the search that priced path (see moveFresh)
	if ok && cost <= left && len(path) > 0 {
		if _, err := f.moveFresh(x, path, f.moveOpts(x, cost, left)); err != nil {
			return nil, false, err
		}
		if !x.Out && f.Reaches(x, t, a) {
			return a, true, nil
		}
		return nil, false, nil
	}
	for i := range x.Attacks {
		b := &x.Attacks[i]
		if b != a && f.Reaches(x, t, b) {
			return b, true, nil
		}
	}
	if c := f.chargeRule(x); first && c != nil && !c.Prefer && !f.limited(x) {
		if ok, err := f.Charge(x, t, a); err != nil || ok || x.charged {
			return a, ok, err
		}
	}
	if dash && len(path) > 0 && cost > left {
		f.Dash(x)
		left = f.movementLeft(x)
	}
	if len(path) > 0 {
		move := f.Move
		if f.Space.path.gen == searched && x.C.Pos == from {
			// no search since and x has not moved (no charge): Reaches
			// asks nothing of the map, and moveFresh checks x's prices
			move = f.moveFresh
		}
		if _, err := move(x, path, MoveOpts{Budget: left, SafeStart: x.dashes > 0 && f.Rules.Space.Turn.MoveOnlySafe}); err != nil {
			return nil, false, err
		}
	}
	if x.dashes > 0 || x.Out || !f.Reaches(x, t, a) {
		return nil, false, nil
	}
	return a, true, nil
}

// Flee takes x out of the fight alive. On a map it first moves as far from
// its enemies as its movement allows (which may provoke); it flees only if
// it is still standing.
func (f *Fight) Flee(x *Fighter) error { return f.FleeWith(x, FleeOpts{Budget: -1}) }

// FleeOpts are the options of FleeWith.
type FleeOpts struct {
	// Stay: x leaves the fight where it stands and moves nowhere (a
	// surrender).
	Stay bool
	// Budget is the movement x flees with, in feet; negative: the movement
	// it has left this turn.
	Budget int
}

// FleeWith is Flee with options: on a map x first moves away with
// o.Budget (unless o.Stay).
func (f *Fight) FleeWith(x *Fighter, o FleeOpts) error {
	left := o.Budget
	if left < 0 {
		left = f.movementLeft(x)
	}
	if f.Space != nil && !x.Out && !o.Stay && left > 0 {
		path, _, _ := f.PathTo(x, f.AwayGoal(x), left)
		if len(path) > 0 {
			if _, err := f.moveFresh(x, path, MoveOpts{Budget: left, SafeStart: x.Moved == 0 && f.Rules.Space.Turn.MoveOnlySafe}); err != nil {
				return err
			}
		}
		if x.Out {
			return nil
		}
	}
	f.goOut(x)
	x.Dead, x.Fled = false, true
	f.syncMap(x)
	return nil
}

// Kill takes x out of the fight dead.
func (f *Fight) Kill(x *Fighter) { f.KillBy(x, nil) }

// KillBy kills x as Kill does; when by is not nil, by killed it (a helpless
// creature slain, an assassination): the hit points x had left count as
// damage by dealt and x took.
func (f *Fight) KillBy(x, by *Fighter) {
	if by != nil && !x.Dead {
		hp := max(x.C.HP(), 0)
		by.DamageDealt += hp
		x.DamageTaken += hp
	}
	f.goOut(x)
	x.Dead = true
	f.syncMap(x)
}

// Tally counts an attack of x in its hit rate that was no attack roll: a
// spell or an effect that stands for one (each target of an area, a magic
// missile); hit says whether it struck home (the target took damage).
func (f *Fight) Tally(x *Fighter, hit bool) {
	x.Attacks0++
	if hit {
		x.Hits++
	}
}
