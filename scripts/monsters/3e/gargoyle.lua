-- Gargoyle ([K] MM 3.0): Medium magical beast, 4 HD (22 hp), AC 16 (+2
-- Dex, +4 natural), 2 claws +6 1d4, bite +4 1d6, gore +4 1d6, damage
-- reduction 15/+1 (DMG-SA-14, monsters.abilities.damage_reduction): only
-- +1 or better weapons hurt it whole; its natural weapons count as +1.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local stat = {
  id = "gargoyle", name = { en = "Gargoyle", zh = "石像鬼" }, type = "magical_beast",
  size = "medium", hd = 4, hp = 22, bab = 4, speed = 45,
  abilities = { str = 11, dex = 14, con = 14, int = 6, wis = 11, cha = 7 },
  saves = { fort = 4, ref = 4, will = 1 },
  ac = { natural = 4 },
  natural = {
    { name = "Claw", damage = "1d4", type = "slashing" },
    { name = "Claw 2", damage = "1d4", type = "slashing" },
    { name = "Bite", damage = "1d6", type = "piercing", secondary = true },
    { name = "Gore", damage = "1d6", type = "piercing", secondary = true },
  },
  feats = { "multiattack" },
  senses = { darkvision = 60 },
}
require("monsters.abilities.damage_reduction").apply(stat, { amount = 15, bypass = "+1" })
return S.build(stat)
