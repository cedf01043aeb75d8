-- ruleset: 5e
-- Fighter features (core.5e.classes.fighter): Second Wind, Action Surge,
-- Extra Attack, with forced dice.
local weapons = require("core.5e.weapons")
local util = require("core.5e.util")
local fighter = require("core.5e.classes.fighter")

local function idle() return nil end

local function dummy()
  return { id = "dummy", name = "Dummy", hp = 500, ac = 30, tactics = idle,
    attacks = { { name = "Claw", bonus = 0, damage = "1", type = "slashing" } } }
end

local function a_fighter(level, hp, plan)
  local s = util.character({ id = "fighter", name = "Fighter", hp = 60, ac = 18, plan = plan,
    abilities = { str = 16, dex = 12, con = 14, int = 10, wis = 10, cha = 10 } }, { level = level })
  weapons.arm(s, { "longsword" })
  fighter.apply(s, level)
  return { stat = s, hp = hp, max_hp = 60 }
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

local function count_attacks(id)
  local n = { 0 }
  rules.on("attack.roll", function(e)
    if e.attacker:get("id") == id then n[1] = n[1] + 1 end
  end, { phase = "result" })
  return n
end

test("Second Wind at or below half HP: 1d10 + Fighter level", function()
  -- initiative fighter 20, dummy 1; Second Wind 1d10 = 7 (+5); two attacks miss
  dice.force{ 20, 1, 7, 1, 1 }
  local r = run({ a_fighter(5, 30, { action_surge = false }) }, { { stat = dummy() } })
  eq(fighter_of(r, "fighter").hp, 30 + 7 + 5)
end)

test("no Second Wind above half HP (setting second_wind_below)", function()
  dice.force{ 20, 1, 1, 1 }
  local r = run({ a_fighter(5, 31, { action_surge = false }) }, { { stat = dummy() } })
  eq(fighter_of(r, "fighter").hp, 31)
end)

test("Second Wind uses by level: 2, 3 at level 4, 4 at level 10", function()
  local uses = {}
  for _, level in ipairs({ 1, 4, 10 }) do
    local s = { name = "f", hp = 10, attacks = { { name = "x", damage = "1" } } }
    fighter.second_wind(s, { level = level })
    uses[#uses + 1] = s.resources.second_wind.max
  end
  eq(uses, { 2, 3, 4 })
end)

test("Action Surge: a second Attack action on the first turn, once", function()
  local n = count_attacks("fighter")
  -- round 1: 2 + 2 attacks miss; round 2: 2 attacks miss
  dice.force{ 20, 1, 1, 1, 1, 1, 1, 1 }
  run({ a_fighter(5, 60) }, { { stat = dummy() } }, 2)
  eq(n[1], 6)
end)

test("Extra Attack: two attacks per Attack action at level 5, three at 11, one below", function()
  local counts = {}
  for _, level in ipairs({ 4, 5, 11 }) do
    local s = util.character({ name = "f", hp = 10, abilities = { str = 16 } }, { level = level })
    weapons.arm(s, { "longsword" })
    fighter.apply(s, level)
    counts[#counts + 1] = s.multiattack and #s.multiattack or 1
  end
  eq(counts, { 1, 2, 3 })
  local n = count_attacks("fighter")
  dice.force{ 20, 1, 1, 1, 1 }
  run({ a_fighter(11, 60, { action_surge = false }) }, { { stat = dummy() } })
  eq(n[1], 3, "attacks made at level 11")
end)
