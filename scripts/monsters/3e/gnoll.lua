-- Gnoll. Numbers from the SRD 3.5 record "Gnoll" (2 HD, battleaxe +3
-- 1d8+2/x3, shortbow 1d6/x3, AC 15, Power Attack); [K] the 3.0 Monster
-- Manual's gnoll has the same Hit Dice, attacks and damage.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
return S.build{
  id = "gnoll", name = { en = "Gnoll", zh = "豺狼人" }, type = "humanoid",  -- not in source
  size = "medium", hd = 2, hp = 11, bab = 1, speed = 30,
  abilities = { str = 15, dex = 10, con = 13, int = 8, wis = 11, cha = 8 },
  saves = { fort = 3, ref = 0, will = 0 },
  ac = { natural = 1, armor = 2, shield = 2 },
  weapons = {
    { name = "Battleaxe", damage = "1d8", crit = "x3", type = "slashing" },
    { name = "Shortbow", damage = "1d6", crit = "x3", range = 60, type = "piercing" },
  },
  feats = { "power_attack" },
  senses = { darkvision = 60 },
  tags = { "gnoll", "armed" },
}
