-- Hobgoblin, the 3.0 Monster Manual's (numbers [K] MM 3.0: Str 11, Dex
-- 13, Con 13 from the 3.0 racial +2 Dex, +2 Con; longsword +1, 1d8). The
-- SRD 3.5 record ("Hobgoblin, 1st-Level Warrior": Str 13, longsword +2,
-- 1d8+1) is the 3.5 revision.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
return S.build{
  id = "hobgoblin", name = { en = "Hobgoblin", zh = "大地精" }, type = "humanoid",
  size = "medium", hd = 1, hp = 5, bab = 1, speed = 30,
  abilities = { str = 11, dex = 13, con = 13, int = 10, wis = 10, cha = 10 },
  saves = { fort = 2, ref = 0, will = 0 },
  ac = { armor = 3, shield = 1 },
  weapons = {
    { name = "Longsword", damage = "1d8", crit = "19-20/x2", type = "slashing" },
    { name = "Javelin", damage = "1d6", range = 30, thrown = true, type = "piercing" },
  },
  feats = { "alertness" },
  senses = { darkvision = 60 },
  tags = { "goblinoid", "armed" },
}
