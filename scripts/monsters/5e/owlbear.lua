-- Owlbear (id "owlbear"), SRD 5.2.1 Monsters A-Z, "Owlbear".
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- No special abilities: Multiattack (two Rend attacks) is the engine's
-- multiattack.
local util = require("core.5e.util")

return util.monster{
  id = "owlbear", name = { en = "Owlbear", zh = "梟熊" }, source = "SRD 5.2.1",
  size = "large", creature_type = "monstrosity", tags = { "monstrosity" }, alignment = "Unaligned",
  ac = 13, init = 1, hp = 59, hit_dice = "7d10+21", speed = { walk = 40, climb = 40 },
  abilities = { str = 20, dex = 12, con = 17, int = 3, wis = 12, cha = 7 },
  saves = { str = 5, dex = 1, con = 3, int = -4, wis = 1, cha = -2 },
  skills = { perception = 5 },
  senses = { darkvision = 60 }, passive_perception = 15, languages = {},
  cr = "3", xp = 700, pb = 2, reach = 5,
  attacks = {
    { name = "Rend", bonus = 7, damage = "2d8+5", type = "slashing", reach = 5 },
  },
  multiattack = { "Rend", "Rend" },
}
