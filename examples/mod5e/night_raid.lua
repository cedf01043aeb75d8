-- ruleset: mod5e
-- A night raid (the modded rules' surprise round and sight): four raiders
-- creep up on an orc camp by its fire. The orcs are unaware, so a
-- surprise round opens in which only the raiders roll initiative and act,
-- each a full turn (HB-INIT-04..06); the orcs roll when round 1 starts and
-- join the order. The raiders stand in the dim light beyond the fire,
-- lightly obscured to the orcs, who stand in its light: the raiders attack
-- at 1 adv (they see the orcs clearly and are obscured to them), the orcs
-- at 1 dis (T-5, TV-08). The camp's two wrestlers open with a trip
-- (HB-SPECIAL-07: an Athletics contest in place of an attack) and strike
-- the fallen at 1 adv more.
--
--   dndsh run examples/mod5e/night_raid.lua --seed 1
--   dndsh sim examples/mod5e/night_raid.lua -n 2000
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
local fight = require("fight")
local pregens = require("core.5e.pregens")
local tactics = require("core.mod5e.tactics")

-- A wrestler of the camp: two fists, trained in Athletics (a stat block of
-- this example, in the 5e format).
local function wrestler(id)
  local stat = require("core.5e.util").monster{
    id = id, name = { en = "Orc Wrestler", zh = "兽人摔跤手" }, size = "medium", tags = { "humanoid", "orc" },
    ac = 12, init = 1, hp = 22, speed = { walk = 30 },
    abilities = { str = 16, dex = 12, con = 14, int = 8, wis = 10, cha = 8 },
    skills = { athletics = 5 }, cr = "1/2", pb = 2, reach = 5,
    attacks = { { name = "Fist", bonus = 5, damage = "1d6+3", type = "bludgeoning", tags = { "unarmed" } } },
  }
  stat.multiattack = { "Fist", "Fist" }
  return tactics.trip(stat)
end

tactics.obscure("raiders", "dim")

return fight.encounter{
  name = "A night raid on an orc camp",
  sides = {
    { name = "raiders", members = {
      { stat = pregens.fighter(3) },
      { stat = pregens.rogue(3) },
      { stat = pregens.barbarian(3) },
      { stat = pregens.cleric(3) },
    } },
    { name = "camp", members = {
      { monster = "orc", count = 4, unaware = true },
      { stat = wrestler("wrestler1"), unaware = true },
      { stat = wrestler("wrestler2"), unaware = true },
    } },
  },
}
