-- ruleset: 3e
-- The 3.0 damage pipeline (core/3e/damage.lua, DMG inventory §16.2 item 1):
-- SR, save, energy resistance, damage reduction, regeneration, the hit
-- points, the thresholds, in that order; each test below fails if two
-- neighbouring steps were swapped (strict dice: a step that rolls out of
-- turn draws a die the queue does not hold).
-- covers: DMG-SA-14 DMG-SA-37 DMG-SA-38 DMG-SA-20 DMG-SA-13 DMG-SA-23 DMG-SA-41
local S = require("core.3e.statblock")
local D = require("core.3e.damage")
local DR = require("monsters.abilities.damage_reduction")
local ER = require("monsters.abilities.energy_resistance")
local REGEN = require("monsters.abilities.regeneration")
local SR = require("monsters.abilities.spell_resistance")

local function build(id, o)
  o = o or {}
  local stat = { id = id, hp = o.hp or 60, hd = o.hd or 6, bab = 4, abilities = { str = 14, dex = 10, con = 12 },
    saves = { fort = 2, ref = o.ref or 2, will = 2 }, natural = o.natural or { { name = "Claw", damage = "1d6" } },
    weapons = o.weapons, tags = o.tags }
  if o.natural == false then stat.natural = nil end
  if o.dr then DR.apply(stat, o.dr) end
  if o.resist then ER.apply(stat, o.resist) end
  if o.subtype then ER.subtype(stat, o.subtype) end
  if o.regen then REGEN.subdual(stat, o.regen) end
  if o.sr then SR.apply(stat, { value = o.sr }) end
  return S.build(stat)
end

local function table_fight(list)
  fight.table()
  local out, faces = {}, {}
  for i, x in ipairs(list) do
    out[i] = fight.add(x[1], { side = x[2] })[1]
    faces[#faces + 1] = 21 - i
  end
  dice.force(faces)
  fight.begin()
  return unpack(out)
end

test("the steps and their order are the inventory's", function()
  eq(D.steps, { "sr", "save", "resist", "dr", "regen", "apply", "threshold" })
end)

test("TV-43: fire resistance 30 takes what the save left; the round's total; the next round resets it", function()
  local m = table_fight{ { build("salamander", { resist = { fire = 30 } }), "foes" },
                         { build("mage", {}), "party" } }
  -- fireball 18, Reflex d20 15 + 2 = 17 >= 14: 9, all resisted (9 of 30)
  dice.force{ 15 }
  local r = D.apply(m, { amount = 18, type = "fire", ability = "spell", save = { kind = "ref", dc = 14 } })
  eq({ r.saved, r.resisted, r.amount, m:get("hp") }, { true, 9, 0, 60 })
  eq(D.resistance_used(m, "fire"), 9)
  eq(r.steps, { "sr", "save", "resist", "dr", "regen", "apply", "threshold" },
    "every step in order (SR did nothing: no sr flag); the save before the resistance")
  -- a second fire effect the same round: 25 -> 21 resisted, 4 taken
  r = D.apply(m, { amount = 25, type = "fire", ability = "spell" })
  eq({ r.resisted, r.amount, m:get("hp") }, { 21, 4, 56 })
  -- had resistance come before the save, 18 would use 18 of the 30 and
  -- the second effect would take 25 - 12 = 13
  fight.next()
  fight.next()
  eq(fight.round(), 2)
  r = D.apply(m, { amount = 25, type = "fire", ability = "spell" })
  eq({ r.resisted, r.amount }, { 25, 0 }, "the counter is back to 30")
end)

test("SR before the save: a resisted spell rolls no save (strict dice: one d20 only)", function()
  local ogre = table_fight{ { build("ogre_mage", { sr = 18 }), "foes" }, { build("mage", {}), "party" } }
  local caster = fight.get("mage")
  -- caster level 9: d20 8 + 9 = 17 < 18: resisted, no save die drawn
  dice.force{ 8 }
  local r = D.apply(ogre, { amount = 20, type = "fire", ability = "spell", sr = true, caster_level = 9,
    source = caster, save = { kind = "ref", dc = 15 } })
  eq({ r.resisted_by_sr, r.amount, ogre:get("hp"), #dice.pending() }, { true, 0, 60, 0 })
  eq(r.steps, { "sr" })
  -- d20 9 + 9 = 18: affected; then the save (d20 3 + 2 fails): 20
  dice.force{ 9, 3 }
  r = D.apply(ogre, { amount = 20, type = "fire", ability = "spell", sr = true, caster_level = 9,
    save = { kind = "ref", dc = 15 } })
  eq({ r.resisted_by_sr, r.saved, r.amount, ogre:get("hp") }, { nil, false, 20, 40 })
  -- a supernatural ability ignores SR: no SR roll at all
  dice.force{ 1 }
  r = D.apply(ogre, { amount = 4, type = "fire", ability = "su", sr = true, caster_level = 1,
    save = { kind = "ref", dc = 15 } })
  eq({ r.saved, r.amount }, { false, 4 })
end)

test("TV-33: DR 5 against 8 leaves 3; a werewolf's 15/silver against +1, mithral and an air elemental's slam", function()
  local wolf, t = table_fight{ { build("werewolf", { dr = { amount = 15, bypass = "silver" } }), "foes" },
    { build("tordek", { natural = false, weapons = {
      { name = "Longsword +1", damage = "1d8", enhancement = 1 },
      { name = "Mithral longsword", damage = "1d8", material = "mithral" },
      { name = "Silver dagger", damage = "1d4", material = "silver" } } }), "party" } }
  -- +1 longsword: hit 15, 1d8 = 8 +1 +2 (Str) = 11 -> all 11 (rank +1 beats /silver)
  dice.force{ 15, 8 }
  local r = fight.strike(t, wolf, "Longsword +1")
  eq({ r.hit, wolf:get("hp") }, { true, 60 - 11 })
  eq(D.last(wolf).absorbed, nil)
  -- mithral: 1d8 8 + 2 = 10 -> 0, and the hit's riders are off
  dice.force{ 15, 8 }
  fight.strike(t, wolf, "Mithral longsword")
  eq({ wolf:get("hp"), D.last(wolf).absorbed, D.last(wolf).fully_absorbed }, { 49, 10, true })
  ok(D.rider_blocked(wolf, "injury"), "injury poison is negated")
  ok(not D.rider_blocked(wolf, "contact"), "contact poison is not")
  ok(not D.rider_blocked(wolf, "touch"), "nor a touch attack's rider")
  -- silver: bypasses
  dice.force{ 15, 4 }
  fight.strike(t, wolf, "Silver dagger")
  eq(wolf:get("hp"), 49 - 6)
  -- the DR arithmetic: 5 against 8
  eq({ DR.reduce(8, 5, "-", {}) }, { 3, 5 })
  eq({ DR.reduce(12, 15, "silver", { material = "adamantine" }) }, { 0, 12 }, "a non-silver material does not beat /silver")
end)

test("TV-33: natural weapons count as what beats their own DR (10/+1 hits a werewolf whole), not DR from a spell", function()
  local wolf, air = table_fight{ { build("werewolf", { dr = { amount = 15, bypass = "silver" } }), "foes" },
    { build("air_elemental", { dr = { amount = 10, bypass = "+1" }, natural = { { name = "Slam", damage = "1d8" } } }),
      "party" } }
  -- slam 1d8 5 + 2 = 7
  dice.force{ 15, 5 }
  fight.strike(air, wolf, "Slam")
  eq(wolf:get("hp"), 60 - 7)
  local stone = build("stoneskinned", { dr = { amount = 10, bypass = "+5", spell = true }, natural = { { name = "Fist", damage = "1d8" } } })
  fight.add(stone, { side = "party" })
  local s = fight.get("stoneskinned")
  dice.force{ 15, 5 }
  fight.strike(s, wolf, "Fist")
  eq(wolf:get("hp"), 53, "stoneskin's DR gives its fists no rank: 7 - 15 = 0")
end)

test("TV-42: regeneration turns a hit into subdual, fire stays normal; 5 subdual healed at the start of its turn", function()
  local troll, t = table_fight{ { build("troll", { regen = { amount = 5, normal = { "fire", "acid" } } }), "foes" },
    { build("tordek", { natural = false, weapons = { { name = "Flaming sword", damage = "1d8", extra = "1d6[fire]",
      enhancement = 1 } } }), "party" } }
  local r = D.apply(troll, { amount = 20, type = "slashing", weapon = {} })
  eq({ r.converted, troll:get("hp"), troll:get("nonlethal") }, { 20, 60, 20 })
  r = D.apply(troll, { amount = 10, type = "fire", ability = "spell" })
  eq({ r.converted, troll:get("hp"), troll:get("nonlethal") }, { nil, 50, 20 })
  -- its next turn: 20 subdual -> 15 (four rounds to clear it all)
  fight.next()
  fight.next()
  eq({ troll:get("nonlethal"), troll:get("hp") }, { 15, 50 }, "the fire damage is never regenerated")
  -- a mixed hit: a flaming sword's slashing is subdual, its fire normal
  -- d20 15 hits, 1d8 4 + 1 + 2 = 7 slashing, 1d6 3 fire
  dice.force{ 15, 4, 3 }
  fight.strike(t, troll, "Flaming sword")
  eq({ troll:get("nonlethal"), troll:get("hp") }, { 15 + 7, 50 - 3 })
  -- hit points lost to starvation are not regenerated
  r = D.apply(troll, { amount = 3, type = "", cause = "starvation" })
  eq(r.converted, nil)
end)

test("regeneration before the threshold checks: a 60-point sword blow is subdual and asks no massive-damage save", function()
  local troll = table_fight{ { build("troll", { hp = 100, regen = { amount = 5, normal = { "fire" } } }), "foes" },
    { build("tordek", {}), "party" } }
  -- strict dice: a massive-damage Fortitude save would draw a d20
  D.apply(troll, { amount = 60, type = "slashing", weapon = {} })
  eq({ troll:get("hp"), troll:get("nonlethal"), fight.is(troll, "dead") }, { 100, 60, false })
  -- 60 fire is normal damage: the save (d20 1 + 3 fails): dead
  dice.force{ 1 }
  D.apply(troll, { amount = 60, type = "fire", ability = "spell" })
  ok(fight.is(troll, "dead"))
end)

test("DR before the threshold checks: 55 less DR 10 is 45, no massive-damage save", function()
  local g = table_fight{ { build("golem", { hp = 120, dr = { amount = 10, bypass = "+1" } }), "foes" },
    { build("tordek", {}), "party" } }
  local r = D.apply(g, { amount = 55, type = "bludgeoning", weapon = {} })
  eq({ r.absorbed, g:get("hp") }, { 10, 75 })
  -- 55 with a +1 weapon: the save (d20 20 saves)
  dice.force{ 20 }
  D.apply(g, { amount = 55, type = "bludgeoning", weapon = { enhancement = 1 } })
  eq(g:get("hp"), 20)
end)

test("evasion and improved evasion (DMG-SA-20): none on a success, half on a failure; lost when helpless or in heavy armour", function()
  local a, b = table_fight{ { build("rogue", { tags = { "evasion" }, ref = 5 }), "party" },
    { build("monk", { tags = { "improved_evasion" }, ref = 5 }), "party" } }
  dice.force{ 10, 10 }
  eq(D.apply(a, { amount = 20, type = "fire", ability = "spell", save = { kind = "ref", dc = 15 } }).amount, 0)
  eq(D.apply(b, { amount = 20, type = "fire", ability = "spell", save = { kind = "ref", dc = 15 } }).amount, 0)
  dice.force{ 2, 2 }
  eq(D.apply(a, { amount = 20, type = "fire", ability = "spell", save = { kind = "ref", dc = 15 } }).amount, 20)
  eq(D.apply(b, { amount = 20, type = "fire", ability = "spell", save = { kind = "ref", dc = 15 } }).amount, 10)
  a:add_tag("armor_heavy")
  dice.force{ 10 }
  eq(D.apply(a, { amount = 20, type = "fire", ability = "spell", save = { kind = "ref", dc = 15 } }).amount, 10,
    "a rogue in heavy armour: half on a success")
  eq(D.evasion(b), "improved")
  b:add_condition("helpless")
  eq(D.evasion(b), nil)
  -- evasion needs a save for half on Reflex: a Fortitude save for half
  -- (d20 15 + 3) halves
  dice.force{ 15 }
  eq(D.apply(b, { amount = 20, type = "cold", ability = "spell", save = { kind = "fort", dc = 15 } }).amount, 10)
end)

test("cold subtype (DMG-SA-13): immune to cold; fire double, half on a saved save-for-half, double on a failed one", function()
  local d = table_fight{ { build("frost_giant", { subtype = "cold", ref = 0 }), "foes" },
    { build("fire_giant", { subtype = "fire" }), "foes" } }
  local f = fight.get("fire_giant")
  eq(D.apply(d, { amount = 12, type = "cold", ability = "spell" }).amount, 0)
  eq(D.apply(d, { amount = 12, type = "fire", ability = "spell" }).amount, 24)
  dice.force{ 20 }
  eq(D.apply(d, { amount = 12, type = "fire", ability = "spell", save = { kind = "ref", dc = 15 } }).amount, 6)
  dice.force{ 2 }
  eq(D.apply(d, { amount = 12, type = "fire", ability = "spell", save = { kind = "ref", dc = 15 } }).amount, 24)
  -- fire subtype (DMG-SA-23): the other way round
  eq(D.apply(f, { amount = 12, type = "fire", ability = "spell" }).amount, 0)
  eq(D.apply(f, { amount = 5, type = "cold", ability = "spell" }).amount, 10)
end)

test("the threshold hooks run after the hit points change (the variants' clobbered and massive-by-size rules)", function()
  local seen = {}
  D.on_threshold(function(c, rec) seen[#seen + 1] = { c:get("id"), c:get("hp"), rec.amount } end)
  local g = table_fight{ { build("golem", { hp = 40, dr = { amount = 5, bypass = "-" } }), "foes" } }
  D.apply(g, { amount = 12, type = "slashing", weapon = { enhancement = 5 } })
  eq(seen[1], { "golem", 33, 7 }, "after DR and the hit points: 40 - (12 - 5)")
  D.thresholds[#D.thresholds] = nil
end)

test("bad packets are refused with the field named", function()
  local c = creature.new{ id = "x", hp = 5 }
  local okk, err = pcall(D.apply, c, { amount = 3, typo = "fire" })
  ok(not okk and string.find(err, "unknown packet field \"typo\"", 1, true), err)
  okk, err = pcall(D.apply, c, { amount = {} })
  ok(not okk and string.find(err, "amount must be a number or dice", 1, true), err)
  -- outside a fight the same steps run on the creature itself
  eq(D.apply(c, { amount = 3, type = "fire" }).amount, 3)
  eq(c:get("hp"), 2)
end)
