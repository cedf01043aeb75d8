-- Shadow ([K] MM 3.0): Medium undead, incorporeal, 3 HD (19 hp), AC 13
-- (+2 Dex, +1 deflection), incorporeal touch +3 (BAB +1, Dex +2:
-- incorporeal creatures hit with Dex) 1d6 Strength damage (DMG-SA-06; it
-- has no Strength of its own), turn resistance +2 (DMG-SA-44). Only magic
-- weapons, spells and other incorporeal creatures hurt it, magic half the
-- time (DMG-SA-26, monsters.abilities.incorporeal).
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local ab = require("monsters.abilities.3e")
local stat = {
  id = "shadow", name = { en = "Shadow", zh = "幽影" }, type = "undead",
  size = "medium", hd = 3, hp = 19, bab = 1, speed = 40,
  abilities = { dex = 14, con = 10, int = 6, wis = 12, cha = 13 },
  saves = { fort = 1, ref = 1, will = 3 },
  ac = { deflection = 1 },
  natural = { { name = "Touch", damage = "1d2", type = "", bonus = { { value = 2, type = "untyped",
    source = "Dex (incorporeal)" } } } },
  senses = { darkvision = 60 },
}
ab.undead(stat)
require("monsters.abilities.incorporeal").apply(stat)
require("monsters.abilities.effects").turn_resistance(stat, 2)
require("monsters.abilities.ability_damage").on_hit(stat, { attacks = { "Touch" }, ability = "str", amount = "1d6",
  rider = "touch" })
return S.build(stat)
