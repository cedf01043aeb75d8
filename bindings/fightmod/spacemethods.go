package fightmod

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/grid"
)

// spaceFuncs are the fight module's functions of space: the map,
// positions, movement, reach, sight, cover and areas.
func (fm *module) spaceFuncs() []luart.Func {
	return []luart.Func{
		{Name: "map", Args: "()", Doc: "returns the current fight's map as {width, height, square, unit, rows = {...}} ('#' wall, '=' low wall, '~' difficult, '.' open), or nil when it has none", Fn: fm.mapInfo},
		{Name: "set_map", Args: "(map)", Doc: "gives the table fight a map (the encounter's map table: {rows = ..., walls, low, difficult, width, height})", Fn: fm.setMap},
		{Name: "pos", Args: "(c)", Doc: "returns creature c's square {x, y} on the map (its north-west square), or nil when the fight has no map", Fn: fm.pos},
		{Name: "place", Args: "(c, x, y)", Doc: "puts creature c on square (x, y) of the map (an error when it is a wall, off the map or taken)", Fn: fm.place},
		{Name: "distance", Args: "(a, b [, attack_name])", Doc: "returns the distance in feet between creatures a and b (nearest squares; with no map, that of a's attack: one square for melee)", Fn: fm.distance},
		{Name: "reaches", Args: "(a, b, attack_name)", Doc: "returns whether a's attack reaches b where they stand (reach for melee, range for ranged; always true with no map)", Fn: fm.reaches},
		{Name: "sees", Args: "(a, b [, opts])", Doc: "returns whether creature a perceives b (conditions, senses, walls); for creatures not in the current fight, or with opts.distance, at that distance (default: their positions') with nothing in between", Fn: fm.seesFn},
		{Name: "cover", Args: "(target, from)", Doc: "returns the degree of cover target has against from (a creature, or a square {x, y} an effect starts in) and {ac, save} it gives", Fn: fm.cover},
		{Name: "speed", Args: "(c [, base])", Doc: "returns creature c's speed this turn in feet (its conditions' changes included); with base, what its conditions make of that speed (another mode's, a speed with a bonus); for a creature not in the current fight, under the same rules", Fn: fm.speed},
		{Name: "movement_left", Args: "(c)", Doc: "returns the feet creature c may still move this turn", Fn: fm.movementLeft},
		{Name: "spend_movement", Args: "(c, feet)", Doc: "spends feet of creature c's movement this turn (standing up from prone costs half its speed); returns the feet it has left", Fn: fm.spendMovement},
		{Name: "dash", Args: "(c)", Doc: "adds creature c's speed to its movement this turn (the rules' double move); returns false when it already did and the rules' Dash does not repeat (5e's does: space.turn.dash_repeats)", Fn: fm.dash},
		{Name: "approach", Args: "(c, target, attack_name [, opts])", Doc: "gets c where an attack reaches target, as the kernel's own turn does: moves it within reach with the movement it has left, else picks another of its attacks that reaches (its bow), else (opts.first, and the rules allow a double move) Dashes toward it; returns the name of the attack to make, or nil when none can be made this turn; with no map, returns attack_name", Fn: fm.approach},
		{Name: "candidates", Args: "(c)", Doc: "returns the living enemies c should choose its target among: on a map those it can attack where it stands, else those it can reach this turn, else all; with no map all of them", Fn: fm.candidates},
		{Name: "path", Args: "(c, dest [, opts])", Doc: "finds c's cheapest path to dest (a square {x, y}; a creature: a square from which opts.attack, else its melee reach, reaches it; \"away\": the square farthest from its enemies) within opts.budget feet (default: its movement left); returns {ok, cost, path = {{x, y}...}}", Fn: fm.path},
		{Name: "move", Args: "(c, dest [, opts])", Doc: "moves c toward dest (as fight.path) step by step, raising move.step and move.reach and letting enemies make opportunity attacks; opts: budget, cause (\"move\"; \"forced\" and \"teleport\" provoke nothing), no_provoke, safe_start, path (the squares to take); returns {steps, cost, stopped, pos = {x, y}, path, opportunity = {handles}}", Fn: fm.move},
		{Name: "price_path", Args: "(mover, squares [, opts])", Doc: "prices a move of a creature that is not fighting along squares (its start, then one neighbouring square per step) by the rules' movement: opts.creatures (others: allies when opts.allies or the same side), opts.walls, opts.low, opts.difficult ({{x, y}...}); returns {ok, why, cost, steps, end_free, leaves = {{id, c, step}...}} (the hostiles whose reach each step leaves)", Fn: fm.pricePath},
		{Name: "opportunity", Args: "(reactor, mover)", Doc: "makes reactor's opportunity attack on mover when the rules allow it (its slot, sight, reach); returns true, or false and why not", Fn: fm.opportunity},
		{Name: "provoke", Args: "(c)", Doc: "every enemy that threatens creature c may make its opportunity attack (an action that provokes); returns the handles of those that did", Fn: fm.provoke},
		{Name: "area", Args: "(spec)", Doc: "returns the creatures on the map inside an area {shape = cone|line|burst|cube|emanation, from = creature or {x, y [, corner = true]} (a square's centre or its north-west corner), toward = creature or {x, y}, length, width, include_from, rule (centre|counted|mostly; default the rules' space.areas for the shape, else centre)}, with their cover from the origin and the bonus it gives to saves: {{c, cover, save}...}", Fn: fm.area},
		{Name: "aim", Args: "(c, spec [, opts])", Doc: "aims an area spec from creature c to catch the most enemies and fewest allies (opts.allies weighs an ally caught, default 1); returns {toward = {x, y}, enemies, allies, targets = {handles}} or nil when no aim catches an enemy", Fn: fm.aim},
		{Name: "assess", Args: "(attacker, target, attack_name [, opts])", Doc: "what the rules make of an attack where attacker and target stand: {allowed, why, adv, dis, bonus, ac_bonus, ac (the target's armour class against it), miss_chance, ranged, crit, distance, cover, sees, seen, obscured, seen_obscured, flanked, ac_lost = {armour-class types the target loses}, reasons = {{kind, level, why}...}}; opts override the situation (distance, cover (a grade or a list: the best counts), sees, seen, obscured (the attacker sees the target lightly obscured), seen_obscured (the target sees the attacker so)); for creatures not in the current fight, or with no attack_name, the attack is described by opts (ranged, reach, range = {normal, long}, tags) and opts.enemies, opts.source_seen complete the situation", Fn: fm.assess},
	}
}

func (fm *module) mapped(L *lua.LState) *fight.Fight {
	f := fm.current(L)
	if f.Space == nil {
		L.RaiseError("the fight has no map (give the encounter map = {...}, or fight.set_map at the table)")
	}
	return f
}

func posTable(L *lua.LState, p grid.Pos) *lua.LTable {
	t := L.CreateTable(0, 2)
	t.RawSetString("x", lua.LNumber(p.X))
	t.RawSetString("y", lua.LNumber(p.Y))
	return t
}

func (fm *module) mapInfo(L *lua.LState) int {
	f := fm.current(L)
	m := f.Map()
	if m == nil {
		L.Push(lua.LNil)
		return 1
	}
	t := L.CreateTable(0, 5)
	t.RawSetString("width", lua.LNumber(m.W))
	t.RawSetString("height", lua.LNumber(m.H))
	t.RawSetString("square", lua.LNumber(f.Rules.Space.Grid.Square))
	t.RawSetString("unit", lua.LString(f.Rules.Space.Unit))
	rows := L.CreateTable(m.H, 0)
	for _, r := range m.Rows() {
		rows.Append(lua.LString(r))
	}
	t.RawSetString("rows", rows)
	L.Push(t)
	return 1
}

func (fm *module) setMap(L *lua.LState) int {
	f := fm.current(L)
	if !f.IsTable() {
		L.RaiseError("fight.set_map works on a table fight; an encounter gives its map as map = {...}")
	}
	m, err := readMap(L.CheckTable(1), f.Rules.Space.Grid, nil)
	if err != nil {
		luart.Raise(L, err)
	}
	f.SetSpace(fight.NewSpace(m))
	f.ResetSpace()
	return 0
}

func (fm *module) pos(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	if f.Space == nil {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(posTable(L, x.C.Pos))
	return 1
}

func (fm *module) place(L *lua.LState) int {
	f := fm.mapped(L)
	x := fm.fighterOf(L, 1)
	p := grid.Pos{X: int(luart.CheckInt(L, 2, -1e9, 1e9)), Y: int(luart.CheckInt(L, 3, -1e9, 1e9))}
	if err := f.Place(x, p); err != nil {
		luart.Raise(L, err)
	}
	return 0
}

// attackOf returns x's attack called name (nil for "" when optional).
func attackOf(L *lua.LState, x *fight.Fighter, n int, optional bool) *fight.Attack {
	name := L.OptString(n, "")
	if name == "" && optional {
		return nil
	}
	for i := range x.Attacks {
		if strings.EqualFold(x.Attacks[i].Name, name) {
			return &x.Attacks[i]
		}
	}
	L.ArgError(n, fmt.Sprintf("%s has no attack %q", x.ID, name))
	return nil
}

func (fm *module) distance(L *lua.LState) int {
	f := fm.current(L)
	x, y := fm.fighterOf(L, 1), fm.fighterOf(L, 2)
	L.Push(lua.LNumber(f.Distance(x, y, attackOf(L, x, 3, true))))
	return 1
}

func (fm *module) reaches(L *lua.LState) int {
	f := fm.current(L)
	x, y := fm.fighterOf(L, 1), fm.fighterOf(L, 2)
	L.Push(lua.LBool(f.Reaches(x, y, attackOf(L, x, 3, false))))
	return 1
}

func (fm *module) seesFn(L *lua.LState) int {
	c1, c2 := creaturemod.Check(L, 1), creaturemod.Check(L, 2)
	opts := L.OptTable(3, L.CreateTable(0, 0))
	f := Current(fm.r)
	m, _ := fm.r.Get("fight.byCreature").(map[*creature.Creature]*fight.Fighter)
	if x, y := m[c1], m[c2]; f != nil && x != nil && y != nil && opts.RawGetString("distance") == lua.LNil {
		L.Push(lua.LBool(f.Sees(x, y, nil)))
		return 1
	}
	sf, x, y, d, restore := fm.scratch(L, c1, c2, opts)
	defer restore()
	L.Push(lua.LBool(sf.SeesAt(x, y, d)))
	return 1
}

// squareArg reads a square {x, y} or a creature's square at argument n.
func (fm *module) squareArg(L *lua.LState, n int) (grid.Pos, *fight.Fighter) {
	switch v := L.Get(n).(type) {
	case *lua.LUserData:
		x := fm.fighterOf(L, n)
		return x.C.Pos, x
	case *lua.LTable:
		p, err := readPos(v, fmt.Sprintf("argument #%d", n))
		if err != nil {
			L.ArgError(n, "a square {x, y} or a creature expected")
		}
		return p, nil
	}
	L.ArgError(n, "a square {x, y} or a creature expected")
	return grid.Pos{}, nil
}

func (fm *module) cover(L *lua.LState) int {
	f := fm.current(L)
	t := fm.fighterOf(L, 1)
	p, from := fm.squareArg(L, 2)
	var g grid.CoverGrade
	if from != nil {
		g = f.Cover(from, t)
	} else {
		g = f.CoverFrom(grid.Centre(p), t)
	}
	L.Push(lua.LString(g.String()))
	ef := f.Rules.Space.CoverEffects[g]
	et := L.CreateTable(0, 3)
	et.RawSetString("ac", lua.LNumber(ef.AC))
	et.RawSetString("save", lua.LNumber(ef.Save))
	et.RawSetString("untargetable", lua.LBool(ef.Untargetable))
	L.Push(et)
	return 2
}

func (fm *module) speed(L *lua.LState) int {
	c := creaturemod.Check(L, 1)
	base, hasBase := L.Get(2).(lua.LNumber)
	if L.Get(2) != lua.LNil && !hasBase {
		L.ArgError(2, "a base speed in feet expected")
	}
	m, _ := fm.r.Get("fight.byCreature").(map[*creature.Creature]*fight.Fighter)
	f, x := Current(fm.r), m[c]
	if f == nil || x == nil {
		// a creature that is not fighting: the same rules on a scratch fight
		other, err := creature.New("other", "other", 1)
		if err != nil {
			luart.Raise(L, err)
		}
		var restore func()
		f, x, _, _, restore = fm.scratch(L, c, other, L.NewTable())
		defer restore()
	}
	if hasBase {
		L.Push(lua.LNumber(f.SpeedFrom(x, int(base))))
	} else {
		L.Push(lua.LNumber(f.Speed(x)))
	}
	return 1
}

func (fm *module) movementLeft(L *lua.LState) int {
	f := fm.current(L)
	L.Push(lua.LNumber(f.MovementLeft(fm.fighterOf(L, 1))))
	return 1
}

func (fm *module) spendMovement(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	n := L.CheckInt(2)
	if n < 0 {
		L.ArgError(2, fmt.Sprintf("feet must be 0 or more, got %d", n))
	}
	f.SpendMovement(x, n)
	L.Push(lua.LNumber(f.MovementLeft(x)))
	return 1
}

func (fm *module) dash(L *lua.LState) int {
	f := fm.current(L)
	L.Push(lua.LBool(f.Dash(fm.fighterOf(L, 1))))
	return 1
}

// goalOf reads a destination: a square, or a creature to reach.
func (fm *module) goalOf(L *lua.LState, f *fight.Fight, x *fight.Fighter, n int, opts *lua.LTable) fight.Goal {
	switch L.Get(n).(type) {
	case *lua.LUserData:
		t := fm.fighterOf(L, n)
		var a *fight.Attack
		if name := lua.LVAsString(opts.RawGetString("attack")); name != "" {
			for i := range x.Attacks {
				if strings.EqualFold(x.Attacks[i].Name, name) {
					a = &x.Attacks[i]
				}
			}
			if a == nil {
				L.ArgError(n+1, fmt.Sprintf("opts.attack: %s has no attack %q", x.ID, name))
			}
		}
		return f.ReachGoal(x, t, a)
	case lua.LString:
		if L.Get(n).String() == "away" {
			return f.AwayGoal(x)
		}
		L.ArgError(n, fmt.Sprintf("dest: a square {x, y}, a creature or \"away\", got %q", L.Get(n).String()))
	}
	p, _ := fm.squareArg(L, n)
	if !f.Map().Inside(p) {
		L.ArgError(n, fmt.Sprintf("square %v is off the %d by %d map", p, f.Map().W, f.Map().H))
	}
	return f.SquareGoal(p)
}

func pathTable(L *lua.LState, path []grid.Pos) *lua.LTable {
	t := L.CreateTable(len(path), 0)
	for _, p := range path {
		t.Append(posTable(L, p))
	}
	return t
}

// budgetOf is opts.budget, else the movement x has left for a move of its
// own, else (a push, a teleport: fight.OwnMove) no limit.
func budgetOf(f *fight.Fight, x *fight.Fighter, opts *lua.LTable) int {
	if v, ok := opts.RawGetString("budget").(lua.LNumber); ok {
		return int(v)
	}
	if !fight.OwnMove(lua.LVAsString(opts.RawGetString("cause"))) {
		return -1
	}
	return f.MovementLeft(x)
}

func (fm *module) path(L *lua.LState) int {
	f := fm.mapped(L)
	x := fm.fighterOf(L, 1)
	opts := L.OptTable(3, L.CreateTable(0, 0))
	goal := fm.goalOf(L, f, x, 2, opts)
	path, cost, ok := f.PathTo(x, goal, budgetOf(f, x, opts))
	t := L.CreateTable(0, 3)
	t.RawSetString("ok", lua.LBool(ok))
	t.RawSetString("cost", lua.LNumber(cost))
	t.RawSetString("path", pathTable(L, path))
	L.Push(t)
	return 1
}

func (fm *module) move(L *lua.LState) int {
	f := fm.mapped(L)
	x := fm.fighterOf(L, 1)
	opts := L.OptTable(3, L.CreateTable(0, 0))
	cause := lua.LVAsString(opts.RawGetString("cause"))
	budget := budgetOf(f, x, opts)
	var path []grid.Pos
	if pv, ok := opts.RawGetString("path").(*lua.LTable); ok {
		for i := 1; i <= pv.Len(); i++ {
			p, err := readPos(pv.RawGetInt(i), fmt.Sprintf("opts.path[%d]", i))
			if err != nil {
				luart.Raise(L, err)
			}
			path = append(path, p)
		}
	} else {
		goal := fm.goalOf(L, f, x, 2, opts)
		search := budget
		if !fight.OwnMove(cause) {
			search = -1 // the search prices the mover's own way; Move prices each step by its length and stops at the budget
		}
		p, _, _ := f.PathTo(x, goal, search)
		path = append(path, p...) // PathTo's slice is reused by the next search
	}
	res, err := f.Move(x, path, fight.MoveOpts{Budget: budget, Cause: cause,
		NoProvoke: lua.LVAsBool(opts.RawGetString("no_provoke")), SafeStart: lua.LVAsBool(opts.RawGetString("safe_start"))})
	if err != nil {
		luart.Raise(L, err)
	}
	t := L.CreateTable(0, 6)
	t.RawSetString("steps", lua.LNumber(res.Steps))
	t.RawSetString("cost", lua.LNumber(res.Cost))
	t.RawSetString("stopped", lua.LString(res.Stopped))
	t.RawSetString("pos", posTable(L, x.C.Pos))
	t.RawSetString("path", pathTable(L, path[:res.Steps]))
	oa := L.CreateTable(len(res.Opportunity), 0)
	for _, o := range res.Opportunity {
		oa.Append(creaturemod.Push(L, o.C))
	}
	t.RawSetString("opportunity", oa)
	L.Push(t)
	return 1
}

func (fm *module) opportunity(L *lua.LState) int {
	f := fm.current(L)
	h, x := fm.fighterOf(L, 1), fm.fighterOf(L, 2)
	if a, why := f.CanOpportunity(h, x); a == nil {
		L.Push(lua.LFalse)
		L.Push(lua.LString(why))
		return 2
	}
	ok, err := f.Opportunity(h, x)
	if err != nil {
		luart.Raise(L, err)
	}
	L.Push(lua.LBool(ok))
	return 1
}

func (fm *module) provoke(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	did, err := f.Provoke(x)
	if err != nil {
		luart.Raise(L, err)
	}
	t := L.CreateTable(len(did), 0)
	for _, h := range did {
		t.Append(creaturemod.Push(L, h.C))
	}
	L.Push(t)
	return 1
}

// areaOf reads an area spec relative to the map.
func (fm *module) areaOf(L *lua.LState, spec *lua.LTable, f *fight.Fight, from *fight.Fighter) (*grid.Area, *fight.Fighter) {
	r := rec(spec, "area")
	checkKeys(r, "shape", "from", "toward", "length", "width", "include_from", "rule")
	a := &grid.Area{Length: r.Int("length", 0), Width: r.Int("width", 0), IncludeFrom: r.Bool("include_from", false)}
	switch s := r.Str("shape", ""); s {
	case "cone":
		a.Shape = grid.ShapeCone
	case "line":
		a.Shape = grid.ShapeLine
	case "burst", "sphere", "cylinder", "radius":
		a.Shape = grid.ShapeBurst
	case "cube":
		a.Shape = grid.ShapeCube
	case "emanation":
		a.Shape = grid.ShapeEmanation
	default:
		r.Fail("shape %q: want cone, line, burst (sphere, cylinder), cube or emanation", s)
	}
	rule := f.Rules.Space.AreaRules[a.Shape]
	if v := r.Str("rule", ""); v != "" {
		var ok bool
		if rule, ok = areaRuleNamed(v); !ok {
			r.Fail("rule %q: want centre, counted or mostly", v)
		}
	}
	a.Rule = rule
	if r.Err != nil {
		luart.Raise(L, r.Err)
	}
	point := func(key string) (grid.Point, *fight.Fighter, bool) {
		switch v := spec.RawGetString(key).(type) {
		case *lua.LUserData:
			c, ok := v.Value.(*creature.Creature)
			m, _ := fm.r.Get("fight.byCreature").(map[*creature.Creature]*fight.Fighter)
			if !ok || m[c] == nil {
				L.ArgError(1, "area."+key+": creature is not in the fight")
			}
			x := m[c]
			return centreOf(x), x, true
		case *lua.LTable:
			p, err := readPos(v, "area."+key)
			if err != nil {
				luart.Raise(L, err)
			}
			if lua.LVAsBool(v.RawGetString("corner")) {
				return grid.Corner(p.X, p.Y), nil, true
			}
			return grid.Centre(p), nil, true
		}
		return grid.Point{}, nil, false
	}
	origin, ox, ok := point("from")
	if !ok {
		if from == nil {
			L.ArgError(1, "area.from: a creature or a square {x, y} expected")
		}
		origin, ox = centreOf(from), from
	}
	toward, _, hasToward := point("toward")
	if ox != nil {
		a.From = ox.Body()
		a.Z = ox.C.Pos.Z
		if hasToward && a.Shape != grid.ShapeBurst && a.Shape != grid.ShapeEmanation {
			// An area a creature makes starts on the edge of its space,
			// at the point nearest its aim.
			origin = edgePoint(ox, toward)
		}
	}
	a.Origin = origin
	if hasToward {
		a.Toward = toward
	} else {
		a.Toward = origin
	}
	if a.Shape == grid.ShapeCube && !a.Origin.IsCorner() {
		a.Origin = grid.Point{HX: a.Origin.HX &^ 1, HY: a.Origin.HY &^ 1}
	}
	return a, ox
}

// areaRuleNamed reads an area rule's name.
func areaRuleNamed(s string) (grid.AreaRule, bool) {
	switch s {
	case "centre":
		return grid.RuleCentre, true
	case "counted":
		return grid.RuleCounted, true
	case "mostly":
		return grid.RuleMostly, true
	}
	return 0, false
}

// centreOf is the centre point of x's space.
func centreOf(x *fight.Fighter) grid.Point {
	w, h := x.C.Space.Dims()
	return grid.Point{HX: 2*x.C.Pos.X + w, HY: 2*x.C.Pos.Y + h}
}

// edgePoint is the point of x's space boundary nearest toward (a corner or
// the middle of a side, in half squares).
func edgePoint(x *fight.Fighter, toward grid.Point) grid.Point {
	w, h := x.C.Space.Dims()
	x0, y0 := 2*x.C.Pos.X, 2*x.C.Pos.Y
	x1, y1 := x0+2*w, y0+2*h
	c := centreOf(x)
	dx, dy := toward.HX-c.HX, toward.HY-c.HY
	p := c
	// Step to the boundary along the dominant direction(s): a side's middle
	// for a straight aim, a corner for a diagonal one.
	ax, ay := abs(dx), abs(dy)
	if 2*ax >= ay {
		if dx > 0 {
			p.HX = x1
		} else if dx < 0 {
			p.HX = x0
		}
	}
	if 2*ay >= ax {
		if dy > 0 {
			p.HY = y1
		} else if dy < 0 {
			p.HY = y0
		}
	}
	return p
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func (fm *module) area(L *lua.LState) int {
	f := fm.mapped(L)
	a, _ := fm.areaOf(L, L.CheckTable(1), f, nil)
	in, err := f.InArea(a)
	if err != nil {
		luart.Raise(L, err)
	}
	t := L.CreateTable(len(in), 0)
	for _, x := range in {
		e := L.CreateTable(0, 3)
		g := f.CoverFrom(a.Origin, x)
		e.RawSetString("c", creaturemod.Push(L, x.C))
		e.RawSetString("cover", lua.LString(g.String()))
		e.RawSetString("save", lua.LNumber(f.Rules.Space.CoverEffects[g].Save))
		t.Append(e)
	}
	L.Push(t)
	return 1
}

func (fm *module) aim(L *lua.LState) int {
	f := fm.mapped(L)
	x := fm.fighterOf(L, 1)
	spec := L.CheckTable(2)
	opts := L.OptTable(3, L.CreateTable(0, 0))
	allyWeight := 1
	if v, ok := opts.RawGetString("allies").(lua.LNumber); ok {
		allyWeight = int(v)
	}
	best := fight.AimResult{}
	found := false
	// Candidate aims: every living enemy's square.
	for _, y := range f.Enemies(x) {
		if y.C.Pos == x.C.Pos {
			continue // a Tiny enemy in x's own square: no direction to aim at
		}
		cand := L.CreateTable(0, 8)
		spec.ForEach(func(k, v lua.LValue) { cand.RawSet(k, v) })
		cand.RawSetString("from", creaturemod.Push(L, x.C))
		cand.RawSetString("toward", posTable(L, y.C.Pos))
		a, _ := fm.areaOf(L, cand, f, x)
		r, err := f.ScoreArea(x, a, allyWeight)
		if err != nil {
			luart.Raise(L, err)
		}
		if r.Enemies > 0 && (!found || r.Score > best.Score) {
			best, found = r, true
			best.Toward = y.C.Pos
		}
	}
	if !found {
		L.Push(lua.LNil)
		return 1
	}
	t := L.CreateTable(0, 4)
	t.RawSetString("toward", posTable(L, best.Toward))
	t.RawSetString("enemies", lua.LNumber(best.Enemies))
	t.RawSetString("allies", lua.LNumber(best.Allies))
	tg := L.CreateTable(len(best.Targets), 0)
	for _, y := range best.Targets {
		tg.Append(creaturemod.Push(L, y.C))
	}
	t.RawSetString("targets", tg)
	L.Push(t)
	return 1
}

func (fm *module) assess(L *lua.LState) int {
	c1, c2 := creaturemod.Check(L, 1), creaturemod.Check(L, 2)
	opts := L.OptTable(4, L.CreateTable(0, 0))
	f := Current(fm.r)
	m, _ := fm.r.Get("fight.byCreature").(map[*creature.Creature]*fight.Fighter)
	x, t := m[c1], m[c2]
	if f == nil || x == nil || t == nil || L.Get(3) == lua.LNil {
		fm.assessApart(L, c1, c2, opts)
		return 1
	}
	a := attackOf(L, x, 3, false)
	var s *fight.Situation
	if opts.RawGetString("distance") != lua.LNil || opts.RawGetString("cover") != lua.LNil ||
		opts.RawGetString("sees") != lua.LNil || opts.RawGetString("seen") != lua.LNil ||
		opts.RawGetString("obscured") != lua.LNil || opts.RawGetString("seen_obscured") != lua.LNil {
		_, sit, _ := f.Assess(x, t, a, nil)
		if v, ok := opts.RawGetString("distance").(lua.LNumber); ok {
			f.SituationAt(x, t, a, int(v), &sit)
		}
		overrideSituation(L, opts, &sit)
		s = &sit
	}
	as, sit, why := f.Assess(x, t, a, s)
	tab := AssessTable(L, f, as, sit, why)
	// what typed armour classes and concealment make of it
	tab.RawSetString("ac", lua.LNumber(f.ArmorClass(t, &as)))
	tab.RawSetString("miss_chance", lua.LNumber(as.MissChance))
	tab.RawSetString("ranged", lua.LBool(a.Ranged))
	L.Push(tab)
	return 1
}

// overrideSituation applies opts.cover, opts.sees and opts.seen.
func overrideSituation(L *lua.LState, opts *lua.LTable, sit *fight.Situation) {
	switch v := opts.RawGetString("cover").(type) {
	case lua.LString:
		g, ok := gradeNamed(string(v))
		if !ok {
			L.ArgError(4, "opts.cover: want none, half, three-quarters or total")
		}
		sit.Cover = g
	case *lua.LTable: // several sources of cover: only the best counts
		for i := 1; i <= v.Len(); i++ {
			g, ok := gradeNamed(lua.LVAsString(v.RawGetInt(i)))
			if !ok {
				L.ArgError(4, "opts.cover: want none, half, three-quarters or total")
			}
			if g > sit.Cover {
				sit.Cover = g
			}
		}
	}
	if v, ok := opts.RawGetString("sees").(lua.LBool); ok {
		sit.TargetSeen = bool(v)
	}
	if v, ok := opts.RawGetString("seen").(lua.LBool); ok {
		sit.AttackerSeen = bool(v)
	}
	if v, ok := opts.RawGetString("obscured").(lua.LBool); ok {
		sit.TargetObscured = bool(v)
	}
	if v, ok := opts.RawGetString("seen_obscured").(lua.LBool); ok {
		sit.AttackerObscured = bool(v)
	}
}

// assessApart assesses an attack between creatures that are not fighting
// (a script's or a spec's what-if): the rule system's fight rules on a
// scratch fight of the two, with the attack described by opts (ranged,
// reach, reach_min, range = {normal, long}), the distance from opts or
// their positions, cover from opts, the creatures in opts.enemies as the
// attacker's enemies for a ranged attack (the target among them when
// listed), and opts.source_seen (default true) for conditions that look at their source.
func (fm *module) assessApart(L *lua.LState, c1, c2 *creature.Creature, opts *lua.LTable) {
	f, x, t, d, restore := fm.scratch(L, c1, c2, opts)
	defer restore()
	a := &x.Attacks[0]
	var sit fight.Situation
	f.SituationAt(x, t, a, d, &sit)
	overrideSituation(L, opts, &sit)
	seen := true
	if v, ok := opts.RawGetString("source_seen").(lua.LBool); ok {
		seen = bool(v)
	}
	sit.SourceSeen = func(*fight.Fighter, string) bool { return seen }
	if el, ok := opts.RawGetString("enemies").(*lua.LTable); ok && a.Ranged {
		var ens []*fight.Fighter
		var dist []int
		g := f.Rules.Space.Grid
		for i := 1; i <= el.Len(); i++ {
			ud, ok := el.RawGetInt(i).(*lua.LUserData)
			if !ok {
				continue
			}
			c, ok := ud.Value.(*creature.Creature)
			if !ok || c == c1 {
				continue
			}
			if c == c2 { // the target itself may be the hostile next to the archer
				ens = append(ens, t)
				dist = append(dist, d)
				continue
			}
			id := c.ID
			if id == "" || f.Fighter(id) != nil {
				id = fmt.Sprintf("enemy%d", i)
			}
			y := &fight.Fighter{ID: id, C: c, Base: c, Attacks: []fight.Attack{*a}}
			space := c.Space
			if err := f.Add(y, "enemies"); err != nil {
				luart.Raise(L, err)
			}
			c.Space = space
			ens = append(ens, y)
			dist = append(dist, g.Between(c1.Body(), c.Body()))
		}
		sit.InMelee = f.InMeleeOf(x, ens, dist)
	}
	as, sit, why := f.Assess(x, t, a, &sit)
	L.Push(AssessTable(L, f, as, sit, why))
}

// scratch is a fight of two creatures that are not fighting, under the
// rule system's fight rules (for what-ifs of scripts and specs): the
// attack is described by opts (ranged, reach, reach_min, range = {normal,
// long}); the distance is opts.distance or that of their positions. It
// returns the fight, the two fighters, the distance and a function that
// puts back what the scratch changed of the creatures.
func (fm *module) scratch(L *lua.LState, c1, c2 *creature.Creature, opts *lua.LTable) (*fight.Fight, *fight.Fighter, *fight.Fighter, int, func()) {
	def, ok := fm.g.Value("combat").(*lua.LTable)
	if !ok {
		L.RaiseError("the rule system %q defines no combat table", fm.g.System)
	}
	rules, err := CompileRules(def)
	if err == nil {
		rules.Conditions, err = CompileConditions(fm.g, rules)
	}
	if err != nil {
		luart.Raise(L, err)
	}
	f, err := fight.NewTable(rules, nil, fm.r.Src)
	if err != nil {
		luart.Raise(L, err)
	}
	o := rec(opts, "options")
	a := fight.Attack{Name: "attack", Ranged: o.Bool("ranged", false), Reach: o.Int("reach", 0), ReachMin: o.Int("reach_min", 0),
		Tags: o.Strs("tags", nil)}
	if a.Reach == 0 {
		a.Reach = c1.Reach
	}
	switch rv := o.Get("range").(type) {
	case *lua.LTable:
		n1, n2 := rv.RawGetInt(1), rv.RawGetInt(2)
		if n1 == lua.LNil {
			n1, n2 = rv.RawGetString("normal"), rv.RawGetString("long")
		}
		if v, ok := n1.(lua.LNumber); ok {
			a.Range = append(a.Range, int(v))
		}
		if v, ok := n2.(lua.LNumber); ok {
			a.Range = append(a.Range, int(v))
		}
	case lua.LNumber:
		a.Range = []int{int(rv)}
	}
	if o.Err != nil {
		luart.Raise(L, o.Err)
	}
	id1, id2, sp1, sp2 := c1.ID, c2.ID, c1.Space, c2.Space
	restore := func() { c1.ID, c2.ID, c1.Space, c2.Space = id1, id2, sp1, sp2 }
	if c1.ID == c2.ID || c1.ID == "" || c2.ID == "" {
		c1.ID, c2.ID = "attacker", "target"
	}
	x := &fight.Fighter{ID: c1.ID, C: c1, Base: c1, Attacks: []fight.Attack{a}}
	t := &fight.Fighter{ID: c2.ID, C: c2, Base: c2, Attacks: []fight.Attack{a}}
	for _, p := range []struct {
		x    *fight.Fighter
		side string
	}{{x, "attacker"}, {t, "target"}} {
		if err := f.Add(p.x, p.side); err != nil {
			restore()
			luart.Raise(L, err)
		}
	}
	c1.Space, c2.Space = sp1, sp2 // the scratch fight changes nothing of the creatures
	d := rules.Space.Grid.Between(c1.Body(), c2.Body())
	if v, ok := o.Get("distance").(lua.LNumber); ok {
		d = int(v)
	}
	return f, x, t, d, restore
}

// AssessTable is the Lua view of an assessment.
func AssessTable(L *lua.LState, f *fight.Fight, as fight.Assessment, sit fight.Situation, why []fight.Reason) *lua.LTable {
	t := L.CreateTable(0, 10)
	t.RawSetString("allowed", lua.LBool(as.Refused == ""))
	if as.Refused != "" {
		t.RawSetString("why", lua.LString(as.Refused))
	}
	t.RawSetString("adv", lua.LNumber(as.Adv))
	t.RawSetString("dis", lua.LNumber(as.Dis))
	t.RawSetString("bonus", lua.LNumber(as.Bonus))
	t.RawSetString("ac_bonus", lua.LNumber(as.ACMod))
	t.RawSetString("crit", lua.LBool(as.AutoCrit))
	t.RawSetString("distance", lua.LNumber(sit.Distance))
	t.RawSetString("cover", lua.LString(sit.Cover.String()))
	t.RawSetString("flanked", lua.LBool(sit.Flanker != nil))
	lost := L.CreateTable(0, 0)
	for i, name := range f.Rules.AC.Types {
		if as.ACLose&(1<<uint(i)) != 0 {
			lost.Append(lua.LString(name))
		}
	}
	t.RawSetString("ac_lost", lost)
	t.RawSetString("sees", lua.LBool(sit.TargetSeen))
	t.RawSetString("seen", lua.LBool(sit.AttackerSeen))
	t.RawSetString("obscured", lua.LBool(sit.TargetObscured))
	t.RawSetString("seen_obscured", lua.LBool(sit.AttackerObscured))
	rs := L.CreateTable(len(why), 0)
	for _, r := range why {
		e := L.CreateTable(0, 3)
		e.RawSetString("kind", lua.LString(r.Kind))
		e.RawSetString("level", lua.LNumber(r.Level))
		e.RawSetString("why", lua.LString(r.Why))
		rs.Append(e)
	}
	t.RawSetString("reasons", rs)
	return t
}

// pricePath is fight.price_path: a move priced by the kernel's movement
// rules for creatures that are not fighting (a script's or a spec's
// what-if), on a scratch map holding the path, the creatures and
// opts.walls, opts.low and opts.difficult ({{x, y}...}).
func (fm *module) pricePath(L *lua.LState) int {
	mover := creaturemod.Check(L, 1)
	sq := L.CheckTable(2)
	opts := L.OptTable(3, L.CreateTable(0, 0))
	var path []grid.Pos
	for i := 1; i <= sq.Len(); i++ {
		p, err := readPos(sq.RawGetInt(i), fmt.Sprintf("squares[%d]", i))
		if err != nil {
			luart.Raise(L, err)
		}
		path = append(path, p)
	}
	if len(path) == 0 {
		L.ArgError(2, "a path needs at least its starting square")
	}
	lists := map[string][]grid.Pos{}
	for _, key := range []string{"walls", "low", "difficult"} {
		if lt, ok := opts.RawGetString(key).(*lua.LTable); ok {
			for i := 1; i <= lt.Len(); i++ {
				p, err := readPos(lt.RawGetInt(i), fmt.Sprintf("opts.%s[%d]", key, i))
				if err != nil {
					luart.Raise(L, err)
				}
				lists[key] = append(lists[key], p)
			}
		}
	}
	var others []*creature.Creature
	if ct, ok := opts.RawGetString("creatures").(*lua.LTable); ok {
		for i := 1; i <= ct.Len(); i++ {
			ud, ok := ct.RawGetInt(i).(*lua.LUserData)
			c, ok2 := (*creature.Creature)(nil), false
			if ok {
				c, ok2 = ud.Value.(*creature.Creature)
			}
			if !ok2 {
				L.ArgError(3, fmt.Sprintf("opts.creatures[%d]: a creature expected", i))
			}
			if c != mover {
				others = append(others, c)
			}
		}
	}
	// the scratch map: the bounding box of everything, with a margin
	x0, y0, x1, y1 := path[0].X, path[0].Y, path[0].X, path[0].Y
	grow := func(p grid.Pos, f grid.Footprint) {
		w, h := f.Dims()
		x0, y0 = min(x0, p.X), min(y0, p.Y)
		x1, y1 = max(x1, p.X+w-1), max(y1, p.Y+h-1)
	}
	for _, p := range path {
		grow(p, mover.Space)
	}
	for _, c := range others {
		grow(c.Pos, c.Space)
	}
	for _, l := range lists {
		for _, p := range l {
			grow(p, grid.Square(1))
		}
	}
	if x1-x0 > grid.MaxMapSide-4 || y1-y0 > grid.MaxMapSide-4 {
		L.ArgError(2, "the path and creatures spread over more than a map holds")
	}
	off := grid.Pos{X: 1 - x0, Y: 1 - y0}
	shift := func(p grid.Pos) grid.Pos { return grid.Pos{X: p.X + off.X, Y: p.Y + off.Y, Z: p.Z} }
	def, ok := fm.g.Value("combat").(*lua.LTable)
	if !ok {
		L.RaiseError("the rule system %q defines no combat table", fm.g.System)
	}
	rules, err := CompileRules(def)
	if err == nil {
		rules.Conditions, err = CompileConditions(fm.g, rules)
	}
	if err != nil {
		luart.Raise(L, err)
	}
	m, err := grid.NewMap(rules.Space.Grid, x1-x0+3, y1-y0+3)
	if err != nil {
		luart.Raise(L, err)
	}
	for _, p := range lists["walls"] {
		m.Walls.Set(shift(p), grid.Full)
	}
	for _, p := range lists["low"] {
		m.Walls.Set(shift(p), grid.Half)
		m.SetDifficult(shift(p), true)
	}
	for _, p := range lists["difficult"] {
		m.SetDifficult(shift(p), true)
	}
	f, err := fight.NewTable(rules, nil, fm.r.Src)
	if err != nil {
		luart.Raise(L, err)
	}
	type saved struct {
		c     *creature.Creature
		id    string
		pos   grid.Pos
		space grid.Footprint
	}
	var keep []saved
	defer func() {
		for _, s := range keep {
			s.c.ID, s.c.Pos, s.c.Space = s.id, s.pos, s.space
		}
	}()
	allies := opts.RawGetString("allies")
	moverSide := mover.Side
	if moverSide == "" {
		moverSide = "mover"
	}
	add := func(c *creature.Creature, id, side string, at grid.Pos) *fight.Fighter {
		keep = append(keep, saved{c, c.ID, c.Pos, c.Space})
		c.ID, c.Pos = id, at
		x := &fight.Fighter{ID: id, C: c, Base: c, Attacks: []fight.Attack{{Name: "reach", Reach: max(c.Reach, rules.Space.Grid.Square)}}}
		if err := f.Add(x, side); err != nil {
			luart.Raise(L, err)
		}
		c.Space = keep[len(keep)-1].space
		return x
	}
	mx := add(mover, "mover", moverSide, shift(path[0]))
	for i, c := range others {
		side := c.Side
		switch {
		case allies == lua.LTrue:
			side = moverSide
		case allies == lua.LFalse || side == "":
			side = fmt.Sprintf("other%d", i+1)
		}
		id := c.ID
		if id == "" || id == "mover" || f.Fighter(id) != nil {
			id = fmt.Sprintf("creature%d", i+1)
		}
		add(c, id, side, shift(c.Pos))
	}
	f.SetSpace(fight.NewSpace(m))
	f.ResetSpace()
	steps := make([]grid.Pos, 0, len(path)-1)
	for _, p := range path[1:] {
		steps = append(steps, shift(p))
	}
	pp, err := f.PricePath(mx, steps)
	if err != nil {
		luart.Raise(L, err)
	}
	t := L.CreateTable(0, 6)
	t.RawSetString("cost", lua.LNumber(pp.Cost))
	t.RawSetString("steps", lua.LNumber(pp.Steps))
	t.RawSetString("ok", lua.LBool(pp.Why == "" && pp.EndFree))
	if pp.Why != "" {
		t.RawSetString("why", lua.LString(pp.Why))
	} else if !pp.EndFree {
		t.RawSetString("why", lua.LString("can't end a move in an occupied space"))
	}
	t.RawSetString("end_free", lua.LBool(pp.EndFree))
	lv := L.CreateTable(len(pp.Leaves), 0)
	for _, l := range pp.Leaves {
		e := L.CreateTable(0, 2)
		e.RawSetString("step", lua.LNumber(l.Step))
		var orig *creature.Creature
		for _, s := range keep {
			if s.c == l.Hostile.C {
				orig = s.c
				e.RawSetString("id", lua.LString(s.id))
			}
		}
		if orig != nil {
			e.RawSetString("c", creaturemod.Push(L, orig))
		}
		lv.Append(e)
	}
	t.RawSetString("leaves", lv)
	L.Push(t)
	return 1
}

func (fm *module) approach(L *lua.LState) int {
	f := fm.current(L)
	x, t := fm.fighterOf(L, 1), fm.fighterOf(L, 2)
	a := attackOf(L, x, 3, false)
	opts := L.OptTable(4, L.CreateTable(0, 0))
	b, ok, err := f.Approach(x, t, a, lua.LVAsBool(opts.RawGetString("first")))
	if err != nil {
		luart.Raise(L, err)
	}
	if !ok || b == nil {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(lua.LString(b.Name))
	return 1
}

func (fm *module) candidates(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	list := f.Candidates(x)
	t := L.CreateTable(len(list), 0)
	for _, y := range list {
		t.Append(creaturemod.Push(L, y.C))
	}
	L.Push(t)
	return 1
}
