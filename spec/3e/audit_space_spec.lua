-- Audit of space and movement on the 3.0 battle map, written from the inventories alone.
-- ruleset: 3e
-- What is checked: the squares a creature threatens (reach weapons, Large tall, long and Huge
-- creatures, unarmed and grappling creatures), what provokes there (moving out of a threatened
-- square, a ranged attack, standing up), the move-only turn and the run, the charge and the
-- partial charge, flanking, shooting into melee, cover (a creature in the way) and what it
-- does to attacks of opportunity, concealment, Combat Reflexes, the 5-10-5 diagonals. The
-- unarmed and grappling cases found the rule fixes of space.unarmed and no_threat.
-- covers: 3E-AOO-01 3E-AOO-02 3E-AOO-03 3E-AOO-06 3E-AOO-07 3E-ATK-07 3E-ATK-14 3E-ATK-15 3E-ATK-17
-- covers: 3E-POS-01 3E-POS-03 3E-POS-04 3E-POS-07 3E-COVER-01 3E-COVER-02 3E-COVER-04
-- covers: 3E-COVER-05 3E-CONC-01 3E-UNARMED-01 3E-GRAP-14 3E-ACTION-04 3E-ACTION-17 3E-ACTION-24
local S = require("core.3e.statblock")
local arena0 = require("core.3e.arena")
local turn = require("core.3e.turn")

local function arena(rows, list) return arena0(rows, list, { acted = true }) end

local OPEN = { "..........", "..........", "..........", "..........", "..........", "..........", ".........." }
local SPEAR = { { name = "Longspear", damage = "1d8", reach = true } }
local BOW = { { name = "Bow", damage = "1d6", range = 60 } }
local UNARMED = { { name = "Unarmed strike", damage = "1d3" } }

-- AC 10 + armour 4 + Dex 1 = 15; melee +4 (BAB 2, Str 2), ranged +3
local function man(id, extra)
  local t = { id = id, hp = 30, bab = 2, abilities = { str = 14, dex = 12 }, ac = { armor = 4 },
    weapons = { { name = "Sword", damage = "1d8" }, { name = "Bow", damage = "1d6", range = 60 } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local function ogre(weapons)
  return S.build{ id = "ogre", size = "large", hp = 30, bab = 3, abilities = { str = 21 },
    weapons = weapons or { { name = "Greatclub", damage = "2d6", two_handed = true } } }
end

local function ids(list)
  local out = {}
  for _, c in ipairs(list or {}) do out[#out + 1] = c:get("id") end
  table.sort(out)
  return table.concat(out, " ")
end

-- whether a's attack reaches a target placed on each square of list
local function reach_map(all, a, t, attack, list)
  local out = {}
  for _, p in ipairs(list) do
    fight.place(t, p[1], p[2])
    out[#out + 1] = fight.reaches(a, t, attack) and 1 or 0
  end
  return out
end

-- covers: 3E-ATK-07 3E-AOO-01 3E-ROUND-04
test("audit 3E-ATK-07: a Medium longspear threatens 10 ft but not the adjacent squares (5-10-5 distances)", function()
  local all = arena(OPEN, { { id = "p", side = "a", at = { 2, 2 }, stat = man("p", { weapons = SPEAR }) },
    { id = "o", side = "b", at = { 3, 2 }, stat = man("o") } })
  -- offsets (1,0) 5 ft, (1,1) 5 ft, (2,0) 10 ft, (2,1) 10 ft, (2,2) 15 ft, (3,0) 15 ft
  eq(reach_map(all, all.p, all.o, "Longspear", { { 3, 2 }, { 3, 3 }, { 4, 2 }, { 4, 3 }, { 4, 4 }, { 5, 2 } }),
    { 0, 0, 1, 1, 0, 0 })
end)

-- covers: 3E-AOO-01 3E-AOO-02 3E-AOO-08
-- vectors: B-02
test("audit 3E-AOO-01/02: around a longspear, moving among adjacent squares or into the 10-ft ring provokes nothing; leaving the ring does", function()
  local all = arena(OPEN, { { id = "p", side = "a", at = { 2, 2 }, stat = man("p", { weapons = SPEAR }) },
    { id = "o", side = "b", at = { 3, 2 }, stat = man("o") } })
  dice.force({}, { mixed = true })
  local r = fight.move(all.o, { 3, 3 }, { path = { { 3, 3 } } })
  eq(ids(r.opportunity), "", "adjacent to adjacent: neither square is threatened")
  r = fight.move(all.o, { 3, 4 }, { path = { { 3, 4 } } })
  eq(ids(r.opportunity), "", "out of an unthreatened square into the ring: entering does not provoke")
  dice.force{ 1 }
  r = fight.move(all.o, { 3, 3 }, { path = { { 3, 3 } } })
  eq(ids(r.opportunity), "p", "out of the 10-ft ring (threatened) toward him")
end)

-- covers: 3E-AOO-02 3E-ATK-07 3E-ACTION-13
test("audit 3E-AOO-02: a ranged attack next to a longspear wielder provokes nothing; from 10 ft it provokes", function()
  local all = arena(OPEN, { { id = "p", side = "a", at = { 2, 2 }, stat = man("p", { weapons = SPEAR }) },
    { id = "o", side = "b", at = { 3, 2 }, stat = man("o") } })
  eq(ids(fight.provoke(all.o)), "", "the adjacent square is not threatened")
  fight.place(all.o, 4, 2)
  dice.force{ 1 }
  eq(ids(fight.provoke(all.o)), "p")
  eq(fight.remaining(all.p, "aoo"), 0)
end)

-- covers: 3E-POS-03 3E-POS-04 3E-AOO-01
-- vectors: Table-8-7
test("audit Table 8-7: a Large (tall) ogre fills one 5-ft square and threatens out to 10 ft, adjacent squares included", function()
  local o = ogre()
  eq({ o.space.w, o.space.h, o.attacks[1].reach }, { 1, 1, 10 })
  local all = arena(OPEN, { { id = "ogre", side = "a", at = { 2, 2 }, stat = o },
    { id = "t", side = "b", at = { 3, 2 }, stat = man("t") } })
  -- (1,0) 5, (1,1) 5, (2,1) 10, (2,2) 15, (3,0) 15
  eq(reach_map(all, all.ogre, all.t, "Greatclub", { { 3, 2 }, { 3, 3 }, { 4, 3 }, { 4, 4 }, { 5, 2 } }), { 1, 1, 1, 0, 0 })
end)

-- covers: 3E-POS-07
-- vectors: EX-23 A-12
test("audit EX-23: a Large creature with a longspear hits at 15-20 ft, not at 5-10 ft", function()
  local all = arena(OPEN, { { id = "ogre", side = "a", at = { 1, 2 }, stat = ogre(SPEAR) },
    { id = "t", side = "b", at = { 2, 2 }, stat = man("t") } })
  -- 5, 10, 15, 20, 25 ft straight; three diagonals (5+10+5 = 20 ft)
  eq(reach_map(all, all.ogre, all.t, "Longspear", { { 2, 2 }, { 3, 2 }, { 4, 2 }, { 5, 2 }, { 6, 2 }, { 4, 5 } }),
    { 0, 0, 1, 1, 0, 1 })
end)

-- covers: 3E-POS-03 3E-POS-04 DMG-GRID-02
-- vectors: Table-8-7
test("audit Table 8-7: Huge (tall) is 10 x 10 ft with reach 15; Large (long) a horse 5 x 10 with reach 5", function()
  local giant = S.build{ id = "giant", size = "huge", hp = 60, bab = 3, abilities = { str = 21 },
    weapons = { { name = "Club", damage = "2d6" } } }
  eq({ giant.space.w, giant.space.h, giant.attacks[1].reach }, { 2, 2, 15 })
  local all = arena(OPEN, { { id = "giant", side = "a", at = { 2, 2 }, stat = giant },
    { id = "t", side = "b", at = { 6, 2 }, stat = man("t") } })
  -- from its square (3,3): (6,2) 15 ft, (7,2) 20, (5,5) two diagonals 15, (6,5) 20, (6,6) 20
  eq(reach_map(all, all.giant, all.t, "Club", { { 6, 2 }, { 7, 2 }, { 5, 5 }, { 6, 5 }, { 6, 6 } }), { 1, 0, 1, 0, 0 })
  local horse = S.build{ id = "horse", size = "large", shape = "long", hp = 20, natural = { { name = "Hoof", damage = "1d6" } } }
  eq({ horse.space.w, horse.space.h, horse.attacks[1].reach }, { 1, 2, 5 })
  all = arena(OPEN, { { id = "h", side = "a", at = { 2, 2 }, stat = horse }, { id = "t", side = "b", at = { 1, 4 }, stat = man("t") } })
  eq(reach_map(all, all.h, all.t, "Hoof", { { 1, 4 }, { 2, 5 }, { 3, 1 }, { 4, 2 } }), { 1, 0, 1, 0 })
end)

-- covers: 3E-UNARMED-01 3E-UNARMED-02 3E-AOO-01 3E-AOO-02
test("audit 3E-UNARMED-01: an unarmed commoner threatens nothing: walking away from him provokes nothing", function()
  local all = arena(OPEN, { { id = "brawler", side = "a", at = { 2, 2 }, stat = man("brawler", { weapons = UNARMED }) },
    { id = "o", side = "b", at = { 3, 2 }, stat = man("o") } })
  dice.force({}, { mixed = true })
  local r = fight.move(all.o, { 5, 2 }, { path = { { 4, 2 }, { 5, 2 } } })
  eq(ids(r.opportunity), "", "an unarmed target threatens nothing, like one holding only a bow")
end)

-- covers: 3E-UNARMED-01 3E-AOO-01
test("audit 3E-UNARMED-01: a creature holding only a bow threatens nothing", function()
  local all = arena(OPEN, { { id = "archer", side = "a", at = { 2, 2 }, stat = man("archer", { weapons = BOW }) },
    { id = "o", side = "b", at = { 3, 2 }, stat = man("o") } })
  dice.force({}, { mixed = true })
  local r = fight.move(all.o, { 5, 2 }, { path = { { 4, 2 }, { 5, 2 } } })
  eq(ids(r.opportunity), "")
end)

-- covers: 3E-POS-01 3E-MOD-02 3E-ATK-07
test("audit 3E-POS-01: an ally whose longspear threatens from 10 ft directly opposite flanks (+2); a bow-only ally does not", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = man("a") },
    { id = "ally", side = "a", at = { 5, 2 }, stat = man("ally", { weapons = SPEAR }) },
    { id = "d", side = "b", at = { 3, 2 }, stat = man("d") } })
  local s = fight.assess(all.a, all.d, "Sword")
  eq({ s.bonus, s.flanked }, { 2, true })
  all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = man("a") },
    { id = "ally", side = "a", at = { 4, 2 }, stat = man("ally", { weapons = BOW }) },
    { id = "d", side = "b", at = { 3, 2 }, stat = man("d") } })
  eq(fight.assess(all.a, all.d, "Sword").bonus, 0, "a bow threatens nothing")
end)

-- covers: 3E-POS-01 3E-UNARMED-01
test("audit 3E-POS-01: an unarmed ally directly opposite does not threaten, so no flanking", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = man("a") },
    { id = "ally", side = "a", at = { 4, 2 }, stat = man("ally", { weapons = UNARMED }) },
    { id = "d", side = "b", at = { 3, 2 }, stat = man("d") } })
  eq(fight.assess(all.a, all.d, "Sword").bonus, 0)
end)

-- covers: 3E-POS-01 3E-GRAP-14
test("audit 3E-GRAP-14: a grappling ally threatens no squares, so it does not flank", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 4, 2 }, stat = man("a") },
    { id = "gr", side = "a", at = { 2, 2 }, stat = man("gr") },
    { id = "d", side = "b", at = { 3, 2 }, stat = man("d") },
    { id = "x", side = "b", at = { 9, 6 }, stat = man("x") } })
  all.gr:add_condition("grappling", { source = "x" })
  eq(fight.assess(all.a, all.d, "Sword").bonus, 0)
end)

-- covers: 3E-POS-01 3E-POS-05
test("audit 3E-POS-01: flanking diagonally, and a Huge defender between two attackers on opposite faces", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 1 }, stat = man("a") },
    { id = "ally", side = "a", at = { 4, 3 }, stat = man("ally") },
    { id = "d", side = "b", at = { 3, 2 }, stat = man("d") } })
  eq(fight.assess(all.a, all.d, "Sword").bonus, 2, "corner to corner, directly opposite")
  fight.place(all.ally, 4, 2)
  eq(fight.assess(all.a, all.d, "Sword").bonus, 0, "(4,2) is not opposite (2,1)")
  local giant = S.build{ id = "d", size = "huge", hp = 60, bab = 3, abilities = { str = 21 },
    weapons = { { name = "Club", damage = "2d6" } } }
  all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = man("a") },
    { id = "ally", side = "a", at = { 5, 2 }, stat = man("ally") },
    { id = "d", side = "b", at = { 3, 2 }, stat = giant } })
  eq(fight.assess(all.a, all.d, "Sword").bonus, 2, "west and east of its 10-ft face")
end)

-- covers: 3E-ATK-14 3E-ATK-15
-- vectors: B-35
test("audit 3E-ATK-14/15: -4 shooting at a foe engaged with an ally; none with Precise Shot, none 10 ft from the ally", function()
  local function shoot(ally, ax, target, extra)
    local all = arena(OPEN, { { id = "a", side = "a", at = { 0, 0 }, stat = man("a", extra) },
      { id = "ally", side = "a", at = { ax, 3 }, stat = ally },
      { id = "t", side = "b", at = { 6, 3 }, stat = target or man("t") } })
    return fight.assess(all.a, all.t, "Bow").bonus
  end
  eq(shoot(man("ally"), 5), -4)
  eq(shoot(man("ally"), 5, nil, { feats = { "precise_shot" } }), 0)
  eq(shoot(man("ally", { weapons = SPEAR }), 4, man("t", { weapons = SPEAR })), 0,
    "each threatens the other from 10 ft, but the target is 10 ft from the ally")
end)

-- covers: 3E-ATK-14
test("audit 3E-ATK-14: not engaged unless each threatens the other: a target with only a longspear next to the ally", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 0, 0 }, stat = man("a") },
    { id = "ally", side = "a", at = { 5, 3 }, stat = man("ally") },
    { id = "t", side = "b", at = { 6, 3 }, stat = man("t", { weapons = SPEAR }) } })
  eq(fight.assess(all.a, all.t, "Bow").bonus, 0, "the target does not threaten the adjacent ally")
end)

-- covers: 3E-ATK-14 3E-UNARMED-01
test("audit 3E-ATK-14: not engaged when the ally beside the target is unarmed (he threatens nothing)", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 0, 0 }, stat = man("a") },
    { id = "ally", side = "a", at = { 5, 3 }, stat = man("ally", { weapons = UNARMED }) },
    { id = "t", side = "b", at = { 6, 3 }, stat = man("t") } })
  eq(fight.assess(all.a, all.t, "Bow").bonus, 0)
end)

-- covers: 3E-ATK-14 3E-HELP-01
test("audit 3E-ATK-14: a paralysed target beside the ally is not engaged: no -4 (and no ranged bonus for helpless)", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 0, 0 }, stat = man("a") },
    { id = "ally", side = "a", at = { 5, 3 }, stat = man("ally") },
    { id = "t", side = "b", at = { 6, 3 }, stat = man("t") } })
  all.t:add_condition("paralyzed")
  eq(fight.assess(all.a, all.t, "Bow").bonus, 0)
end)

-- covers: 3E-COVER-01 3E-COVER-04 3E-COVER-05
-- vectors: Table-8-9
test("audit 3E-COVER-05: a same-size creature in the way gives 1/2 cover (+4) to a shot, and stops a reach AoO past it", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 0, 2 }, stat = man("a") },
    { id = "f", side = "a", at = { 3, 2 }, stat = man("f", { weapons = BOW }) },
    { id = "d", side = "b", at = { 6, 2 }, stat = man("d") } })
  eq(fight.cover(all.d, all.a), "half")
  eq(fight.assess(all.a, all.d, "Bow").ac, 19)
  all = arena(OPEN, { { id = "p", side = "a", at = { 1, 1 }, stat = man("p", { weapons = SPEAR }) },
    { id = "f", side = "a", at = { 2, 1 }, stat = man("f", { weapons = BOW }) },
    { id = "o", side = "b", at = { 3, 1 }, stat = man("o", { weapons = BOW }) } })
  dice.force({}, { mixed = true })
  local r = fight.move(all.o, { 3, 0 }, { path = { { 3, 0 } } })
  eq(ids(r.opportunity), "", "the orc has 1/2 cover from the pikeman: no AoO")
end)

-- covers: 3E-ATK-17 3E-ACTION-24 3E-MOVE-02
-- vectors: B-13
test("audit 3E-ATK-17: a charge moves 10 ft to 2 x speed, +2 to hit; a partial charge only up to speed", function()
  local all = arena(OPEN, { { id = "c", side = "a", at = { 0, 0 }, stat = man("c") },
    { id = "t", side = "b", at = { 9, 6 }, stat = man("t") } })
  local t = turn.start(all.c)
  eq({ t:charge(5) }, { false, "a charge moves at least 10 ft (5)" })
  t = turn.start(all.c)
  eq({ t:charge(60) }, { true, 2 })
  t = turn.start(all.c)
  eq((t:charge(65)), false)
  t = turn.start(all.c, { surprise = true })
  eq((t:charge(35)), false, "partial charge: 30 ft at most")
  t = turn.start(all.c, { surprise = true })
  eq({ t:charge(30) }, { true, 2 })
end)

-- covers: 3E-ATK-17 3E-ATK-07 3E-AC-08
test("audit 3E-ATK-17: a charging longspear stops at the first square 10 ft from its target, +2, and the charger is at -2 AC", function()
  local function fighter(id, extra)
    local t = { id = id, hp = 30, bab = 6, abilities = { str = 14, dex = 10 }, ac = { armor = 4 }, speed = 30,
      weapons = { { name = "Sword", damage = "1d8" } } }
    for k, v in pairs(extra or {}) do t[k] = v end
    return S.build(t)
  end
  dice.force({ 10, 10, 10 }, { mixed = true }) -- the two initiative rolls, then f's attack roll
  local r = fight.run(fight.encounter{ map = { rows = { "..........", ".1......2.", ".........." } }, max_rounds = 1, sides = {
    { name = "a", members = { { stat = fighter("f", { init = 20, weapons = SPEAR }) } } },
    { name = "b", members = { { stat = fighter("g", { hp = 200, init = -20 }) } } } } }, { trace = true })
  local log = table.concat(r.log, "\n")
  ok(string.find(log, "f charges g", 1, true) ~= nil, log)
  ok(string.find(log, "f %a+ g with Longspear at 10 ft: 20 vs 14") ~= nil, "10 + 6 + 2 + 2 (charge) at 10 ft: " .. log)
  ok(string.find(log, "vs 12", 1, true) ~= nil, "g's attacks on f: AC 14 - 2: " .. log)
end)

-- covers: 3E-AOO-03 3E-ACTION-04 3E-ACTION-17
-- vectors: B-01
test("audit 3E-AOO-03: a double move is a move-only turn (safe start square); a run is not", function()
  local all = arena(OPEN, { { id = "c", side = "a", at = { 0, 0 }, stat = man("c") },
    { id = "t", side = "b", at = { 9, 6 }, stat = man("t") } })
  local t = turn.start(all.c)
  ok(t:double_move(60))
  eq(t:move_only(), true)
  t = turn.start(all.c)
  eq((t:double_move(65)), false, "2 x 30 ft at most")
  t = turn.start(all.c)
  ok(t:run(120))
  eq(t:move_only(), false)
  eq((t:step()), false, "a run allows no 5-foot step")
end)

-- covers: 3E-AOO-06 3E-AOO-05
test("audit 3E-AOO-06: with Combat Reflexes, a move out of a threatened square and then a shot are two opportunities", function()
  local all = arena(OPEN, { { id = "f", side = "a", at = { 3, 2 }, stat = man("f", { feats = { "combat_reflexes" }, abilities = { str = 14, dex = 14 } }) },
    { id = "o", side = "b", at = { 3, 3 }, stat = man("o") } })
  dice.force{ 1, 1 }
  local r = fight.move(all.o, { 4, 3 }, { path = { { 4, 3 } } })
  eq(ids(r.opportunity), "f")
  eq(fight.remaining(all.f, "aoo"), 2)
  dice.force({ 1 }, { mixed = true })
  fight.strike(all.o, all.f, "Bow")
  eq(fight.remaining(all.f, "aoo"), 1, "the shot is a second opportunity")
end)

-- covers: 3E-ACTION-03 3E-AOO-02
-- vectors: Table-8-4
test("audit Table 8-4: standing up from prone is a move-equivalent action that provokes nothing in 3.0", function()
  local all = arena(OPEN, { { id = "f", side = "a", at = { 3, 2 }, stat = man("f") },
    { id = "o", side = "b", at = { 3, 3 }, stat = man("o") } })
  eq(turn.provokes("stand_up"), "no")
  all.o:add_condition("prone")
  local t = turn.start(all.o)
  ok(t:move_equivalent("stand_up"))
  eq(all.o:has("prone"), false)
  eq(#fight.strikes(), 0)
  eq(fight.remaining(all.f, "aoo"), 1)
end)

-- covers: 3E-CONC-01
-- vectors: Table-8-10
test("audit 3E-CONC-01: one-quarter concealment: d% 10 misses, 11 hits", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 1, 1 }, stat = man("a") },
    { id = "t", side = "b", at = { 2, 1 }, stat = man("t") } })
  all.t:add_condition("concealed_quarter")
  eq(fight.assess(all.a, all.t, "Sword").miss_chance, 10)
  dice.force{ 15, 10 }
  eq(fight.strike(all.a, all.t, "Sword").hit, false)
  dice.force{ 15, 11, 4 }
  local r = fight.strike(all.a, all.t, "Sword")
  eq({ r.hit, r.damage }, { true, 6 })
end)

-- covers: 3E-ROUND-04 3E-ACTION-04 3E-MOVE-02
test("audit [K] 5-10-5 diagonals: the count carries over from one move to the next in a turn; a double move doubles the 30 ft", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 0, 0 }, stat = man("a") },
    { id = "z", side = "b", at = { 9, 6 }, stat = man("z") } })
  eq(fight.movement_left(all.a), 30)
  local r = fight.move(all.a, { 1, 1 }, { path = { { 1, 1 } } })
  eq(r.cost, 5)
  r = fight.move(all.a, { 2, 2 }, { path = { { 2, 2 } } })
  eq(r.cost, 10, "the second diagonal of the turn")
  eq(fight.movement_left(all.a), 15)
  ok(fight.dash(all.a))
  eq(fight.movement_left(all.a), 45)
end)

-- covers: 3E-AOO-02 3E-MAGIC-10 3E-ATK-07
test("audit 3E-AOO-02: casting beside a longspear wielder provokes nothing; casting 10 ft from him provokes", function()
  local magic = require("core.3e.magic")
  local wizard = require("core.3e.classes.wizard")
  local m = wizard.build{ id = "mialee", level = 1, abilities = { dex = 16, con = 10, int = 17 },
    weapons = { { name = "Dagger", damage = "1d4" } } }
  local all = arena(OPEN, { { id = "p", side = "a", at = { 2, 2 }, stat = man("p", { weapons = SPEAR }) },
    { id = "mialee", side = "b", at = { 3, 2 }, stat = m } })
  local mm = magic.spell.magic_missile
  eq(magic.begin(all.mialee, mm), true)
  eq({ #fight.strikes(), fight.remaining(all.p, "aoo") }, { 0, 1 }, "the adjacent square is not threatened")
  fight.place(all.mialee, 4, 2)
  dice.force{ 1 }
  eq(magic.begin(all.mialee, mm), true)
  eq({ #fight.strikes(), fight.remaining(all.p, "aoo") }, { 1, 0 })
end)
