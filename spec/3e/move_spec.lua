-- ruleset: 3e
-- Movement, position, size, face and reach (inventory §§1, 11, 12): speed
-- by race and armour (Table 8-6), the multiples of speed, loads and
-- classes [K], who may move through whom, 5-10-5 diagonals, face and reach
-- by size (Table 8-7), how many attackers fit around a defender (EX-20).
-- covers: 3E-ROUND-04 3E-MOVE-01 3E-MOVE-03 3E-MOVE-04 3E-MOVE-05 3E-MOVE-06 3E-MOVE-10 3E-MOVE-11
-- covers: 3E-MOVE-12 3E-POS-02 3E-POS-03 3E-POS-04 3E-POS-05 3E-POS-09 3E-MON-02 3E-MON-07
local S = require("core.3e.statblock")
local M = require("core.3e.move")
local P = require("core.3e.position")
local arena = require("core.3e.arena")

local function body(id, extra)
  local t = { id = id, hp = 10, weapons = { { name = "Club", damage = "1d6" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

test("tactical speed: Table 8-6 by race and armour; a heavy load as heavy armour; barbarian and monk [K]", function()
  eq({ S.speed("human"), S.speed("human", "medium"), S.speed("dwarf"), S.speed("halfling", "heavy") }, { 30, 20, 20, 15 })
  eq(body("t", { race = "dwarf", armor = "medium" }).speed, 15, "the worked fight's Tordek: 15 ft")
  fails(function() S.speed("orc") end, "no tactical speed")
  eq({ M.load_speed(30, "heavy"), M.load_speed(20, "medium"), M.load_speed(30, "light") }, { 20, 15, 30 })
  eq({ M.class_speed(30, "barbarian", 1, "medium"), M.class_speed(30, "barbarian", 1, "heavy") }, { 40, 30 })
  eq({ M.class_speed(30, "monk", 3), M.class_speed(30, "monk", 9), M.class_speed(30, "monk", 2) }, { 40, 60, 30 })
  eq({ M.multiple("standard", 30), M.multiple("double_move", 30), M.multiple("charge", 20), M.multiple("run", 30),
    M.multiple("run", 20, true), M.multiple("full", 30) }, { 30, 60, 40, 120, 60, 5 })
  eq({ M.mph("double_move"), M.mph("run") }, { 6, 12 })
end)

test("the map: 5-ft squares, 'adjacent' is 5 ft, diagonals count 5-10-5 (Table 8-5)", function()
  local T = rules.need("3e.tables")
  eq({ T.square, T.round_seconds }, { 5, 6 })
  local all = arena({ "......", "......", "......", "......" }, { { id = "a", side = "a", at = { 0, 0 }, stat = body("a") },
    { id = "b", side = "b", at = { 1, 1 }, stat = body("b") } })
  eq(fight.distance(all.a, all.b), 5)
  fight.place(all.b, 2, 2)
  eq(fight.distance(all.a, all.b), 15, "two diagonals: 5 + 10")
  fight.place(all.b, 3, 3)
  eq(fight.distance(all.a, all.b), 20)
end)

test("through friends, through helpless foes, three sizes apart; never through what fills its space", function()
  local rows = { ".....", "....." }
  local all = arena(rows, { { id = "a", side = "a", at = { 0, 0 }, stat = body("a") },
    { id = "friend", side = "a", at = { 1, 0 }, stat = body("friend") },
    { id = "foe", side = "b", at = { 2, 0 }, stat = body("foe") } }, { acted = true })
  eq(fight.path(all.a, { 3, 0 }, { budget = 15 }).path[1], { x = 1, y = 0 }, "through the friend's square")
  local r = fight.move(all.a, { 3, 0 }, { path = { { 1, 0 }, { 2, 0 }, { 3, 0 } }, budget = 15 })
  eq(r.stopped, "blocked", "not through a foe that can act")
  all.foe:add_condition("stunned")
  r = fight.move(all.a, { 3, 0 }, { path = { { 1, 0 }, { 2, 0 }, { 3, 0 } }, budget = 15 })
  eq(r.pos, { x = 3, y = 0 }, "through a stunned foe (3E-MOVE-06)")
  local giant = body("giant", { size = "huge", hp = 60 })
  eq(giant.space, { w = 2, h = 2, shared = false }, "Huge (tall): 10 x 10 ft (Table 8-7)")
  all = arena({ "......", "......", "......" }, { { id = "gnome", side = "a", at = { 0, 0 }, stat = body("gnome", { size = "small" }) },
    { id = "giant", side = "b", at = { 1, 0 }, stat = giant } }, { acted = true })
  local p = fight.path(all.gnome, { 3, 0 }, { budget = 15 })
  eq(p.path[1], { x = 1, y = 0 }, "a Small gnome walks between a Huge giant's legs (3E-MOVE-10)")
  local cube = body("cube", { size = "huge", hp = 60, tags = { "fills_space" } })
  all = arena({ "......", "......", "......" }, { { id = "cat", side = "a", at = { 0, 0 }, stat = body("cat", { size = "tiny" }) },
    { id = "cube", side = "b", at = { 1, 0 }, stat = cube } }, { acted = true })
  r = fight.move(all.cat, { 3, 0 }, { path = { { 1, 0 }, { 2, 0 }, { 3, 0 } }, budget = 15 })
  eq(r.stopped, "blocked", "nobody passes a gelatinous cube (3E-MON-02)")
end)

test("face and reach by size and shape (Table 8-7); a monster's own face and reach", function()
  local function fr(size, shape)
    local s = body("x", { size = size, shape = shape })
    return { s.space.w, s.space.h, s.attacks[1].reach }
  end
  eq(fr("medium"), { 1, 1, 5 })
  eq(fr("large"), { 1, 1, 10 }, "tall: a hill giant")
  eq(fr("large", "long"), { 1, 2, 5 }, "long: a horse, 5 x 10")
  eq(fr("huge", "long"), { 2, 4, 10 }, "a bulette")
  eq(fr("colossal"), { 8, 8, 25 })
  local worm = body("worm", { size = "gargantuan", face = rules.need("3e.tables").face.purple_worm })
  eq({ worm.space.w, worm.attacks[1].reach }, { 6, 15 }, "the purple worm's 30 x 30 and reach 15 (3E-MON-07)")
  eq(body("r", { reach = 15 }).attacks[1].reach, 15, "a stat block's own reach")
end)

test("how many fit around a defender (EX-20)", function()
  local open = { ".......", ".......", ".......", ".......", "......." }
  eq(P.surround(open, { x = 3, y = 2, w = 1, h = 1 }, { w = 1, h = 1 }), 8, "8 in the open")
  local wall = { "#######", ".......", ".......", "......." }
  eq(P.surround(wall, { x = 3, y = 1, w = 1, h = 1 }, { w = 1, h = 1 }), 5, "5 against a wall")
  local corner = { "#######", "#......", "#......", "#......" }
  eq(P.surround(corner, { x = 1, y = 1, w = 1, h = 1 }, { w = 1, h = 1 }), 3, "3 in a corner")
  local corridor = { "#######", ".......", "#######" }
  eq(P.surround(corridor, { x = 3, y = 1, w = 1, h = 1 }, { w = 1, h = 1 }), 2, "a 5-ft corridor: 1 in front (and 1 behind)")
  eq(P.surround(open, { x = 2, y = 1, w = 2, h = 2 }, { w = 1, h = 1 }), 12, "a bulette's 10-ft face: 12 (3E-POS-05)")
  eq(P.surround(open, { x = 3, y = 2, w = 1, h = 1 }, { w = 2, h = 2 }), 4, "giants with 10-ft faces: 4 (3E-POS-09)")
end)

test("a doorway: the attacker in front and those on either side (3E-POS-02)", function()
  local rows = { "###.###", ".......", "......." }
  eq(P.surround(rows, { x = 3, y = 0, w = 1, h = 1 }, { w = 1, h = 1 }), 3)
end)
