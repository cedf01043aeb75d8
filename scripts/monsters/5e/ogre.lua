-- Ogre (id "ogre"), SRD 5.2.1 Monsters A-Z, "Ogre".
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- No special abilities: it fights with its Greatclub (the engine's default
-- attack, its first).
local util = require("core.5e.util")

return util.monster{
  id = "ogre", name = { en = "Ogre", zh = "食人魔" }, source = "SRD 5.2.1",
  size = "large", creature_type = "giant", tags = { "giant" }, alignment = "Chaotic Evil",
  ac = 11, init = -1, hp = 68, hit_dice = "8d10+24", speed = { walk = 40 },
  abilities = { str = 19, dex = 8, con = 16, int = 5, wis = 7, cha = 7 },
  saves = { str = 4, dex = -1, con = 3, int = -3, wis = -2, cha = -2 },
  gear = { "Greatclub", "Javelins (3)" },
  senses = { darkvision = 60 }, passive_perception = 8, languages = { "Common", "Giant" },
  cr = "2", xp = 450, pb = 2, reach = 5,
  attacks = {
    { name = "Greatclub", bonus = 6, damage = "2d8+4", type = "bludgeoning", reach = 5 },
    { name = "Javelin", bonus = 6, damage = "2d6+4", type = "piercing", reach = 5, range = { 30, 120 } },
  },
}
