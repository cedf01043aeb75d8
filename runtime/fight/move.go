package fight

import (
	"slices"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/event"
	"github.com/dndsh/dndsh/runtime/grid"
)

// MoveEvent is the payload of move.step (raised before each step; a
// handler that cancels it stops the move there) and move.reach (raised
// before a step takes the mover out of a hostile's reach or out of a
// square it threatens, as the rules' opportunity trigger says; a handler
// that cancels it stops the kernel's opportunity attack, having made its
// own or none).
type MoveEvent struct {
	Mover    *Fighter
	From, To grid.Pos
	Step     int // from 1
	Cost     int // feet the step costs
	// Kind is the reach event of move.reach; Hostile whose reach it is.
	Kind    grid.EventKind
	Hostile *Fighter
	// Cause is why the mover moves: "move" (its own movement), or what the
	// caller said ("forced", "teleport", "five_foot_step", ...).
	Cause string
}

// MoveOpts are the options of Move.
type MoveOpts struct {
	// Cause: "" or "move" is the mover's own movement. Only the mover's own
	// movement provokes, unless Provoke says otherwise.
	Cause string
	// Budget is the movement available in feet; a step that would pass it
	// is not taken. Negative: no limit.
	Budget int
	// NoProvoke: the move provokes no opportunity attack (a 5-foot step,
	// a withdrawal's first square, a forced move).
	NoProvoke bool
	// SafeStart: leaving the starting square provokes nothing (3.0's
	// move-only turn).
	SafeStart bool
}

// MoveResult is what a move did.
type MoveResult struct {
	Steps int // steps taken
	Cost  int // feet spent
	// Stopped says why the move ended before the path did: "budget",
	// "blocked" (an occupied square at the end), "down" (the mover was
	// taken out), "stopped" (a handler), "fear" (the next step would take
	// a Frightened mover closer to its fear's source: NoApproach), or ""
	// when the path was walked.
	Stopped string
	// Opportunity lists the creatures that made an opportunity attack. The
	// fight reuses the list for its next move: copy it to keep it.
	Opportunity []*Fighter
}

// stepCost prices x's step from a to b (neighbouring squares) with the
// diagonal count diag before it, and whether the step may be taken: b is
// on the map, no wall, no corner cut, and every creature it enters may be
// passed. Returns the cost, the new diagonal count and false when the step
// is not allowed.
func (f *Fight) stepCost(x *Fighter, a, b grid.Pos, diag int, fl *flags) (int, int, bool) {
	w, _, difficult := f.enter(x, b)
	if w != canEnter {
		return 0, diag, false
	}
	c, d, cw := f.priceStep(x, a, b, diag, fl, difficult)
	return c, d, cw == canEnter
}

// stepWhy is stepCost with the reason a step is not allowed ("" when it
// is).
func (f *Fight) stepWhy(x *Fighter, a, b grid.Pos, diag int, fl *flags) (int, int, string) {
	w, blocker, difficult := f.enter(x, b)
	if w != canEnter {
		return 0, diag, w.text(blocker)
	}
	c, d, cw := f.priceStep(x, a, b, diag, fl, difficult)
	return c, d, cw.text(nil)
}

// entry says whether a mover may enter a square.
type entry uint8

const (
	canEnter entry = iota
	offMap
	aWall
	aCreature
	aCorner
)

func (w entry) text(blocker *Fighter) string {
	switch w {
	case offMap:
		return "off the map"
	case aWall:
		return "a wall"
	case aCreature:
		if blocker != nil {
			return "can't move through " + blocker.ID
		}
		return "can't move through a creature"
	case aCorner:
		return "cuts the corner of a wall"
	}
	return ""
}

// enter says whether x's footprint may be at b on its way (on the map, no
// wall, every creature there one it may pass), the creature that blocks
// it, and whether the squares count as difficult terrain (the terrain, or
// a creature passed that counts so).
func (f *Fight) enter(x *Fighter, b grid.Pos) (entry, *Fighter, bool) {
	sp := f.Space
	m := sp.Map
	fp := x.C.Space
	if !m.Fits(b, fp) {
		return offMap, nil, false
	}
	if fp.W <= 1 && fp.H <= 1 {
		// one square, nobody there (the common case): the loop below
		// for it (TestEnterOneSquare)
		if i := b.Y*m.W + b.X; sp.occ[i] == 0 {
			q := grid.Pos{X: b.X, Y: b.Y}
			if m.Walls.Terrain(q) == grid.Full {
				return aWall, nil, false
			}
			return canEnter, nil, m.Difficult(q)
		}
	}
	return f.enterSquares(x, b)
}

// enterSquares is enter for a footprint that fits on the map at b, square
// by square.
func (f *Fight) enterSquares(x *Fighter, b grid.Pos) (entry, *Fighter, bool) {
	sp := f.Space
	m := sp.Map
	fp := x.C.Space
	w, h := fp.Dims()
	difficult := false
	for y := b.Y; y < b.Y+h; y++ {
		for xx := b.X; xx < b.X+w; xx++ {
			q := grid.Pos{X: xx, Y: y}
			i := y*m.W + xx
			if m.Walls.Terrain(q) == grid.Full {
				return aWall, nil, false
			}
			if m.Difficult(q) {
				difficult = true
			}
			if sp.occ[i] == 0 || sp.occ[i] == 1 && x.onMapNow && fp.Covers(x.C.Pos, q) {
				continue
			}
			if o := sp.only(i, q); o != nil {
				// the one fighter there (x is not: it was handled above)
				pass, costly := f.passes(x, o)
				if !pass {
					return aCreature, o, false
				}
				difficult = difficult || costly
				continue
			}
			for _, o := range f.Fighters {
				if o == x || !o.onMapNow || !o.C.Space.Covers(o.C.Pos, q) {
					continue
				}
				pass, costly := f.passes(x, o)
				if !pass {
					return aCreature, o, false
				}
				difficult = difficult || costly
			}
		}
	}
	return canEnter, nil, difficult
}

// priceStep prices a step the mover may take: the grid's base cost, the
// difficult terrain rule and the mover's extra cost; a diagonal may not cut
// a wall's corner.
func (f *Fight) priceStep(x *Fighter, a, b grid.Pos, diag int, fl *flags, difficult bool) (int, int, entry) {
	m := f.Space.Map
	sr := &f.Rules.Space
	difficult = difficult || fl.allDifficult // a condition: all terrain is difficult
	dx, dy := b.X-a.X, b.Y-a.Y
	diagonal := dx != 0 && dy != 0
	if diagonal && sr.NoCornerCutting && grid.CutsCorner(a, b, x.C.Space, m.Walls) {
		return 0, diag, aCorner
	}
	u := sr.unit()
	base := u
	if diagonal {
		switch sr.Grid.Diagonal {
		case grid.DiagonalAlternate:
			diag++
			if diag%2 == 0 {
				base = 2 * u
			}
		case grid.DiagonalEuclid:
			base = sr.Grid.Span(dx, dy, 0)
		}
	}
	extra := fl.moveExtra
	mul := 1
	if fl.plain {
		return base, diag, canEnter
	}
	if difficult {
		extra += sr.DifficultExtra
		if sr.DifficultMul > 1 {
			mul = sr.DifficultMul
		}
	}
	return base * mul * (1 + extra), diag, canEnter
}

// passes reports whether x may move through o's space, and whether doing
// so counts as difficult terrain.
func (f *Fight) passes(x, o *Fighter) (pass, difficult bool) {
	sr := &f.Rules.Space
	if sr.NoPassTag != "" && o.C.HasTag(sr.NoPassTag) {
		return false, false // it fills its space: nobody passes
	}
	tiny := sr.PassTiny != "" && (o.C.Size.Name == sr.PassTiny)
	if o.Side == x.Side {
		return true, sr.AllySpaceDifficult
	}
	if tiny {
		return true, false
	}
	if sr.PassTiny != "" && x.C.Size.Name == sr.PassTiny {
		return true, sr.AllyDifficult
	}
	if sr.PassSizeDiff > 0 {
		d := sr.rankOf(x) - sr.rankOf(o)
		if d >= sr.PassSizeDiff || -d >= sr.PassSizeDiff {
			return true, sr.AllyDifficult
		}
	}
	if o.Out || (sr.PassUnable && !f.canAct(o)) {
		return true, sr.AllyDifficult
	}
	return false, false
}

// endsFree reports whether x may end its move at p: no other creature's
// space (sharing creatures excepted).
func (f *Fight) endsFree(x *Fighter, p grid.Pos) bool {
	sp := f.Space
	m := sp.Map
	w, h := x.C.Space.Dims()
	for y := p.Y; y < p.Y+h; y++ {
		for xx := p.X; xx < p.X+w; xx++ {
			i := y*m.W + xx
			if sp.occ[i] != 0 && !f.endsFreeOn(x, i, grid.Pos{X: xx, Y: y}) {
				return false
			}
		}
	}
	return true
}

// endsFreeOn reports whether the creatures on square q (index i, where
// someone stands) let x end its move covering it.
func (f *Fight) endsFreeOn(x *Fighter, i int, q grid.Pos) bool {
	if o := f.Space.only(i, q); o != nil {
		return o == x || !f.blocksEnd(x, o)
	}
	for _, o := range f.Fighters {
		if o == x || !o.onMapNow || !o.C.Space.Covers(o.C.Pos, q) {
			continue
		}
		if f.blocksEnd(x, o) {
			return false
		}
	}
	return true
}

// blocksEnd reports whether o, standing where x would end its move, keeps
// it from ending there (sharing creatures and sizes far enough apart
// excepted).
func (f *Fight) blocksEnd(x, o *Fighter) bool {
	if x.C.Space.Shared && o.C.Space.Shared || f.sharesSpace(x, o) {
		return false
	}
	if sr := &f.Rules.Space; sr.EndSizeDiff > 0 {
		if d := sr.rankOf(x) - sr.rankOf(o); d >= sr.EndSizeDiff || -d >= sr.EndSizeDiff {
			return false
		}
	}
	return true
}

// Move moves x along path (every square its north-west corner enters,
// starting with the square after its own), step by step: each step is
// priced, raises move.step, and when it takes x out of a hostile's reach
// (or out of a threatened square, by the rules' trigger) raises move.reach
// and lets that hostile make the rules' opportunity attack before the
// step. The move stops when the budget runs out, at an occupied square
// where it would have to end, or when x is taken out.
func (f *Fight) Move(x *Fighter, path []grid.Pos, opt MoveOpts) (MoveResult, error) {
	return f.move(x, path, opt, false)
}

// oaList is the empty list of opportunity attackers of the move under
// way (see move).
func (f *Fight) oaList() []*Fighter { return f.oaLists[f.moveDepth-1][:0] }

// moveFresh is Move of the path PathTo has just returned for x, with no
// one moved and nothing run in between: the squares PathTo's search priced
// are priced so again (its cache of what each square holds and its step
// prices, which are stepCost's and endsFree's answers while the fight is as
// it was), when x's step prices are still the search's.
func (f *Fight) moveFresh(x *Fighter, path []grid.Pos, opt MoveOpts) (MoveResult, error) {
	return f.move(x, path, opt, true)
}

func (f *Fight) move(x *Fighter, path []grid.Pos, opt MoveOpts, fresh bool) (res MoveResult, _ error) {
	// a move made while another is (an opportunity attack's hook moving
	// someone) lists its attackers in its own list: f.oaLists[depth]
	d := f.moveDepth
	if d == len(f.oaLists) {
		f.oaLists = append(f.oaLists, nil)
	}
	f.moveDepth++
	defer func() {
		f.moveDepth--
		if cap(res.Opportunity) > cap(f.oaLists[d]) {
			f.oaLists[d] = res.Opportunity[:0] // grown: kept for the next move
		}
	}()
	if f.Space == nil {
		return res, errs.New(errs.Rule, "kernel", "the fight has no map: nobody moves")
	}
	if x.Out {
		return res, errs.New(errs.Rule, "kernel", "%s is out of the fight and cannot move", x.ID)
	}
	cause := opt.Cause
	if cause == "" {
		cause = "move"
	}
	provokes := cause == "move" && !opt.NoProvoke && f.Rules.Space.Opportunity != nil
	own := OwnMove(cause)
	fl := f.flagsOf(x)
	if !own {
		fl.plain, fresh = true, false // each step its length (priceStep)
	}
	// the search's prices are x's still (its conditions may have changed
	// since, a Dash's tag among them): else every step is priced anew
	fresh = fresh && f.stepPrices(x, &fl) == f.Space.path.pr
	var fear []*Fighter
	if own && fl.noApproach {
		fear = f.fearSources(x)
	}
	// Where may the move end? The last affordable square that is free.
	// Each step's price is kept for the walk (see moveScratch).
	mv := &f.Space.mv
	last, stopped, err := f.plan(x, path, opt.Budget, &fl, fresh, fear)
	if err != nil {
		return res, err
	}
	res.Stopped = stopped
	if fl.speedZero && cause == "move" {
		res.Stopped = "speed"
		return res, nil
	}
	// the hostiles whose reach the path can come near (the others cannot
	// be left along it); under the rules' Engaged only those whose reach x
	// stands in now, where its move begins
	near := f.moveNear[:0]
	mv.near, mv.win = mv.near[:0], mv.win[:0]
	var xb grid.Body
	if provokes {
		g := f.Rules.Space.Grid
		xb = x.body()
		span := (last + 1) * f.Rules.Space.unit()
		engaged := f.Rules.Space.Opportunity.Engaged
		for _, h := range f.Fighters {
			if h.Side == x.Side || h.Out || !f.threatening(h) {
				continue
			}
			if g.BetweenOf(&h.C.Pos, &h.C.Space, &xb.Pos, &xb.Space) > h.reach+span {
				continue // its reach is out of the path's way
			}
			if hb := h.body(); !(engaged && !g.Threatens(hb, xb)) {
				near = append(near, h)
				mv.near = append(mv.near, hb)
				mv.win = append(mv.win, g.WindowOf(hb, xb.Space))
			}
		}
		f.moveNear = near
	}
	// clean: nothing has run since the first pass but this move (no
	// handler, no opportunity attack), so the world is as the first pass
	// priced it and the hostiles stand where near's bodies say
	clean := true
	for i := 0; i <= last; i++ {
		p := path[i]
		cur := x.C.Pos
		var c, d int
		if clean {
			c, d = int(mv.steps[i].cost), int(mv.steps[i].diag)
		} else {
			c, d, _ = f.stepCost(x, cur, p, x.diagonals, &fl)
		}
		if f.Bus.Has(f.ids.moveStep) {
			clean = false
			ev := &f.moveEv
			*ev = MoveEvent{Mover: x, From: cur, To: p, Step: i + 1, Cost: c, Cause: cause}
			stop, err := f.emitMove(f.ids.moveStep, ev)
			if err != nil {
				return res, err
			}
			if stop {
				res.Stopped = "stopped"
				return res, nil
			}
		}
		if provokes && len(near) > 0 && !(opt.SafeStart && i == 0) && !(clean && allBeyond(mv.win, cur)) {
			var bodies []grid.Body
			if clean {
				bodies = mv.near
			}
			ran, err := f.opportunities(x, near, bodies, mv.win, xb, cur, p, i+1, cause, &res)
			if err != nil {
				return res, err
			}
			if ran {
				clean = false
			}
			if !clean { // else nothing has changed x since its move began: it is in, and may move
				if x.Out {
					res.Stopped = "down"
					return res, nil
				}
				if f.flagsOf(x).speedZero {
					res.Stopped = "speed"
					return res, nil
				}
			}
		}
		f.Space.stepTo(x, p)
		x.diagonals = d
		if own {
			x.Moved += c
		}
		res.Steps++
		res.Cost += c
		if f.RecordPaths {
			x.Path = append(x.Path, p)
		}
	}
	if f.Record != nil && res.Steps > 0 {
		f.recordMove(x, path[:res.Steps], res)
	}
	if f.Trace != nil && res.Steps > 0 {
		f.trace("%s moves to %v (%d %s)", x.ID, x.C.Pos, res.Cost, f.unitName())
	}
	return res, nil
}

// plan is Move's first pass: it prices x's steps along path within budget
// (negative: no limit) into f.Space.mv.steps, and returns the index of the
// last step where x may end its move (-1: none) and why the priced part
// stops short of the path ("blocked", "budget" or ""). fresh: the path is
// the one PathTo has just returned for x (see moveFresh).
func (f *Fight) plan(x *Fighter, path []grid.Pos, budget int, fl *flags, fresh bool, fear []*Fighter) (int, string, error) {
	mv := &f.Space.mv
	mv.steps = mv.steps[:0]
	sc := &f.Space.path
	diag := x.diagonals
	cost := 0
	last := -1
	stopped := ""
	from := x.C.Pos
	for i, p := range path {
		if abs(p.X-from.X) > 1 || abs(p.Y-from.Y) > 1 || p == from {
			e := errs.New(errs.Rule, "kernel", "path step %d goes from %v to %v, which is not a neighbouring square", i+1, from, p)
			e.Hint = "list every square the mover passes through"
			return last, "", e
		}
		var c, d int
		var ok bool
		if fresh {
			c, d, ok = f.cachedStep(sc, &sc.pr, x, from, p, diag)
		} else {
			c, d, ok = f.stepCost(x, from, p, diag, fl)
		}
		if !ok {
			stopped = "blocked"
			break
		}
		if budget >= 0 && cost+c > budget {
			stopped = "budget"
			break
		}
		if len(fear) > 0 && f.closer(x, from, p, fear) != nil {
			stopped = "fear"
			break
		}
		cost += c
		diag = d
		mv.steps = append(mv.steps, stepPrice{cost: int32(c), diag: int32(d)})
		if fresh && f.free(sc, x, p) || !fresh && f.endsFree(x, p) {
			last = i
		}
		from = p
	}
	if last < len(path)-1 && stopped == "" {
		stopped = "blocked"
	}
	return last, stopped, nil
}

// OwnMove reports whether a move of this cause is the mover's own
// movement: it spends the mover's movement, is priced by the ground and
// the mover's way of moving, and is willing (Frightened's NoApproach).
// A push ("forced") or a teleport is none of these.
func OwnMove(cause string) bool { return cause != "forced" && cause != "teleport" }

// fearSources lists the creatures, still in the fight, that x may not
// willingly move closer to: the sources of its conditions whose effect
// (or an effect they imply or a level of theirs) has NoApproach.
func (f *Fight) fearSources(x *Fighter) []*Fighter {
	var out []*Fighter
	for _, c := range x.C.Conditions(nil) {
		ef := f.Rules.Conditions[c.Name]
		if ef == nil || c.Source == "" || !ef.noApproach(c.Level) {
			continue
		}
		if s := f.byID[c.Source]; s != nil && !s.Out && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// noApproach reports whether the condition, at level lv, keeps its bearer
// from moving closer to its source: itself, through an effect it implies
// or through one of its levels it has reached.
func (e *CondEffect) noApproach(lv int) bool {
	if e.NoApproach {
		return true
	}
	for _, im := range e.Implied {
		if im.NoApproach {
			return true
		}
	}
	for _, l := range e.Levels {
		if lv >= l.Min && l.Effect.NoApproach {
			return true
		}
	}
	return false
}

// closer is the first of fear that x's step from a to b takes it closer
// to, or nil.
func (f *Fight) closer(x *Fighter, a, b grid.Pos, fear []*Fighter) *Fighter {
	g := f.Rules.Space.Grid
	for _, s := range fear {
		if g.BetweenOf(&b, &x.C.Space, &s.C.Pos, &s.C.Space) < g.BetweenOf(&a, &x.C.Space, &s.C.Pos, &s.C.Space) {
			return s
		}
	}
	return nil
}

func (f *Fight) unitName() string {
	if f.Rules.Space.Unit != "" {
		return f.Rules.Space.Unit
	}
	return "ft"
}

func (f *Fight) recordMove(x *Fighter, steps []grid.Pos, res MoveResult) {
	sq := make([][2]int, len(steps))
	for i, p := range steps {
		sq[i] = [2]int{p.X, p.Y}
	}
	oa := []string{}
	for _, o := range res.Opportunity {
		oa = append(oa, o.ID)
	}
	f.Record("move", map[string]any{"round": f.round, "who": x.ID, "path": sq, "cost": res.Cost,
		"to": [2]int{x.C.Pos.X, x.C.Pos.Y}, "opportunity": oa})
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// emitMove dispatches a move event; it reports whether a handler
// cancelled it.
func (f *Fight) emitMove(id event.ID, ev *MoveEvent) (bool, error) {
	fr := f.push()
	defer f.pop()
	fr.ev.Reset(id)
	fr.ev.Actor = ev.Mover.Owner
	if ev.Hostile != nil {
		fr.ev.Subject = ev.Hostile.Owner
	}
	fr.ev.Data = ev
	if err := f.Bus.Run(&fr.ev, event.AllPhases); err != nil {
		return false, err
	}
	return fr.ev.Cancelled(), nil
}

// opportunities lets every hostile whose reach x's step from a to b
// leaves (by the rules' trigger) make its opportunity attack, in fight
// order, before the step. It reports whether anything ran that may have
// changed the fight (a handler of move.reach, an opportunity attack).
//
// bodies, when not nil, are near's bodies as the move began, win their
// windows (grid.Window: Beyond worked out) for x's footprint, and xb is x's
// body then: Move passes them while nothing but its own steps has run
// since, so each hostile is still as near's list was made (on another
// side, in the fight, with a melee attack, not yet attacked this move) and
// stands where its body says.
func (f *Fight) opportunities(x *Fighter, near []*Fighter, bodies []grid.Body, win []grid.Window, xb grid.Body, a, b grid.Pos, step int, cause string, res *MoveResult) (bool, error) {
	rule := f.Rules.Space.Opportunity
	g := f.Rules.Space.Grid
	ran := false
	if bodies == nil {
		xb = x.body()
	}
	before, after := xb, xb
	before.Pos, after.Pos = a, b
	for k, h := range near {
		var hb grid.Body
		if bodies != nil {
			if win[k].Beyond(a) {
				continue // far off: the exact rule need not be asked
			}
			hb = bodies[k]
		} else {
			if h.Side == x.Side || h.Out || !f.threatening(h) || made(res.Opportunity, h) {
				continue // at most one opportunity attack per hostile in one move
			}
			hb = h.body()
			if g.Beyond(hb, before) {
				continue // far off: the exact rule need not be asked
			}
		}
		was := g.Threatens(hb, before)
		if !was {
			continue
		}
		now := g.Threatens(hb, after)
		var kind grid.EventKind
		switch {
		case rule.Trigger&grid.LeaveReach != 0 && !now:
			kind = grid.LeaveReach
		case rule.Trigger&grid.ExitThreatened != 0:
			kind = grid.ExitThreatened
		default:
			continue
		}
		ran = true
		if f.Bus.Has(f.ids.moveReach) {
			ev := &f.moveEv
			*ev = MoveEvent{Mover: x, From: a, To: b, Step: step, Kind: kind, Hostile: h, Cause: cause}
			stop, err := f.emitMove(f.ids.moveReach, ev)
			if err != nil {
				return ran, err
			}
			if stop || x.Out {
				if x.Out {
					return ran, nil
				}
				continue
			}
		}
		ok, err := f.Opportunity(h, x)
		if err != nil {
			return ran, err
		}
		if ok {
			if res.Opportunity == nil {
				res.Opportunity = f.oaList()
			}
			res.Opportunity = append(res.Opportunity, h)
		}
		if x.Out {
			return ran, nil
		}
	}
	return ran, nil
}

// made reports whether h is in list.
func made(list []*Fighter, h *Fighter) bool {
	for _, y := range list {
		if y == h {
			return true
		}
	}
	return false
}

// CanOpportunity reports whether h may make the rules' opportunity attack
// against x now, and with which attack (or why not).
func (f *Fight) CanOpportunity(h, x *Fighter) (*Attack, string) {
	rule := f.Rules.Space.Opportunity
	if rule == nil {
		return nil, "the rules have no opportunity attacks"
	}
	if h.Out || !f.canAct(h) {
		return nil, "cannot act"
	}
	if name := f.conditionWhere(h, func(ef *CondEffect) bool { return ef.NoOpportunity }); name != "" {
		return nil, name
	}
	if rule.UnlessTag != "" && x.C.HasTag(rule.UnlessTag) {
		return nil, rule.UnlessTag
	}
	if rule.Slot != "" {
		if f.enc == nil {
			return nil, "initiative not rolled"
		}
		n, err := f.enc.RemainingHandle(h.part, rule.Slot)
		if err != nil || n == 0 {
			if f.noSlot[0] != rule.Slot {
				f.noSlot = [2]string{rule.Slot, "no " + rule.Slot + " left"}
			}
			return nil, f.noSlot[1]
		}
	}
	if rule.NeedsSight && !f.Sees(h, x, nil) {
		return nil, "cannot see it"
	}
	if !f.threatening(h) {
		return nil, "threatens no square"
	}
	var a *Attack
	d := f.Distance(h, x, nil)
	for i := range h.Attacks {
		at := &h.Attacks[i]
		if !at.Ranged && !at.NoThreat && f.Rules.Space.inRange(at, d) {
			a = at
			break
		}
	}
	if a == nil {
		return nil, "no melee attack reaches"
	}
	if f.Space != nil && f.coverAt(h, x, d) > rule.MaxCover {
		return nil, "cover"
	}
	return a, ""
}

// Opportunity makes h's opportunity attack on x when the rules allow it:
// it spends the rules' slot and strikes with h's first melee attack that
// reaches. It reports whether the attack was made.
func (f *Fight) Opportunity(h, x *Fighter) (bool, error) {
	a, why := f.CanOpportunity(h, x)
	if a == nil {
		if f.Trace != nil && why != "" && why != "cannot act" {
			f.trace("%s leaves %s's reach: no opportunity attack (%s)", x.ID, h.ID, why)
		}
		return false, nil
	}
	if rule := f.Rules.Space.Opportunity; rule.Slot != "" {
		if err := f.enc.SpendHandle(h.part, rule.Slot); err != nil {
			return false, nil
		}
	}
	if f.Trace != nil {
		f.trace("%s makes an opportunity attack on %s", h.ID, x.ID)
	}
	if _, err := f.Strike(h, x, a, 0); err != nil {
		return false, err
	}
	return true, nil
}

// PathPrice is what a move along a path would cost, without making it.
type PathPrice struct {
	Cost  int // feet, for the steps that may be taken
	Steps int // steps that may be taken, from the first
	// Why says why step Steps+1 may not be taken ("a wall", "can't move
	// through orc1"), "" when every step may.
	Why string
	// Leaves lists, in path order, the hostiles whose reach a step leaves
	// (by the rules' opportunity trigger), before the step.
	Leaves []Leave
	// EndFree: x may end its move at the last square it can reach.
	EndFree bool
}

// Leave is a step that leaves a hostile's reach.
type Leave struct {
	Step    int
	Hostile *Fighter
}

// PricePath prices x's move along path (its squares after its own) as Move
// would, without moving: each step's cost (terrain, passing creatures,
// crawling), the first step that may not be taken, and the reach it
// leaves. It needs a map.
func (f *Fight) PricePath(x *Fighter, path []grid.Pos) (PathPrice, error) {
	var pp PathPrice
	if f.Space == nil {
		return pp, errs.New(errs.Rule, "kernel", "the fight has no map")
	}
	fl := f.flagsOf(x)
	var fear []*Fighter
	if fl.noApproach {
		fear = f.fearSources(x)
	}
	diag := x.diagonals
	from := x.C.Pos
	trig := grid.LeaveReach
	if o := f.Rules.Space.Opportunity; o != nil {
		trig = o.Trigger
	}
	engaged := false
	if o := f.Rules.Space.Opportunity; o != nil {
		engaged = o.Engaged
	}
	g := f.Rules.Space.Grid
	at := x.body()
	for i, p := range path {
		if abs(p.X-from.X) > 1 || abs(p.Y-from.Y) > 1 || p == from {
			e := errs.New(errs.Rule, "kernel", "path step %d goes from %v to %v, which is not a neighbouring square", i+1, from, p)
			e.Hint = "list every square the mover passes through"
			return pp, e
		}
		c, d, why := f.stepWhy(x, from, p, diag, &fl)
		if why == "" && fear != nil {
			if s := f.closer(x, from, p, fear); s != nil {
				why = "can't move closer to " + s.ID + " (its fear's source)"
			}
		}
		if why != "" {
			pp.Why = why
			break
		}
		before, after := x.body(), x.body()
		before.Pos, after.Pos = from, p
		for _, h := range f.Fighters {
			if h.Side == x.Side || h.Out || !f.threatening(h) {
				continue
			}
			hb := h.body()
			if !g.Threatens(hb, before) || engaged && !g.Threatens(hb, at) {
				continue
			}
			if trig&grid.ExitThreatened != 0 || !g.Threatens(hb, after) {
				pp.Leaves = append(pp.Leaves, Leave{Step: i + 1, Hostile: h})
			}
		}
		pp.Cost += c
		pp.Steps++
		diag = d
		from = p
	}
	last := x.C.Pos
	if pp.Steps > 0 {
		last = path[pp.Steps-1]
	}
	pp.EndFree = f.endsFree(x, last)
	return pp, nil
}
