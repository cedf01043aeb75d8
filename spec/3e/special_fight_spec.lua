-- ruleset: 3e
-- The special attacks played in fights on a map, with forced dice: bull
-- rush, overrun, disarm, striking a weapon, unarmed attacks, splash
-- weapons.
-- covers: 3E-BULL-01 3E-BULL-02 3E-BULL-03 3E-BULL-04 3E-OVER-01 3E-OVER-02 3E-OVER-03 3E-OVER-04
-- covers: 3E-DISARM-01 3E-DISARM-02 3E-SUNDER-01 3E-SPLASH-01 3E-AOO-09 3E-MON-05 3E-MON-06 3E-TRIP-02 3E-TRIP-03
local S = require("core.3e.statblock")
local MV = require("core.3e.special.maneuvers")
local unarmed = require("core.3e.special.unarmed")
local splash = require("core.3e.special.splash")
local objects = require("core.3e.special.objects")

local function pc(id, opts)
  opts = opts or {}
  return S.build{ id = id, hp = opts.hp or 30, bab = opts.bab or 1, size = opts.size, speed = 30,
    abilities = opts.abilities or { str = 14 }, tags = opts.tags, ac = opts.ac,
    weapons = opts.weapons or { { name = "Sword", damage = "1d8" } }, natural = opts.natural }
end

-- a map fight of creatures placed at squares, in initiative order
local function map_fight(rows, list)
  fight.table()
  fight.set_map{ rows = rows }
  local out, faces = {}, {}
  for i, x in ipairs(list) do
    out[i] = fight.add(x[1], { side = x[2] })[1]
    fight.place(out[i], x[3], x[4])
    faces[#faces + 1] = 21 - i
  end
  dice.force(faces)
  fight.begin()
  for _, c in ipairs(out) do c:remove_condition("flat_footed") end
  return out
end

local HALL = { "##########", "#........#", "#........#", "#........#", "##########" }

test("bull rush: opposed Str (+4 a size above Medium, +2 charging), push 5 ft and 5 more per 5 points when following", function()
  local f = map_fight(HALL, { { pc("krusk", { abilities = { str = 18 } }), "party", 2, 2 },
    { pc("orc", { abilities = { str = 12 } }), "foes", 3, 2 } })
  local k, orc = f[1], f[2]
  -- the orc's attack of opportunity as krusk moves in: 5 + 1 misses AC 10?
  -- (1 + 1 + 5 = 7 < 10); Str: krusk 12 + 4 + 2 (charging) = 18, orc 2 + 1 = 3: margin 15
  dice.force{ 5, 12, 2 }
  local r = MV.bull_rush(k, orc, { charging = true, follow = true })
  eq({ r.check.a, r.check.b, r.won, r.pushed }, { 18, 3, true, 20 }, "5 + 5 x 3 for a margin of 15, within 30 ft")
  eq({ fight.pos(orc), fight.pos(k) }, { { x = 7, y = 2 }, { x = 6, y = 2 } })
  eq(fight.remaining(k, "aoo"), 1, "the pushed orc never provokes from krusk")
end)

test("bull rush: not following, 5 ft; a loss sends the rusher 5 ft back, prone if that square is taken", function()
  local f = map_fight(HALL, { { pc("krusk", { abilities = { str = 18 } }), "party", 2, 2 },
    { pc("ogre", { abilities = { str = 21 }, size = "large" }), "foes", 3, 2 },
    { pc("lidda"), "party", 1, 2 } })
  local k, ogre = f[1], f[2]
  -- the ogre's AoO 2 + 1 + 5 - 1 misses; krusk 3 + 4 = 7 against the
  -- ogre 10 + 5 + 4 (Large) = 19: he falls back to (1, 2), lidda's: prone
  dice.force{ 2, 3, 10 }
  local r = MV.bull_rush(k, ogre)
  eq({ r.won, r.fell }, { false, true })
  ok(k:has("prone"))
  eq(fight.pos(k), { x = 2, y = 2 })
  local huge = pc("giant", { size = "huge" })
  local g = fight.add(huge, { side = "foes" })[1]
  eq(MV.bull_rush(k, g).refused, "the defender is more than one size category larger")
end)

test("bull rush: others' attacks of opportunity on the rusher may hit the defender (25%, rolled first)", function()
  local f = map_fight(HALL, { { pc("krusk", { abilities = { str = 18 } }), "party", 2, 2 },
    { pc("orc", { abilities = { str = 12 } }), "foes", 3, 2 }, { pc("gob"), "foes", 2, 1 } })
  local k, orc = f[1], f[2]
  -- orc's AoO: 1 (miss); gob's: d% 20 (astray, at the orc): 15 + 1 + 2
  -- hits orc's AC 10 for 1d8 4 + 2; then Str 10 + 4 against 1 + 1
  dice.force{ 1, 20, 15, 4, 10, 1 }
  MV.bull_rush(k, orc)
  eq({ orc:get("hp"), k:get("hp") }, { 24, 30 })
end)

test("overrun: at least 10 ft of charge; the defender avoids or blocks with a trip; failing, 5 ft back or prone", function()
  local f = map_fight(HALL, { { pc("krusk", { abilities = { str = 18 } }), "party", 2, 2 },
    { pc("orc", { abilities = { str = 12, dex = 10 } }), "foes", 3, 2 } })
  local k, orc = f[1], f[2]
  eq(MV.overrun(k, orc, { moved = 5 }).refused, "an overrun needs at least 10 ft of straight charge toward the defender")
  local r = MV.overrun(k, orc, { moved = 10, choice = "avoid" })
  eq({ r.passed, fight.pos(k) }, { true, { x = 4, y = 2 } }, "the orc steps aside: krusk goes through")
  fight.place(k, 2, 2)
  -- block: krusk's trip: touch 10 + 1 + 4 hits AC 10; Str 12 + 4 vs the orc's 17 + 1: fails;
  -- the orc trips back: 14 + 1 vs krusk's 5 + 4: krusk falls prone in front of it
  dice.force{ 10, 12, 17, 14, 5 }
  r = MV.overrun(k, orc, { moved = 10, choice = "block" })
  eq({ r.passed, r.fell, fight.pos(k) }, { nil, true, { x = 2, y = 2 } })
  ok(k:has("prone"), "3E-TRIP-03: prone")
  k:remove_condition("prone")
  -- block, krusk fails and is not tripped back: 5 ft back
  dice.force{ 10, 12, 17, 2, 15 }
  r = MV.overrun(k, orc, { moved = 10, choice = "block" })
  eq({ r.back, fight.pos(k) }, { true, { x = 1, y = 2 } })
  -- the defender chooses by default: block when it trips as well as krusk
  fight.place(k, 2, 2)
  r = MV.overrun(k, orc, { moved = 10 })
  eq({ r.choice, r.passed }, { "avoid", true }, "the orc (+1) would lose to krusk (+4): it avoids")
end)

test("disarm: the defender's attack of opportunity, opposed attack rolls, +4 a size of weapon, +4 two-handed; a loss lets it disarm back", function()
  local f = map_fight(HALL, { { pc("tordek", { bab = 3, abilities = { str = 14 } }), "party", 2, 2 },
    { pc("orc", { bab = 1, abilities = { str = 14 } }), "foes", 3, 2 } })
  local t, orc = f[1], f[2]
  -- AoO 2 (miss); tordek 10 + 5 + 4 (his Large weapon) = 19, orc 12 + 3 + 4 (two-handed) = 19:
  -- the higher modifier wins: tordek's +9 against +7
  dice.force{ 2, 10, 12 }
  local r = MV.disarm(t, orc, { weapon_size = "large", two_handed = true })
  eq({ r.check.a, r.check.b, r.won }, { 19, 19, true })
  ok(orc:has("disarmed"))
  eq(fight.strike(orc, t, "Sword").refused, "attacker disarmed: no Sword", "the kernel refuses the lost weapon")
  orc:remove_condition("disarmed")
  -- a loss: the orc tries back at once, no attack of opportunity, no
  -- further try (the orc spent its one attack of opportunity already)
  dice.force{ 5, 15, 16, 3 }
  r = MV.disarm(t, orc)
  eq({ r.won, r.countered.won, r.countered.opportunity }, { false, true, nil })
  ok(t:has("disarmed"))
  dice.force{ 5, 10, 10, 10 }
  eq(MV.disarm(t, orc, { locked = true }).check.b, 10 + 3 + 10, "3E-DISARM-02: a locked gauntlet +10")
  orc:add_tag("spiked_gauntlet")
  eq(MV.disarm(t, orc, { target_weapon = "Spiked gauntlet" }).refused, "a spiked gauntlet cannot be disarmed")
end)

test("striking a weapon: an attack of opportunity, opposed attack rolls, damage against hardness and hp", function()
  local axe = { { name = "Greataxe", damage = "1d12", two_handed = true } }
  local f = map_fight(HALL, { { pc("krusk", { bab = 3, abilities = { str = 16 }, weapons = axe }), "party", 2, 2 },
    { pc("orc"), "foes", 3, 2 } })
  local k, orc = f[1], f[2]
  local sword = objects.new{ key = "medium_blade" }
  -- AoO 3 (miss); 15 + 6 against 10 + 3; 1d12 9 + 4 = 13 - hardness 10 = 3: broken (5 hp? no: 2 left)
  dice.force{ 3, 15, 10, 9 }
  local r = MV.sunder(k, orc, sword, { weapon_size = "large", item_attack = "Sword" })
  eq({ r.won, r.damage.dealt, sword.hp, r.damage.broken }, { true, 3, 2, false })
  dice.force{ 15, 10, 12 }
  r = MV.sunder(k, orc, sword, { weapon_size = "large", item_attack = "Sword" })
  eq({ r.damage.broken, orc:has("weapon_broken") }, { true, true })
  eq(MV.sunder(k, orc, objects.new{ key = "tiny_blade" }, { weapon_size = "large" }).refused,
     "the item is more than one size category from the weapon")
end)

test("3E-UNARMED-01, 3E-AOO-09, 3E-MON-06: an unarmed attack on an armed foe draws its attack of opportunity first", function()
  local f = map_fight(HALL, { { pc("peasant", { weapons = { { name = "Unarmed strike", damage = "1d3" } } }), "party", 2, 2 },
    { pc("guard"), "foes", 3, 2 }, { pc("wolf", { tags = { "natural_weapons" }, weapons = {},
      natural = { { name = "Bite", damage = "1d6" } } }), "foes", 2, 1 } })
  local p, guard, wolf = f[1], f[2], f[3]
  eq({ unarmed.armed(guard), unarmed.armed(p) }, { true, false }, "a sword arms the guard; a punch is no weapon")
  -- guard's AoO 15 + 3 hits, 1d8 2 + 2; then the punch 12 + 3, 1d3 2 + 2 subdual
  dice.force{ 15, 2, 12, 2 }
  local r = unarmed.attack(p, guard)
  eq({ p:get("hp"), r.strike.hit, guard:get("nonlethal"), guard:get("hp") }, { 26, true, 4, 30 })
  -- a wolf's bite counts as armed: it threatens, so it strikes first too
  dice.force{ 1, 12, 2 }
  r = unarmed.attack(p, wolf)
  eq(r.opportunity.made, true)
  -- normal damage: -4 on the roll
  dice.force{ 12, 2 }
  r = unarmed.attack(p, guard, { normal = true })
  eq({ r.opportunity.made, r.strike.total }, { false, 12 + 3 - 4 }, "the guard has used its attack of opportunity this round")
end)

test("3E-SPLASH-01: a splash weapon is a ranged touch attack; a hit splashes those within 5 ft, a miss lands 1d6 ft off", function()
  local thrower = pc("thrower", { weapons = { { name = "Flask", damage = "1d6", range = 10, thrown = true } } })
  local f = map_fight(HALL, { { thrower, "party", 1, 2 }, { pc("orc", { ac = { armor = 6 } }), "foes", 4, 2 },
    { pc("gob"), "foes", 5, 2 }, { pc("far"), "foes", 8, 2 } })
  local x, orc, gob, far = f[1], f[2], f[3], f[4]
  -- 11 + 1 - 2 (15 ft: one 10-ft increment) = 10 hits touch AC 10 (the
  -- orc's armour ignored): acid 1d6 5; the goblin beside it takes 1
  dice.force{ 11, 5 }
  local r = splash.throw(x, orc, "acid")
  eq({ r.hit, orc:get("hp"), gob:get("hp"), far:get("hp"), r.splashed }, { true, 25, 29, 30, { "gob" } })
  -- a miss: 1d6 = 6 ft long (1d8 1), +1 ft for the throw's one range
  -- increment (DMG-GRID-04): lands beyond the orc, in the goblin's square
  dice.force{ 2, 6, 1 }
  r = splash.throw(x, orc, "acid")
  eq({ r.hit, r.landed.feet, r.landed.direction }, { false, 7, "long" })
  eq(r.splashed, { "gob", "orc" })
end)
