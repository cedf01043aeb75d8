-- ruleset: 5e
-- Cleric features (core.5e.classes.cleric): Healing Word, Cure Wounds,
-- Turn Undead and Sear Undead, with forced dice.
local weapons = require("core.5e.weapons")
local util = require("core.5e.util")
local cleric = require("core.5e.classes.cleric")

local function idle() return nil end

local function a_cleric(level, plan)
  local s = util.character({ id = "cleric", name = "Cleric", hp = 30, ac = 18, plan = plan,
    abilities = { str = 12, dex = 10, con = 14, int = 10, wis = 16, cha = 10 } },
    { level = level, saves = { "wis", "cha" }, skills = { "medicine" } })
  weapons.arm(s, { "mace" })
  cleric.apply(s, level)
  return s
end

local function ally(hp)
  return { stat = { id = "ally", name = "Ally", hp = 40, ac = 10, tactics = idle,
    attacks = { { name = "Punch", bonus = 0, damage = "1" } } }, hp = hp, max_hp = 40, player = true }
end

local function brute(extra)
  local t = { id = "brute", name = "Brute", hp = 50, ac = 10,
    attacks = { { name = "Club", bonus = 5, damage = "1", type = "bludgeoning" } } }
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

-- covers: 5E-HEAL-01
test("Healing Word brings a dying ally back: 2d4 + Wisdom modifier, a Bonus Action", function()
  -- initiative: brute 20, cleric 10, ally 1. The brute drops the ally (1 HP)
  -- with its club (d20 15); the cleric casts Healing Word (2d4 = 3, 2, +3)
  -- and attacks the brute with its mace (d20 1, a miss).
  dice.force{ 10, 1, 20, 15, 3, 2, 1 }
  local r = run({ { stat = a_cleric(1) }, ally(1) }, { { stat = brute() } })
  local a = fighter_of(r, "ally")
  eq(a.hp, 8)
  eq(a.out, false)
end)

test("Cure Wounds on an ally at a quarter of its HP or less: 2d8 + Wisdom modifier, the Action", function()
  local attacks = { 0 }
  rules.on("attack.roll", function(e)
    if e.attacker:get("id") == "cleric" then attacks[1] = attacks[1] + 1 end
  end, { phase = "result" })
  -- initiative cleric 20, ally 10, brute 1 (idle); Cure Wounds 2d8 = 4, 4 (+3)
  dice.force{ 20, 10, 1, 4, 4 }
  local r = run({ { stat = a_cleric(1) }, ally(10) }, { { stat = brute({ tactics = idle }) } })
  eq(fighter_of(r, "ally").hp, 21)
  eq(attacks[1], 0, "the Action went to the spell")
end)

test("one spell slot a turn: no Cure Wounds after Healing Word", function()
  -- the brute drops the ally; Healing Word (2d4 = 1, 1) leaves the cleric
  -- itself at 5/30 HP, but its Action is the mace (d20 1), not Cure Wounds
  dice.force{ 10, 1, 20, 15, 1, 1, 1 }
  local r = run({ { stat = a_cleric(1), hp = 5, max_hp = 30 }, ally(1) }, { { stat = brute() } })
  eq(fighter_of(r, "ally").hp, 5)
  eq(fighter_of(r, "cleric").hp, 5)
end)

test("Turn Undead: Undead that fail a Wisdom save are Frightened and Incapacitated until damaged", function()
  local zombie = require("monsters.5e.zombie")
  local acted = {}
  rules.on("turn.act", function(e)
    local c = e.fighter
    if c:has_tag("undead") then
      acted[#acted + 1] = c:get("id") .. (e.acted and ":no action" or ":acts")
    end
  end, { phase = "declare" })
  -- initiative: cleric 20, zombies 3 and 4 (-2). Turn Undead (DC 13): both
  -- zombies roll 1 on their Wisdom saves and lose their turns. Round 2: the
  -- cleric hits zombie1 (the first of the lowest HP) with its mace (d20 15,
  -- 1d6 = 3; 10 HP, no Undead Fortitude): zombie2 stays turned, and at the
  -- start of zombie1's turn its turning ends and it acts (its slam misses:
  -- d20 1).
  dice.force{ 20, 3, 4, 1, 1, 15, 3, 1 }
  run({ { stat = a_cleric(2) } }, { { id = "zombie", stat = zombie, count = 2, hp = 10 } }, 2)
  eq(acted, { "zombie2:no action", "zombie1:no action", "zombie2:no action", "zombie1:acts" })
end)

test("Sear Undead (level 5): Wisdom modifier d8s of Radiant damage, rolled once, to each Undead that fails", function()
  local skel = require("monsters.5e.skeleton")
  -- initiative cleric 20, skeletons 1 and 2 (+3); both fail (d20 1, 1);
  -- 3d8 = 2, 3, 4 -> 9 Radiant each
  dice.force{ 20, 1, 2, 1, 1, 2, 3, 4 }
  local r = run({ { stat = a_cleric(5) } }, { { id = "skeleton", stat = skel, count = 2, hp = 30 } })
  eq(fighter_of(r, "skeleton1").taken, 9)
  eq(fighter_of(r, "skeleton2").taken, 9)
end)
