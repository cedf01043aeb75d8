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

test("Shield: a hit under AC + 5 misses, +5 AC until the wizard's next turn, a slot and the Reaction", function()
  local rolls = {}
  rules.on("damage.apply", function(e) rolls[#rolls + 1] = tostring(e.attack) .. ":" .. e.damage .. ":" .. e.target:get("id") end, { phase = "after" })
  -- initiative: two ogres 20 and 19, wizard 1. Ogre 1: d20 10 + 4 = 14
  -- hits AC 12 (its damage is rolled, 1d10 = 5) -> Shield, no damage.
  -- Ogre 2: 14 against AC 17 misses. The wizard's Fire Bolt misses (d20 1).
  local ogre = foe("ogre", 60, { tactics = "lowest_hp" })
  dice.force{ 1, 20, 19, 10, 5, 10, 1 }
  local state
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "ogre2" then
      local w = fight.get("wizard")
      state = { w:has("shielded"), w:resource("slot_1").current, w:resource("reaction").current }
    end
  end, { phase = "declare" })
  local r = run({ { stat = a_wizard(1, { magic_missile = "never" }) } }, { { stat = ogre, count = 2 } })
  eq(fighter_of(r, "wizard").taken, 0)
  eq(rolls, {}, "no damage applied")
  eq(state, { true, 1, 0 }, "shielded, one level 1 slot and no Reaction left")
end)

test("Shield does not stop a natural 20", function()
  -- ogre d20 20 (a Critical Hit): 2d10 = 3, 4
  dice.force{ 1, 20, 20, 3, 4, 1 }
  local r = run({ { stat = a_wizard(1, { magic_missile = "never" }) } }, { { stat = foe("ogre", 60, { tactics = "lowest_hp" }) } })
  eq(fighter_of(r, "wizard").taken, 7)
end)
