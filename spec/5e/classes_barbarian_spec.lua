-- ruleset: 5e
-- Barbarian features (core.5e.classes.barbarian): Rage and Reckless Attack,
-- with forced dice.
local weapons = require("core.5e.weapons")
local util = require("core.5e.util")
local barbarian = require("core.5e.classes.barbarian")

local function a_barbarian(level, plan)
  local s = util.character({ id = "barbarian", name = "Barbarian", hp = 40, ac = 14, plan = plan,
    abilities = { str = 16, dex = 14, con = 14, int = 8, wis = 10, cha = 10 } }, { level = level, saves = { "str", "con" } })
  weapons.arm(s, { "greataxe" })
  barbarian.apply(s, level)
  return s
end

local function foe(extra)
  local t = { id = "orc", name = "Orc", hp = 100, ac = 10,
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    attacks = { { name = "Axe", bonus = 5, damage = "1d10", type = "slashing" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function run(party, foes, rounds)
  return fight.run(fight.encounter{ max_rounds = rounds or 1, sides = {
    { name = "party", members = party }, { name = "foes", members = foes } } })
end

local function fighter_of(r, id)
  for _, f in ipairs(r.fighters) do
    if f.id == id then return f end
  end
end

test("Rage: +2 damage with Strength attacks and Resistance to Slashing", function()
  -- initiative barbarian 20, orc 1; rage; greataxe d20 15, 1d12 = 5 (+3 Str
  -- +2 Rage); the orc's axe d20 15, 1d10 = 9, halved to 4
  dice.force{ 20, 1, 15, 5, 15, 9 }
  local r = run({ { stat = a_barbarian(1) } }, { { stat = foe() } })
  eq(fighter_of(r, "orc").taken, 10, "5 + 3 + 2")
  eq(fighter_of(r, "barbarian").taken, 4, "9 resisted")
end)

test("Rage: uses by level, damage bonus by level, Advantage on Strength saves", function()
  local s = a_barbarian(9)
  eq(s.resources.rage.max, 4)
  local seen = {}
  rules.on("turn.end", function(e)
    local c = e.fighter
    if c:get("id") == "barbarian" then
      local ok = require("core.5e.util").save(c, "str", 10)
      seen[#seen + 1] = ok
    end
  end, { phase = "declare" })
  -- rage, one attack misses (d20 1); the Strength save with Advantage: d20s
  -- 2 and 9 -> 9 + 3 + 4 = 16 >= 10
  dice.force{ 20, 1, 1, 1, 2, 9 }
  run({ { stat = a_barbarian(9, { reckless = false }) } }, { { stat = foe({ tactics = function() return nil end }) } })
  eq(seen, { true })
end)

test("Rage ends when the barbarian drops to 0 HP", function()
  local raging = {}
  rules.on("creature.down", function(e)
    raging[#raging + 1] = e.target:has("raging")
  end, { phase = "after" })
  -- barbarian rages and misses (d20 1); the orc hits (d20 15) for 1d10 = 10,
  -- halved to 5, from 5 HP
  dice.force{ 20, 1, 1, 15, 10 }
  fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "party", members = { { stat = a_barbarian(1), hp = 5, player = true } } },
    { name = "foes", members = { { stat = foe() } } } } })
  eq(raging, { false })
end)

test("Reckless Attack: Advantage on its Strength attacks, and on attacks against it", function()
  local advs = {}
  rules.on("attack.roll", function(e) advs[#advs + 1] = e.attacker:get("id") .. ":" .. e.adv end, { phase = "result" })
  -- barbarian (level 2) rages, attacks recklessly: d20s 1 and 1 (miss); the
  -- orc's attack has Advantage: d20s 1 and 1 (miss)
  dice.force{ 20, 1, 1, 1, 1, 1 }
  run({ { stat = a_barbarian(2) } }, { { stat = foe() } })
  eq(advs, { "barbarian:1", "orc:1" })
end)
