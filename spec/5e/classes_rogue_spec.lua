-- ruleset: 5e
-- Rogue features (core.5e.classes.rogue): Sneak Attack, Cunning Action,
-- Uncanny Dodge, with forced dice.
local weapons = require("core.5e.weapons")
local util = require("core.5e.util")
local rogue = require("core.5e.classes.rogue")

local function idle() return nil end

local function target(hp, extra)
  local t = { id = "target", name = "Target", hp = hp or 100, ac = 10, tactics = idle,
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    attacks = { { name = "Claw", bonus = 0, damage = "1", type = "slashing" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function a_rogue(level, list, opts)
  local s = util.character({ id = "rogue", name = "Rogue", hp = 30, ac = 15,
    abilities = { str = 8, dex = 16, con = 12, int = 10, wis = 12, cha = 10 } },
    { level = level, skills = { "stealth" }, expertise = { "stealth" } })
  weapons.arm(s, list or { "dagger" }, opts)
  rogue.apply(s, level)
  return s
end

local function run(party, foes, rounds)
  return fight.run(fight.encounter{ max_rounds = rounds or 1, sides = {
    { name = "party", members = party }, { name = "foes", members = foes } } }, { trace = true })
end

local function fighter_of(r, id)
  for _, f in ipairs(r.fighters) do
    if f.id == id then return f end
  end
end

-- covers: 5E-DMG-03
test("TV-22: a dagger crit with Sneak Attack doubles the Sneak Attack dice too", function()
  -- initiative: rogue 20, ally 2, target 1; the dagger's d20 20 (a
  -- Critical Hit), 2d4 = 3, 2; Sneak Attack 2d6 = 4, 5; Dex +3
  dice.force{ 20, 2, 1, 20, 3, 2, 4, 5 }
  local r = run({ { stat = a_rogue(1) }, { id = "ally", stat = target(30, { id = "ally", name = "Ally" }) } },
    { { stat = target() } })
  eq(fighter_of(r, "target").taken, 17, "3 + 2 + 4 + 5 + 3")
end)

test("Sneak Attack needs Advantage or an ally near the target", function()
  -- alone: initiative rogue 20, target 1; d20 15 hits, 1d4 = 2: no extra d6
  dice.force{ 20, 1, 15, 2 }
  local r = run({ { stat = a_rogue(1) } }, { { stat = target() } })
  eq(fighter_of(r, "target").taken, 5, "2 + 3, no Sneak Attack")
end)

test("no Sneak Attack on a roll with Disadvantage, even with an ally near", function()
  rules.on("turn.start", function(e)
    if e.fighter:get("id") == "rogue" then e.fighter:add_condition("poisoned") end
  end, { phase = "declare" })
  -- poisoned: two d20s 15 and 14, the lower 14 hits AC 10; 1d4 = 2
  dice.force{ 20, 2, 1, 15, 14, 2 }
  local r = run({ { stat = a_rogue(1) }, { id = "ally", stat = target(30, { id = "ally", name = "Ally" }) } },
    { { stat = target() } })
  eq(fighter_of(r, "target").taken, 5)
end)

test("Sneak Attack once per turn: the off-hand (Nick) hit gets none", function()
  -- shortsword d20 15, 1d6 = 3, Sneak Attack 1d6 = 4; the shortsword's Vex
  -- gives the off-hand scimitar Advantage: d20s 15 and 9, then 1d6 = 2 (no
  -- modifier, no Sneak Attack)
  dice.force{ 20, 2, 1, 15, 3, 4, 15, 9, 2 }
  local r = run({ { stat = a_rogue(1, { "shortsword" }, { masteries = true, offhand = "scimitar" }) },
    { id = "ally", stat = target(30, { id = "ally", name = "Ally" }) } }, { { stat = target() } })
  eq(fighter_of(r, "target").taken, 3 + 3 + 4 + 2)
end)

test("Cunning Action: Hide after attacking; the next attack has Advantage and Sneak Attack", function()
  local advs = {}
  rules.on("attack.roll", function(e)
    if e.attacker:get("id") == "rogue" then advs[#advs + 1] = e.adv end
  end, { phase = "result" })
  -- round 1: dagger d20 1 (miss); Hide: d20 10 + Dex 3 + 2 x PB 2 = 17 >= 15
  -- round 2: Invisible: two d20s 2 and 15, 15 hits; 1d4 = 1, Sneak Attack 1d6 = 6
  dice.force{ 20, 1, 1, 10, 2, 15, 1, 6 }
  local r = run({ { stat = a_rogue(2) } }, { { stat = target() } }, 2)
  eq(advs, { 0, 1 }, "advantage sources of the two attacks")
  eq(fighter_of(r, "target").taken, 1 + 3 + 6)
end)

test("Uncanny Dodge halves the first hit of a round (the Reaction), not the second", function()
  local foe = target(100, { tactics = "lowest_hp", attacks = { { name = "Axe", bonus = 5, damage = "1d10", type = "slashing" } } })
  -- initiative: foes 20 and 19, rogue 1; each foe hits (d20 15) for 1d10 = 9
  dice.force{ 1, 20, 19, 15, 9, 15, 9 }
  local r = run({ { stat = a_rogue(5) } }, { { id = "a", stat = foe }, { id = "b", stat = foe } })
  eq(fighter_of(r, "rogue").taken, 4 + 9, "half of 9, rounded down, then 9")
end)
