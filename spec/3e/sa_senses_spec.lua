-- ruleset: 3e
-- Senses, invisibility, gazes, incorporeal, ethereal and gaseous creatures
-- (monsters.abilities.senses, gaze, incorporeal).
-- covers: DMG-SA-09 DMG-SA-15 DMG-SA-27 DMG-SA-28 DMG-SA-39 DMG-SA-43 DMG-SA-25 DMG-SA-26 DMG-SA-19 DMG-SA-24
local S = require("core.3e.statblock")
local SN = require("monsters.abilities.senses")
local G = require("monsters.abilities.gaze")
local INC = require("monsters.abilities.incorporeal")
local D = require("core.3e.damage")

test("TV-34: darkvision 60 in a 30-ft light sees 60; a torch's 20 ft is 40 for low-light vision", function()
  eq(SN.sight_range{ light = 30, darkvision = 60 }, 60)
  eq(SN.sight_range{ light = 20, low_light = true }, 40)
  eq(SN.sight_range{ light = 20 }, 20)
  eq(SN.sight_range{ light = 0, darkvision = 60 }, 60, "no light needed")
end)

test("DMG-SA-9: blindsight: invisibility and darkness nothing; not the ethereal; deafened echolocation; no vacuum", function()
  eq(SN.blindsight{ range = 60, distance = 30 }, true)
  eq(SN.blindsight{ range = 60, distance = 70 }, false)
  eq(SN.blindsight{ range = 60, distance = 30, ethereal = true }, false)
  eq(SN.blindsight{ range = 60, distance = 30, deafened = true, hearing = true }, false)
  eq(SN.blindsight{ range = 60, distance = 30, deafened = true }, true)
  eq(SN.blindsight{ range = 60, distance = 30, vacuum = true }, false)
  ok(SN.blindsight_immune.gaze and SN.blindsight_immune.invisibility)
end)

test("DMG-SA-43: tremorsense along the ground, the target active", function()
  eq(SN.tremorsense{ range = 60, distance = 40, touching_ground = true, target_on_ground = true, active = true }, true)
  eq(SN.tremorsense{ range = 60, distance = 40, touching_ground = true, target_on_ground = true, active = false }, false)
  eq(SN.tremorsense{ range = 60, distance = 40, ground_path = 70, touching_ground = true, target_on_ground = true,
    active = true }, false, "a gap: the way round along the ground is 70 ft")
  eq(SN.tremorsense{ range = 60, distance = 10, touching_ground = false, target_on_ground = true, active = true }, false)
end)

test("TV-44: scent ranges, pinpointing within 5 ft, tracking DCs", function()
  eq({ SN.scent_range("upwind"), SN.scent_range("downwind"), SN.scent_range("upwind", "strong"),
       SN.scent_range("none", "overpowering") }, { 60, 15, 120, 90 })
  eq({ SN.scent(5, "none"), SN.scent(25, "none"), SN.scent(35, "none"), SN.scent(50, "upwind") },
     { "pinpointed", "sensed", "none", "sensed" })
  eq(SN.scent_track_dc(3), 16)
  eq(SN.scent_track_dc(3, { masked = true }), 26)
  eq(SN.scent_track_dc(1, { water = true }), nil)
  eq(SN.scent_track_dc(1, { water = true, water_breather = true }), 12)
  dice.force{ 10 }
  eq(SN.scent_track(6, 3).success, true, "d20 10 + 6 = 16 against 16")
end)

test("TV-40, TV-41: Spot 20/30/40 +20 to pinpoint; Listen 14 - 4 + 2 = 12; Blind-Fight rolls twice", function()
  eq({ SN.spot_invisible("active"), SN.spot_invisible("still"), SN.spot_invisible("active", true),
       SN.spot_invisible("immobile") }, { 20, 30, 40, 40 })
  eq(SN.listen_invisible{ move_silently = 14, speed = "full", distance = 20 }, 12)
  eq(SN.listen_invisible{ move_silently = 14, speed = "full", distance = 20, pinpoint = true }, 32)
  eq(SN.listen_invisible{ combat = true, distance = 0, obstacle = "door" }, 5)
  dice.force{ 30, 70 }
  eq(SN.blind_fight(50), false, "one roll over 50: a hit")
  dice.force{ 10, 40 }
  eq(SN.blind_fight(50), true, "both 50 or less: a miss")
  eq(SN.blind_fight_single(50), 25)
  eq({ SN.locates("spot", { ethereal = true }), SN.locates("spot", { incorporeal = true }),
       SN.locates("scent", { incorporeal = true }), SN.locates("listen", { incorporeal = true, noisy = true }),
       SN.locates("scent", { invisible = true }) }, { false, true, false, true, true })
  eq(SN.invisible_concealment, { known = 50, water = 20 })
end)

local function medusa()
  local stat = { id = "medusa", hp = 33, hd = 6, bab = 6, abilities = { dex = 15 },
    natural = { { name = "Snakes", damage = "1d4" } } }
  G.apply(stat, { name = "petrifying", range = 30, save = "fort", dc = 15, effect = "petrified", active = true })
  return S.build(stat)
end

test("TV-39: averting eyes: 50% no save each opportunity (A-54); 20% miss; closed: no save, 50%; fog rolled apart", function()
  fight.table()
  local m = fight.add(medusa(), { side = "foes" })[1]
  local v = fight.add(S.build{ id = "viewer", hp = 30, saves = { fort = 10 }, weapons = { { name = "Sword", damage = "1d8" } } },
    { side = "party" })[1]
  dice.force{ 20, 1 }
  fight.begin()
  local o = { name = "petrifying", save = "fort", dc = 15, effect = "petrified" }
  v:add_condition("averting_eyes")
  -- the start of its turn: d% 37 <= 50: no save
  dice.force{ 37 }
  eq(G.expose(v, m, o), "averted")
  -- the medusa's active gaze: d% 81: it must save: d20 5 + 10 = 15 saves
  dice.force{ 81, 5 }
  eq(G.expose(v, m, o), "saved")
  -- attacking the medusa: 20% miss, d% 15 misses
  eq(G.miss_chance(v), 20)
  dice.force{ 15 }
  ok(require("check").percentile(G.miss_chance(v)).success)
  -- in fog (20%) and averting: the two chances rolled apart
  dice.force{ 60, 10 }
  eq(G.expose(v, m, { name = "petrifying", save = "fort", dc = 15, effect = "petrified", env_concealment = 20 }),
    "concealment")
  -- eyes closed: no save at all, 50% miss
  v:remove_condition("averting_eyes")
  v:add_condition("eyes_closed")
  eq(G.expose(v, m, o), "eyes closed")
  eq(G.miss_chance(v), 50)
  v:remove_condition("eyes_closed")
  -- an invisible gazer cannot gaze; blindsight is immune; its own kind
  m:add_condition("invisible")
  eq(select(2, G.must_save(v, m, o)), "the gazer is invisible")
  m:remove_condition("invisible")
  v:add_tag("blindsight")
  eq(select(2, G.must_save(v, m, o)), "blindsight")
  v:remove_tag("blindsight")
  eq(select(2, G.must_save(m, m, o)), "immune to its own kind")
  -- passive: at the start of the viewer's own turn, eyes open: d20 1 fails
  dice.force{ 1 }
  fight.next()
  ok(v:has("petrified"), "petrified at the start of its turn")
end)

test("DMG-SA-26: incorporeal: mundane weapons nothing, magic 50% (d% rolled), force and ghost touch whole", function()
  local stat = { id = "ghost", hp = 30, hd = 5, natural = { { name = "Touch", damage = "1d6" } } }
  INC.apply(stat)
  fight.table()
  local g = fight.add(S.build(stat), { side = "foes" })[1]
  dice.force{ 20 }
  fight.begin()
  eq(D.apply(g, { amount = 10, type = "slashing", weapon = {} }).ignored, "non-magical")
  dice.force{ 50 }
  eq(D.apply(g, { amount = 10, type = "slashing", weapon = { enhancement = 1 } }).ignored, "50%")
  dice.force{ 51 }
  eq(D.apply(g, { amount = 10, type = "slashing", weapon = { enhancement = 1 } }).amount, 10)
  eq(D.apply(g, { amount = 4, type = "force", ability = "spell", force = true }).amount, 4)
  eq(D.apply(g, { amount = 4, type = "slashing", weapon = { ghost_touch = true } }).amount, 4)
  eq(g:get("hp"), 12)
  ok(g:has_tag("no_trip") and g:has_tag("no_grapple"))
  eq(fight.attack(g, "Touch").touch, true, "its touches ignore material armour")
  eq({ INC.armour_counts("force"), INC.armour_counts("material") }, { true, false })
end)

test("DMG-SA-19: ethereal: force, gazes and abjurations reach it from the Material Plane, nothing the other way", function()
  eq(INC.affects("material", "ethereal", "force"), true)
  eq(INC.affects("material", "ethereal", "gaze"), true)
  eq(INC.affects("material", "ethereal", "fire"), false)
  eq(INC.affects("ethereal", "material", "force"), false)
  eq(INC.affects("ethereal", "ethereal", "slashing"), true)
  eq(INC.ethereal_sight, 60)
end)

test("DMG-SA-24: gaseous form: DR 20/+1, no armour or natural armour, immune to inhaled effects", function()
  local stat = { id = "vampire_mist", hp = 30, ac = { armor = 4, natural = 6 }, abilities = { dex = 14 },
    natural = { { name = "Slam", damage = "1d6" } } }
  INC.gaseous(stat)
  local b = S.build(stat)
  eq(b.ac, 12, "10 + Dex 2 only")
  fight.table()
  local g = fight.add(b, { side = "foes" })[1]
  dice.force{ 20 }
  fight.begin()
  eq(D.apply(g, { amount = 25, type = "slashing", weapon = {} }).amount, 5)
  eq(D.apply(g, { amount = 25, type = "slashing", weapon = { enhancement = 1 } }).amount, 25)
  ok(g:has_tag("immune_inhaled"))
  eq({ INC.gaseous_spot_dc, INC.gaseous_hide_bonus }, { 15, 20 })
end)
