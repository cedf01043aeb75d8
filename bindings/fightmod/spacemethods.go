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
		{Name: "sees", Args: "(a, b)", Doc: "returns whether creature a perceives b (conditions, senses, walls)", Fn: fm.seesFn},
		{Name: "cover", Args: "(target, from)", Doc: "returns the degree of cover target has against from (a creature, or a square {x, y} an effect starts in) and {ac, save} it gives", Fn: fm.cover},
		{Name: "speed", Args: "(c)", Doc: "returns creature c's speed this turn in feet (its conditions' changes included)", Fn: fm.speed},
		{Name: "movement_left", Args: "(c)", Doc: "returns the feet creature c may still move this turn", Fn: fm.movementLeft},
		{Name: "dash", Args: "(c)", Doc: "doubles creature c's movement this turn (the rules' double move); returns false when it already did", Fn: fm.dash},
		{Name: "path", Args: "(c, dest [, opts])", Doc: "finds c's cheapest path to dest (a square {x, y}; a creature: a square from which opts.attack, else its melee reach, reaches it; \"away\": the square farthest from its enemies) within opts.budget feet (default: its movement left); returns {ok, cost, path = {{x, y}...}}", Fn: fm.path},
		{Name: "move", Args: "(c, dest [, opts])", Doc: "moves c toward dest (as fight.path) step by step, raising move.step and move.reach and letting enemies make opportunity attacks; opts: budget, cause (\"move\"; \"forced\" and \"teleport\" provoke nothing), no_provoke, safe_start, path (the squares to take); returns {steps, cost, stopped, pos = {x, y}, path, opportunity = {handles}}", Fn: fm.move},
		{Name: "opportunity", Args: "(reactor, mover)", Doc: "makes reactor's opportunity attack on mover when the rules allow it (its slot, sight, reach); returns true, or false and why not", Fn: fm.opportunity},
		{Name: "provoke", Args: "(c)", Doc: "every enemy that threatens creature c may make its opportunity attack (an action that provokes); returns the handles of those that did", Fn: fm.provoke},
		{Name: "area", Args: "(spec)", Doc: "returns the creatures on the map inside an area {shape = cone|line|burst|cube|emanation, from = creature or {x, y}, toward = creature or {x, y}, length, width, include_from}, with their cover from the origin: {{c, cover}...}", Fn: fm.area},
		{Name: "aim", Args: "(c, spec [, opts])", Doc: "aims an area spec from creature c to catch the most enemies and fewest allies (opts.allies weighs an ally caught, default 1); returns {toward = {x, y}, enemies, allies, targets = {handles}} or nil when no aim catches an enemy", Fn: fm.aim},
		{Name: "assess", Args: "(attacker, target, attack_name [, opts])", Doc: "what the rules make of an attack where attacker and target stand: {allowed, why, adv, dis, bonus, ac_bonus, crit, distance, cover, reasons = {{kind, level, why}...}}; opts override the situation (distance, cover, sees, seen)", Fn: fm.assess},
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
	p := grid.Pos{X: L.CheckInt(2), Y: L.CheckInt(3)}
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
	f := fm.current(L)
	L.Push(lua.LBool(f.Sees(fm.fighterOf(L, 1), fm.fighterOf(L, 2), nil)))
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
	f := fm.current(L)
	L.Push(lua.LNumber(f.Speed(fm.fighterOf(L, 1))))
	return 1
}

func (fm *module) movementLeft(L *lua.LState) int {
	f := fm.current(L)
	L.Push(lua.LNumber(f.MovementLeft(fm.fighterOf(L, 1))))
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
	g := f.Rules.Space.Grid
	return fight.Goal{Done: func(q grid.Pos) bool { return q == p },
		Estimate: func(q grid.Pos) int { return g.Distance(q, p) }}
}

func pathTable(L *lua.LState, path []grid.Pos) *lua.LTable {
	t := L.CreateTable(len(path), 0)
	for _, p := range path {
		t.Append(posTable(L, p))
	}
	return t
}

func budgetOf(f *fight.Fight, x *fight.Fighter, opts *lua.LTable) int {
	if v, ok := opts.RawGetString("budget").(lua.LNumber); ok {
		return int(v)
	}
	return f.MovementLeft(x)
}

func (fm *module) path(L *lua.LState) int {
	f := fm.mapped(L)
	x := fm.fighterOf(L, 1)
	opts := L.OptTable(3, L.NewTable())
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
	opts := L.OptTable(3, L.NewTable())
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
		p, _, _ := f.PathTo(x, goal, budgetOf(f, x, opts))
		path = append(path, p...) // PathTo's slice is reused by the next search
	}
	res, err := f.Move(x, path, fight.MoveOpts{Budget: budgetOf(f, x, opts), Cause: lua.LVAsString(opts.RawGetString("cause")),
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
	switch r.Str("rule", "centre") {
	case "centre":
		a.Rule = grid.RuleCentre
	case "counted":
		a.Rule = grid.RuleCounted
	default:
		r.Fail("rule: want centre or counted")
	}
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
		e := L.CreateTable(0, 2)
		e.RawSetString("c", creaturemod.Push(L, x.C))
		e.RawSetString("cover", lua.LString(f.CoverFrom(a.Origin, x).String()))
		t.Append(e)
	}
	L.Push(t)
	return 1
}

func (fm *module) aim(L *lua.LState) int {
	f := fm.mapped(L)
	x := fm.fighterOf(L, 1)
	spec := L.CheckTable(2)
	opts := L.OptTable(3, L.NewTable())
	allyWeight := 1
	if v, ok := opts.RawGetString("allies").(lua.LNumber); ok {
		allyWeight = int(v)
	}
	best := fight.AimResult{}
	found := false
	// Candidate aims: every living enemy's square.
	for _, y := range f.Enemies(x) {
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
	f := fm.current(L)
	x, t := fm.fighterOf(L, 1), fm.fighterOf(L, 2)
	a := attackOf(L, x, 3, false)
	opts := L.OptTable(4, L.NewTable())
	var s *fight.Situation
	if opts.RawGetString("distance") != lua.LNil || opts.RawGetString("cover") != lua.LNil ||
		opts.RawGetString("sees") != lua.LNil || opts.RawGetString("seen") != lua.LNil {
		_, sit, _ := f.Assess(x, t, a, nil)
		if v, ok := opts.RawGetString("distance").(lua.LNumber); ok {
			sit.Distance = int(v)
		}
		if v, ok := opts.RawGetString("cover").(lua.LString); ok {
			g, ok := gradeNamed(string(v))
			if !ok {
				L.ArgError(4, "opts.cover: want none, half, three-quarters or total")
			}
			sit.Cover = g
		}
		if v, ok := opts.RawGetString("sees").(lua.LBool); ok {
			sit.TargetSeen = bool(v)
		}
		if v, ok := opts.RawGetString("seen").(lua.LBool); ok {
			sit.AttackerSeen = bool(v)
		}
		s = &sit
	}
	as, sit, why := f.Assess(x, t, a, s)
	L.Push(AssessTable(L, f, as, sit, why))
	return 1
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
