-- Skeleton (id "skeleton"), SRD 5.2.1 Monsters A-Z, "Skeletons".
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- No special abilities: Vulnerability to Bludgeoning and Immunity to Poison
-- are damage traits, Immunity to Exhaustion and Poisoned condition
-- immunities, all applied by the kernel. Undead (tag), so a cleric can turn
-- it.
local util = require("core.5e.util")

return util.monster{
  id = "skeleton", name = { en = "Skeleton", zh = "骷髏" }, source = "SRD 5.2.1",
  size = "medium", creature_type = "undead", tags = { "undead" }, alignment = "Lawful Evil",
  ac = 14, init = 3, hp = 13, hit_dice = "2d8+4", speed = { walk = 30 },
  abilities = { str = 10, dex = 16, con = 15, int = 6, wis = 8, cha = 5 },
  saves = { str = 0, dex = 3, con = 2, int = -2, wis = -1, cha = -3 },
  traits = { { kind = "vuln", type = "bludgeoning" }, { kind = "immune", type = "poison" } },
  condition_immune = { "exhaustion", "poisoned" },
  gear = { "Shortbow", "Shortsword" },
  senses = { darkvision = 60 }, passive_perception = 9,
  languages = { "Understands Common plus one other language but can't speak" },
  cr = "1/4", xp = 50, pb = 2, reach = 5,
  attacks = {
    { name = "Shortsword", bonus = 5, damage = "1d6+3", type = "piercing", reach = 5 },
    { name = "Shortbow", bonus = 5, damage = "1d6+3", type = "piercing", ranged = true, range = { 80, 320 } },
  },
}
