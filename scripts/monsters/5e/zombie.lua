-- Zombie (id "zombie"), SRD 5.2.1 Monsters A-Z, "Zombies".
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- Scripted, scoped to the zombie (monsters.abilities.undead_fortitude):
--   Undead Fortitude  when damage reduces it to 0 HP, a Constitution saving
--                     throw (DC 5 + the damage taken) unless the damage is
--                     Radiant or from a Critical Hit; on a success it drops
--                     to 1 HP instead (creature.down hook that cancels the
--                     down). "The damage taken" is what reached its hit
--                     points (hp_lost + past_zero); any Radiant part of
--                     the damage (base.damage_of) denies the save.
local util = require("core.5e.util")

local stat = util.monster{
  id = "zombie", name = { en = "Zombie", zh = "殭屍" }, source = "SRD 5.2.1",
  size = "medium", creature_type = "undead", tags = { "undead" }, alignment = "Neutral Evil",
  ac = 8, init = -2, hp = 15, hit_dice = "2d8+6", speed = { walk = 20 },
  abilities = { str = 13, dex = 6, con = 16, int = 3, wis = 6, cha = 5 },
  saves = { str = 1, dex = -2, con = 3, int = -4, wis = 0, cha = -3 },
  traits = { { kind = "immune", type = "poison" } },
  condition_immune = { "exhaustion", "poisoned" },
  senses = { darkvision = 60 }, passive_perception = 8,
  languages = { "Understands Common plus one other language but can't speak" },
  cr = "1/4", xp = 50, pb = 2, reach = 5,
  attacks = {
    { name = "Slam", bonus = 3, damage = "1d8+1", type = "bludgeoning", reach = 5 },
  },
  features = {
    { id = "undead_fortitude", en = "Undead Fortitude", zh = "不死韌性", kind = "trait" },
  },
}

return require("monsters.abilities.undead_fortitude").apply(stat, { dc = 5, except = { "radiant" }, crit = true })
