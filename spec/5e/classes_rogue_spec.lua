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
  -- round 2: Invisible: two d20s 2 and 15, 15 hits; 1d4 = 1, Sneak Attack 1d6 = 6;
  -- Hide again: d20 1, 8 < 15
  dice.force{ 20, 1, 1, 10, 2, 15, 1, 6, 1 }
  local r = run({ { stat = a_rogue(2) } }, { { stat = target() } }, 2)
  eq(advs, { 0, 1 }, "advantage sources of the two attacks")
  eq(fighter_of(r, "target").taken, 1 + 3 + 6)
end)

-- lines(r, pattern) lists the log lines of a traced fight that contain
-- pattern (plain text).
local function lines(r, pattern)
  local out = {}
  for _, l in ipairs(r.log) do
    if l:find(pattern, 1, true) then out[#out + 1] = l end
  end
  return out
end

local function axe_foe(damage)
  return target(100, { tactics = "lowest_hp", attacks = { { name = "Axe", bonus = 5, damage = damage or "1d10", type = "slashing" } } })
end

test("Uncanny Dodge halves the first hit of a round (the Reaction), not the second", function()
  local left
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "a" then left = fight.remaining(fight.get("rogue"), "reaction") end
  end, { phase = "declare" })
  -- initiative: foes 20 and 19, rogue 1; each foe hits (d20 15) for 1d10 =
  -- 9; the rogue's dagger misses (d20 1)
  local s = a_rogue(5)
  s.plan = { hide = false }
  dice.force{ 1, 20, 19, 15, 9, 15, 9, 1 }
  local r = run({ { stat = s } }, { { id = "a", stat = axe_foe() }, { id = "b", stat = axe_foe() } })
  eq(r.log, {
    "-- round 1",
    "rogue uses Uncanny Dodge (reaction): 9 damage halved to 4",
    "a hits rogue with Axe: 20 vs 15, 4 damage",
    "b hits rogue with Axe: 20 vs 15, 9 damage",
    "rogue attacks a with Dagger: 7 vs 10, miss",
  }, "the hit is logged with the halved damage")
  eq(left, 0, "the Reaction is spent")
  eq(fighter_of(r, "rogue").taken, 4 + 9, "half of 9, rounded down, then 9")
end)

test("Uncanny Dodge: the Reaction comes back at the start of the rogue's turn", function()
  -- initiative: foe 20, rogue 1. Round 1: d20 15 hits, 1d10 = 9 -> 4; the
  -- rogue's dagger misses (d20 1). Round 2: d20 15 hits, 1d10 = 7 -> 3;
  -- the dagger misses (d20 1)
  local s = a_rogue(5)
  s.plan = { hide = false }
  local seen = {}
  rules.on("turn.act", function(e)
    if e.fighter:get("id") == "rogue" then seen[#seen + 1] = fight.remaining(e.fighter, "reaction") end
  end, { phase = "declare" })
  dice.force{ 1, 20, 15, 9, 1, 15, 7, 1 }
  local r = run({ { stat = s } }, { { stat = axe_foe() } }, 2)
  eq(dice.pending(), {})
  eq(#lines(r, "Uncanny Dodge"), 2)
  eq(seen, { 1, 1 }, "refilled at the start of each of the rogue's turns")
  eq(fighter_of(r, "rogue").taken, 4 + 3)
end)

test("Uncanny Dodge halves the whole hit, every damage type of it, rounding down", function()
  -- initiative: foe 20, rogue 1; d20 15 hits: 1d10 = 9 slashing + 1d4 = 4
  -- fire = 13, halved to 6: 9 x 6 / 13 = 4 slashing and 4 x 6 / 13 = 1
  -- fire, rounding down, and the 1 left to the first type: 5 slashing
  local s = a_rogue(5)
  s.plan = { hide = false }
  dice.force{ 1, 20, 15, 9, 4, 1 }
  local r = run({ { stat = s } }, { { stat = axe_foe("1d10 + 1d4[fire]") } })
  eq(lines(r, "hits rogue"), { "target hits rogue with Axe: 20 vs 15, 6 damage" })
  eq(fighter_of(r, "rogue").taken, 6)
  -- the same hit on a rogue immune to fire: the 5 slashing
  s = a_rogue(5)
  s.plan = { hide = false }
  s.traits = { { kind = "immune", type = "fire" } }
  dice.force{ 1, 20, 15, 9, 4, 1 }
  r = run({ { stat = s } }, { { stat = axe_foe("1d10 + 1d4[fire]") } })
  eq(fighter_of(r, "rogue").taken, 5)
end)

test("Uncanny Dodge with Sneak Attack on the same rogue: each fires for its own role", function()
  -- initiative: rogue 20, ally 2, foe 1. The rogue's dagger: d20 15, 1d4 =
  -- 2 + 3, Sneak Attack 3d6 = 1, 1, 1 (the ally is near): 8. The foe hits
  -- the rogue (it has the lowest HP): d20 15, 1d10 = 9 -> 4
  local s = a_rogue(5)
  s.plan = { hide = false }
  local foe = axe_foe()
  foe.tactics = function(_, enemies)
    for _, c in ipairs(enemies) do
      if c:get("id") == "rogue" then return c end
    end
  end
  dice.force{ 20, 2, 1, 15, 2, 1, 1, 1, 15, 9 }
  local r = run({ { stat = s }, { id = "ally", stat = target(30, { id = "ally", name = "Ally" }) } }, { { stat = foe } })
  eq(fighter_of(r, "target").taken, 8)
  eq(fighter_of(r, "rogue").taken, 4)
end)

test("one rogue stat block on both sides: each hit is halved once, by its target", function()
  -- the hook fires for both creatures of the stat block: the attacker's
  -- call plays the attacker, the target's the target. Initiative: rogue
  -- 20, its twin 1; each dagger hits (d20 15) for 1d4 = 4 + 3 = 7 -> 3
  local s = a_rogue(5)
  s.plan = { hide = false }
  dice.force{ 20, 1, 15, 4, 15, 4 }
  local r = run({ { stat = s } }, { { id = "twin", stat = s } })
  eq(lines(r, "Uncanny Dodge"), { "twin uses Uncanny Dodge (reaction): 7 damage halved to 3",
    "rogue uses Uncanny Dodge (reaction): 7 damage halved to 3" })
  eq({ fighter_of(r, "twin").taken, fighter_of(r, "rogue").taken }, { 3, 3 })
end)

test("setting uncanny_dodge = false: the whole hit", function()
  local s = a_rogue(5)
  s.plan = { hide = false, uncanny_dodge = false }
  dice.force{ 1, 20, 15, 9, 1 }
  local r = run({ { stat = s } }, { { stat = axe_foe() } })
  eq(fighter_of(r, "rogue").taken, 9)
end)
