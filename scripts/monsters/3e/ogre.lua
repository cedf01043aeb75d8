-- Ogre, the 3.0 Monster Manual's (numbers [K] MM 3.0): 4d8+8 (26 hp), a
-- Huge greatclub +8 for 2d6+7 (Table 8-13's "ogre's greatclub" is Huge),
-- and, as Table 8-7's Large (tall), a 5-ft face with 10-ft reach. The SRD
-- 3.5 record "Ogre" has Toughness (29 hp), a greatclub for 2d8+7 and a
-- 10-ft space.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
return S.build{
  id = "ogre", name = { en = "Ogre", zh = "食人魔" }, type = "giant",
  size = "large", shape = "tall", hd = 4, hp = 26, bab = 3, speed = 30, armor = "medium",
  abilities = { str = 21, dex = 8, con = 15, int = 6, wis = 10, cha = 7 },
  saves = { fort = 4, ref = 1, will = 1 },
  ac = { natural = 5, armor = 3 },
  weapons = {
    { name = "Greatclub", damage = "2d6", two_handed = true, type = "bludgeoning" },
    { name = "Javelin", damage = "1d8", range = 30, thrown = true, type = "piercing" },
  },
  feats = { "weapon_focus:greatclub" },
  senses = { darkvision = 60 },
  tags = { "giant", "armed", "low_light_vision" },
}
