-- Kobold. Numbers from the SRD 3.5 record "Kobold, 1st-Level Warrior"
-- (Small, 1d8 (4 hp), spear 1d6-1/x3, sling 1d3, AC 15); [K] the 3.0
-- Monster Manual's kobold is a 1/2-HD creature with a half-spear: a
-- weaker cousin, so the 3.5 warrior stands in for it.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
return S.build{
  id = "kobold", name = { en = "Kobold", zh = "狗头人" }, type = "humanoid",  -- not in source
  size = "small", hd = 1, hp = 4, bab = 1, speed = 30,
  abilities = { str = 9, dex = 13, con = 10, int = 10, wis = 9, cha = 8 },
  saves = { fort = 2, ref = 0, will = 0 },
  ac = { natural = 1, armor = 2 },
  weapons = {
    { name = "Spear", damage = "1d6", crit = "x3", two_handed = true, type = "piercing" },
    { name = "Sling", damage = "1d3", range = 50, type = "bludgeoning" },
  },
  feats = { "alertness" },
  senses = { darkvision = 60 },
  tags = { "light_sensitive", "armed" },
}
