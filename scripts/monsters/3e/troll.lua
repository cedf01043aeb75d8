-- Troll, the 3.0 Monster Manual's (numbers [K] MM 3.0): AC 18 (+7
-- natural), a 5-ft face with 10-ft reach (Table 8-7's Large, tall),
-- regeneration 5 (fire and acid deal normal damage), rend 2d6+9. The SRD
-- 3.5 record "Troll" has AC 16 (+5 natural) and a 10-ft space; the rest
-- is the same.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local ab = require("monsters.abilities.3e")
local stat = {
  id = "troll", name = { en = "Troll", zh = "巨魔" }, type = "giant",  -- not in source
  size = "large", shape = "tall", hd = 6, hp = 63, bab = 4, speed = 30,
  abilities = { str = 23, dex = 14, con = 23, int = 6, wis = 9, cha = 6 },
  saves = { fort = 5, ref = 2, will = 2 },
  ac = { natural = 7 },
  natural = {
    { name = "Claw", damage = "1d6", type = "slashing" },
    { name = "Claw 2", damage = "1d6", type = "slashing" },
    { name = "Bite", damage = "1d6", type = "piercing", secondary = true },
  },
  feats = { "alertness", "iron_will" },
  senses = { darkvision = 90 },
  tags = { "giant", "low_light_vision", "scent" },
}
ab.regeneration(stat, { amount = 5, normal = { "fire", "acid" } })
ab.rend(stat, { attacks = { "Claw", "Claw 2" }, damage = "2d6+9", type = "slashing" })
return S.build(stat)
