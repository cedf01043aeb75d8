// Package gridmod is the Lua module "grid": the kernel's square-grid
// geometry (runtime/grid) for rule scripts. Scripts pick the numbers (feet
// per square, the diagonal rule, reach, which squares are difficult or
// blocked); the kernel counts.
//
//	local grid = require("grid")
//	grid.distance({x = 0, y = 0}, {x = 3, y = 6})                  -- 30 (feet; diagonals count one square)
//	grid.distance(a, b, {diagonal = "alternate"})                 -- 5-10-5 counting
//	grid.reach(fighter, goblin)                                   -- goblin within fighter's reach?
//	grid.cover(archer, target, {obstacles = {{x = 2, y = 0, block = "half"}}}).grade  -- "half"
//	grid.area{shape = "burst", origin = {x = 5, y = 5, corner = true}, length = 20}  -- squares
//	grid.path(mover, {{x = 0, y = 0}, {x = 1, y = 1}}, {difficult = {{x = 1, y = 1}}, hostiles = {orc}})
//
// Positions are {x =, y = [, z =]} (or {x, y, z}); a body is a creature
// handle (its pos, space and reach) or a table {x, y, z, space | w, h,
// reach, reach_min}. Every function takes opts.square (feet per square,
// default 5) and opts.diagonal ("one", "alternate" or "euclid", default
// "one").
package gridmod

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/grid"
)

// Module returns the "grid" module.
func Module() luart.Module {
	return luart.Module{
		Name: "grid",
		Doc:  "Square-grid geometry (runtime/grid): distances under a diagonal rule, reach, cover, line of sight, area squares and path costs with reach events; positions are {x, y [, z]}, bodies are creature handles or {x, y, z, space, reach}; opts.square (feet per square, default 5) and opts.diagonal (one|alternate|euclid, default one) apply everywhere.",
		Funcs: []luart.Func{
			{Name: "distance", Args: "(a, b [, opts])", Doc: "returns the distance in feet between the nearest squares of two bodies or positions (0 when they overlap, one square when they touch)", Fn: distance},
			{Name: "reach", Args: "(a, b [, opts])", Doc: "returns whether b is within a's reach band (opts.reach, opts.reach_min override a's), measured between nearest squares", Fn: reach},
			{Name: "adjacent", Args: "(a, b)", Doc: "returns whether two bodies touch (side or corner) without overlapping", Fn: adjacent},
			{Name: "cover", Args: "(attacker, target [, opts])", Doc: "grades target's cover against attacker past opts.obstacles = {{x, y, block = half|full}...} (corner-to-corners lines, the attacker's best corner); opts.policy = {by_full = {5 grades}, partial = grade}; returns {grade = none|half|three-quarters|total, full, half}", Fn: cover},
			{Name: "los", Args: "(a, b [, opts])", Doc: "returns whether some centre-to-centre line between two bodies passes no full square of opts.obstacles", Fn: los},
			{Name: "area", Args: "(spec [, opts])", Doc: "returns the squares {{x, y, z}...} an area covers, sorted by (y, x); spec: shape (line|cone|burst|emanation|cube), origin and toward ({x, y [, corner = true]}: a square's centre or its north-west corner), from (a body, for emanations), length, width (feet), rule (centre|counted|mostly: the square's centre inside, squares counted (a counted cone is the 3.0 DMG's, straight or diagonal), most of the square inside), include_from, z", Fn: area},
			{Name: "path", Args: "(mover, path [, opts])", Doc: "prices a move along path (the start square, then one neighbouring square per step) and lists its reach events; opts: difficult = {{x, y}...} (cost x2), terrain = {{x, y, cost}...}, occupied = {{x, y}...}, occupied_cost, mover_cost (a multiplier of every step), mover_extra (squares added to every step's terrain multiplier: 5e crawling is 1), obstacles, no_corner_cutting, hostiles = {bodies with id}, report = {leave|exit|enter...}, budget (feet), diagonals; returns {cost, affordable, diagonals, end_occupied, events = {{kind, id, hostile, step}...}}", Fn: path},
		},
	}
}

func distance(L *lua.LState) int {
	a, b := checkBody(L, 1), checkBody(L, 2)
	g := readGrid(L, 3, L.OptTable(3, nil))
	L.Push(lua.LNumber(g.Between(a, b)))
	return 1
}

func reach(L *lua.LState) int {
	a, b := checkBody(L, 1), checkBody(L, 2)
	opts := L.OptTable(3, nil)
	g := readGrid(L, 3, opts)
	if opts != nil {
		a.Reach = intAt(L, 3, "reach", opts.RawGetString("reach"), a.Reach)
		a.ReachMin = intAt(L, 3, "reach_min", opts.RawGetString("reach_min"), a.ReachMin)
	}
	L.Push(lua.LBool(g.Threatens(a, b)))
	return 1
}

func adjacent(L *lua.LState) int {
	L.Push(lua.LBool(grid.Adjacent(checkBody(L, 1), checkBody(L, 2))))
	return 1
}

var gradeNames = map[string]grid.CoverGrade{"none": grid.CoverNone, "half": grid.CoverHalf,
	"three-quarters": grid.CoverThreeQuarters, "total": grid.CoverTotal}

func readGrade(L *lua.LState, path string, v lua.LValue) grid.CoverGrade {
	g, ok := gradeNames[lua.LVAsString(v)]
	if !ok {
		bad(L, 3, path, "cover grade (none, half, three-quarters, total) expected, got "+describe(v))
	}
	return g
}

func cover(L *lua.LState) int {
	a, t := checkBody(L, 1), checkBody(L, 2)
	opts := L.OptTable(3, nil)
	obs := readObstacles(L, 3, opts)
	var pol *grid.CoverPolicy
	if opts != nil {
		if pv := opts.RawGetString("policy"); pv != lua.LNil {
			pt, ok := pv.(*lua.LTable)
			if !ok {
				bad(L, 3, "policy", "table expected, got "+describe(pv))
			}
			p := grid.DefaultCoverPolicy()
			if bf, ok := pt.RawGetString("by_full").(*lua.LTable); ok {
				if bf.Len() != 5 {
					bad(L, 3, "policy.by_full", "five grades (for 0 to 4 blocked lines) expected")
				}
				for i := 0; i < 5; i++ {
					p.ByFull[i] = readGrade(L, "policy.by_full", bf.RawGetInt(i+1))
				}
			}
			if pv := pt.RawGetString("partial"); pv != lua.LNil {
				p.Partial = readGrade(L, "policy.partial", pv)
			}
			pol = &p
		}
	}
	r := obs.Cover(a, t, pol)
	res := L.CreateTable(0, 3)
	res.RawSetString("grade", lua.LString(r.Grade.String()))
	res.RawSetString("full", lua.LNumber(r.Full))
	res.RawSetString("half", lua.LNumber(r.Half))
	L.Push(res)
	return 1
}

func los(L *lua.LState) int {
	a, b := checkBody(L, 1), checkBody(L, 2)
	obs := readObstacles(L, 3, L.OptTable(3, nil))
	L.Push(lua.LBool(obs.LineOfSight(a, b)))
	return 1
}

var shapeNames = map[string]grid.Shape{"line": grid.ShapeLine, "cone": grid.ShapeCone, "burst": grid.ShapeBurst,
	"emanation": grid.ShapeEmanation, "cube": grid.ShapeCube}

func area(L *lua.LState) int {
	spec := L.CheckTable(1)
	g := readGrid(L, 2, L.OptTable(2, nil))
	var a grid.Area
	shape, ok := shapeNames[lua.LVAsString(spec.RawGetString("shape"))]
	if !ok {
		bad(L, 1, "shape", "line, cone, burst, emanation or cube expected, got "+describe(spec.RawGetString("shape")))
	}
	a.Shape = shape
	if v := spec.RawGetString("origin"); v != lua.LNil {
		a.Origin = readPoint(L, 1, "origin", v)
		a.Toward = a.Origin
	}
	if v := spec.RawGetString("toward"); v != lua.LNil {
		a.Toward = readPoint(L, 1, "toward", v)
	}
	if v := spec.RawGetString("from"); v != lua.LNil {
		a.From = readBody(L, 1, "from", v)
	}
	a.Length = intAt(L, 1, "length", spec.RawGetString("length"), 0)
	a.Width = intAt(L, 1, "width", spec.RawGetString("width"), 0)
	switch r := lua.LVAsString(spec.RawGetString("rule")); r {
	case "", "centre", "center":
		a.Rule = grid.RuleCentre
	case "counted":
		a.Rule = grid.RuleCounted
	case "mostly":
		a.Rule = grid.RuleMostly
	default:
		bad(L, 1, "rule", "\"centre\", \"counted\" or \"mostly\" expected, got "+describe(spec.RawGetString("rule")))
	}
	a.IncludeFrom = lua.LVAsBool(spec.RawGetString("include_from"))
	a.Z = intAt(L, 1, "z", spec.RawGetString("z"), 0)
	squares, err := a.Squares(g, nil)
	if err != nil {
		luart.Raise(L, err)
	}
	out := L.CreateTable(len(squares), 0)
	for _, p := range squares {
		out.Append(posTable(L, p))
	}
	L.Push(out)
	return 1
}

var eventKinds = map[string]grid.EventKind{"leave": grid.LeaveReach, "exit": grid.ExitThreatened, "enter": grid.EnterReach}

func path(L *lua.LState) int {
	mover := checkBody(L, 1)
	steps := L.CheckTable(2)
	opts := L.OptTable(3, nil)
	g := readGrid(L, 3, opts)
	var ps []grid.Pos
	for i := 1; i <= steps.Len(); i++ {
		ps = append(ps, readPos(L, 2, "["+itoa(i)+"]", steps.RawGetInt(i)))
	}
	if len(ps) == 0 {
		bad(L, 2, "", "a path needs at least its starting square")
	}
	var mo grid.MoveOptions
	var hostiles []lua.LValue
	if opts != nil {
		terrain := map[grid.Pos]int{}
		readList(L, 3, opts, "difficult", func(p string, v lua.LValue) {
			q := readPos(L, 3, p, v)
			if terrain[q] < 2 {
				terrain[q] = 2
			}
		})
		readList(L, 3, opts, "terrain", func(p string, v lua.LValue) {
			q := readPos(L, 3, p, v)
			c := intAt(L, 3, join(p, "cost"), v.(*lua.LTable).RawGetString("cost"), 2)
			if c > terrain[q] {
				terrain[q] = c
			}
		})
		if len(terrain) > 0 {
			mo.Terrain = terrain
		}
		readList(L, 3, opts, "occupied", func(p string, v lua.LValue) {
			if mo.Occupied == nil {
				mo.Occupied = map[grid.Pos]bool{}
			}
			mo.Occupied[readPos(L, 3, p, v)] = true
		})
		mo.OccupiedMultiplier = intAt(L, 3, "occupied_cost", opts.RawGetString("occupied_cost"), 0)
		mo.MoverMultiplier = intAt(L, 3, "mover_cost", opts.RawGetString("mover_cost"), 0)
		mo.MoverExtra = intAt(L, 3, "mover_extra", opts.RawGetString("mover_extra"), 0)
		mo.Obstacles = readObstacles(L, 3, opts)
		mo.NoCornerCutting = lua.LVAsBool(opts.RawGetString("no_corner_cutting"))
		readList(L, 3, opts, "hostiles", func(p string, v lua.LValue) {
			mo.Hostiles = append(mo.Hostiles, grid.Hostile{ID: bodyID(v), Body: readBody(L, 3, p, v)})
			hostiles = append(hostiles, v)
		})
		readList(L, 3, opts, "report", func(p string, v lua.LValue) {
			k, ok := eventKinds[lua.LVAsString(v)]
			if !ok {
				bad(L, 3, p, "\"leave\", \"exit\" or \"enter\" expected, got "+describe(v))
			}
			mo.Report |= k
		})
		if b := opts.RawGetString("budget"); b != lua.LNil {
			mo.Limit = true
			mo.Budget = intAt(L, 3, "budget", b, 0)
		}
		mo.Diagonals = intAt(L, 3, "diagonals", opts.RawGetString("diagonals"), 0)
	}
	var r grid.PathResult
	if err := g.Walk(mover, ps, &mo, &r); err != nil {
		luart.Raise(L, err)
	}
	res := L.CreateTable(0, 5)
	res.RawSetString("cost", lua.LNumber(r.Cost))
	res.RawSetString("affordable", lua.LNumber(r.Affordable))
	res.RawSetString("diagonals", lua.LNumber(r.Diagonals))
	res.RawSetString("end_occupied", lua.LBool(r.EndOccupied))
	evs := L.CreateTable(len(r.Events), 0)
	for _, e := range r.Events {
		t := L.CreateTable(0, 4)
		t.RawSetString("kind", lua.LString(e.Kind.String()))
		t.RawSetString("id", lua.LString(e.ID))
		t.RawSetString("hostile", hostiles[e.Hostile])
		t.RawSetString("step", lua.LNumber(e.Step))
		evs.Append(t)
	}
	res.RawSetString("events", evs)
	L.Push(res)
	return 1
}

func itoa(i int) string { return lua.LNumber(i).String() }
