-- ruleset: 3e
-- The 3.0 DMG's miniatures, grid and areas (pp. 67-70, inventory §7): scale,
-- Table 3-10 on the map, line of sight, splash weapons on the grid, bursts
-- on intersections, cones straight and diagonal, lines, special movement,
-- pursuit, squeezing past allies, why an attack missed.
-- covers: DMG-GRID-01 DMG-GRID-02 DMG-GRID-03 DMG-GRID-04 DMG-GRID-05 DMG-GRID-06 DMG-GRID-07
-- covers: DMG-GRID-08 DMG-GRID-10 DMG-GRID-11 DMG-GRID-12
local S = require("core.3e.statblock")
local G = require("core.3e.grid")
local splash = require("core.3e.special.splash")
local arena = require("core.3e.arena")

local function body(id, extra)
  local t = { id = id, hp = 10, bab = 1, weapons = { { name = "Club", damage = "1d6" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local OPEN = { "............", "............", "............", "............", "............", "............",
  "............", "............", "............", "............" }

-- the ids of the creatures an area catches, sorted
local function caught(spec)
  local ids = {}
  for _, h in ipairs(fight.area(spec)) do ids[#ids + 1] = h.c:get("id") end
  table.sort(ids)
  return ids
end

test("DMG-GRID-01: an inch is 5 ft, a 30 mm figure a Medium-size creature; one square apart is 5 ft", function()
  eq({ G.scale.inch_ft, G.scale.square_ft, G.scale.figure_mm, G.scale.figure_size }, { 5, 5, 30, "medium" })
  local all = arena(OPEN, { { id = "a", side = "a", at = { 0, 0 }, stat = body("a") },
    { id = "b", side = "b", at = { 1, 0 }, stat = body("b") } })
  eq(fight.distance(all.a, all.b), 5)
end)

test("DMG-GRID-02: Table 3-10 [K] cell by cell, and the footprint and reach on the map", function()
  local rows = { -- size, shape, squares, reach: the inventory's Table 3-10
    { "fine", nil, 1 / 100, 0 }, { "diminutive", nil, 1 / 25, 0 }, { "tiny", nil, 1 / 4, 0 }, { "small", nil, 1, 5 },
    { "medium", nil, 1, 5 }, { "large", "tall", 1, 10 }, { "large", "long", 2, 5 }, { "huge", "tall", 4, 15 },
    { "huge", "long", 8, 10 }, { "gargantuan", "tall", 16, 20 }, { "gargantuan", "long", 32, 10 },
    { "colossal", "tall", 64, 25 }, { "colossal", "long", 128, 15 } }
  for _, r in ipairs(rows) do
    local t = G.table_3_10(r[1], r[2])
    near(t.squares, r[3], 1e-9, r[1] .. " " .. tostring(r[2]))
    eq(t.reach, r[4], r[1] .. " " .. tostring(r[2]) .. " reach")
  end
  fails(function() G.table_3_10("enormous") end, "no row")
  -- a bulette (Huge, long) fills 2 x 4 squares and threatens 10 ft
  local all = arena(OPEN, { { id = "bulette", side = "a", at = { 0, 0 }, stat = body("bulette", { size = "huge", shape = "long" }) },
    { id = "near", side = "b", at = { 3, 0 }, stat = body("near") }, { id = "far", side = "b", at = { 5, 0 }, stat = body("far") } })
  eq(all.bulette:get("space"), { w = 2, h = 4, shared = false })
  eq({ fight.reaches(all.bulette, all.near, "Club"), fight.reaches(all.bulette, all.far, "Club") }, { true, false })
end)

test("DMG-GRID-03: a fully blocked line stops spells and shots; a corner leaves spells alone and gives a shot cover", function()
  local rows = { "......", "......", ".#....", "..#...", "..#..." }
  local all = arena(rows, { { id = "mage", side = "a", at = { 0, 0 }, stat = body("mage") },
    { id = "hidden", side = "b", at = { 3, 4 }, stat = body("hidden") },
    { id = "corner", side = "b", at = { 2, 2 }, stat = body("corner") },
    { id = "open", side = "b", at = { 5, 0 }, stat = body("open") } })
  eq(G.targeting(all.mage, all.hidden, "spell").ok, false, "behind the wall")
  eq(G.targeting(all.mage, all.hidden, "ranged").ok, false)
  local sp, sh = G.targeting(all.mage, all.corner, "spell"), G.targeting(all.mage, all.corner, "ranged")
  eq({ sp.ok, sp.ac, sh.ok, sh.cover, sh.ac }, { true, 0, true, "half", 4 }, "past the corner: half cover, +4 against the shot")
  eq(G.targeting(all.mage, all.open, "ranged"), { ok = true, cover = "none", ac = 0 })
  fails(function() G.targeting(all.mage, all.open, "melee") end, "kind")
end)

test("DMG-GRID-04 (TV-25): a flask thrown 25 ft (10-ft increment) misses by 1d6 + 2 ft; the splash is centred on a square", function()
  dice.force{ 4, 3 }
  eq(splash.miss(2), { feet = 6, roll = 3, direction = "right", along = 0, across = 6 })
  fails(function() splash.miss(-1) end, "steps")
  -- a point 1 ft inside square (5, 0): that square and the eight around it
  local at = { x = 26, y = 4 }
  eq(G.landing_square(at), { x = 5, y = 0 })
  eq(splash.splashed(at, { { id = "w", x = 4, y = 0 }, { id = "in", x = 5, y = 0 }, { id = "e", x = 6, y = 1 },
    { id = "out", x = 7, y = 0 }, { id = "s", x = 5, y = 2 } }), { "w", "in", "e" },
    "by squares, not 5 ft of the point: (7, 0) is 4 ft from it but two squares off")
end)

test("DMG-GRID-05: a burst on a grid intersection covers the squares mostly inside its circle (20 ft: 52 squares)", function()
  local sq = grid.area({ shape = "burst", origin = { 4, 4, corner = true }, length = 20, rule = "mostly" }, { diagonal = "alternate" })
  eq(#sq, 52)
  -- in a 3.0 fight the rule is the table's: fireball at the corner (4, 4)
  local all = arena(OPEN, { { id = "mage", side = "a", at = { 11, 9 }, stat = body("mage") },
    { id = "rim", side = "b", at = { 7, 5 }, stat = body("rim") },        -- 4th square east, 2nd south: its centre 19 ft off
    { id = "outside", side = "b", at = { 8, 4 }, stat = body("outside") }, -- 5th square east
    { id = "next", side = "b", at = { 3, 3 }, stat = body("next") } })
  eq(caught{ shape = "burst", from = { 4, 4, corner = true }, length = 20 }, { "next", "rim" },
    "counting squares (5-10-5) would leave out the rim square (5 squares away)")
  eq(#G.corners(all.next), 4)
  eq(G.corners(all.next)[3], { x = 4, y = 4, corner = true })
end)

test("DMG-GRID-06: a cone is one square wider per square, straight or diagonal (colour spray: 6 squares, 3-2-1 diagonally)", function()
  local all = arena(OPEN, { { id = "mage", side = "a", at = { 2, 2 }, stat = body("mage") },
    { id = "c1", side = "b", at = { 3, 2 }, stat = body("c1") }, { id = "c2r", side = "b", at = { 4, 3 }, stat = body("c2r") },
    { id = "c2l", side = "b", at = { 4, 1 }, stat = body("c2l") }, { id = "c3l", side = "b", at = { 5, 1 }, stat = body("c3l") },
    { id = "c4", side = "b", at = { 6, 2 }, stat = body("c4") } })
  -- straight east from the middle of the mage's east side: 1, then 2 (the
  -- second to the right: south), then 3
  eq(caught{ shape = "cone", from = all.mage, toward = { 9, 2 }, length = 15 }, { "c1", "c2r", "c3l" })
  local sq = grid.area({ shape = "cone", origin = { 3, 3, corner = true }, toward = { 6, 6, corner = true }, length = 15,
    rule = "counted" }, { diagonal = "alternate" })
  local rows = {}
  for _, p in ipairs(sq) do rows[p.y] = (rows[p.y] or 0) + 1 end
  eq({ #sq, rows[3], rows[4], rows[5] }, { 6, 3, 2, 1 }, "the seed's erratum: the first row holds 3 squares")
  -- diagonal from the mage's south-east corner in a fight
  fight.place(all.c1, 3, 3)
  fight.place(all.c2r, 5, 3)
  fight.place(all.c2l, 4, 4)
  fight.place(all.c3l, 5, 5)
  eq(caught{ shape = "cone", from = all.mage, toward = { 8, 8 }, length = 15 }, { "c1", "c2l", "c2r" })
end)

test("DMG-GRID-07: other shapes keep their count whichever way they are aimed (a 30-ft line: 6 squares)", function()
  local o = { diagonal = "alternate" }
  local st = grid.area({ shape = "line", origin = { 0, 0, corner = true }, toward = { 9, 0, corner = true }, length = 30, rule = "counted" }, o)
  local dg = grid.area({ shape = "line", origin = { 0, 0, corner = true }, toward = { 9, 9, corner = true }, length = 30, rule = "counted" }, o)
  eq({ #st, #dg }, { 6, 6 })
  local centre = grid.area({ shape = "line", origin = { 0, 0, corner = true }, toward = { 9, 9, corner = true }, length = 30 }, o)
  eq(#centre ~= 6, true, "the centre rule does not keep the count: the DMG's does")
  for _, L in ipairs({ 10, 30, 60 }) do
    local n = math.floor(L / 5)
    local a = grid.area({ shape = "cone", origin = { 5, 5, corner = true }, toward = { 9, 5, corner = true }, length = L, rule = "counted" }, o)
    local b = grid.area({ shape = "cone", origin = { 5, 5, corner = true }, toward = { 1, 9, corner = true }, length = L, rule = "counted" }, o)
    eq({ #a, #b }, { n * (n + 1) / 2, n * (n + 1) / 2 }, L .. "-ft cone")
  end
end)

test("DMG-GRID-08: the movement actions with other modes: a shark runs swimming, a flier charges", function()
  eq(G.mode_distance("run", { land = 0, swim = 60 }, "swim"), 240)
  eq(G.mode_distance("charge", { land = 30, fly = 90 }, "fly"), 180)
  eq(G.mode_distance("double_move", 30), 60)
  fails(function() G.mode_distance("run", { land = 30 }, "swim") end, "no swim speed")
  -- climbing down a low wall (climb 10 ft a move here) then walking on
  local speeds = { land = 30, climb = 10 }
  eq({ G.mixed_move("move", speeds, { { mode = "climb", feet = 5 }, { mode = "land", feet = 15 } }) }, { true, 1 })
  eq(G.mixed_move("move", speeds, { { mode = "climb", feet = 5 }, { mode = "land", feet = 20 } }), false)
end)

test("DMG-GRID-10 (TV-27): the faster always wins a chase; equal speeds: opposed Dex, a long chase Con", function()
  local fleer, pursuer = { speed = 30, dex = 12, con = 10 }, { speed = 30, dex = 12, con = 14 }
  eq(G.chase({ speed = 40 }, { speed = 30 }).how, "faster")
  eq(G.chase({ speed = 20 }, { speed = 30 }), { escaped = false, how = "slower" })
  dice.force{ 13, 11 }
  local r = G.chase(fleer, pursuer)
  eq({ r.escaped, r.how, r.check.a, r.check.b, r.rounds }, { true, "dex", 14, 12, 3 })
  dice.force{ 11, 13 }
  eq(G.chase(fleer, pursuer).escaped, false, "12 vs 14: caught")
  dice.force{ 13, 11 }
  r = G.chase(fleer, pursuer, { long = true })
  eq({ r.escaped, r.how, r.check.a, r.check.b }, { false, "con", 13, 13 }, "a tie goes to the higher modifier: the pursuer's Con 14")
end)

test("DMG-GRID-11: in a corridor a cleric squeezes past the ally between it and a dying fighter (a DM option)", function()
  local rows = { "#######", "#.....#", "#######" }
  local all = arena(rows, { { id = "cleric", side = "a", at = { 1, 1 }, stat = body("cleric") },
    { id = "ally", side = "a", at = { 2, 1 }, stat = body("ally") },
    { id = "fighter", side = "a", at = { 4, 1 }, stat = body("fighter") } }, { acted = true })
  local p = G.path(all.cleric, { 3, 1 }, { budget = 30 })
  eq(p.path[1], { x = 2, y = 1 }, "through the ally's square")
  G.squeeze_past_allies = false
  eq(G.path(all.cleric, { 3, 1 }, { budget = 30 }).ok, false, "the DM's other choice: allies block")
  eq(all.ally:has_tag("fills_space"), false)
  G.squeeze_past_allies = true
end)

test("DMG-GRID-12: a miss that reached touch AC but not AC is 'the armour stopped it'", function()
  local knight = body("knight", { ac = { armor = 8 } })
  local all = arena(OPEN, { { id = "a", side = "a", at = { 0, 0 }, stat = body("a") },
    { id = "knight", side = "b", at = { 1, 0 }, stat = knight } }, { acted = true })
  dice.force{ 12 }
  local r = fight.strike(all.a, all.knight, "Club")
  eq({ r.hit, r.total, G.why_missed(r, knight.ac_types) }, { false, 13, "armor" }, "13: past touch AC 10, short of AC 18")
  dice.force{ 5 }
  r = fight.strike(all.a, all.knight, "Club")
  eq(G.why_missed(r, knight.ac_types), "missed")
  eq({ G.miss_reason(18, 18, 10), G.miss_reason(9, 18, 10), G.miss_reason(12, 18, 10) }, { nil, "missed", "armor" })
end)
