-- ruleset: 5e
-- Paladin features (core.5e.classes.paladin): Divine Smite and Lay on
-- Hands, with forced dice.
local weapons = require("core.5e.weapons")
local util = require("core.5e.util")
local paladin = require("core.5e.classes.paladin")

local function idle() return nil end

local function a_paladin(level, plan)
  local s = util.character({ id = "paladin", name = "Paladin", hp = 40, ac = 18, plan = plan,
    abilities = { str = 16, dex = 10, con = 14, int = 10, wis = 10, cha = 14 } }, { level = level, saves = { "wis", "cha" } })
  weapons.arm(s, { "longsword" })
  paladin.apply(s, level)
  return s
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

test("Divine Smite: 2d8 Radiant after a melee hit, +1d8 against Undead, all doubled on a Critical Hit", function()
  local zombie = require("monsters.5e.zombie")
  local types = {}
  rules.on("damage.apply", function(e) types[#types + 1] = e.damage_type .. ":" .. e.damage end, { phase = "after" })
  -- initiative paladin 20, zombie 1 (idle). Longsword d20 20: 2d8 = 4, 4
  -- (+3); smite with a level 1 slot: (2 + 1 Undead) x 2 = 6d8 = 1..6
  dice.force{ 20, 1, 20, 4, 4, 1, 2, 3, 4, 5, 6 }
  local r = run({ { stat = a_paladin(1) } }, { { stat = zombie, hp = 100, tactics = idle } })
  eq(types, { "slashing:11", "radiant:21" })
  eq(fighter_of(r, "zombie").taken, 32)
end)

test("Divine Smite: the number of dice by slot level and target", function()
  local undead = creature.new{ name = "u", hp = 1, tags = { "undead" } }
  local beast = creature.new{ name = "b", hp = 1, tags = { "beast" } }
  eq({ paladin.smite_dice(1, beast, false), paladin.smite_dice(2, beast, false), paladin.smite_dice(1, undead, false),
    paladin.smite_dice(3, undead, true) }, { 2, 3, 3, 10 })
end)

test("Paladin's Smite (level 2): the first smite costs no slot", function()
  local slots
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "paladin" then slots = e.fighter:resource("slot_1").current end
  end, { phase = "after" })
  -- a hit (d20 15: 1d8 = 2, +3), a free smite 2d8 = 1, 1
  dice.force{ 20, 1, 15, 2, 1, 1 }
  local r = run({ { stat = a_paladin(2) } }, { { stat = { id = "ogre", name = "Ogre", hp = 60, ac = 10, tactics = idle,
    attacks = { { name = "x", damage = "1" } } } } })
  eq(fighter_of(r, "ogre").taken, 7)
  eq(slots, 2, "both level 1 slots left")
end)

test("Lay on Hands brings a dying ally back with half its HP maximum, from the pool", function()
  -- initiative: brute 20, paladin 10, ally 1. The brute drops the ally (1
  -- HP, d20 15); the paladin lays on hands (5 x level 1 = 5 HP in the pool:
  -- min(5, 40 / 2)), then attacks the brute (d20 1).
  dice.force{ 10, 1, 20, 15, 1 }
  local r = run({ { stat = a_paladin(1) },
    { stat = { id = "ally", name = "Ally", hp = 40, ac = 10, tactics = idle, attacks = { { name = "x", damage = "1" } } },
      hp = 1, max_hp = 40, player = true } },
    { { stat = { id = "brute", name = "Brute", hp = 50, ac = 10, attacks = { { name = "Club", bonus = 5, damage = "1" } } } } })
  local a = fighter_of(r, "ally")
  eq({ a.hp, a.out }, { 5, false })
end)
