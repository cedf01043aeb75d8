-- ruleset: 5e
-- Imported monsters (scripts/monsters/5e/srd, built by core.5e.bestiary)
-- with forced dice: save effects rolled once and halved (a breath weapon),
-- the area's share of enemies, Legendary Actions after each enemy's turn,
-- Legendary and Magic Resistance on saves, a hit's conditions with their
-- size limit and duration, Pack Tactics, and the XP budget of dndsh balance.
local util = require("core.5e.util")
local bestiary = require("core.5e.bestiary")
local difficulty = require("core.5e.difficulty")

local function idle() return nil end

local function pc(id, extra)
  local t = { id = id, name = id, hp = 100, ac = 30, tactics = idle,
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    attacks = { { name = "Punch", bonus = 0, damage = "1" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function run(party, foes, rounds)
  return fight.run(fight.encounter{ max_rounds = rounds or 1, sides = {
    { name = "party", members = party }, { name = "foes", members = foes } } })
end

local function record(event, fn, phase)
  local out = {}
  rules.on(event, function(e)
    local v = fn(e)
    if v ~= nil then out[#out + 1] = v end
  end, { phase = phase or "after" })
  return out
end

test("area_targets: the DMG's Targets in Areas of Effect ([K] DMG 2014 ch. 8)", function()
  eq(bestiary.area_targets("60-foot Cone"), 6)
  eq(bestiary.area_targets("15-foot Cone"), 2)
  eq(bestiary.area_targets("60-foot-long, 5-foot-wide Line"), 2)
  eq(bestiary.area_targets("100-foot-long, 10-foot-wide Line"), 4)
  eq(bestiary.area_targets("20-foot-radius Sphere"), 4)
  eq(bestiary.area_targets("10-foot Cube"), 2)
  eq(bestiary.area_targets("5-foot Emanation"), 1)
  eq(bestiary.area_targets("each creature within 30 feet"), 6)
end)

test("mean and parts of the importer's damage expressions", function()
  eq(bestiary.mean("2d6+6 + 1d6[fire]"), 13 + 3.5)
  eq(bestiary.mean("1"), 1)
  eq(bestiary.parts("2d6+6 + 1d6[fire]", "slashing"), { { "2d6+6", "slashing" }, { "1d6", "fire" } })
end)

-- covers: 5E-DMG-04 5E-DMG-05
test("Adult Red Dragon (imported): Fire Breath, 17d6 rolled once for all, half (rounded down) on a DC 21 Dexterity save", function()
  local lost = record("damage.apply", function(e)
    if e.attack == nil then return e.target:get("id") .. ":" .. e.damage end
  end)
  -- initiative a 1, b 2, c 3, dragon 20 (+12). Fire Breath: 17d6, each 2 =
  -- 34 (a wrong version rolling per target would draw 51 faces); a's
  -- save d20 20 (+6) succeeds (17: half of 34), b and c fail (34). Each hero's
  -- turn ends in a Legendary Action (Pounce: one Rend, d20 1 misses).
  local faces = { 1, 2, 3, 20 }
  for _ = 1, 17 do faces[#faces + 1] = 2 end
  for _, f in ipairs({ 20, 1, 1, 1, 1, 1 }) do faces[#faces + 1] = f end
  dice.force(faces)
  local nimble = { str = 10, dex = 22, con = 10, int = 10, wis = 10, cha = 10 }
  run({ { stat = pc("a", { abilities = nimble }) }, { stat = pc("b") }, { stat = pc("c") } }, { { monster = "srd/adult_red_dragon" } })
  eq(lost, { "a:17", "b:34", "c:34" })
  eq(#dice.pending(), 0)
end)

test("Legendary Actions: one after each enemy's turn, uses regained at the start of its own turn", function()
  local rends = record("attack.roll", function(e)
    if e.attack == "Rend" then return fight.round() end
  end, "result")
  -- initiative a 1, b 2, dragon 20. Round 1: Fire Breath (17 faces of 1,
  -- both saves 1 fail); a's and b's turns each end in a Pounce (2 uses of
  -- 3). Round 2: uses back to 3; breath recharge d6 1; three Rends; then
  -- again a Pounce after a and after b. Every attack d20 1 misses.
  local faces = { 1, 2, 20 }
  for _ = 1, 17 do faces[#faces + 1] = 1 end
  for _, f in ipairs({ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }) do faces[#faces + 1] = f end
  dice.force(faces)
  run({ { stat = pc("a", { hp = 200 }) }, { stat = pc("b", { hp = 200 }) } }, { { monster = "srd/adult_red_dragon" } }, 2)
  eq(rends, { 1, 1, 2, 2, 2, 2, 2 })
end)

test("Legendary Resistance: a failed save succeeds instead while uses are left", function()
  fight.table()
  local d = fight.add("srd/adult_red_dragon")[1]
  eq(d:resource("legendary_resistance").current, 3)
  dice.force{ 1, 1, 1, 1 }
  local got = {}
  for i = 1, 4 do got[i] = util.save(d, "con", 30) end
  eq(got, { true, true, true, false })
  eq(d:resource("legendary_resistance").current, 0)
end)

test("Magic Resistance: Advantage on saves against magical effects only", function()
  fight.table()
  local s = fight.add("srd/satyr")[1]
  eq(s:has_tag("magic_resistance"), true)
  -- Wisdom save +0 against DC 12: d20s 3 and 14 with Advantage succeed;
  -- the same first d20 alone (3) fails without the magic flag
  dice.force{ 3, 14, 3 }
  eq(util.save(s, "wis", 12, { magic = true }), true)
  eq(util.save(s, "wis", 12), false)
end)

test("a hit's condition: Prone on a Medium or smaller target only (Wolf, with Pack Tactics)", function()
  local seen = record("attack.roll", function(e)
    return e.attacker:get("id") .. ">" .. e.target:get("id") .. ":" .. e.adv .. (e.target:has("prone") and ":prone" or "")
  end, "result")
  -- initiative hero 1, giant 2, wolf1 20, wolf2 19. wolf1 bites the hero
  -- (lowest HP): Pack Tactics (wolf2 near): d20s 1 and 19 hit (AC 10), 1d6 4;
  -- the hero is Prone. wolf2 bites the hero, now Prone: Advantage (two
  -- sources), d20s 2 and 18, 1d6 1.
  dice.force{ 1, 2, 20, 19, 1, 19, 4, 2, 18, 1 }
  run({ { stat = pc("hero", { ac = 10, hp = 50 }) }, { stat = pc("giant", { size = "huge", hp = 60 }) } },
    { { monster = "srd/wolf", count = 2 } })
  eq(seen, { "wolf1>hero:1", "wolf2>hero:2:prone" })
end)

test("a hit's condition until the start of the attacker's next turn (Wyvern's Sting: Poisoned)", function()
  local poisoned = record("turn.start", function(e)
    if e.fighter:get("id") == "hero" then return e.fighter:has("poisoned") end
  end, "declare")
  -- initiative hero 1, wyvern 20. Round 1: Bite d20 1 misses, Sting d20
  -- 19 hits (AC 10): 2d6+4 (1, 1) + 7d6 (1 each) poison, Poisoned. The
  -- hero's turn: Poisoned. Round 2: at the start of the wyvern's turn the
  -- Poisoned ends; Bite and Sting miss (d20 1); the hero's turn: not Poisoned.
  dice.force{ 1, 20, 1, 19, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  run({ { stat = pc("hero", { ac = 10, hp = 200 }) } }, { { monster = "srd/wyvern" } }, 2)
  eq(poisoned, { true, false })
end)

test("the XP budget of a party (DMG 2024 [K]): Low, Moderate and High by the sum of its characters'", function()
  eq(difficulty.budget({ 5, 5, 5, 5 }), { low = 2000, moderate = 3000, high = 4400 })
  eq(difficulty.budget({ 1, 20 }), { low = 6450, moderate = 13275, high = 22100 })
  local labels = {}
  for _, xp in ipairs({ 1800, 2000, 2001, 3000, 4400, 4401 }) do labels[#labels + 1] = (difficulty.rate({ 5, 5, 5, 5 }, xp)) end
  eq(labels, { "Low", "Low", "Moderate", "Moderate", "High", "beyond High" })
end)

test("a hit's saving throw (SRD 5.1 Giant Poisonous Snake): its damage is dealt apart from the hit's, which keeps its own", function()
  local lost = record("damage.apply", function(e) return e.target:get("id") .. ":" .. e.damage end)
  -- initiative hero 1, snake 20. Bite d20 15 hits (AC 10): 1d4 3 + 4 = 7
  -- piercing; the save effect rolls its 3d6 (1, 1, 1) = 3 poison, then the
  -- Constitution save (DC 11) d20 2 fails: the 3 is dealt as damage of its
  -- own (the hit's 7 must not become 3).
  dice.force{ 1, 20, 15, 3, 1, 1, 1, 2 }
  run({ { stat = pc("hero", { ac = 10 }) } }, { { monster = "srd/giant_poisonous_snake" } })
  table.sort(lost)
  eq(lost, { "hero:3", "hero:7" })
end)

test("Heated Body (SRD 5.1 Azer, monsters.abilities.retaliation): a melee hit on it burns the attacker", function()
  local lost = record("damage.apply", function(e) return e.target:get("id") .. ":" .. e.damage end)
  -- initiative hero 20, azer 1 (+1). The hero's Sword (melee) d20 19 hits
  -- AC 15: 1d8 5; the azer's Heated Body 1d10 7 fire to the hero, dealt
  -- as the hit is (before its damage is applied). The azer's Warhammer d20
  -- 1 misses (AC 30).
  dice.force{ 20, 1, 19, 5, 7, 1 }
  run({ { stat = pc("hero", { tactics = "lowest_hp", attacks = { { name = "Sword", bonus = 5, damage = "1d8" } } }) } },
    { { monster = "srd/azer" } })
  eq(lost, { "hero:7", "azer:5" })
end)

test("a limited attack (Ape's Rock, Recharge 6): its Action when ready, then the Multiattack until it recharges", function()
  local used = record("attack.roll", function(e)
    if e.attacker:get("id") == "ape" then return e.attack end
  end, "result")
  -- initiative hero 1, ape 20. Round 1: Rock (ready) d20 1 misses. Round
  -- 2: recharge d6 5 (no), two Fists d20 1, 1. Round 3: recharge d6 6: Rock.
  dice.force{ 1, 20, 1, 5, 1, 1, 6, 1 }
  run({ { stat = pc("hero") } }, { { monster = "srd/ape" } }, 3)
  eq(used, { "Rock", "Fist", "Fist", "Rock" })
end)
