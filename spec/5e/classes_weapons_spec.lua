-- ruleset: 5e
-- Weapons and weapon mastery (core.5e.weapons), with forced dice.
local weapons = require("core.5e.weapons")
local util = require("core.5e.util")

local function idle() return nil end

local function wielder(list, opts, extra)
  local s = util.character({ id = "hero", name = "Hero", hp = 40, ac = 15,
    abilities = { str = 16, dex = 14, con = 14, int = 10, wis = 10, cha = 10 } }, { level = 1 })
  for k, v in pairs(extra or {}) do s[k] = v end
  weapons.arm(s, list, opts or { masteries = true })
  return s
end

local function foe(id, extra)
  local t = { id = id, name = id, hp = 60, ac = 10, tactics = idle,
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    attacks = { { name = "Claw", bonus = 4, damage = "1", type = "slashing" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function run(party, foes, rounds)
  return fight.run(fight.encounter{ max_rounds = rounds or 1, sides = {
    { name = "party", members = party }, { name = "foes", members = foes } } })
end

-- record(fn) collects fn(e) at the result of every attack roll.
local function record(fn)
  local out = {}
  rules.on("attack.roll", function(e) out[#out + 1] = fn(e) end, { phase = "result" })
  return out
end

test("the weapon table: damage, properties and mastery (SRD 5.2.1)", function()
  local l, d, b = weapons.list.longsword, weapons.list.dagger, weapons.list.blowgun
  eq({ l.damage, l.type, l.properties.versatile, l.mastery }, { "1d8", "slashing", "1d10", "sap" })
  eq({ d.properties.finesse, d.properties.light, d.properties.thrown, d.mastery }, { true, true, { 20, 60 }, "nick" })
  eq({ b.damage, b.properties.ammunition, b.mastery }, { "1", { 25, 100 }, "vex" })
  local n = 0
  for _ in pairs(weapons.list) do n = n + 1 end
  eq(n, 38, "10 simple melee, 4 simple ranged, 18 martial melee, 6 martial ranged")
  local masteries = {}
  for id in pairs(weapons.masteries) do masteries[#masteries + 1] = id end
  table.sort(masteries)
  eq(masteries, { "cleave", "graze", "nick", "push", "sap", "slow", "topple", "vex" })
end)

test("an attack entry: ability (Finesse takes the better), PB, damage modifier, Versatile, fixed damage", function()
  local scores = { str = 16, dex = 18 }
  local rapier = weapons.attack("rapier", { abilities = scores, pb = 2 })
  eq({ rapier.ability, rapier.bonus, rapier.damage }, { "dex", 6, "1d8+4" })
  local ls = weapons.attack("longsword", { abilities = scores, pb = 3, two_handed = true })
  eq({ ls.ability, ls.bonus, ls.damage }, { "str", 6, "1d10+3" })
  local bow = weapons.attack("longbow", { abilities = { str = 16, dex = 12 }, pb = 2 })
  eq({ bow.ability, bow.ranged, bow.heavy_dis }, { "dex", true, true }, "Heavy: Disadvantage under Dex 13")
  eq(weapons.attack("blowgun", { abilities = scores }).damage, "1", "fixed damage takes no modifier")
  eq(weapons.attack("greatsword", { abilities = scores, mastery = true }).mastery, "graze")
  eq(weapons.attack("greatsword", { abilities = scores }).mastery, nil, "mastery only when mastered")
end)

test("Vex: a hit that deals damage gives Advantage on the next attack against that creature", function()
  local advs = record(function(e) return e.adv end)
  -- round 1: shortsword d20 15, 1d6 = 3; round 2: Advantage, d20s 1 and 1
  dice.force{ 20, 1, 15, 3, 1, 1 }
  run({ { stat = wielder({ "shortsword" }) } }, { { stat = foe("orc") } }, 2)
  eq(advs, { 0, 1 })
end)

test("Topple: a hit forces a Constitution save (DC 8 + mod + PB) or Prone", function()
  local prone = {}
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "hero" then prone[#prone + 1] = fight.get("orc"):has("prone") end
  end, { phase = "after" })
  -- battleaxe d20 15, 1d8 = 3; the orc's save d20 2 + 0 < 8 + 3 + 2
  dice.force{ 20, 1, 15, 3, 2 }
  run({ { stat = wielder({ "battleaxe" }) } }, { { stat = foe("orc") } })
  eq(prone, { true })
end)

test("Sap: a hit gives Disadvantage on the target's next attack roll", function()
  local dis = record(function(e) return e.attacker:get("id") .. ":" .. e.dis end)
  -- longsword d20 15, 1d8 = 3; the orc attacks with Disadvantage: d20s 5, 6
  dice.force{ 20, 1, 15, 3, 5, 6 }
  run({ { stat = wielder({ "longsword" }) } }, { { stat = foe("orc", { tactics = "lowest_hp" }) } })
  eq(dis, { "hero:0", "orc:1" })
end)

-- marked(weapon, condition) runs one fight: the hero hits (d20 15, damage 2)
-- in round 1 and misses (d20 1) in round 2; it returns whether the orc has
-- the condition at the start and end of each of the hero's turns.
local function marked(weapon, condition)
  local seen = {}
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "hero" then seen[#seen + 1] = tostring(fight.get("orc"):has(condition)) end
  end, { phase = "after" })
  rules.on("turn.start", function(e)
    if e.fighter:get("id") == "hero" then seen[#seen + 1] = "start:" .. tostring(fight.get("orc"):has(condition)) end
  end, { phase = "after" })
  dice.force{ 20, 1, 15, 2, 1 }
  run({ { stat = wielder({ weapon }) } }, { { stat = foe("orc") } }, 2)
  return seen
end

test("Slow: a marker until the start of the wielder's next turn (no movement in fights)", function()
  eq(marked("javelin", "slowed"), { "start:false", "true", "start:false", "false" })
end)

test("Push: a marker until the start of the wielder's next turn (no positions in fights)", function()
  eq(marked("warhammer", "pushed"), { "start:false", "true", "start:false", "false" })
end)

test("Cleave: after a melee hit, once per turn, the weapon's damage to a second enemy without the modifier", function()
  local hits = {}
  rules.on("damage.apply", function(e)
    hits[#hits + 1] = e.attack .. ">" .. e.target:get("id") .. ":" .. e.damage
  end, { phase = "after" })
  -- greataxe d20 15 on orc1, 1d12 = 5 (+3); cleave orc2: d20 15, 1d12 = 6
  dice.force{ 20, 2, 1, 15, 5, 15, 6 }
  run({ { stat = wielder({ "greataxe" }) } }, { { id = "orc", stat = foe("orc"), count = 2 } })
  eq(hits, { "Greataxe>orc1:8", "Greataxe (cleave)>orc2:6" })
end)

test("Graze: a miss deals the ability modifier in the weapon's damage type", function()
  local hits = {}
  rules.on("damage.apply", function(e)
    hits[#hits + 1] = e.damage_type .. ":" .. e.damage
  end, { phase = "after" })
  -- greatsword d20 2: a miss, 3 Slashing damage (Str +3)
  dice.force{ 20, 1, 2 }
  run({ { stat = wielder({ "greatsword" }) } }, { { stat = foe("orc") } })
  eq(hits, { "slashing:3" })
end)

test("Nick: the Light property's extra attack is part of the Attack action; without Nick it takes the Bonus Action", function()
  local names = record(function(e) return e.attack end)
  -- shortsword d20 1, off-hand dagger (Nick) d20 1
  dice.force{ 20, 1, 1, 1 }
  run({ { stat = wielder({ "shortsword" }, { masteries = true, offhand = "dagger" }) } }, { { stat = foe("orc") } })
  eq(names, { "Shortsword", "Dagger (off-hand)" })
  local s = wielder({ "shortsword" }, { masteries = { "shortsword" }, offhand = "dagger" })
  eq(s.kit.after[1].name, "light weapon attack", "without Nick: a Bonus Action after the Attack action")
  eq(#s.kit.post, 0)
end)

test("the Light property needs two different Light weapons", function()
  fails(function() wielder({ "longsword" }, { offhand = "dagger" }) end, "two different Light weapons")
end)

test("Heavy: Disadvantage on melee attack rolls with a Strength under 13", function()
  local dis = record(function(e) return e.dis end)
  -- d20s 1 and 1 (Disadvantage), a miss
  dice.force{ 20, 1, 1, 1 }
  local s = util.character({ id = "hero", name = "Hero", hp = 40, ac = 15,
    abilities = { str = 12, dex = 14, con = 14, int = 10, wis = 10, cha = 10 } }, { level = 1 })
  weapons.arm(s, { "greataxe" })
  run({ { stat = s } }, { { stat = foe("orc") } })
  eq(dis, { 1 })
end)
