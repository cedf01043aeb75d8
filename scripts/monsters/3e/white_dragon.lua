-- Very young white dragon. Numbers from the SRD 3.5 white dragon table,
-- very young (Small, 6d12+6 (45 hp), bite +8, AC 16, breath 2d6 DC 14)
-- with the Dragon Space/Reach, Attacks, and Damage table for Small (bite
-- 1d6, 2 claws 1d4); [K] the 3.0 Monster Manual's very young white
-- dragon has the same numbers. Breath weapon (Su): a 20-ft cone of cold,
-- 2d6, Reflex DC 14 for half, once every 1d4 rounds. Cold subtype [K] MM
-- 3.0: immune to cold, double damage from fire (3.5: +50%), half on a
-- successful save for half (DMG-SA-13).
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local ab = require("monsters.abilities.3e")
local stat = {
  id = "white_dragon", name = { en = "Very young white dragon", zh = "幼年白龙" }, type = "dragon",  -- not in source
  size = "small", hd = 6, hp = 45, bab = 6, speed = 60,
  abilities = { str = 13, dex = 10, con = 13, int = 6, wis = 11, cha = 6 },
  saves = { fort = 5, ref = 5, will = 5 },
  ac = { natural = 5 },
  natural = {
    { name = "Bite", damage = "1d6", type = "piercing" },
    { name = "Claw", damage = "1d4", type = "slashing", secondary = true },
    { name = "Claw 2", damage = "1d4", type = "slashing", secondary = true },
  },
  senses = { darkvision = 60, blindsight = 60 },
}
-- DMG-SA-13: cold subtype through the damage pipeline: fire double, but a
-- saved save-for-half is half (the kernel's vulnerability doubled it)
require("monsters.abilities.energy_resistance").subtype(stat, "cold")
ab.breath_weapon(stat, { shape = "cone", length = 20, damage = "2d6", type = "cold", save = "ref", dc = 14,
                         recharge = "1d4" })
return S.build(stat)
