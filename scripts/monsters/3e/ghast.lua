-- Ghast. Numbers from the SRD 3.5 record "Ghast" (4 HD, bite +5 1d8+3, 2
-- claws +3 1d4+1, paralysis that even elves feel); [K] the 3.0 Monster
-- Manual's ghast has the same Hit Dice (4, as the chapter's turning
-- example, EX-18, needs). Its stench is left to the DM.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local ab = require("monsters.abilities.3e")
local stat = {
  id = "ghast", name = { en = "Ghast", zh = "妖鬼" }, type = "undead",
  size = "medium", hd = 4, hp = 29, bab = 2, speed = 30,
  abilities = { str = 17, dex = 17, con = 10, int = 13, wis = 14, cha = 16 },
  saves = { fort = 1, ref = 1, will = 4 },
  ac = { natural = 4 },
  natural = {
    { name = "Bite", damage = "1d8", type = "piercing" },
    { name = "Claw", damage = "1d4", type = "slashing", secondary = true },
    { name = "Claw 2", damage = "1d4", type = "slashing", secondary = true },
  },
  feats = { "multiattack", "toughness" },
  senses = { darkvision = 60 },
}
ab.undead(stat)
ab.paralysis(stat, { attacks = { "Bite", "Claw", "Claw 2" }, dc = 15, rounds = "1d4+1" })
return S.build(stat)
