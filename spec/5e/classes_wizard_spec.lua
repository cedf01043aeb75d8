-- ruleset: 5e
-- Wizard features (core.5e.classes.wizard): Fire Bolt, Magic Missile and
-- Shield, with forced dice.
local util = require("core.5e.util")
local wizard = require("core.5e.classes.wizard")

local function idle() return nil end

local function a_wizard(level, plan)
  local s = util.character({ id = "wizard", name = "Wizard", hp = 30, ac = 12, plan = plan,
    abilities = { str = 8, dex = 14, con = 14, int = 16, wis = 12, cha = 10 } }, { level = level, saves = { "int", "wis" } })
  wizard.apply(s, level)
  return s
end

local function foe(id, hp, extra)
  local t = { id = id, name = id, hp = hp, ac = 12, tactics = idle,
    attacks = { { name = "Claw", bonus = 4, damage = "1d10", type = "slashing" } } }
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

test("Fire Bolt: a ranged spell attack, 1d10 Fire, 2d10 at level 5, no ability modifier", function()
  local a1, a5 = a_wizard(1).attacks[1], a_wizard(5).attacks[1]
  eq({ a1.name, a1.damage, a1.type, a1.bonus, a1.ranged }, { "Fire Bolt", "1d10", "fire", 5, true })
  eq({ a5.damage, a5.bonus }, { "2d10", 6 })
  -- a hit: d20 10 + 6 >= 12; 2d10 = 4, 7
  dice.force{ 20, 1, 10, 4, 7 }
  local r = run({ { stat = a_wizard(5, { magic_missile = "never" }) } }, { { stat = foe("ogre", 60) } })
  eq(fighter_of(r, "ogre").taken, 11)
end)

test("Magic Missile: three darts of 1d4 + 1 Force, to finish the weakest enemies", function()
  -- initiative wizard 20, goblins 2 and 1. The darts: two for the 4-HP
  -- goblin (the first, 1d4 = 3, fells it; the second is not thrown at a
  -- fallen creature), one for the other: 1d4 = 4
  dice.force{ 20, 2, 1, 3, 4 }
  local r = run({ { stat = a_wizard(5) } }, { { stat = foe("weak", 4) }, { stat = foe("strong", 20) } })
  eq(fighter_of(r, "weak").dead, true)
  eq(fighter_of(r, "strong").taken, 5)
end)

test("Magic Missile upcast: one more dart per slot level above 1", function()
  -- level 1 slots spent but the one kept for Shield: a level 2 slot, 4 darts
  local s = a_wizard(5)
  s.resources.slot_1.current = 1
  dice.force{ 20, 1, 1, 1, 1, 1 }
  local r = run({ { stat = s } }, { { stat = foe("ogre", 10) } })
  eq(fighter_of(r, "ogre").taken, 8, "4 darts of 1 + 1")
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

local function traced(party, foes, rounds)
  return fight.run(fight.encounter{ max_rounds = rounds or 1, sides = {
    { name = "party", members = party }, { name = "foes", members = foes } } }, { trace = true })
end

test("Shield: a hit under AC + 5 misses instead (a slot and the Reaction); +5 AC until the wizard's next turn", function()
  -- initiative: three ogres 20, 19 and 18, wizard 1. Ogre 1: d20 10 + 4 =
  -- 14 hits AC 12 but not AC 17: Shield, and the attack misses (no damage
  -- is rolled). Ogre 2: 14 against AC 17 misses. Ogre 3: d20 13 + 4 = 17
  -- hits AC 17 (no Reaction left, and Shield does not stack): 1d10 = 5.
  -- The wizard's Fire Bolt misses (d20 1).
  local ogre = foe("ogre", 60, { tactics = "lowest_hp" })
  dice.force{ 1, 20, 19, 18, 10, 10, 13, 5, 1 }
  local state = {}
  rules.on("turn.end", function(e)
    local w = fight.get("wizard")
    state[e.fighter:get("id")] = { w:has("shielded"), w:resource("slot_1").current, fight.remaining(w, "reaction") }
  end, { phase = "declare" })
  local r = traced({ { stat = a_wizard(1, { magic_missile = "never" }) } }, { { stat = ogre, count = 3 } })
  eq(dice.pending(), {}, "every forced die drawn: none for the blocked attack's damage")
  eq(r.log, {
    "-- round 1",
    "wizard casts Shield (reaction): AC 17 against 14",
    "ogre1 attacks wizard with Claw: 14 vs 12, miss",
    "ogre2 attacks wizard with Claw: 14 vs 17, miss",
    "ogre3 hits wizard with Claw: 17 vs 17, 5 damage",
    "wizard attacks ogre1 with Fire Bolt: 6 vs 12, miss",
  }, "the blocked attack is logged as a miss")
  eq(fighter_of(r, "wizard").taken, 5)
  eq(state.ogre1, { true, 1, 0 }, "shielded, one level 1 slot and no Reaction left")
  eq(state.ogre3, { true, 1, 0 }, "still shielded at the end of the last ogre's turn")
  eq(state.wizard, { false, 1, 1 }, "the wizard's turn: Shield has ended, the Reaction is back")
end)

test("the Reaction comes back at the start of the wizard's turn: Shield again the next round", function()
  -- initiative: ogre 20, wizard 1. Each round the ogre's d20 10 + 4 = 14
  -- hits AC 12 and Shield stops it (two level 1 slots, two rounds); the
  -- wizard's Fire Bolt misses (d20 1)
  local seen = {}
  rules.on("turn.act", function(e)
    local w = e.fighter
    if w:get("id") == "wizard" then seen[#seen + 1] = { w:has("shielded"), fight.remaining(w, "reaction") } end
  end, { phase = "declare" })
  dice.force{ 1, 20, 10, 1, 10, 1 }
  local r = traced({ { stat = a_wizard(1, { magic_missile = "never" }) } }, { { stat = foe("ogre", 60, { tactics = "lowest_hp" }) } }, 2)
  eq(dice.pending(), {})
  eq(#lines(r, "wizard casts Shield"), 2)
  eq(lines(r, "attacks wizard"), { "ogre attacks wizard with Claw: 14 vs 12, miss", "ogre attacks wizard with Claw: 14 vs 12, miss" })
  eq(seen, { { false, 1 }, { false, 1 } }, "each wizard turn: no Shield left, the Reaction refilled")
  eq(fighter_of(r, "wizard").taken, 0)
end)

test("Shield needs the Reaction: one already spent this round leaves the hit", function()
  -- the wizard's Reaction goes elsewhere at the start of the ogre's turn;
  -- the ogre's 14 hits AC 12: 1d10 = 5; no slot is spent
  local slots
  rules.on("turn.start", function(e)
    if e.fighter:get("id") == "ogre" then ok(fight.spend(fight.get("wizard"), "reaction")) end
  end, { phase = "declare" })
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "ogre" then slots = fight.get("wizard"):resource("slot_1").current end
  end, { phase = "declare" })
  dice.force{ 1, 20, 10, 5, 1 }
  local r = traced({ { stat = a_wizard(1, { magic_missile = "never" }) } }, { { stat = foe("ogre", 60, { tactics = "lowest_hp" }) } })
  eq(lines(r, "Shield"), {})
  eq(fighter_of(r, "wizard").taken, 5)
  eq(slots, 2)
end)

test("Shield does not stop a natural 20: the Critical Hit lands, no slot or Reaction spent", function()
  -- ogre d20 20 (a Critical Hit): 2d10 = 3, 4
  local state
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "ogre" then
      local w = fight.get("wizard")
      state = { w:has("shielded"), w:resource("slot_1").current, fight.remaining(w, "reaction") }
    end
  end, { phase = "declare" })
  dice.force{ 1, 20, 20, 3, 4, 1 }
  local r = traced({ { stat = a_wizard(1, { magic_missile = "never" }) } }, { { stat = foe("ogre", 60, { tactics = "lowest_hp" }) } })
  eq(lines(r, "hits wizard"), { "ogre hits wizard with Claw: 24 vs 12 (critical), 7 damage" })
  eq(fighter_of(r, "wizard").taken, 7)
  eq(state, { false, 2, 1 })
end)

test("setting shield = false: no Shield", function()
  dice.force{ 1, 20, 10, 5, 1 }
  local r = traced({ { stat = a_wizard(1, { magic_missile = "never", shield = false }) } },
    { { stat = foe("ogre", 60, { tactics = "lowest_hp" }) } })
  eq(fighter_of(r, "wizard").taken, 5)
end)
