-- Ghoul. Numbers from the SRD 3.5 record "Ghoul" (2 HD, bite +2 1d6+1 and
-- 2 claws +0 1d3, paralysis); [K] the 3.0 Monster Manual's ghoul has the
-- same Hit Dice (2, which the chapter's turning example, EX-18, needs) and
-- attacks. Its paralysis: Fortitude DC 12 or paralysed for 1d4+1 rounds,
-- elves immune (the 3.5 numbers; 3.0 says 1d6+2 minutes [K], longer than
-- any fight).
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local ab = require("monsters.abilities.3e")
local stat = {
  id = "ghoul", name = { en = "Ghoul", zh = "食尸鬼" }, type = "undead",
  size = "medium", hd = 2, hp = 13, bab = 1, speed = 30,
  abilities = { str = 13, dex = 15, con = 10, int = 13, wis = 14, cha = 12 },
  saves = { fort = 0, ref = 0, will = 3 },
  ac = { natural = 2 },
  natural = {
    { name = "Bite", damage = "1d6", type = "piercing" },
    { name = "Claw", damage = "1d3", type = "slashing", secondary = true },
    { name = "Claw 2", damage = "1d3", type = "slashing", secondary = true },
  },
  feats = { "multiattack" },
  senses = { darkvision = 60 },
}
ab.undead(stat)
ab.paralysis(stat, { attacks = { "Bite", "Claw", "Claw 2" }, dc = 12, rounds = "1d4+1", immune_tag = "elf" })
return S.build(stat)
